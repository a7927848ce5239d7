# run: --kernel uf x=@fuse_create_ufunc.x.npy y=@fuse_create_ufunc.y.npy n=@fuse_create_ufunc.n.npy
# check: out0 out1 out2 out3 out4 tol=1e-6
# input: x = rng.uniform(-3, 3, 96).astype(np.float32)
# input: y = rng.uniform(-2, 2, 96).astype(np.float64)
# input: n = rng.integers(-50, 50, 96).astype(np.int32)
# @cupy.fuse calling ufuncs of cupy._core.create_ufunc (CuPy's fusion.pyx _Submodule: a
# device function per loop, the preamble once): the first loop every operand reaches
# (int32 -> 'l', before the 'd' loop), a loop's own routine (('d->d', routine)), a helper of
# the preamble, CuPy's typedefs (out0_type), a ufunc of two outputs with a Python float
# operand (weak: the float32 loop), and one ufunc called twice (its function once).
import cupy as cp

_preamble = '''
template <typename T> __device__ T cube(T x) { return x * x * x; }
'''

cubic = cp._core.create_ufunc(
    'pykc_test_cubic', ('f->f', 'l->l', ('d->d', 'out0 = cube(in0) - in0')),
    'out0 = cube(in0)', preamble=_preamble)

floor_divmod = cp._core.create_ufunc(
    'pykc_test_floor_divmod', ('ff->ff', 'dd->dd'),
    'out0_type q = floor(in0 / in1);\nout0 = q;\nout1 = in0 - q * in1')


@cp.fuse()
def uf(x, y, n):
    q, r = floor_divmod(x, 1.5)
    return cubic(x), cubic(y), cubic(n), q + cubic(r), floor_divmod(y, x)[1]
