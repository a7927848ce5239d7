# run: --kernel corder --grid 1 --block 128 z=@complex_order.z.npy m=zeros:complex128:128x5
# check: m
# input: z = special_complex(128, 'complex128')
# Ordering of complex values where cupyx has it: min/max (cupy.minimum/maximum, pairwise)
# and cp.minimum/cp.maximum, with complex.cuh's min/max (real parts, then imaginary; a NaN
# part in either gives NaN+0j). cupyx has no complex < <= > >= (tests/errors).
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def corder(z, m):
    i = jit.grid(1)
    a = z[i]
    b = z[(i * 7 + 3) % 128]
    c = z[(i * 5 + 1) % 128]
    m[i, 0] = min(a, b)
    m[i, 1] = max(a, b)
    m[i, 2] = cp.minimum(a, b)
    m[i, 3] = cp.maximum(a, b)
    m[i, 4] = min(a, b, c)
