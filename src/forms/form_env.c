/*
 * form_env.c: CuPy's kernel environment, the one table both targets print
 * (docs/design.md §4.1).
 *
 * CuPy compiles every ElementwiseKernel, ReductionKernel and fuse kernel with the headers
 * of cupy/_core/core.pyx's _cupy_header_list in front of it (compile_with_cache,
 * prepend_cupy_headers): <cupy/complex.cuh>, <cupy/carray.cuh>, <cupy/atomics.cuh>,
 * <cupy/math_constants.h>, and a float16 parameter's type preamble adds
 * <cupy/float16.cuh> (old fusion always includes it). A snippet may use whatever those
 * give it. pykc's generated code includes nothing (NVRTC compiles it without CuPy's
 * include folder), so each header is a row below: the names CuPy's header gives the
 * snippets and pykc's text for them, printed into the unit before the forms' code. The
 * same text goes to NVRTC and to the CPU backend's C++ compiler (after cpu/cpu_rt.h,
 * which has CUDA's built-ins), so a snippet compiles on one exactly when it compiles on
 * the other. Two kinds of rows are per target:
 *   - ENV_HOST (CPU only): the names the host's <math.h> defines under the CPU preamble
 *     and CuPy's environment does not (M_E, M_SQRT2, ...): undefined again, so that a
 *     snippet using them fails on the CPU as it fails under NVRTC;
 *   - where cpu_rt.h already has a function CuPy's header adds (atomicAdd on long long,
 *     the float16 conversions), the text defines it under __CUDACC_RTC__ only.
 * <cupy/complex.cuh> (CuPy's complex<T>) is form_emit.c's text, printed when a
 * specialisation has complex values (its table row is NULL text).
 *
 * What differs from CuPy on purpose: CArray and CIndexer have pykc's array ABI layout
 * (form_emit.c), and float16 values are pykc's __half (a 16-bit storage type converted
 * through float; `float16` and `half` name it) rather than CuPy's float16 class.
 */
#include "forms.h"
#include "cxx/cxxscan.h"

#include <stdlib.h>
#include <string.h>

static const char math_constants[] =
    "// <cupy/math_constants.h>\n"
    "#define CUDART_INF_F __int_as_float(0x7f800000)\n"
    "#define CUDART_NAN_F __int_as_float(0x7fffffff)\n"
    "#define CUDART_INF __longlong_as_double(0x7ff0000000000000ULL)\n"
    "#define CUDART_NAN __longlong_as_double(0xfff8000000000000ULL)\n";

/* carray.cuh: the type traits, M_PI, CUPY_FOR, CArrayIterator, CArray<T, N, C, I> and
   CIndexer<N, I> with CuPy's members and constructors (the 0-d specialisations too), over
   pykc's array ABI (its members public: the generated code reads them); the header of
   RawModule code too (form_cupy_header). Its _floor_divide (Python's //: 0 for an
   integer division by zero) is ops_floordiv_cupy's. */
static const char carray[] =
    "// <cupy/carray.cuh>: CuPy's CArray and CIndexer (pykc's array ABI: public members)\n"
    "#ifndef PYKC_CUPY_CARRAY_CUH\n"
    "#define PYKC_CUPY_CARRAY_CUH\n"
    "namespace cupy {\n"
    "namespace type_traits {\n"
    "template <bool B, class T, class F> struct conditional { typedef T type; };\n"
    "template <class T, class F> struct conditional<false, T, F> { typedef F type; };\n"
    "template <bool B, class T = void> struct enable_if {};\n"
    "template <class T> struct enable_if<true, T> { typedef T type; };\n"
    "template <typename T, typename U> struct is_same { static const bool value = false; };\n"
    "template <typename T> struct is_same<T, T> { static const bool value = true; };\n"
    "}  // namespace type_traits\n"
    "}  // namespace cupy\n"
    "#ifndef M_PI\n"
    "#define M_PI 3.1415926535897932384626433832795\n"
    "#endif\n"
    "#define CUPY_FOR(i, n) \\\n"
    "  for (ptrdiff_t i = static_cast<ptrdiff_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < (n); \\\n"
    "       i += static_cast<ptrdiff_t>(blockDim.x) * gridDim.x)\n"
    "// a strided array's iterator (CArray<T, N>::iterator)\n"
    "template <typename T, typename index_t> class CArrayIterator {\n"
    " public:\n"
    "  typedef ptrdiff_t difference_type;\n"
    "  typedef T value_type;\n"
    "  typedef T *pointer;\n"
    "  typedef T &reference;\n"
    "  T *head_;\n"
    "  index_t step_;\n"
    "  __device__ CArrayIterator(T *head, index_t step) : head_(head), step_(step) {}\n"
    "  __device__ bool operator==(const CArrayIterator &o) const { return head_ == o.head_ && step_ == o.step_; }\n"
    "  __device__ bool operator!=(const CArrayIterator &o) const { return !(*this == o); }\n"
    "  __device__ T &operator*() const { return *head_; }\n"
    "  __device__ const T *operator->() const { return head_; }\n"
    "  __device__ CArrayIterator &operator++() { head_ += step_; return *this; }\n"
    "  __device__ CArrayIterator operator++(int) { CArrayIterator t = *this; head_ += step_; return t; }\n"
    "  __device__ CArrayIterator &operator--() { head_ -= step_; return *this; }\n"
    "  __device__ CArrayIterator operator--(int) { CArrayIterator t = *this; head_ -= step_; return t; }\n"
    "  __device__ CArrayIterator operator+(ptrdiff_t n) const { return CArrayIterator(head_ + step_ * n, step_); }\n"
    "  __device__ CArrayIterator operator-(ptrdiff_t n) const { return CArrayIterator(head_ - step_ * n, step_); }\n"
    "  __device__ difference_type operator-(const CArrayIterator &o) const { return (head_ - o.head_) / step_; }\n"
    "  __device__ CArrayIterator &operator+=(ptrdiff_t n) { head_ += step_ * n; return *this; }\n"
    "  __device__ CArrayIterator &operator-=(ptrdiff_t n) { head_ -= step_ * n; return *this; }\n"
    "  __device__ T &operator[](index_t n) const { return *(head_ + step_ * n); }\n"
    "  __device__ bool operator<(const CArrayIterator &o) const { return head_ < o.head_; }\n"
    "  __device__ bool operator>(const CArrayIterator &o) const { return head_ > o.head_; }\n"
    "  __device__ bool operator<=(const CArrayIterator &o) const { return !(*this > o); }\n"
    "  __device__ bool operator>=(const CArrayIterator &o) const { return !(*this < o); }\n"
    "};\n"
    "// CArray<T, N, c_contiguous, use_32bit_indexing>: strides in bytes; the offsets are\n"
    "// computed in ptrdiff_t whatever index_t is (CuPy's int only where they fit in it)\n"
    "template <typename T, int _ndim, bool _c_contiguous = false, bool _use_32bit_indexing = false>\n"
    "class CArray {\n"
    " public:\n"
    "  static const int ndim = _ndim;\n"
    "  static const bool c_contiguous = _c_contiguous;\n"
    "  typedef typename cupy::type_traits::conditional<_use_32bit_indexing, int, ptrdiff_t>::type index_t;\n"
    "  typedef typename cupy::type_traits::conditional<_c_contiguous, T *, CArrayIterator<T, index_t> >::type iterator;\n"
    "  T *data_;\n"
    "  ptrdiff_t size_;\n"
    "  ptrdiff_t shape_[_ndim];\n"
    "  ptrdiff_t strides_[_ndim];\n"
    "  template <typename Int1, typename Int2>\n"
    "  __device__ CArray(T *data, const Int1 *shape, const Int2 *strides) : data_(data), size_(1) {\n"
    "    if (_c_contiguous) {\n"
    "      assert(strides[_ndim - 1] == sizeof(T));\n"
    "      for (int d = _ndim - 1; d > 0; d--)\n"
    "        assert(strides[d - 1] == shape[d] * strides[d]);\n"
    "    }\n"
    "    for (int d = 0; d < _ndim; d++) {\n"
    "      size_ *= shape[d];\n"
    "      shape_[d] = shape[d];\n"
    "      strides_[d] = strides[d];\n"
    "    }\n"
    "  }\n"
    "  template <typename Int, typename U = T>\n"
    "  __device__ CArray(typename cupy::type_traits::enable_if<_c_contiguous, U>::type *data, const Int *shape)\n"
    "      : data_(data), size_(1) {\n"
    "    for (int d = 0; d < _ndim; d++) {\n"
    "      size_ *= shape[d];\n"
    "      shape_[d] = shape[d];\n"
    "    }\n"
    "    strides_[_ndim - 1] = sizeof(T);\n"
    "    for (int d = _ndim - 1; d > 0; d--)\n"
    "      strides_[d - 1] = shape[d] * strides_[d];\n"
    "  }\n"
    "  template <typename Int, typename U = T>\n"
    "  __device__ CArray(typename cupy::type_traits::enable_if<_c_contiguous, U>::type *data,\n"
    "                    const std::initializer_list<Int> shape)\n"
    "      : CArray(data, shape.begin()) {\n"
    "    assert(shape.size() == _ndim);\n"
    "  }\n"
    "  template <typename Int1, typename Int2>\n"
    "  __device__ CArray(T *data, const std::initializer_list<Int1> shape, const std::initializer_list<Int2> strides)\n"
    "      : CArray(data, shape.begin(), strides.begin()) {\n"
    "    assert(shape.size() == _ndim);\n"
    "    assert(strides.size() == _ndim);\n"
    "  }\n"
    "  __device__ CArray() : data_(NULL), size_(1) {\n"
    "    for (int d = 0; d < _ndim; d++)\n"
    "      shape_[d] = strides_[d] = 0;\n"
    "  }\n"
    "  __device__ ptrdiff_t size() const { return size_; }\n"
    "  __device__ const ptrdiff_t *shape() const { return shape_; }\n"
    "  __device__ const ptrdiff_t *strides() const { return strides_; }\n"
    "  template <typename Int> __device__ T &operator[](const std::initializer_list<Int> idx) {\n"
    "    return const_cast<T &>(static_cast<const CArray &>(*this)[idx]);\n"
    "  }\n"
    "  template <typename Int> __device__ const T &operator[](const std::initializer_list<Int> idx) const {\n"
    "    assert(idx.size() == _ndim);\n"
    "    Int ix[_ndim];\n"
    "    for (int d = 0; d < _ndim; d++)\n"
    "      ix[d] = idx.begin()[d];\n"
    "    return (*this)[ix];\n"
    "  }\n"
    "  template <typename Int> __device__ const T &operator[](const Int (&idx)[_ndim]) const {\n"
    "    ptrdiff_t off = 0;\n"
    "    for (int d = 0; d < _ndim; d++)\n"
    "      off += strides_[d] * static_cast<ptrdiff_t>(idx[d]);\n"
    "    return *reinterpret_cast<const T *>(reinterpret_cast<const char *>(data_) + off);\n"
    "  }\n"
    "  template <typename Int> __device__ T &operator[](const Int (&idx)[_ndim]) {\n"
    "    return const_cast<T &>(static_cast<const CArray &>(*this)[idx]);\n"
    "  }\n"
    "  // the i-th element in C order\n"
    "  __device__ const T &operator[](ptrdiff_t i) const {\n"
    "    if (_c_contiguous)\n"
    "      return data_[i];\n"
    "    ptrdiff_t off = 0;\n"
    "    for (int d = _ndim; --d > 0;) {\n"
    "      off += strides_[d] * (i % shape_[d]);\n"
    "      i /= shape_[d];\n"
    "    }\n"
    "    return *reinterpret_cast<const T *>(reinterpret_cast<const char *>(data_) + off + strides_[0] * i);\n"
    "  }\n"
    "  __device__ T &operator[](ptrdiff_t i) { return const_cast<T &>(static_cast<const CArray &>(*this)[i]); }\n"
    "};\n"
    "template <typename T, bool _use_32bit_indexing> class CArray<T, 0, true, _use_32bit_indexing> {\n"
    " public:\n"
    "  static const int ndim = 0;\n"
    "  typedef typename cupy::type_traits::conditional<_use_32bit_indexing, int, ptrdiff_t>::type index_t;\n"
    "  T *data_;\n"
    "  ptrdiff_t size_;\n"
    "  __device__ CArray() : data_(NULL), size_(1) {}\n"
    "  __device__ explicit CArray(T *data) : data_(data), size_(1) {}\n"
    "  template <typename Int> __device__ CArray(T *data, Int size) : data_(data), size_(size) {}\n"
    "  template <typename Int1, typename Int2>\n"
    "  __device__ CArray(T *data, const Int1 *, const Int2 *) : data_(data), size_(1) {}\n"
    "  __device__ CArray(T *data, const std::initializer_list<int> shape, const std::initializer_list<int> strides)\n"
    "      : data_(data), size_(1) {\n"
    "    assert(shape.size() == 0);\n"
    "    assert(strides.size() == 0);\n"
    "  }\n"
    "  __device__ ptrdiff_t size() const { return size_; }\n"
    "  __device__ const ptrdiff_t *shape() const { return NULL; }\n"
    "  __device__ const ptrdiff_t *strides() const { return NULL; }\n"
    "  template <typename U> __device__ T &operator[](const U &) { return *data_; }\n"
    "  template <typename U> __device__ T operator[](const U &) const { return *data_; }\n"
    "};\n"
    "// CIndexer<N, use_32bit_indexing>: the index tuple of a flat C-order index\n"
    "template <int _ndim, bool _use_32bit_indexing = false> class CIndexer {\n"
    " public:\n"
    "  static const int ndim = _ndim;\n"
    "  typedef ptrdiff_t index_t[_ndim];\n"
    "  ptrdiff_t size_;\n"
    "  ptrdiff_t shape_[_ndim];\n"
    "  index_t index_;\n"
    "  template <typename Int> __device__ explicit CIndexer(const Int *shape) : size_(1) {\n"
    "    for (int d = 0; d < _ndim; d++) {\n"
    "      size_ *= shape[d];\n"
    "      shape_[d] = shape[d];\n"
    "      index_[d] = 0;\n"
    "    }\n"
    "  }\n"
    "  template <typename Int1, typename Int2>\n"
    "  __device__ CIndexer(const Int1 *shape, const Int2 *index) : size_(1) {\n"
    "    for (int d = 0; d < _ndim; d++) {\n"
    "      size_ *= shape[d];\n"
    "      shape_[d] = shape[d];\n"
    "      index_[d] = index[d];\n"
    "    }\n"
    "  }\n"
    "  template <typename Int>\n"
    "  __device__ CIndexer(const std::initializer_list<Int> shape) : CIndexer(shape.begin()) {\n"
    "    assert(shape.size() == _ndim);\n"
    "  }\n"
    "  template <typename Int1, typename Int2>\n"
    "  __device__ CIndexer(const std::initializer_list<Int1> shape, const std::initializer_list<Int2> index)\n"
    "      : CIndexer(shape.begin(), index.begin()) {\n"
    "    assert(shape.size() == _ndim);\n"
    "    assert(index.size() == _ndim);\n"
    "  }\n"
    "  __device__ CIndexer() : size_(1) {\n"
    "    for (int d = 0; d < _ndim; d++)\n"
    "      shape_[d] = index_[d] = 0;\n"
    "  }\n"
    "  __device__ ptrdiff_t size() const { return size_; }\n"
    "  __device__ const index_t &get() const { return index_; }\n"
    "  __device__ void set(ptrdiff_t i) {\n"
    "    if (_ndim == 1)\n"
    "      index_[0] = i;\n"
    "    else if (!_use_32bit_indexing && size_ > 1LL << 31)   // 64-bit division is slow on GPUs\n"
    "      set_as<unsigned long long>(static_cast<unsigned long long>(i));\n"
    "    else\n"
    "      set_as<unsigned int>(static_cast<unsigned int>(i));\n"
    "  }\n"
    "  template <typename U> __device__ void set_as(U i) {\n"
    "    for (int d = _ndim; --d > 0;) {\n"
    "      U s = static_cast<U>(shape_[d]), t = i / s;\n"
    "      index_[d] = static_cast<ptrdiff_t>(i - t * s);\n"
    "      i = t;\n"
    "    }\n"
    "    index_[0] = static_cast<ptrdiff_t>(i);\n"
    "  }\n"
    "};\n"
    "template <bool _use_32bit_indexing> class CIndexer<0, _use_32bit_indexing> {\n"
    " public:\n"
    "  static const int ndim = 0;\n"
    "  ptrdiff_t size_;\n"
    "  __device__ CIndexer() : size_(1) {}\n"
    "  template <typename Int> __device__ explicit CIndexer(Int size) : size_(size) {}\n"
    "  template <typename Int> __device__ explicit CIndexer(const Int *) : size_(1) {}\n"
    "  template <typename Int1, typename Int2> __device__ CIndexer(const Int1 *, const Int2 *) : size_(1) {}\n"
    "  __device__ CIndexer(const std::initializer_list<int> shape) : size_(1) { assert(shape.size() == 0); }\n"
    "  __device__ CIndexer(const std::initializer_list<int> shape, const std::initializer_list<int> index)\n"
    "      : size_(1) {\n"
    "    assert(shape.size() == 0);\n"
    "    assert(index.size() == 0);\n"
    "  }\n"
    "  __device__ ptrdiff_t size() const { return size_; }\n"
    "  __device__ void set(ptrdiff_t) {}\n"
    "  __device__ const ptrdiff_t *get() const { return NULL; }\n"
    "};\n";

/* After carray's text: its _floor_divide, and the end of its include guard. */
static void carray_tail(Buf *out) {
  ops_floordiv_cupy(out);
  buf_puts(out, "#endif  // PYKC_CUPY_CARRAY_CUH\n");
}

/* atomics.cuh: the atomics CUDA lacks. CuPy's double atomicMax/atomicMin compare through
   fmaxf/fminf (in float), and so do these: the same results. atomicAdd of float16 is
   the float16 row's. */
static const char atomics[] =
    "// <cupy/atomics.cuh>\n"
    "#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 600\n"
    "__device__ inline double atomicAdd(double *p, double v) {\n"
    "  unsigned long long *q = (unsigned long long *)p, old = *q, seen;\n"
    "  do {\n"
    "    seen = old;\n"
    "    old = atomicCAS(q, seen, __double_as_longlong(v + __longlong_as_double(seen)));\n"
    "  } while (seen != old);\n"
    "  return __longlong_as_double(old);\n"
    "}\n"
    "#endif\n"
    "#ifdef __CUDACC_RTC__\n"
    "__device__ inline long long atomicAdd(long long *p, long long v) {\n"
    "  return atomicAdd((unsigned long long *)p, (unsigned long long)v);\n"
    "}\n"
    "#endif\n"
    "#define PYKC_ATOMIC_F(name, fn)                                                       \\\n"
    "  __device__ inline float name(float *p, float v) {                                  \\\n"
    "    int *q = (int *)p, old = *q, seen;                                              \\\n"
    "    do {                                                                            \\\n"
    "      seen = old;                                                                   \\\n"
    "      old = atomicCAS(q, seen, __float_as_int(fn(v, __int_as_float(seen))));         \\\n"
    "    } while (seen != old);                                                          \\\n"
    "    return __int_as_float(old);                                                     \\\n"
    "  }                                                                                 \\\n"
    "  __device__ inline double name(double *p, double v) {                              \\\n"
    "    unsigned long long *q = (unsigned long long *)p, old = *q, seen;                \\\n"
    "    do {                                                                            \\\n"
    "      seen = old;                                                                   \\\n"
    "      long long r = __double_as_longlong(fn(v, __longlong_as_double((long long)seen))); \\\n"
    "      old = atomicCAS(q, seen, (unsigned long long)r);                              \\\n"
    "    } while (seen != old);                                                          \\\n"
    "    return __longlong_as_double((long long)old);                                    \\\n"
    "  }\n"
    "PYKC_ATOMIC_F(atomicMax, fmaxf)\n"
    "PYKC_ATOMIC_F(atomicMin, fminf)\n"
    "#undef PYKC_ATOMIC_F\n";

/* atomics.cuh's atomicAdd of its float16 and bfloat16 classes (a template, so that either
   may be undefined): a compare-and-swap of the aligned 32-bit word holding the 16 bits,
   the sum taken through T's conversions (in float). */
static const char atomics_16[] =
    "template <typename T, typename = typename cupy::type_traits::enable_if<\n"
    "                          cupy::type_traits::is_same<T, float16>::value ||\n"
    "                          cupy::type_traits::is_same<T, bfloat16>::value>::type>\n"
    "__device__ T atomicAdd(T *p, T v) {\n"
    "  bool high = (size_t)p & 2;\n"
    "  unsigned int *word = (unsigned int *)((size_t)p - ((size_t)p & 2)), old = *word, seen;\n"
    "  unsigned short bits;\n"
    "  do {\n"
    "    seen = old;\n"
    "    bits = (unsigned short)(high ? old >> 16 : old & 0xffff);\n"
    "    unsigned short sum = T(T::from_bits(bits) + v).to_bits();\n"
    "    old = atomicCAS(word, seen, high ? ((unsigned int)sum << 16) | (old & 0xffff)\n"
    "                                     : (old & 0xffff0000) | sum);\n"
    "  } while (seen != old);\n"
    "  return T::from_bits(bits);\n"
    "}\n";

/* float16.cuh: cuda_fp16's conversions and CuPy's names of the type, over pykc's __half
   (the CPU preamble has the conversions). */
static const char float16_text[] =
    "// <cupy/float16.cuh>\n"
    "typedef __half half;\n"
    "typedef __half float16;\n"
    "#ifdef __CUDACC_RTC__\n"
    "__device__ inline float __half2float(__half h) { return (float)h; }\n"
    "__device__ inline __half __float2half(float f) { return __half(f); }\n"
    "__device__ inline __half __float2half_rn(float f) { return __half(f); }\n"
    "__device__ inline __half __double2half(double d) { return __half(d); }\n"
    "#endif\n";

/* The constants of the host's <math.h> (glibc's, every width: M_PIl, M_Ef32, ...) under
   the CPU preamble, which NVRTC's kernels do not have; M_PI is carray.cuh's, defined
   again by its text. */
static const char host_undefs[] =
    "// names of the host's <math.h> that CuPy's kernels do not have\n"
    "#undef M_E\n#undef M_El\n#undef M_Ef\n#undef M_Ef32\n"
    "#undef M_Ef64\n#undef M_Ef128\n#undef M_Ef32x\n#undef M_Ef64x\n"
    "#undef M_LOG2E\n#undef M_LOG2El\n#undef M_LOG2Ef\n#undef M_LOG2Ef32\n"
    "#undef M_LOG2Ef64\n#undef M_LOG2Ef128\n#undef M_LOG2Ef32x\n#undef M_LOG2Ef64x\n"
    "#undef M_LOG10E\n#undef M_LOG10El\n#undef M_LOG10Ef\n#undef M_LOG10Ef32\n"
    "#undef M_LOG10Ef64\n#undef M_LOG10Ef128\n#undef M_LOG10Ef32x\n#undef M_LOG10Ef64x\n"
    "#undef M_LN2\n#undef M_LN2l\n#undef M_LN2f\n#undef M_LN2f32\n"
    "#undef M_LN2f64\n#undef M_LN2f128\n#undef M_LN2f32x\n#undef M_LN2f64x\n"
    "#undef M_LN10\n#undef M_LN10l\n#undef M_LN10f\n#undef M_LN10f32\n"
    "#undef M_LN10f64\n#undef M_LN10f128\n#undef M_LN10f32x\n#undef M_LN10f64x\n"
    "#undef M_PI\n#undef M_PIl\n#undef M_PIf\n#undef M_PIf32\n"
    "#undef M_PIf64\n#undef M_PIf128\n#undef M_PIf32x\n#undef M_PIf64x\n"
    "#undef M_PI_2\n#undef M_PI_2l\n#undef M_PI_2f\n#undef M_PI_2f32\n"
    "#undef M_PI_2f64\n#undef M_PI_2f128\n#undef M_PI_2f32x\n#undef M_PI_2f64x\n"
    "#undef M_PI_4\n#undef M_PI_4l\n#undef M_PI_4f\n#undef M_PI_4f32\n"
    "#undef M_PI_4f64\n#undef M_PI_4f128\n#undef M_PI_4f32x\n#undef M_PI_4f64x\n"
    "#undef M_1_PI\n#undef M_1_PIl\n#undef M_1_PIf\n#undef M_1_PIf32\n"
    "#undef M_1_PIf64\n#undef M_1_PIf128\n#undef M_1_PIf32x\n#undef M_1_PIf64x\n"
    "#undef M_2_PI\n#undef M_2_PIl\n#undef M_2_PIf\n#undef M_2_PIf32\n"
    "#undef M_2_PIf64\n#undef M_2_PIf128\n#undef M_2_PIf32x\n#undef M_2_PIf64x\n"
    "#undef M_2_SQRTPI\n#undef M_2_SQRTPIl\n#undef M_2_SQRTPIf\n#undef M_2_SQRTPIf32\n"
    "#undef M_2_SQRTPIf64\n#undef M_2_SQRTPIf128\n#undef M_2_SQRTPIf32x\n#undef M_2_SQRTPIf64x\n"
    "#undef M_SQRT2\n#undef M_SQRT2l\n#undef M_SQRT2f\n#undef M_SQRT2f32\n"
    "#undef M_SQRT2f64\n#undef M_SQRT2f128\n#undef M_SQRT2f32x\n#undef M_SQRT2f64x\n"
    "#undef M_SQRT1_2\n#undef M_SQRT1_2l\n#undef M_SQRT1_2f\n#undef M_SQRT1_2f32\n"
    "#undef M_SQRT1_2f64\n#undef M_SQRT1_2f128\n#undef M_SQRT1_2f32x\n#undef M_SQRT1_2f64x\n";

/* A preamble that includes headers (form_has_include): its #include lines are at global
   scope, as CuPy's preamble is (form_preamble_text), and so are the headers' names. The
   forms' float16 is then CuPy's float16 class, as in CuPy (form_elem_ctype; <cuda_fp16.h>'s
   __half under it, emit_cuda.c), rather than pykc's __half, which the toolkit's
   <cuda_fp16.h> that such headers include would collide with; bfloat16 is declared ahead,
   as carray.cuh declares it, and CuPy's headers whose content the rows above give are
   no-ops (their guards defined), atomics.cuh's atomicAdd of the 16-bit classes being the
   template raw code has. */
static const char headers_text[] =
    "// a preamble includes headers: float16 is CuPy's class, the headers above no-ops\n"
    "#define CUPY_MATH_CONSTANTS_H\n"
    "#define PYKC_CUPY_ATOMICS_CUH\n"
    "class bfloat16;\n"
    "#include <cupy/float16.cuh>\n";

static void headers_tail(Buf *out) { buf_puts(out, atomics_16); }

const FormEnvRow form_env[] = {
    {"", "(the host's M_E, M_SQRT2, ... undefined)", host_undefs, ENV_HOST, NULL},
    {"cupy/math_constants.h", "CUDART_INF_F CUDART_NAN_F CUDART_INF CUDART_NAN", math_constants,
     ENV_EVERY, NULL},
    {"cupy/carray.cuh", "cupy::type_traits M_PI CUPY_FOR CArrayIterator CArray CIndexer "
                        "_floor_divide", carray, ENV_EVERY, carray_tail},
    {"cupy/atomics.cuh", "atomicAdd(long long *) atomicMax(float *, double *) "
                         "atomicMin(float *, double *)", atomics, ENV_EVERY, NULL},
    {"cupy/float16.cuh", "half float16 __half2float __float2half __float2half_rn __double2half "
                         "atomicAdd(__half *)", float16_text, ENV_FLOAT16, NULL},
    {"cupy/float16.cuh", "(a preamble's #include) CuPy's float16 class; bfloat16 declared; "
                         "atomicAdd(float16 *, bfloat16 *)", headers_text, ENV_HEADERS, headers_tail},
    {"cupy/complex.cuh", "complex<T> and its functions (form_emit.c)", NULL, ENV_COMPLEX, NULL},
};
const int form_env_count = (int)(sizeof form_env / sizeof *form_env);

void form_env_put(Buf *out, Target t, bool float16, bool headers) {
  for (int i = 0; i < form_env_count; i++) {
    const FormEnvRow *r = &form_env[i];
    bool on = r->when == ENV_EVERY || (r->when == ENV_HOST && t == TARGET_C) ||
              (r->when == ENV_FLOAT16 && float16 && !headers) ||
              (r->when == ENV_HEADERS && headers);
    if (on && r->text)
      buf_puts(out, r->text);
    if (on && r->put)
      r->put(out);
  }
}

/* ---- the same texts as headers of CUDA C++ code (RawKernel/RawModule, .cu files) ---- */

/* CuPy's carray.cuh declares its float16 and bfloat16 classes ahead (CuPy's float16.cuh and
   bfloat16.cuh define them, runtime/cupy/): what raw code's float16 names. The forms' float16
   is a typedef of pykc's __half instead (the float16 row), so their prelude has no such
   declaration. */
static void raw_carray(Buf *out) {
  buf_puts(out, carray);
  buf_puts(out, "class bfloat16;\nclass float16;\n");
  carray_tail(out);
}

static void raw_math_constants(Buf *out) {
  buf_puts(out, "#ifndef CUPY_MATH_CONSTANTS_H\n#define CUPY_MATH_CONSTANTS_H\n");
  buf_puts(out, math_constants);
  buf_puts(out, "#endif  // CUPY_MATH_CONSTANTS_H\n");
}

/* atomics.cuh includes carray.cuh, and adds atomicAdd for its float16 and bfloat16 classes
   (atomics_16). */
static void raw_atomics(Buf *out) {
  raw_carray(out);
  buf_puts(out, "#ifndef PYKC_CUPY_ATOMICS_CUH\n#define PYKC_CUPY_ATOMICS_CUH\n");
  buf_puts(out, atomics);
  buf_puts(out, atomics_16);
  buf_puts(out, "#endif  // PYKC_CUPY_ATOMICS_CUH\n");
}

/* The CuPy headers whose text is the forms' (the others are CuPy's own, runtime/cupy/;
   <cupy/complex.cuh> is the compiler's, emit_complex_header). */
static const struct {
  const char *name;
  void (*put)(Buf *);
} raw_headers[] = {
    {"cupy/carray.cuh", raw_carray},
    {"cupy/math_constants.h", raw_math_constants},
    {"cupy/atomics.cuh", raw_atomics},
};

char *form_cupy_header(const char *name) {
  for (size_t i = 0; i < sizeof raw_headers / sizeof *raw_headers; i++)
    if (!strcmp(raw_headers[i].name, name)) {
      Buf b = {0};
      raw_headers[i].put(&b);
      return buf_detach(&b);
    }
  return NULL;
}

static bool ident_char(char c) {
  return c == '_' || ((c | 32) >= 'a' && (c | 32) <= 'z') || (c >= '0' && c <= '9');
}

/* Does one of F's snippets name identifier ID? */
bool form_names(const Form *f, const char *id) {
  const FormStr *snips[] = {&f->operation, &f->preamble, &f->loop_prep, &f->after_loop,
                            &f->map_expr, &f->reduce_expr, &f->post_map_expr};
  size_t n = strlen(id);
  for (size_t k = 0; k < sizeof snips / sizeof *snips; k++) {
    const char *s = snips[k]->s, *end = s ? s + snips[k]->len : s;
    for (const char *p = s; p && (p = memmem(p, (size_t)(end - p), id, n)); p += n)
      if ((p == s || !ident_char(p[-1])) && (p + n == end || !ident_char(p[n])))
        return true;
  }
  return false;
}

/* The `#include` lines at the top level of preamble S (outside braces; comments and
   literals aside): their count, each one's start and end (its newline, continuation lines
   included) in AT[2k], AT[2k + 1] when AT is not NULL; -1 when memory runs out. */
static int include_lines(const char *s, size_t len, size_t *at) {
  char *t = strndup(s, len);
  char *b = t ? cxx_blank(t) : NULL;
  free(t);
  if (!b)
    return -1;
  int n = 0, depth = 0;
  bool line_start = true;
  for (size_t i = 0; b[i];) {
    if (line_start && b[i] == '#') {
      size_t eol = cxx_line_end(b, i), d = cxx_skip_ws(b, i + 1, eol);
      if (depth == 0 && cxx_word_at(b, d, "include")) {
        if (at)
          at[2 * n] = i, at[2 * n + 1] = eol;
        n++;
      }
      i = eol;
      continue;
    }
    if (b[i] == '\n')
      line_start = true;
    else if (b[i] != ' ' && b[i] != '\t' && b[i] != '\r')
      line_start = false;
    depth += (b[i] == '{') - (b[i] == '}' && depth > 0);
    i++;
  }
  free(b);
  return n;
}

bool form_has_include(const Form *f) {
  return f->preamble.len && include_lines(f->preamble.s, f->preamble.len, NULL) > 0;
}

char *form_preamble_text(const FormStr *pre, const char *ns, const char *file) {
  int n = pre->len ? include_lines(pre->s, pre->len, NULL) : 0;
  size_t *at = n > 0 ? malloc(2 * (size_t)n * sizeof *at) : NULL;
  if (!at || include_lines(pre->s, pre->len, at) != n) {
    free(at);
    return NULL;
  }
  Buf b = {0};
  size_t copied = 0;
  unsigned line = pre->line;                       /* (of the text at COPIED) */
  for (int k = 0; k < n; k++) {
    size_t hash = at[2 * k], eol = at[2 * k + 1];
    for (size_t j = copied; j < eol; j++)
      line += pre->s[j] == '\n';                   /* now the include's (last) line */
    buf_putn(&b, pre->s + copied, hash - copied);
    buf_printf(&b, "}  // namespace %s: the preamble's header at global scope, as in CuPy\n", ns);
    buf_putn(&b, pre->s + hash, eol - hash);
    buf_printf(&b, "\nnamespace %s {\n", ns);
    if (pre->line) {                               /* the next line is the user's next */
      buf_printf(&b, "#line %u \"", line + 1);
      buf_put_cstring(&b, file);
      buf_putc(&b, '"');
    }
    copied = eol;                                  /* (its newline follows the #line) */
  }
  free(at);
  buf_putn(&b, pre->s + copied, pre->len - copied);
  return buf_detach(&b);
}
