# run: --kernel wsum_rows x=@form_reduce_carray.x.npy wt=@form_reduce_carray.wt.npy --axis 0
# check: y tol=1e-5
# input: x = rng.standard_normal((10, 6)).astype(np.float32)
# input: wt = rng.standard_normal((3, 10)).astype(np.float32)
# ReductionKernel with a raw 2-d weight table read in its map through a preamble template
# over CuPy's CArray<T, N, C, I> and an index array (the leading axis: CuPy reduces no
# other with a raw parameter).
import cupy as cp

wsum_rows = cp.ReductionKernel(
    'T x, raw T wt', 'T y',
    'x * wget(wt, _i % wt.shape()[0], _J)',
    'a + b', 'y = a', '0', 'wsum_rows',
    preamble='''
    template <typename T, int N, bool C, bool I>
    __device__ T wget(const CArray<T, N, C, I> &w, ptrdiff_t r, ptrdiff_t c) {
      ptrdiff_t idx[N] = {r, c};
      return w[idx];
    }
    ''')
