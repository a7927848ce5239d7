# run: --kernel _take_kernel a=@real3_cupy_take.a.npy indices=@real3_cupy_take.indices.npy ldim_=4 cdim_=3 rdim_=1 index_range_=6 out=zeros:float32:4x3
# check: out
# input: a = rng.standard_normal((4, 6)).astype(np.float32)
# input: indices = np.array([[-1, 2, -6]], dtype=np.int64)
# Source: github.com/cupy/cupy, cupy/_core/_routines_indexing.pyx (v14.2.0), CuPy's own
# take kernel, unchanged, as `_ndarray_take` calls it for `a.take(indices, axis=1)` on a
# (4, 6) array: indices reshaped to (1, 3), Python int ldim/cdim/rdim/index_range into
# int64 parameters, `using idx_t = decltype(a)::index_t;` (the raw CArray's index type),
# static_cast of the int64 scalars, negative indices wrapped with `%`.
from cupy import ElementwiseKernel

_take_kernel_core = '''
using idx_t = decltype(a)::index_t;
idx_t index_range = static_cast<idx_t>(index_range_);
idx_t ldim = static_cast<idx_t>(ldim_);
idx_t cdim = static_cast<idx_t>(cdim_);
idx_t rdim = static_cast<idx_t>(rdim_);

ptrdiff_t out_i = indices % index_range;
if (out_i < 0) out_i += index_range;
if (ldim != 1) out_i += (i / (cdim * rdim)) * index_range;
if (rdim != 1) out_i = out_i * rdim + i % rdim;
out = a[out_i];
'''


_take_kernel = ElementwiseKernel(
    'raw T a, S indices, int64 ldim_, int64 cdim_, int64 rdim_, '
    'int64 index_range_',
    'T out', _take_kernel_core, 'cupy_take')
