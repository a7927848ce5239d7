# run: --kernel csum --grid 4 --block 64 z=@ext_complex_reduce.z.npy n=1000 out=zeros:float64:2 cnt=zeros:float64:2
# check: out cnt
# input: z = (rng.integers(-64, 64, 1000) * 0.25 + 1j * rng.integers(-64, 64, 1000) * 0.5).astype(np.complex128)
# A complex128 accumulator in a grid-stride loop, folded into the output with atomic_add on
# its real and imaginary parts (cupyx has no atomic_add on complex, nor .real/.imag: pykc
# extension, numpy reference). The parts are multiples of 1/4 so float64 sums are exact
# in any order.
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def csum(z, n, out, cnt):
    acc = 0j
    sq = cp.complex128(0)
    for i in range(jit.grid(1), n, jit.gridsize(1)):
        acc += z[i]
        sq += z[i] * 2
    jit.atomic_add(out, 0, acc.real)
    jit.atomic_add(out, 1, acc.imag)
    jit.atomic_add(cnt, 0, sq.real)
    jit.atomic_add(cnt, 1, sq.imag)
