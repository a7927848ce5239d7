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

#include <string.h>

static const char math_constants[] =
    "// <cupy/math_constants.h>\n"
    "#define CUDART_INF_F __int_as_float(0x7f800000)\n"
    "#define CUDART_NAN_F __int_as_float(0x7fffffff)\n"
    "#define CUDART_INF __longlong_as_double(0x7ff0000000000000ULL)\n"
    "#define CUDART_NAN __longlong_as_double(0xfff8000000000000ULL)\n";

/* carray.cuh: the type traits, M_PI, CUPY_FOR, CArray and CIndexer (pykc's layout);
   its _floor_divide (Python's //: 0 for an integer division by zero) is ops_floordiv_cupy's. */
static const char carray[] =
    "// <cupy/carray.cuh>: CuPy's names for the snippets, over pykc's array ABI\n"
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
    "  for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < (n); \\\n"
    "       i += (long long)blockDim.x * gridDim.x)\n"
    "template <typename T, int N> struct CArray {\n"
    "  T *data_;\n"
    "  long long size_;\n"
    "  long long shape_[N];\n"
    "  long long strides_[N];                       // bytes\n"
    "  __device__ long long size() const { return size_; }\n"
    "  __device__ const long long *shape() const { return shape_; }\n"
    "  __device__ const long long *strides() const { return strides_; }\n"
    "  template <typename I> __device__ const T &operator[](const I (&idx)[N]) const {\n"
    "    long long off = 0;\n"
    "    for (int d = 0; d < N; d++)\n"
    "      off += (long long)idx[d] * strides_[d];\n"
    "    return *(const T *)((const char *)data_ + off);\n"
    "  }\n"
    "  template <typename I> __device__ T &operator[](const I (&idx)[N]) {\n"
    "    return const_cast<T &>(static_cast<const CArray &>(*this)[idx]);\n"
    "  }\n"
    "  // the i-th element in C order\n"
    "  __device__ const T &operator[](long long i) const {\n"
    "    long long off = 0;\n"
    "    for (int d = N - 1; d > 0; d--) {\n"
    "      off += i % shape_[d] * strides_[d];\n"
    "      i /= shape_[d];\n"
    "    }\n"
    "    return *(const T *)((const char *)data_ + off + i * strides_[0]);\n"
    "  }\n"
    "  __device__ T &operator[](long long i) {\n"
    "    return const_cast<T &>(static_cast<const CArray &>(*this)[i]);\n"
    "  }\n"
    "};\n"
    "template <typename T> struct CArray<T, 0> {\n"
    "  T *data_;\n"
    "  long long size_;\n"
    "  __device__ long long size() const { return size_; }\n"
    "  template <typename I> __device__ const T &operator[](const I &) const { return *data_; }\n"
    "  template <typename I> __device__ T &operator[](const I &) { return *data_; }\n"
    "};\n"
    "template <int N> struct CIndexer {\n"
    "  typedef long long index_t[N];\n"
    "  long long size_;\n"
    "  long long shape_[N];\n"
    "  index_t index_;\n"
    "  __device__ explicit CIndexer(const long long *shape) : size_(1) {\n"
    "    for (int d = 0; d < N; d++) {\n"
    "      size_ *= shape[d];\n"
    "      shape_[d] = shape[d];\n"
    "      index_[d] = 0;\n"
    "    }\n"
    "  }\n"
    "  __device__ long long size() const { return size_; }\n"
    "  __device__ const index_t &get() const { return index_; }\n"
    "  __device__ void set(long long i) {\n"
    "    if (N == 1)\n"
    "      index_[0] = i;\n"
    "    else if (size_ > 1LL << 31)                  // 64-bit division is slow on GPUs\n"
    "      set_as<unsigned long long>(i);\n"
    "    else\n"
    "      set_as<unsigned int>(i);\n"
    "  }\n"
    "  template <typename U> __device__ void set_as(U i) {\n"
    "    for (int d = N; --d > 0;) {\n"
    "      U s = (U)shape_[d], t = i / s;\n"
    "      index_[d] = (long long)(i - t * s);\n"
    "      i = t;\n"
    "    }\n"
    "    index_[0] = (long long)i;\n"
    "  }\n"
    "};\n"
    "template <> struct CIndexer<0> {\n"
    "  long long size_;\n"
    "  __device__ CIndexer() : size_(1) {}\n"
    "  __device__ long long size() const { return size_; }\n"
    "  __device__ int get() const { return 0; }\n"
    "  __device__ void set(long long) {}\n"
    "};\n";

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

const FormEnvRow form_env[] = {
    {"", "(the host's M_E, M_SQRT2, ... undefined)", host_undefs, ENV_HOST, NULL},
    {"cupy/math_constants.h", "CUDART_INF_F CUDART_NAN_F CUDART_INF CUDART_NAN", math_constants,
     ENV_EVERY, NULL},
    {"cupy/carray.cuh", "cupy::type_traits M_PI CUPY_FOR CArray CIndexer _floor_divide", carray,
     ENV_EVERY, ops_floordiv_cupy},
    {"cupy/atomics.cuh", "atomicAdd(long long *) atomicMax(float *, double *) "
                         "atomicMin(float *, double *)", atomics, ENV_EVERY, NULL},
    {"cupy/float16.cuh", "half float16 __half2float __float2half __float2half_rn __double2half "
                         "atomicAdd(__half *)", float16_text, ENV_FLOAT16, NULL},
    {"cupy/complex.cuh", "complex<T> and its functions (form_emit.c)", NULL, ENV_COMPLEX, NULL},
};
const int form_env_count = (int)(sizeof form_env / sizeof *form_env);

void form_env_put(Buf *out, Target t, bool float16) {
  for (int i = 0; i < form_env_count; i++) {
    const FormEnvRow *r = &form_env[i];
    bool on = r->when == ENV_EVERY || (r->when == ENV_HOST && t == TARGET_C) ||
              (r->when == ENV_FLOAT16 && float16);
    if (on && r->text)
      buf_puts(out, r->text);
    if (on && r->put)
      r->put(out);
  }
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
