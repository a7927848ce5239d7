# args: --sig 'uf(float32[:], float64[:], int32[:])' --sig 'uf(float16[:], float16[:], int8[:])' --sig 'usum(float64[:, :])'
# Ufuncs of cupy._core.create_ufunc in @cupy.fuse, as CuPy's fusion.pyx compiles them: the
# preamble once, then a device function per loop, `__device__ void NAME(in0_type &in0, ...,
# out0_type &out0)` with CuPy's typedefs and the loop's routine (its own, or the ufunc's),
# called with the operands in locals of the loop's types and the outputs new locals; a
# float16 loop takes CuPy's float16 class; in a reduction the functions come before the map.
import cupy as cp
from cupy._core import create_ufunc

_preamble = '''
template <typename T> __device__ T cube(T x) { return x * x * x; }
'''

cubic = cp._core.create_ufunc(
    'pykc_cubic', ['e->e', 'f->f', 'l->l', ('d->d', 'out0 = cube(in0) - in0')],
    'out0 = cube(in0)', preamble=_preamble)

floor_divmod = create_ufunc(
    'pykc_floor_divmod', ('ff->ff', 'dd->dd'),
    'out0_type q = floor(in0 / in1);\nout0 = q;\nout1 = in0 - q * in1')


@cp.fuse()
def uf(x, y, n):
    q, r = floor_divmod(x, 1.5)
    return cubic(x), cubic(y), cubic(n), q + cubic(r)


@cp.fuse()
def usum(x):
    return cubic(cp.sum(cubic(x), axis=1))
