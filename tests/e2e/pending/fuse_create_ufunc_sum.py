# run: --kernel usum x=@fuse_create_ufunc_sum.x.npy
# check: out tol=1e-12
# input: x = rng.uniform(-2, 2, (12, 40)).astype(np.float64)
# @cupy.fuse: a ufunc of cupy._core.create_ufunc (`from cupy._core import create_ufunc`)
# in the map of a reduction and in its post-map: the device function and its preamble
# come before the kernel's map function.
import cupy as cp
from cupy._core import create_ufunc

softsign = create_ufunc(
    'pykc_test_softsign', ('f->f', 'd->d'), 'out0 = in0 / (ONE + fabs(in0))',
    preamble='#define ONE 1')


@cp.fuse()
def usum(x):
    return softsign(cp.sum(softsign(x * 2), axis=1))
