# run: --kernel corder --grid 1 --block 128 z=@complex_order.z.npy e=zeros:bool:128x4 m=zeros:complex128:128x5
# check: e m
# input: z = special_complex(128, 'complex128')
# Ordering of complex values as CuPy's comparison loops (FF->?, DD->?) compute it: thrust's
# lexicographic operator< and operator> (real parts, then imaginary; NaN compares false),
# and min/max/cp.minimum/cp.maximum (complex.cuh's min/max; NaN in either gives NaN+0j).
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def corder(z, e, m):
    i = jit.grid(1)
    a = z[i]
    b = z[(i * 7 + 3) % 128]
    c = z[(i * 5 + 1) % 128]
    e[i, 0] = a < b
    e[i, 1] = a <= b
    e[i, 2] = a > b
    e[i, 3] = a >= b
    m[i, 0] = min(a, b)
    m[i, 1] = max(a, b)
    m[i, 2] = cp.minimum(a, b)
    m[i, 3] = cp.maximum(a, b)
    m[i, 4] = min(a, b, c)
