# Value-range review: products, powers and shifts that may wrap, casts of large
# unsigned or 64-bit values, uint8 expressions (C ints until stored), abs() and a
# negative exponent keep the // and % helpers; bounds that rule out wrapping (an int64
# product of two int32 values, a uint8 variable, a count down to -1) give plain C.
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def wraps(out: cp.int32[::1], a: cp.uint8, b: cp.uint8, n: cp.int32):
    i = jit.threadIdx.x
    k = cp.int32(i)
    h = 0
    for j in range(n):
        h = h * 1000003 + j
    out[i] = h % 1000
    out[i] += (k * 10000019) % 7 + (k << 30) // 3 + k ** 4 % 5
    out[i] += cp.int32(jit.threadIdx.x + cp.uint32(4000000000)) % 9
    out[i] += cp.int32(cp.int64(i) + 3000000000) % 11
    out[i] += (a - b) // 5 + (-a) % 6 + (~a) // 7 + min(a - b, a) % 8
    out[i] += abs(n) % 12
    out[i] += 13 // (2 ** (n - 4))
    out[i] += 14 // ((jit.blockDim.x + 65535) * 65536)


@jit.rawkernel()
def bounded(out: cp.int64[::1], a: cp.uint8, b: cp.uint8, n: cp.int32):
    i = jit.threadIdx.x
    k = cp.int32(i)
    s = a - b
    out[i] = s // 3 + (a * b) % 5 + abs(cp.int64(k - 5)) % 6
    for j in range(n, -1, -1):
        out[i] += cp.int64(j) * cp.int64(k) % 7 + j % 3
    x = cp.int64(k) * cp.int64(max(n, 0))
    out[i] += x // 9
    out[i] += (k << 4) % 10 + (k + 1) ** 2 % 11 + (k * k) % 12
