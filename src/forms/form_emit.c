/*
 * form_emit.c: CUDA C++ for the ElementwiseKernel form (forms.h), self-contained: a
 * prelude printed once gives the user's snippets what CuPy's headers give them (the
 * table of form_env.c, and complex<T> below) — CArray<T, N> with pykc's array ABI
 * layout ({T *data; long long size; long long shape[N]; long long strides[N]}, byte
 * strides: the struct the DSL's kernels take, so
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
#include "cxx/cxxscan.h"

#include <stdlib.h>
#include <string.h>

/* CuPy's complex<T> (thrust's, cupy/complex/): {re, im} like pykc's complex structs; the
   operators are arithmetic.h's templates (complex op complex, complex op T, T op complex
   with one T, so `z * 2.0` of a complex<float> does not compile, as in CuPy; division
   scaled by |re| + |im|; ordering by real parts, then imaginary ones), abs (hypot), arg,
   norm (unscaled), conj, real, imag, polar, proj (cproj.h), pow (cpow.h: exp(log(z) *
   w), no special case for w == 0). Division of two complex values, isnan, isinf,
   isfinite, min, max and the transcendental functions are written after it (complex_ops,
   complex_fns): each wraps the DSL's helper (emit_complex.c), the one text of CuPy's
   formulas.
   The same text with the same wrappers, closed, is <cupy/complex.cuh> for RawKernel/
   RawModule code (form_complex_class; emit_complex_header writes the helpers before it). */
#define CX_BEGIN \
    "// CuPy's thrust::complex<T> for the snippets: pykc's complex layout {re, im}\n" \
    "namespace thrust {\n" \
    "template <typename T> struct complex {\n" \
    "  T re_, im_;\n" \
    "  __device__ complex(T re = T(), T im = T()) : re_(re), im_(im) {}\n" \
    "  template <typename U> __device__ complex(const complex<U> &z)\n" \
    "      : re_(T(z.real())), im_(T(z.imag())) {}\n" \
    "  __device__ T real() const { return re_; }\n" \
    "  __device__ T imag() const { return im_; }\n" \
    "  __device__ void real(T v) { re_ = v; }\n" \
    "  __device__ void imag(T v) { im_ = v; }\n" \
    "  __device__ complex &operator+=(const complex &z) { return *this = *this + z; }\n" \
    "  __device__ complex &operator-=(const complex &z) { return *this = *this - z; }\n" \
    "  __device__ complex &operator*=(const complex &z) { return *this = *this * z; }\n" \
    "  __device__ complex &operator/=(const complex &z) { return *this = *this / z; }\n" \
    "};\n" \
    "#define PYKC_CX template <typename T> __device__ inline\n" \
    "PYKC_CX complex<T> operator+(const complex<T> &a, const complex<T> &b) {\n" \
    "  return complex<T>(a.real() + b.real(), a.imag() + b.imag());\n" \
    "}\n" \
    "PYKC_CX complex<T> operator+(const complex<T> &a, const T &b) { return complex<T>(a.real() + b, a.imag()); }\n" \
    "PYKC_CX complex<T> operator+(const T &a, const complex<T> &b) { return complex<T>(b.real() + a, b.imag()); }\n" \
    "PYKC_CX complex<T> operator-(const complex<T> &a, const complex<T> &b) {\n" \
    "  return complex<T>(a.real() - b.real(), a.imag() - b.imag());\n" \
    "}\n" \
    "PYKC_CX complex<T> operator-(const complex<T> &a, const T &b) { return complex<T>(a.real() - b, a.imag()); }\n" \
    "PYKC_CX complex<T> operator-(const T &a, const complex<T> &b) { return complex<T>(a - b.real(), -b.imag()); }\n" \
    "PYKC_CX complex<T> operator*(const complex<T> &a, const complex<T> &b) {\n" \
    "  return complex<T>(a.real() * b.real() - a.imag() * b.imag(), a.real() * b.imag() + a.imag() * b.real());\n" \
    "}\n" \
    "PYKC_CX complex<T> operator*(const complex<T> &a, const T &b) { return complex<T>(a.real() * b, a.imag() * b); }\n" \
    "PYKC_CX complex<T> operator*(const T &a, const complex<T> &b) { return complex<T>(b.real() * a, b.imag() * a); }\n"
/* thrust's division (the closed header's; a unit's forms wrap the DSL's helper) */
#define CX_MID \
    "PYKC_CX complex<T> operator/(const complex<T> &a, const T &b) { return complex<T>(a.real() / b, a.imag() / b); }\n" \
    "PYKC_CX complex<T> operator/(const T &a, const complex<T> &b) { return complex<T>(a) / b; }\n" \
    "PYKC_CX complex<T> operator+(const complex<T> &a) { return a; }\n" \
    "PYKC_CX complex<T> operator-(const complex<T> &a) { return a * -T(1); }\n" \
    "PYKC_CX bool operator==(const complex<T> &a, const complex<T> &b) {\n" \
    "  return a.real() == b.real() && a.imag() == b.imag();\n" \
    "}\n" \
    "PYKC_CX bool operator==(const T &a, const complex<T> &b) { return a == b.real() && b.imag() == 0; }\n" \
    "PYKC_CX bool operator==(const complex<T> &a, const T &b) { return a.real() == b && a.imag() == 0; }\n" \
    "PYKC_CX bool operator!=(const complex<T> &a, const complex<T> &b) { return !(a == b); }\n" \
    "PYKC_CX bool operator!=(const T &a, const complex<T> &b) { return !(a == b); }\n" \
    "PYKC_CX bool operator!=(const complex<T> &a, const T &b) { return !(a == b); }\n" \
    "PYKC_CX bool operator<(const complex<T> &a, const complex<T> &b) {\n" \
    "  return a == b ? false : a.real() < b.real() ? true : a.real() == b.real() ? a.imag() < b.imag() : false;\n" \
    "}\n" \
    "PYKC_CX bool operator>(const complex<T> &a, const complex<T> &b) {\n" \
    "  return a == b ? false : a.real() > b.real() ? true : a.real() == b.real() ? a.imag() > b.imag() : false;\n" \
    "}\n" \
    "PYKC_CX bool operator<=(const complex<T> &a, const complex<T> &b) { return a == b || a < b; }\n" \
    "PYKC_CX bool operator>=(const complex<T> &a, const complex<T> &b) { return a == b || a > b; }\n" \
    "PYKC_CX bool operator<(const T &a, const complex<T> &b) { return complex<T>(a) < b; }\n" \
    "PYKC_CX bool operator>(const T &a, const complex<T> &b) { return complex<T>(a) > b; }\n" \
    "PYKC_CX bool operator<(const complex<T> &a, const T &b) { return a < complex<T>(b); }\n" \
    "PYKC_CX bool operator>(const complex<T> &a, const T &b) { return a > complex<T>(b); }\n" \
    "PYKC_CX bool operator<=(const T &a, const complex<T> &b) { return complex<T>(a) <= b; }\n" \
    "PYKC_CX bool operator>=(const T &a, const complex<T> &b) { return complex<T>(a) >= b; }\n" \
    "PYKC_CX bool operator<=(const complex<T> &a, const T &b) { return a <= complex<T>(b); }\n" \
    "PYKC_CX bool operator>=(const complex<T> &a, const T &b) { return a >= complex<T>(b); }\n" \
    "__device__ inline float abs(const complex<float> &z) { return hypotf(z.real(), z.imag()); }\n" \
    "__device__ inline double abs(const complex<double> &z) { return hypot(z.real(), z.imag()); }\n" \
    "PYKC_CX T arg(const complex<T> &z) { return atan2(z.imag(), z.real()); }\n" \
    "PYKC_CX T norm(const complex<T> &z) { return z.real() * z.real() + z.imag() * z.imag(); }\n" \
    "PYKC_CX complex<T> conj(const complex<T> &z) { return complex<T>(z.real(), -z.imag()); }\n" \
    "PYKC_CX T real(const complex<T> &z) { return z.real(); }\n" \
    "PYKC_CX T imag(const complex<T> &z) { return z.imag(); }\n" \
    "PYKC_CX complex<T> polar(const T &m, const T &theta = 0) {\n" \
    "  return complex<T>(m * ::cos(theta), m * ::sin(theta));\n" \
    "}\n"
#define CX_END \
    "__device__ inline complex<float> proj(const complex<float> &z) {\n" \
    "  if (!::isinf(z.real()) && !::isinf(z.imag())) return z;\n" \
    "  return complex<float>(__int_as_float(0x7f800000), copysignf(0.0f, z.imag()));\n" \
    "}\n" \
    "__device__ inline complex<double> proj(const complex<double> &z) {\n" \
    "  if (!::isinf(z.real()) && !::isinf(z.imag())) return z;\n" \
    "  return complex<double>(__longlong_as_double(0x7ff0000000000000LL), copysign(0.0, z.imag()));\n" \
    "}\n"
static const char complex_begin[] = CX_BEGIN, complex_rest[] = CX_MID CX_END;
#define COMPLEX_CLOSE "#undef PYKC_CX\n}  // namespace thrust\nusing thrust::complex;\n"

/* complex<T>'s operators and tests that are CuPy's formulas: in a unit's forms each is
   thrust's template forwarding to FN, an overload per width that calls the DSL's helper
   (emit_complex.c, one text on both targets: the CPU backend's float32 flush included),
   as the transcendental functions do. min/max keep complex.cuh's NaN rule (a NaN
   operand gives the other) before cupy.minimum/maximum's ordering. */
static const struct {
  HelperKind h;
  const char *fn;                                  /* the overloads' name */
  int nargs;
  bool truth;                                      /* returns bool */
  bool nan_other;                                  /* a NaN operand gives the other one */
  const char *fwd;                                 /* the template */
} complex_ops[] = {
  {HK_CISNAN, "pykc_cx_isnan", 1, true, false,
   "PYKC_CX bool isnan(const complex<T> &x) { return pykc_cx_isnan(x); }\n"},
  {HK_CISINF, "pykc_cx_isinf", 1, true, false,
   "PYKC_CX bool isinf(const complex<T> &x) { return pykc_cx_isinf(x); }\n"},
  {HK_CISFINITE, "pykc_cx_isfinite", 1, true, false,
   "PYKC_CX bool isfinite(const complex<T> &x) { return pykc_cx_isfinite(x); }\n"},
  {HK_CDIV, "pykc_cx_div", 2, false, false,
   "PYKC_CX complex<T> operator/(const complex<T> &a, const complex<T> &b) { "
   "return pykc_cx_div(a, b); }\n"},
  {HK_CMIN, "pykc_cx_min", 2, false, true,
   "PYKC_CX complex<T> min(const complex<T> &x, const complex<T> &y) { return pykc_cx_min(x, y); }\n"},
  {HK_CMAX, "pykc_cx_max", 2, false, true,
   "PYKC_CX complex<T> max(const complex<T> &x, const complex<T> &y) { return pykc_cx_max(x, y); }\n"},
};

/* cpow.h, written when a snippet calls pow (exp and log of complex are then there). */
static const char complex_pow[] =
    "PYKC_CX complex<T> pow(const complex<T> &z, const complex<T> &w) { return exp(log(z) * w); }\n"
    "PYKC_CX complex<T> pow(const complex<T> &z, const T &y) { return exp(log(z) * y); }\n"
    "PYKC_CX complex<T> pow(const T &x, const complex<T> &w) { return exp(T(::log(x)) * w); }\n";

/* Does specialisation S have a parameter of kind K? */
static bool spec_uses(const Spec *s, bool (*is)(TypeKind)) {
  for (int i = 0; i < s->nparams; i++) {
    const Type *t = s->ptypes[i]->kind == TY_ARRAY ? s->ptypes[i]->elem : s->ptypes[i];
    if (t->kind < TY_NSCALAR && is(t->kind))
      return true;
    for (int k = 0; t->kind == TY_RECORD && k < TY_NSCALAR; k++)   /* a void dtype's fields */
      if ((t->rec->scalars >> k & 1) && is((TypeKind)k))
        return true;
  }
  return false;
}

/* The identifiers of S's snippets that name thrust's functions of complex values: each
   function's builtins row (the C spelling is thrust's name) sets fns[row's chelper] to
   its name; pow sets exp and log (cpow.h's formula). Returns whether S has complex
   values at all: a complex parameter, or a snippet that names complex or thrust (CuPy's
   headers give every kernel complex<T>). */
static bool complex_fns_of(const Spec *s, const char *fns[HK_COUNT], bool *pow) {
  if (!s->finfo || (s->finfo->form->kind != FORM_ELEMENTWISE &&
                    s->finfo->form->kind != FORM_REDUCTION))
    return false;
  bool cplx = spec_uses(s, type_is_complex), calls_pow = false;
  const char *mine[HK_COUNT] = {0};
  const Form *f = s->finfo->form;
  const FormStr *snips[] = {&f->operation, &f->preamble, &f->loop_prep, &f->after_loop,
                            &f->map_expr, &f->reduce_expr, &f->post_map_expr};
  for (size_t k = 0; k < sizeof snips / sizeof *snips; k++) {
    const char *p = snips[k]->s, *end = p ? p + snips[k]->len : p;
    while (p && p < end) {
      if (!(*p == '_' || ((*p | 32) >= 'a' && (*p | 32) <= 'z'))) {
        p++;
        continue;
      }
      const char *id = p;
      while (p < end && (*p == '_' || ((*p | 32) >= 'a' && (*p | 32) <= 'z') ||
                         (*p >= '0' && *p <= '9')))
        p++;
      size_t len = (size_t)(p - id);
      const Builtin *b = builtin_complex_fn(id, len);
      if (b)
        mine[b->chelper] = b->spell;
      else if (len == 3 && !strncmp(id, "pow", 3))
        calls_pow = true;
      else if ((len == 7 && !strncmp(id, "complex", 7)) || (len == 6 && !strncmp(id, "thrust", 6)))
        cplx = true;
    }
  }
  if (!cplx)
    return false;
  form_complex_op_helpers(mine);
  if (calls_pow) {
    for (const char *const *n = (const char *const[]){"exp", "log", NULL}; *n; n++)
      mine[builtin_complex_fn(*n, 3)->chelper] = *n;
    *pow = true;
  }
  for (int h = 0; h < HK_COUNT; h++)
    if (mine[h])
      fns[h] = mine[h];
  return true;
}

bool emit_form_complex_fns(const Program *p, const char *fns[HK_COUNT], bool *pow) {
  bool any = false;
  for (int i = 0; i < p->nemit; i++)
    any |= complex_fns_of(p->emit_order[i], fns, pow);
  return any;
}

/* The parts of complex<P> Z into pykc's complex struct W. */
static void put_unwrap(Buf *out, const char *w, const char *z) {
  buf_printf(out, "  %s.re = %s.real();\n  %s.im = %s.imag();\n", w, z, w, z);
}

/* NAME (nargs complex<P> operands) for dtype K: the DSL's helper H of that width, after
   complex.cuh's NaN rule when nan_other. */
static void put_complex_op(Buf *out, const char *name, HelperKind h, int nargs, bool truth,
                           bool nan_other, TypeKind k) {
  const char *cx = form_ctype(k), *dt = dtype_info[k].name, *pc = dtype_info[k].ctype;
  if (nargs == 2)
    buf_printf(out, "__device__ inline %s %s(const %s &a, const %s &b) {\n", truth ? "bool" : cx,
               name, cx, cx);
  else
    buf_printf(out, "__device__ inline %s %s(const %s &a) {\n", truth ? "bool" : cx, name, cx);
  if (nan_other)
    buf_puts(out, "  if (pykc_cx_isnan(a)) return b;\n  if (pykc_cx_isnan(b)) return a;\n");
  buf_printf(out, nargs == 2 ? "  %s x, y;\n" : "  %s x;\n", pc);
  put_unwrap(out, "x", "a");
  if (nargs == 2)
    put_unwrap(out, "y", "b");
  if (truth)
    buf_printf(out, "  return py_%s_%s(x%s);\n}\n", helper_names[h], dt, nargs == 2 ? ", y" : "");
  else
    buf_printf(out, "  x = py_%s_%s(x%s);\n  return %s(x.re, x.im);\n}\n", helper_names[h], dt,
               nargs == 2 ? ", y" : "", cx);
}

/* complex_ops: the overloads, then the templates. */
static void put_complex_ops(Buf *out) {
  size_t n = sizeof complex_ops / sizeof *complex_ops;
  for (size_t i = 0; i < n; i++)
    for (int k = TY_COMPLEX64; k <= TY_COMPLEX128; k++)
      put_complex_op(out, complex_ops[i].fn, complex_ops[i].h, complex_ops[i].nargs,
                     complex_ops[i].truth, complex_ops[i].nan_other, k);
  for (size_t i = 0; i < n; i++)
    buf_puts(out, complex_ops[i].fwd);
}

/* thrust's NAME(complex<P>) for each function used (complex_ops aside): the DSL's helper
   of that width. */
static void put_complex_fns(Buf *out, const char *const fns[HK_COUNT], bool pow) {
  for (int h = 0; h < HK_COUNT; h++) {
    bool op = false;
    for (size_t i = 0; i < sizeof complex_ops / sizeof *complex_ops; i++)
      op |= complex_ops[i].h == (HelperKind)h;
    for (int k = TY_COMPLEX64; fns[h] && !op && k <= TY_COMPLEX128; k++)
      put_complex_op(out, fns[h], h, 1, false, false, k);
  }
  if (pow)
    buf_puts(out, complex_pow);
}

void form_complex_op_helpers(const char *fns[HK_COUNT]) {
  for (size_t i = 0; i < sizeof complex_ops / sizeof *complex_ops; i++)
    fns[complex_ops[i].h] = complex_ops[i].fn;
}

void form_complex_class(Buf *out, const char *const fns[HK_COUNT], bool pow) {
  buf_puts(out, complex_begin);
  put_complex_ops(out);
  buf_puts(out, complex_rest);
  put_complex_fns(out, fns, pow);
  buf_puts(out, COMPLEX_CLOSE);
}

void emit_form_prelude(Ctx *c, Buf *out, const Program *p, Target t, bool float16) {
  (void)c;
  bool any = false, cplx = false, pow = false, structview = false, uvoid = false;
  const char *fns[HK_COUNT] = {0};
  for (int i = 0; i < p->nemit; i++) {
    const Spec *s = p->emit_order[i];
    if (s->finfo && (s->finfo->form->kind == FORM_ELEMENTWISE ||
                     s->finfo->form->kind == FORM_REDUCTION)) {
      any = true;
      cplx |= complex_fns_of(s, fns, &pow);
      for (int j = 0; j < s->nparams; j++) {      /* void dtypes: CuPy's type_decls */
        const Type *et = s->ptypes[j]->kind == TY_ARRAY ? s->ptypes[j]->elem : s->ptypes[j];
        structview |= et->kind == TY_RECORD && et->rec->structview;
        uvoid |= et->kind == TY_RECORD && et->rec->uvoid;
      }
    }
  }
  if (!any)
    return;
  buf_putc(out, '\n');
  form_env_put(out, t, float16);
  if (cplx)
    form_complex_class(out, fns, pow);
  if (structview)                                  /* CuPy's own headers (runtime/cupy/) */
    buf_puts(out, "#include \"cupy/structview.cuh\"\n");
  if (uvoid)
    buf_puts(out, "#include \"cupy/unstructured_void.cuh\"\n");
}

void emit_form_macros(Buf *out, const Form *f, bool open) {
  for (int i = 0; i < f->noptions; i++) {
    bool def;
    const char *text;
    int k = cxx_macro_option(f->options, f->noptions, i, &def, &text);
    if (!k)
      continue;
    i += k - 1;
    const char *value;
    size_t name;
    size_t head = cxx_macro_split(text, &value, &name);
    if (open && def)
      buf_printf(out, "#define %.*s %s\n", (int)head, text, value);
    else if (open || def)
      buf_printf(out, "#undef %.*s\n", (int)name, text);
  }
}

/* A snippet of the user's code at the user's columns, trailing blank space dropped; semi:
   ended by ';' as CuPy's template ends it (`${operation};`) unless it ends in ';' or '}'
   already. A #line directive before it names its line in the .py file (the generated
   lines after it count on from there), and its first line starts at the literal's column
   (s->tcol; later lines at column 1), so that a compiler's line:column is the user's; text
   whose columns are unknown (escapes, concatenation) starts at column 1. Text of no line
   (pykc's own: a fuse kernel's operation) is indented by INDENT. */
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
      buf_printf(out, "%s;\n", s->line ? "" : indent);
    return;
  }
  for (bool first = true; p < end; first = false) {
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    const char *e = nl ? nl : end;
    if (e > p && !s->line)
      buf_printf(out, "%s%.*s", indent, (int)(e - p), p);
    else if (e > p)
      buf_printf(out, "%*s%.*s", first && s->tcol > 1 ? (int)s->tcol - 1 : 0, "",
                 (int)(e - p), p);
    if (!nl && semi && e[-1] != ';' && e[-1] != '}')
      buf_putc(out, ';');
    buf_putc(out, '\n');
    p = nl ? nl + 1 : end;
  }
}

const char *form_ctype(int k) {
  return k == TY_COMPLEX64    ? "complex<float>"
         : k == TY_COMPLEX128 ? "complex<double>"
                              : dtype_info[k].ctype;
}

const char *form_ctype_of(const Type *t) {
  return t->kind == TY_RECORD ? t->rec->ctype : form_ctype(t->kind);
}

/* Does the loop need _ind's index (a non-raw array indexed by strides, or a snippet that
   reads _ind)? With C-contiguous views only, element i of each is its data_[i]. */
static bool needs_index(const Form *f, const Spec *s) {
  for (int i = 0; i < f->nin + f->nout; i++)
    if (s->ptypes[i]->kind == TY_ARRAY && !f->params[i].raw && !s->ptypes[i]->contig)
      return true;
  const FormStr *texts[] = {&f->operation, &f->preamble, &f->loop_prep, &f->after_loop};
  for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++)
    if (texts[i]->s && strstr(texts[i]->s, "_ind"))
      return true;
  return false;
}

/* Does the operation return (the word `return` outside comments and literals)? CuPy
   launches one thread per element (linear_launch: grid = ceil(size / block)), so there a
   `return` ends one element; pykc's grid-stride loop gives a thread many, so such an
   operation runs in a lambda, where `return` ends its element and the loop goes on. */
static bool op_returns(Ctx *c, const FormStr *op) {
  if (!op->len)
    return false;
  char *blank = cxx_blank(arena_strndup(&c->arena, op->s, op->len));
  bool found = false;
  for (size_t i = 0; blank && blank[i] && !found; i++)
    found = cxx_word_at(blank, i, "return");
  free(blank);
  return found;
}

/* ---- the map twin (docs/design.md §5.3): the loop's trips four at a time, loads first */

/* Words that tell a thread apart or make threads meet: an operation with one depends on
   the launch's shape, which the twin changes. */
static const char *const grid_words[] = {
  "threadIdx", "blockIdx", "blockDim", "gridDim", "__syncthreads", "__syncwarp",
  "__shared__", "__shfl_sync", "__shfl_up_sync", "__shfl_down_sync", "__shfl_xor_sync",
  "__ballot_sync", "__all_sync", "__any_sync", "__activemask", "warpSize", "atomicAdd",
  "atomicSub", "atomicExch", "atomicMin", "atomicMax", "atomicInc", "atomicDec", "atomicCAS",
  "atomicAnd", "atomicOr", "atomicXor", "__threadfence", "clock", "clock64", "asm",
};

/* Does the operation only assign once, last (`z = EXPR`: one statement, one top-level
   `=`, no `,` `++` `--` `op=` at the top)? Then it reads every input before it writes an
   output, so an input that is an output's own view (in-place) reads its old element in
   the twin too. */
static bool op_assigns_last(const char *blank) {
  int depth = 0, assigns = 0;
  size_t n = strlen(blank);
  while (n && (blank[n - 1] == ' ' || blank[n - 1] == '\n' || blank[n - 1] == '\t' ||
               blank[n - 1] == '\r' || blank[n - 1] == ';'))
    n--;
  for (size_t i = 0; i < n; i++) {
    char ch = blank[i], nx = i + 1 < n ? blank[i + 1] : 0, pv = i ? blank[i - 1] : 0;
    if (ch == '(' || ch == '[' || ch == '{')
      depth++;
    else if (ch == ')' || ch == ']' || ch == '}')
      depth--;
    if (ch == ';' || ch == '{' || ((ch == '+' || ch == '-') && nx == ch))
      return false;
    if (depth == 0 && ch == ',')
      return false;
    if (depth == 0 && ch == '=' && nx != '=' && !strchr("=!<>", pv ? pv : ' '))
      assigns++;
    if (ch == '=' && pv && strchr("+-*/%&|^", pv))
      return false;
  }
  return assigns == 1;
}

/* A non-raw input the operation cannot write: the twin loads it first. */
static bool hoisted(const FormParam *p, const Type *ty) {
  return ty->kind == TY_ARRAY && !p->raw && !p->is_out && p->is_const;
}

int form_map_trips(Ctx *c, const Spec *s, uint8_t *access) {
  const FormSpecInfo *fi = s->finfo;
  const Form *f = fi ? fi->form : NULL;
  if (!f || c->opt.no_map_twins || f->kind != FORM_ELEMENTWISE || fi->sized || fi->ndim < 1 ||
      f->loop_prep.len || f->after_loop.len || !f->operation.len ||
      op_returns(c, &f->operation))
    return 0;
  char *blank = cxx_blank(arena_strndup(&c->arena, f->operation.s, f->operation.len));
  if (!blank)
    return 0;
  bool shaped = false;
  for (size_t i = 0; blank[i] && !shaped; i++)
    for (size_t w = 0; w < sizeof grid_words / sizeof *grid_words && !shaped; w++)
      shaped = cxx_word_at(blank, i, grid_words[w]);
  bool last = op_assigns_last(blank);
  free(blank);
  if (shaped)
    return 0;
  int words = 0;
  for (int i = 0; i < f->nin + f->nout; i++) {
    const FormParam *p = &f->params[i];
    const Type *ty = s->ptypes[i];
    uint8_t a = 0;
    if (ty->kind == TY_ARRAY && ty->elem->kind == TY_RECORD)
      return 0;                                    /* void dtypes: CuPy's loop, as written */
    if (ty->kind == TY_ARRAY) {
      a = p->raw ? MAP_READ | MAP_ELSEWHERE | (p->is_const ? 0 : MAP_WRITE)
          : p->is_out || !p->is_const ? MAP_READ | MAP_WRITE     /* bound to its element */
          : MAP_READ | (last ? 0 : MAP_ELSEWHERE);               /* loaded first */
      if (hoisted(p, ty))
        words += ((int)dtype_info[ty->elem->kind].size + 3) / 4;
    }
    if (access)
      access[i] = a;
  }
  int k = 4;                                       /* batch.c's rule: <= 8 words a thread */
  while (k > 2 && k * words > 8)
    k /= 2;
  return words > 0 && k * words <= 8 ? k : 0;
}

/* The element of non-raw array P at the loop's index I (a C expression), _ind set to it
   when the view is strided. */
static void put_element(Buf *out, const FormParam *p, const Type *ty, const char *i) {
  if (ty->contig)
    buf_printf(out, "_raw_%s.data_[%s]", p->name, i);
  else
    buf_printf(out, "_raw_%s[_ind.get()]", p->name);
}

/* One trip of the loop: _ind at i, each non-raw array's element bound to its name (an
   input of the twin to its loaded value VALS[k]), the operation. */
static void put_trip(Ctx *c, Buf *out, const Spec *s, const char *ind, int k) {
  const Form *f = s->finfo->form;
  if (needs_index(f, s))
    buf_printf(out, "%s_ind.set(i);\n", ind);
  for (int i = 0; i < f->nin + f->nout; i++) {
    const FormParam *p = &f->params[i];
    const Type *ty = s->ptypes[i];
    if (ty->kind != TY_ARRAY || p->raw)
      continue;
    buf_printf(out, "%s%s%s &%s = ", ind, p->is_const ? "const " : "", form_ctype_of(ty->elem),
               p->name);
    if (k >= 0 && hoisted(p, ty))
      buf_printf(out, "_pykc_%s%d;\n", p->name, k);
    else {
      put_element(out, p, ty, "i");
      buf_puts(out, ";\n");
    }
  }
  if (op_returns(c, &f->operation)) {
    buf_printf(out, "%s[&]() {\n", ind);
    put_snippet(c, out, &f->operation, arena_printf(&c->arena, "%s  ", ind), true);
    buf_printf(out, "%s}();\n", ind);
  } else {
    put_snippet(c, out, &f->operation, ind, true);
  }
}

/* The C type of an array parameter: CuPy's `CArray<T, N, c_contiguous, use_32bit_indexing>`
   (_kernel.pyx's _ArgInfo.get_c_type; a 0-d array is C-contiguous). Arrays take 32-bit
   indexing, CuPy's flag for every array under 2 GiB: pykc's CArray computes offsets in
   ptrdiff_t whatever the flag, so larger arrays index right too. */
void form_carray_type(Buf *out, const char *ctype, int ndim, bool contig) {
  buf_printf(out, "CArray<%s, %d, %d, 1>", ctype, ndim, contig || ndim == 0);
}

static void put_params(Buf *out, const Spec *s, const char *name) {
  const FormSpecInfo *fi = s->finfo;
  const Form *f = fi->form;
  int np = f->nin + f->nout;
  buf_printf(out, "\nextern \"C\" __global__ void %s(", name);
  for (int i = 0; i < np; i++) {
    const FormParam *p = &f->params[i];
    const Type *ty = s->ptypes[i];
    const char *cst = p->is_const ? "const " : "";
    if (ty->kind == TY_ARRAY) {
      buf_printf(out, "%s%s", i ? ", " : "", cst);
      form_carray_type(out, form_ctype_of(ty->elem), ty->ndim, ty->contig);
      buf_printf(out, " %s%s", p->raw ? "" : "_raw_", p->name);
    }
    else
      buf_printf(out, "%s%s%s %s", i ? ", " : "", cst, form_ctype(ty->kind), p->name);
  }
  if (fi->sized)                                   /* no non-raw array: size= */
    buf_printf(out, "%slong long _loop_size", np ? ", " : "");
  buf_puts(out, ") {\n");
  int loop = 0;                                    /* the first non-raw array */
  while (loop < np && (s->ptypes[loop]->kind != TY_ARRAY || f->params[loop].raw))
    loop++;
  if (fi->sized)
    buf_puts(out, "  CIndexer<1> _ind(&_loop_size);\n");
  else if (fi->ndim > 0)
    buf_printf(out, "  CIndexer<%d> _ind(_raw_%s.shape_);\n", fi->ndim, f->params[loop].name);
  else
    buf_puts(out, "  CIndexer<0> _ind;\n");
}

/* NAME__map: the loop K trips at a time, every non-raw input's K elements loaded first,
   then the K trips on them, then the last trips one by one. */
static void emit_map_twin(Ctx *c, Buf *out, const Spec *s, int k) {
  const Form *f = s->finfo->form;
  put_params(out, s, arena_printf(&c->arena, "%s__map", s->cname));
  buf_printf(out, "  const long long _pykc_step = (long long)blockDim.x * gridDim.x;\n"
                  "  long long _pykc_i = (long long)blockIdx.x * blockDim.x + threadIdx.x;\n"
                  "  #pragma unroll 1\n"
                  "  for (; _pykc_i < _ind.size() - %d * _pykc_step; _pykc_i += %d * _pykc_step) {\n",
             k - 1, k);
  bool strided = false;
  for (int i = 0; i < f->nin; i++)
    strided |= hoisted(&f->params[i], s->ptypes[i]) && !s->ptypes[i]->contig;
  for (int t = 0; t < k; t++) {
    const char *at = t == 0 ? "_pykc_i" : t == 1 ? "_pykc_i + _pykc_step"
                            : arena_printf(&c->arena, "_pykc_i + %d * _pykc_step", t);
    if (strided)
      buf_printf(out, "    _ind.set(%s);\n", at);
    for (int i = 0; i < f->nin; i++) {
      const FormParam *p = &f->params[i];
      if (!hoisted(p, s->ptypes[i]))
        continue;
      buf_printf(out, "    const %s _pykc_%s%d = ", form_ctype_of(s->ptypes[i]->elem),
                 p->name, t);
      put_element(out, p, s->ptypes[i], at);
      buf_puts(out, ";\n");
    }
  }
  for (int t = 0; t < k; t++) {
    buf_printf(out, "    {\n      long long i = _pykc_i%s", t ? " + " : ";\n");
    if (t)
      buf_printf(out, "%s_pykc_step;\n", t == 1 ? "" : arena_printf(&c->arena, "%d * ", t));
    put_trip(c, out, s, "      ", t);
    buf_puts(out, "    }\n");
  }
  buf_puts(out, "  }\n"
                "  #pragma unroll 1\n"
                "  for (long long i = _pykc_i; i < _ind.size(); i += _pykc_step) {\n");
  put_trip(c, out, s, "    ", -1);
  buf_puts(out, "  }\n}\n");
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
    buf_printf(out, "typedef %s %s;\n", form_ctype_of(fi->ph_types[k]), f->phs[k]);
  if (f->preamble.len) {
    buf_putc(out, '\n');
    put_snippet(c, out, &f->preamble, "", false);
  }
  put_params(out, s, s->cname);
  if (f->loop_prep.len)
    put_snippet(c, out, &f->loop_prep, "  ", true);
  buf_puts(out, "  #pragma unroll 1\n"
                "  for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; "
                "i < _ind.size();\n"
                "       i += (long long)blockDim.x * gridDim.x) {\n");
  put_trip(c, out, s, "    ", -1);
  buf_puts(out, "  }\n");
  if (f->after_loop.len)
    put_snippet(c, out, &f->after_loop, "  ", true);
  buf_puts(out, "}\n");
  int k = form_map_trips(c, s, NULL);
  if (k)
    emit_map_twin(c, out, s, k);
  buf_printf(out, "}  // namespace form_%s\n", s->cname);
}
