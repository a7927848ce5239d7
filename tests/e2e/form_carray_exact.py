# run: --kernel carray_exact tab=@form_carray_exact.tab.npy x=@form_carray_exact.x.npy
# check: y
# input: tab = rng.standard_normal(16).astype(np.float32)
# input: x = rng.integers(0, 16, 40).astype(np.int32)
# ElementwiseKernel whose preamble names the exact type CuPy 14.2 gives a contiguous
# raw float32 array smaller than 2 GiB: CArray<float, 1, true, true> (c_contiguous,
# 32-bit indexing), by reference.
import cupy as cp

carray_exact = cp.ElementwiseKernel(
    'raw float32 tab, int32 x', 'float32 y',
    'y = lookup(tab, x) + (float)tab.size()',
    'carray_exact',
    preamble='''
    __device__ float lookup(const CArray<float, 1, true, true> &t, int k) {
      return t[k] * 2.0f + t[t.size() - 1 - k];
    }
    ''')
