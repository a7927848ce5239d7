# run: --kernel carray_tpl img=@form_carray_template.img.npy x=@form_carray_template.x.npy w=6
# check: y
# input: img = rng.standard_normal((4, 6)).astype(np.float32)
# input: x = rng.standard_normal(24).astype(np.float32)
# ElementwiseKernel whose preamble takes CuPy's 4-parameter CArray<T, N, C, I> (CuPy
# passes a raw array as CArray<float, 2, 1, 1>) and its shape(), strides() and size(),
# an index array, and a CIndexer of the array's shape built in the snippet.
import cupy as cp

preamble = r'''
template <typename T, int N, bool C, bool I>
__device__ T at2(const CArray<T, N, C, I> &a, ptrdiff_t r, ptrdiff_t c) {
  ptrdiff_t idx[2] = {r % a.shape()[0], c % a.shape()[1]};
  return a[idx];
}
template <typename A>
__device__ long long row_bytes(const A &a) { return a.strides()[0]; }
'''

carray_tpl = cp.ElementwiseKernel(
    'raw T img, T x, int32 w', 'T y',
    '''
    CIndexer<2> ind(img.shape());
    ind.set(i % img.size());
    y = at2(img, i / w, i % w) * x + (T)row_bytes(img) + (T)(ind.get()[0] * 10 + ind.get()[1]);
    ''',
    'carray_tpl', preamble=preamble)
