# run: --kernel usum x=@fuse_create_ufunc_sum.x.npy
# check: out tol=1e-12
# input: x = rng.uniform(-2, 2, (12, 40)).astype(np.float64)
# @cupy.fuse: a ufunc of cupy._core.create_ufunc (`from cupy._core import create_ufunc`)
# in the map of a reduction and in its post-map: the device function and its preamble
# come before the kernel's map function. (The preamble ends in a newline: CuPy's old fusion
# appends '#include "cupy/float16.cuh"' to the preambles as they are, so that a last line
# without one, '#define ONE 1', would define ONE as `1#include ...`.)
import cupy as cp
from cupy._core import create_ufunc

softsign = create_ufunc(
    'pykc_test_softsign', ('f->f', 'd->d'), 'out0 = in0 / (ONE + fabs(in0))',
    preamble='#define ONE 1\n')


@cp.fuse()
def usum(x):
    return softsign(cp.sum(softsign(x * 2), axis=1))
