/*
 * emit_form.c: CUDA C++ for the ElementwiseKernel form (forms.h), self-contained: a
 * prelude printed once gives the user's snippets what CuPy's headers give them —
 * CArray<T, N> with pykc's array ABI layout ({T *data; long long size; long long
 * shape[N]; long long strides[N]}, byte strides: the struct the DSL's kernels take, so
 * the runtime marshals both alike) with operator[] by index tuple and by flat C-order
 * index (raw parameters), size()/shape()/strides(); CIndexer<N> `_ind` with size(),
 * set(i) and get() (CuPy's 32-bit division when the size allows). Each specialisation
 * is CuPy's kernel template (_get_simple_elementwise_kernel_code) inside a namespace of
 * its own, so that the placeholders' typedefs (`typedef float T;`) and the preamble of
 * one specialisation do not collide with another's; the kernel keeps C linkage and its
 * name. The loop is CuPy's grid-stride CUPY_FOR over the indexer; the index space is the
 * first non-raw array's shape (the runtime broadcasts the non-raw arrays to it and
 * reduces its dimensions as CuPy's _reduce_dims does). The same text serves the CPU
 * backend, whose C++ preamble defines CUDA's names.
 */
#include "forms.h"

#include <string.h>

static const char prelude[] =
    "// CuPy's names for the snippets of ElementwiseKernel forms, over pykc's array ABI\n"
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

/* CuPy's complex<T> (thrust's, cupy/complex/): {re, im} like pykc's complex structs,
   the arithmetic with thrust's formulas (division scaled by |re| + |im|), abs (hypot),
   arg, norm (unscaled), conj, real, imag. */
const char emit_complex_prelude[] =
    "// CuPy's thrust::complex<T> for the snippets: pykc's complex layout {re, im}\n"
    "namespace thrust {\n"
    "template <typename T> struct complex {\n"
    "  T re_, im_;\n"
    "  __device__ complex(T re = T(), T im = T()) : re_(re), im_(im) {}\n"
    "  template <typename U> __device__ complex(const complex<U> &z)\n"
    "      : re_(T(z.real())), im_(T(z.imag())) {}\n"
    "  __device__ T real() const { return re_; }\n"
    "  __device__ T imag() const { return im_; }\n"
    "  __device__ void real(T v) { re_ = v; }\n"
    "  __device__ void imag(T v) { im_ = v; }\n"
    "  __device__ complex &operator+=(const complex &z) { return *this = *this + z; }\n"
    "  __device__ complex &operator-=(const complex &z) { return *this = *this - z; }\n"
    "  __device__ complex &operator*=(const complex &z) { return *this = *this * z; }\n"
    "  __device__ complex &operator/=(const complex &z) { return *this = *this / z; }\n"
    "  friend __device__ complex operator+(const complex &a, const complex &b) {\n"
    "    return complex(a.re_ + b.re_, a.im_ + b.im_);\n"
    "  }\n"
    "  friend __device__ complex operator-(const complex &a, const complex &b) {\n"
    "    return complex(a.re_ - b.re_, a.im_ - b.im_);\n"
    "  }\n"
    "  friend __device__ complex operator*(const complex &a, const complex &b) {\n"
    "    return complex(a.re_ * b.re_ - a.im_ * b.im_, a.re_ * b.im_ + a.im_ * b.re_);\n"
    "  }\n"
    "  friend __device__ complex operator/(const complex &a, const complex &b) {\n"
    "    T s = (b.re_ < 0 ? -b.re_ : b.re_) + (b.im_ < 0 ? -b.im_ : b.im_);\n"
    "    T oos = T(1.0) / s;\n"
    "    T ars = a.re_ * oos, ais = a.im_ * oos, brs = b.re_ * oos, bis = b.im_ * oos;\n"
    "    oos = T(1.0) / (brs * brs + bis * bis);\n"
    "    return complex((ars * brs + ais * bis) * oos, (ais * brs - ars * bis) * oos);\n"
    "  }\n"
    "  friend __device__ complex operator-(const complex &a) { return complex(-a.re_, -a.im_); }\n"
    "  friend __device__ complex operator+(const complex &a) { return a; }\n"
    "  friend __device__ bool operator==(const complex &a, const complex &b) {\n"
    "    return a.re_ == b.re_ && a.im_ == b.im_;\n"
    "  }\n"
    "  friend __device__ bool operator!=(const complex &a, const complex &b) { return !(a == b); }\n"
    "};\n"
    "__device__ inline float abs(const complex<float> &z) { return hypotf(z.real(), z.imag()); }\n"
    "__device__ inline double abs(const complex<double> &z) { return hypot(z.real(), z.imag()); }\n"
    "template <typename T> __device__ T arg(const complex<T> &z) { return atan2(z.imag(), z.real()); }\n"
    "template <typename T> __device__ T norm(const complex<T> &z) {\n"
    "  return z.real() * z.real() + z.imag() * z.imag();\n"
    "}\n"
    "template <typename T> __device__ complex<T> conj(const complex<T> &z) {\n"
    "  return complex<T>(z.real(), -z.imag());\n"
    "}\n"
    "template <typename T> __device__ T real(const complex<T> &z) { return z.real(); }\n"
    "template <typename T> __device__ T imag(const complex<T> &z) { return z.imag(); }\n"
    "}  // namespace thrust\n"
    "using thrust::complex;\n";

/* Does specialisation S have a parameter of kind K? */
static bool spec_uses(const Spec *s, bool (*is)(TypeKind)) {
  for (int i = 0; i < s->nparams; i++) {
    const Type *t = s->ptypes[i]->kind == TY_ARRAY ? s->ptypes[i]->elem : s->ptypes[i];
    if (t->kind < TY_NSCALAR && is(t->kind))
      return true;
  }
  return false;
}

void emit_form_prelude(Ctx *c, Buf *out, const Program *p, Target t) {
  (void)c;
  (void)t;
  bool any = false, cplx = false;
  for (int i = 0; i < p->nemit; i++) {
    const Spec *s = p->emit_order[i];
    if (s->finfo && (s->finfo->form->kind == FORM_ELEMENTWISE ||
                     s->finfo->form->kind == FORM_REDUCTION)) {
      any = true;
      cplx |= spec_uses(s, type_is_complex);
    }
  }
  if (!any)
    return;
  buf_putc(out, '\n');
  buf_puts(out, prelude);
  if (cplx)
    buf_puts(out, emit_complex_prelude);
}

/* A snippet of the user's code, each line indented, trailing blank space dropped; semi:
   ended by ';' as CuPy's template ends it (`${operation};`) unless it ends in ';' or '}'
   already. A #line directive before it names its line in the .py file (the generated
   lines after it count on from there). */
static void put_snippet(Ctx *c, Buf *out, const FormStr *s, const char *indent, bool semi) {
  const char *p = s->s, *end = s->s + s->len;
  if (s->line) {                                   /* compilers' messages name the .py line */
    buf_printf(out, "#line %u \"", s->line);
    buf_put_cstring(out, c->src->name);
    buf_puts(out, "\"\n");
  }
  while (end > p && (end[-1] == '\n' || end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\r'))
    end--;
  if (end == p) {
    if (semi)
      buf_printf(out, "%s;\n", indent);
    return;
  }
  while (p < end) {
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    const char *e = nl ? nl : end;
    if (e > p)
      buf_printf(out, "%s%.*s", indent, (int)(e - p), p);
    if (!nl && semi && e[-1] != ';' && e[-1] != '}')
      buf_putc(out, ';');
    buf_putc(out, '\n');
    p = nl ? nl + 1 : end;
  }
}

/* The C++ type of dtype K in form code: CuPy's (thrust::complex<T> for complex). */
static const char *ctype(int k) {
  return k == TY_COMPLEX64    ? "complex<float>"
         : k == TY_COMPLEX128 ? "complex<double>"
                              : dtype_info[k].ctype;
}

void emit_form_elementwise(Ctx *c, Buf *out, const Spec *s, Target t) {
  (void)t;
  const FormSpecInfo *fi = s->finfo;
  const Form *f = fi->form;
  const char *base = strrchr(c->src->name, '/');
  buf_printf(out, "// ElementwiseKernel '%s' (", f->name);
  buf_put_comment(out, base ? base + 1 : c->src->name);
  buf_printf(out, ":%u)\n", f->loc.line);
  buf_printf(out, "namespace form_%s {\n", s->cname);
  for (int k = 0; k < f->nphs; k++)
    buf_printf(out, "typedef %s %s;\n", ctype(fi->ph_dtypes[k]), f->phs[k]);
  if (f->preamble.len) {
    buf_putc(out, '\n');
    put_snippet(c, out, &f->preamble, "", false);
  }
  buf_printf(out, "\nextern \"C\" __global__ void %s(", s->cname);
  int loop = -1;                                   /* the first non-raw array */
  int np = f->nin + f->nout;
  for (int i = 0; i < np; i++) {
    const FormParam *p = &f->params[i];
    const Type *ty = s->ptypes[i];
    const char *cst = p->is_const ? "const " : "";
    if (ty->kind == TY_ARRAY)
      buf_printf(out, "%s%sCArray<%s, %d> %s%s", i ? ", " : "", cst, ctype(ty->elem->kind),
                 ty->ndim, p->raw ? "" : "_raw_", p->name);
    else
      buf_printf(out, "%s%s%s %s", i ? ", " : "", cst, ctype(ty->kind), p->name);
    if (loop < 0 && ty->kind == TY_ARRAY && !p->raw)
      loop = i;
  }
  if (f->sized)                                    /* every parameter raw: size= */
    buf_printf(out, "%slong long _loop_size", np ? ", " : "");
  buf_puts(out, ") {\n");
  if (f->sized)
    buf_puts(out, "  CIndexer<1> _ind(&_loop_size);\n");
  else if (fi->ndim > 0)
    buf_printf(out, "  CIndexer<%d> _ind(_raw_%s.shape_);\n", fi->ndim, f->params[loop].name);
  else
    buf_puts(out, "  CIndexer<0> _ind;\n");
  if (f->loop_prep.len)
    put_snippet(c, out, &f->loop_prep, "  ", true);
  buf_puts(out, "  #pragma unroll 1\n"
                "  for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; "
                "i < _ind.size();\n"
                "       i += (long long)blockDim.x * gridDim.x) {\n"
                "    _ind.set(i);\n");
  for (int i = 0; i < np; i++) {
    const FormParam *p = &f->params[i];
    if (s->ptypes[i]->kind != TY_ARRAY || p->raw)
      continue;
    buf_printf(out, "    %s%s &%s = _raw_%s[_ind.get()];\n", p->is_const ? "const " : "",
               ctype(s->ptypes[i]->elem->kind), p->name, p->name);
  }
  put_snippet(c, out, &f->operation, "    ", true);
  buf_puts(out, "  }\n");
  if (f->after_loop.len)
    put_snippet(c, out, &f->after_loop, "  ", true);
  buf_printf(out, "}\n}  // namespace form_%s\n", s->cname);
}
