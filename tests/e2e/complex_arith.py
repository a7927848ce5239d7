# run: --kernel carith --grid 1 --block 64 s=1.5-2j:complex128 z=@complex_arith.z.npy w=@complex_arith.w.npy f=@complex_arith.f.npy d=@complex_arith.d.npy n=@complex_arith.n.npy o=zeros:complex128:64x12 p=zeros:complex64:64x14 e=zeros:bool:64x4
# check: o p e cpu-ulp=16
# input: z = special_complex(64, 'complex128')
# input: w = (rng.standard_normal(64) * 3 + 1j * rng.standard_normal(64) * 3).astype(np.complex64)
# input: f = special_floats(64, 'float32')
# input: d = (rng.standard_normal(64) * 100).astype(np.float64)
# input: n = rng.integers(-5, 6, 64).astype(np.int32)
# + - * / unary -, ** with complex and real exponents, == and != on complex64 and
# complex128, with cupyx's promotion in mode='cuda' (the first ufunc loop every operand
# reaches in the order ?bBhHiIlLqQefdFD: float32 or float64 or int32 with complex64 is
# complex64), complex literals and their constant folding, complex(inf, nan), casts,
# cp.conj/cp.conjugate, an augmented complex accumulator, and division by zero
# (z's first rows pair NaN, inf and zero parts; thrust's / scales by |re| + |im|).
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def carith(s, z, w, f, d, n, o, p, e):
    i = cp.int32(jit.grid(1))
    a = z[i]
    b = z[63 - i]
    c = w[i]
    o[i, 0] = a + b
    o[i, 1] = a - b
    o[i, 2] = a * b
    o[i, 3] = a / b
    o[i, 4] = -a
    o[i, 5] = a ** s
    o[i, 6] = a * s + (1 + 2j) * (3 - 1j) / 2
    o[i, 7] = a / 0j
    o[i, 8] = cp.conj(a) * d[i]
    o[i, 9] = cp.conjugate(a) - n[i]
    acc = cp.complex128(0)
    for k in range(4):
        acc += z[(i + k) % 64] * 0.5
    o[i, 10] = acc
    o[i, 11] = cp.complex128(d[i]) + complex(cp.inf, cp.nan)
    p[i, 0] = c + f[i]
    p[i, 1] = c * d[i]
    p[i, 2] = c - n[i]
    p[i, 3] = c / f[i]
    p[i, 4] = c ** 2
    p[i, 5] = c ** 0.5
    p[i, 6] = c ** c
    p[i, 7] = 2j * c
    p[i, 8] = cp.complex64(f[i]) * c
    p[i, 9] = cp.complex64(a)
    p[i, 10] = -c
    p[i, 11] = c / (c - c)
    p[i, 12] = c ** 0
    p[i, 13] = cp.conj(c)
    e[i, 0] = a == b
    e[i, 1] = a != a
    e[i, 2] = c == a
    e[i, 3] = c != f[i]
