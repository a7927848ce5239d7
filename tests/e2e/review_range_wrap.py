# run: --kernel k --grid 1 --block 1 src=arange:int32:4 n=3 out=zeros:int64:24
# check: out
# Review of the value-range facts (src/lower/range.c): each slot is a // or % whose operand
# could wrongly be taken as non-negative (wrapping products, powers and shifts, casts of
# large unsigned or 64-bit values, decrements, tuple unpacking, branches, negative steps,
# min/max, device-function parameters) or a divisor wrongly taken as non-zero.
import cupy as cp
from cupyx import jit


@jit.rawkernel(device=True)
def dv(a, b):
    return a // b, a % b


@jit.rawkernel()
def k(src, n, out):
    h = 0
    for i in range(10):
        h = h * 1000003 + i              # int32 hash: wraps on purpose
    out[0] = h % 1000
    s = 12345
    for i in range(5):
        s = s * 1103515245 + 12345       # int32 LCG
    out[1] = s % 100
    p = 7
    q = cp.uint32(p) ** cp.uint32(13)    # wraps in uint32 (a wrapping int32 power is
    out[2] = cp.int32(q) % 10            # C++ UB in CuPy's helper: nvcc folds its sign test)
    t = 0
    for j in range(3, 4):
        t = j << 30                      # into the sign bit
    out[3] = t // 7
    u = cp.uint32(4000000000) + jit.threadIdx.x
    out[4] = cp.int32(u) % 1000          # uint32 -> int32 of a large value
    w = jit.threadIdx.x - 1              # uint32 wraps to 0xffffffff
    out[5] = cp.int32(w) // 2
    x64 = cp.int64(3000000000) + jit.threadIdx.x
    out[6] = cp.int32(x64) % 7           # int64 -> int32 truncation
    kk = 5
    while kk > -3:
        kk -= 1
    out[7] = kk // 2
    x = 5
    y = 7
    x, y = y - 20, x
    out[8] = x % 3
    z = 4
    if n > 0:
        z = -9
    out[9] = z // 4
    acc = 0
    for j in range(2, -3, -1):
        acc += j // 2
    out[10] = acc
    acc2 = 0
    for j in range(3, -1, -1):
        acc2 += j % 3
    out[11] = acc2
    mn = min(n - 10, 5)
    out[12] = mn % 4
    mx = max(n - 10, -20)
    out[13] = mx // 2
    a1, b1 = dv(n - 10, 2)
    a2, b2 = dv(n + 4, 2)
    out[14] = a1 * 10 + b1
    out[15] = a2 * 10 + b2
    e = src[1] - 2
    out[16] = e // 2
    m = 3
    m *= -2
    out[17] = m % 4
    qq = -7
    qq //= 2
    out[18] = qq % 3
    r = 5
    r ^= -1
    out[19] = r // 4
    out[20] = (~n) % 5
    acc3 = 0
    for j in range(3):
        j -= 5
        acc3 += j // 2
    out[21] = acc3
    d = 2 ** (n - 4)                     # negative exponent: 0
    out[22] = 10 // d
    d2 = (jit.blockDim.x + 65535) * 65536  # uint32 product wraps to 0
    out[23] = 100 // d2
