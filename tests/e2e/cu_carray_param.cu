// run: --kernel carr --grid 2 --block 32 a=@cu_carray_param.a.npy b=@cu_carray_param.b.npy out=zeros:float32:64 meta=zeros:int64:24
// check: out meta
// input: a = rng.standard_normal((8, 8)).astype(np.float32)
// input: b = rng.standard_normal((4, 16)).astype(np.float32)
// CuPy's <cupy/carray.cuh> in RawModule code: CuPy passes an ndarray to a CArray<T, N>
// parameter as the whole struct (data, size, shape, strides in bytes), so the kernel reads
// the array's shape; CArray's 2-, 3- and 4-parameter forms, operator[] with an index
// array and with a flat C-order index, constructors over a pointer, CIndexer's set/get.
#include <cupy/carray.cuh>

template <typename T, int N, bool C, bool I>
__device__ T corner(const CArray<T, N, C, I> &x) {
  ptrdiff_t idx[N];
  for (int d = 0; d < N; d++)
    idx[d] = x.shape()[d] - 1;
  return x[idx];
}

extern "C" __global__ void carr(CArray<float, 2> a, const CArray<float, 2, true> b,
                                CArray<float, 1, true, true> out, long long *meta) {
  CUPY_FOR(i, out.size()) {
    ptrdiff_t r = i / a.shape()[1], c = i % a.shape()[1];
    ptrdiff_t idx[2] = {c, r};                      // a transposed, through an index array
    out[i] = a[idx] + b[i] * 2.0f + corner(b);      // b in C order by its flat index
  }
  if (blockIdx.x != 0 || threadIdx.x != 0)
    return;
  meta[0] = a.size();
  meta[1] = a.shape()[0];
  meta[2] = a.shape()[1];
  meta[3] = a.strides()[0];
  meta[4] = a.strides()[1];
  meta[5] = b.size();
  meta[6] = b.shape()[0];
  meta[7] = b.shape()[1];
  meta[8] = b.strides()[0];
  CIndexer<2> ind(b.shape());
  ind.set(37);
  meta[9] = ind.get()[0];
  meta[10] = ind.get()[1];
  meta[11] = ind.size();
  ptrdiff_t shape3[3] = {2, 3, 4}, start[3] = {1, 2, 3};
  CIndexer<3, true> i3(shape3, start);
  meta[12] = i3.get()[0] * 100 + i3.get()[1] * 10 + i3.get()[2];
  i3.set(17);
  meta[13] = i3.get()[0] * 100 + i3.get()[1] * 10 + i3.get()[2];
  meta[14] = i3.size();
  // a view of a's first 2x4 corner, strided, and b's memory as a contiguous 8x8 array
  ptrdiff_t vshape[2] = {2, 4}, vstrides[2] = {a.strides()[0], a.strides()[1]};
  CArray<float, 2> v(&a[0], vshape, vstrides);
  int cshape[2] = {8, 8};
  CArray<float, 2, true> w(const_cast<float *>(&b[0]), cshape);
  ptrdiff_t last[2] = {7, 7};
  meta[15] = v.size();
  meta[16] = (long long)(v[5] * 1000.0f);          // a[1][1]
  meta[17] = w.strides()[0];
  meta[18] = (long long)(w[last] * 1000.0f);       // b's last element
  meta[19] = (long long)(corner(a) * 1000.0f);
  CArray<float, 0, true> s(&a[0]);
  meta[20] = s.size() + (s.shape() == NULL) + (long long)(s[3] * 1000.0f);
  meta[21] = CArray<float, 3, false, true>::ndim;
  meta[22] = sizeof(CArray<float, 2, true, true>);
  meta[23] = sizeof(CIndexer<2, true>);
}
