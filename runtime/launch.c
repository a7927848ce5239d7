/*
 * launch.c: kernel signatures, argument validation and marshalling (docs/design.md §4).
 *
 * A kernel's parameters (RtSig) come from its specialisation (arrays of a dtype, ndim and
 * layout; scalars of a dtype) or, for a .cu file, from its extern "C" declaration (arrays
 * as bare pointers). rt_marshal checks the arguments against them (count, kind, dtype,
 * ndim, contiguity, null pointers), converts scalars to the parameter type, and writes
 * each argument as the kernel receives it into a caller-provided block, with no
 * allocation, so a cached kernel's launch costs one pass over its arguments:
 *   array of ndim N: struct { T *data; int64_t size; int64_t shape[N]; int64_t strides[N]; }
 *   .cu array:       T *
 *   scalar:          its C type (bool 1 byte, __half 2 bytes, complex as two reals)
 */
#include "rt.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *dtype_name(int dt) {
  return dt >= 0 && dt < KC_NDTYPES ? dtype_info[dt].name : "?";
}

void rt_type_name(int dtype, int ndim, bool is_array, bool contig, char *buf, size_t n) {
  if (!is_array) {
    snprintf(buf, n, "%s", dtype_name(dtype));
    return;
  }
  if (ndim < 0) {                                 /* .cu pointer */
    snprintf(buf, n, "%s*", dtype_name(dtype));
    return;
  }
  int k = snprintf(buf, n, "%s[", dtype_name(dtype));
  if (ndim == 0)
    k += snprintf(buf + k, n - k, "()");
  for (int d = 0; d < ndim && k < (int)n; d++)
    k += snprintf(buf + k, n - k, "%s%s", d ? ", " : "", contig && d == ndim - 1 ? "::1" : ":");
  if (k < (int)n)
    snprintf(buf + k, n - k, "]");
}

/* ---- layout ---- */

static uint32_t param_size(const RtParam *p, uint32_t *align) {
  if (p->raw && p->is_array)
    return *align = 8, 8;
  if (p->is_array)
    return *align = 8, 16 + 16 * (uint32_t)p->ndim;
  if (p->dtype < 0)                               /* .cu scalar of an unknown C type */
    return *align = 16, 16;
  uint32_t size = dtype_info[p->dtype].size;
  *align = size > 16 ? 16 : size;
  return size;
}

int rt_sig_layout(RtSig *sig, char *err) {
  if (sig->n > RT_MAXPARAMS) {
    snprintf(err, RT_ERRLEN, "kernel has %d parameters (at most %d)", sig->n, RT_MAXPARAMS);
    return RT_EUSAGE;
  }
  uint32_t off = 0;
  for (int i = 0; i < sig->n; i++) {
    const RtParam *p = &sig->params[i];
    if (p->is_array && !p->raw && (p->ndim < 0 || p->ndim > RT_MAXDIM)) {
      snprintf(err, RT_ERRLEN, "parameter '%s': %d dimensions (at most %d)", p->name, p->ndim,
               RT_MAXDIM);
      return RT_EUSAGE;
    }
    uint32_t align, size = param_size(p, &align);
    off = (off + align - 1) / align * align;
    sig->off[i] = off;
    off += size;
  }
  sig->size = (off + 15) / 16 * 16;
  return 0;
}

/* ---- arguments ---- */

bool rt_arg_contig(const pykc_arg *a) {
  if (!a->strides || a->ndim < 0 || a->ndim > RT_MAXDIM)  /* (a bad ndim is refused later) */
    return true;
  int64_t want = (int)a->dtype >= 0 && (int)a->dtype < KC_NDTYPES ? dtype_info[(int)a->dtype].size : 1;
  for (int d = a->ndim - 1; d >= 0; d--) {
    if (a->shape[d] != 1 && a->strides[d] != want)
      return false;
    want *= a->shape[d];
  }
  return true;
}

uint64_t rt_args_typehash(const pykc_arg *args, int nargs) {
  uint64_t h = 1469598103934665603ull;            /* FNV-1a */
  for (int i = 0; i < nargs; i++) {
    const pykc_arg *a = &args[i];
    unsigned v = (unsigned)(int)a->dtype | (unsigned)(a->is_array != 0) << 8 |
                 (unsigned)(a->is_array ? a->ndim & 0xf : 0) << 9 |
                 (unsigned)(a->is_array && rt_arg_contig(a)) << 13;
    for (int b = 0; b < 2; b++)
      h = (h ^ ((v >> 8 * b) & 0xff)) * 1099511628211ull;
  }
  return h ^ (uint64_t)nargs;
}

enum { K_BOOL, K_INT, K_FLOAT, K_COMPLEX };
static int kind_of(int dt) {
  if (dt == PYKC_BOOL)
    return K_BOOL;
  const DtypeInfo *d = &dtype_info[dt];
  return d->is_complex ? K_COMPLEX : d->is_float ? K_FLOAT : K_INT;
}

int rt_scalar_convert(pykc_arg *a, int to, const char *pname, char *err) {
  int from = (int)a->dtype;
  if (from == to)
    return 0;
  int kf = kind_of(from), kt = kind_of(to);
  if (kf > kt) {                                  /* float -> int, complex -> float, ... */
    snprintf(err, RT_ERRLEN, "argument '%s': expected %s, got %s", pname, dtype_name(to),
             dtype_name(from));
    return -1;
  }
  bool is_unsigned = kf == K_INT && !dtype_info[from].is_signed;
  double re = kf >= K_FLOAT ? a->value.f : is_unsigned ? (double)a->value.u : (double)a->value.i;
  if (kf == K_COMPLEX)
    re = a->value.c[0];
  double im = kf == K_COMPLEX ? a->value.c[1] : 0;
  switch (kt) {
  case K_BOOL:
    a->value.i = a->value.i != 0;
    break;
  case K_INT:                                     /* int -> int: C conversion of the bits */
    if (dtype_info[to].is_signed && is_unsigned)
      a->value.i = (int64_t)a->value.u;
    else if (!dtype_info[to].is_signed && !is_unsigned)
      a->value.u = (uint64_t)a->value.i;
    break;
  case K_FLOAT:
    a->value.f = re;
    break;
  default:
    a->value.c[0] = re, a->value.c[1] = im;
  }
  a->dtype = (pykc_dtype)to;
  return 0;
}

static void store_scalar(int dt, const pykc_arg *a, unsigned char *dst) {
  union {
    int8_t i8; int16_t i16; int32_t i32; int64_t i64;
    uint8_t u8; uint16_t u16; uint32_t u32; uint64_t u64;
    float f32[2]; double f64[2];
  } v;
  switch (dt) {
  case PYKC_BOOL: v.u8 = a->value.i != 0; break;
  case PYKC_INT8: v.i8 = (int8_t)a->value.i; break;
  case PYKC_UINT8: v.u8 = (uint8_t)a->value.u; break;
  case PYKC_INT16: v.i16 = (int16_t)a->value.i; break;
  case PYKC_UINT16: v.u16 = (uint16_t)a->value.u; break;
  case PYKC_INT32: v.i32 = (int32_t)a->value.i; break;
  case PYKC_UINT32: v.u32 = (uint32_t)a->value.u; break;
  case PYKC_INT64: v.i64 = a->value.i; break;
  case PYKC_UINT64: v.u64 = a->value.u; break;
  case PYKC_FLOAT16: v.u16 = f16_from_double(a->value.f); break;
  case PYKC_FLOAT32: v.f32[0] = (float)a->value.f; break;
  case PYKC_FLOAT64: v.f64[0] = a->value.f; break;
  case PYKC_COMPLEX64: v.f32[0] = (float)a->value.c[0], v.f32[1] = (float)a->value.c[1]; break;
  default: v.f64[0] = a->value.c[0], v.f64[1] = a->value.c[1]; break;
  }
  memcpy(dst, &v, dtype_info[dt].size);
}

static int mismatch(const RtParam *p, const pykc_arg *a, char *err) {
  char want[96], got[96];
  rt_type_name(p->dtype, p->raw ? -1 : p->ndim, p->is_array, p->contig, want, sizeof want);
  if (p->raw && p->is_array && p->dtype < 0)
    snprintf(want, sizeof want, "an array (pointer)");
  rt_type_name((int)a->dtype, a->ndim, a->is_array, false, got, sizeof got);
  bool noncontig = a->is_array && p->contig && !rt_arg_contig(a) && (int)a->dtype == p->dtype &&
                   a->ndim == p->ndim;
  snprintf(err, RT_ERRLEN, "argument '%s': expected %s, got %s%s", p->name, want,
           noncontig ? "a non-contiguous " : "", got);
  return RT_EUSAGE;
}

static int put_array(const RtParam *p, const pykc_arg *a, unsigned char *dst, char *err) {
  if (a->ndim < 0 || a->ndim > RT_MAXDIM || (int)a->dtype < 0 || (int)a->dtype >= KC_NDTYPES) {
    snprintf(err, RT_ERRLEN, "argument '%s': bad array (ndim %d, dtype %d)", p->name, a->ndim,
             (int)a->dtype);
    return RT_EUSAGE;
  }
  if ((p->dtype >= 0 && (int)a->dtype != p->dtype) || (!p->raw && a->ndim != p->ndim) ||
      (p->contig && !rt_arg_contig(a)))
    return mismatch(p, a, err);
  int64_t size = 1;
  for (int d = 0; d < a->ndim; d++) {
    if (a->shape[d] < 0) {
      snprintf(err, RT_ERRLEN, "argument '%s': negative extent %lld in dimension %d", p->name,
               (long long)a->shape[d], d);
      return RT_EUSAGE;
    }
    if (__builtin_mul_overflow(size, a->shape[d], &size) ||
        size > INT64_MAX / dtype_info[(int)a->dtype].size) {
      snprintf(err, RT_ERRLEN, "argument '%s': shape is too large (its size in bytes overflows int64)", p->name);
      return RT_EUSAGE;
    }
  }
  if (!a->data && size > 0) {
    snprintf(err, RT_ERRLEN, "argument '%s': null device pointer", p->name);
    return RT_EUSAGE;
  }
  memcpy(dst, &a->data, 8);
  if (p->raw)
    return 0;
  int64_t hdr[2 + 2 * RT_MAXDIM], stride = dtype_info[(int)a->dtype].size;
  int n = a->ndim;
  hdr[1] = size;
  for (int d = n - 1; d >= 0; d--) {
    hdr[2 + d] = a->shape[d];
    hdr[2 + n + d] = a->strides ? a->strides[d] : stride;
    stride *= a->shape[d];
  }
  memcpy(dst + 8, hdr + 1, 8 + 16 * (size_t)n);
  return 0;
}

int rt_marshal(const RtSig *sig, const pykc_arg *args, int nargs, void *buf, void **ptrs,
               char *err) {
  if (nargs != sig->n) {
    int k = snprintf(err, RT_ERRLEN, "expected %d argument%s (", sig->n, sig->n == 1 ? "" : "s");
    for (int i = 0; i < sig->n && k < RT_ERRLEN - 32; i++)
      k += snprintf(err + k, RT_ERRLEN - k, "%s%s", i ? ", " : "", sig->params[i].name);
    snprintf(err + k, RT_ERRLEN - k, "), got %d", nargs);
    return RT_EUSAGE;
  }
  unsigned char *base = buf;
  for (int i = 0; i < nargs; i++) {
    const RtParam *p = &sig->params[i];
    const pykc_arg *a = &args[i];
    unsigned char *dst = base + sig->off[i];
    ptrs[i] = dst;
    if ((int)a->dtype < 0 || (int)a->dtype >= KC_NDTYPES) {
      snprintf(err, RT_ERRLEN, "argument '%s': bad dtype %d", p->name, (int)a->dtype);
      return RT_EUSAGE;
    }
    if (p->is_array != (a->is_array != 0))
      return mismatch(p, a, err);
    if (p->is_array) {
      int st = put_array(p, a, dst, err);
      if (st)
        return st;
      continue;
    }
    int to = p->dtype < 0 ? (int)a->dtype : p->dtype;
    if (to == (int)a->dtype) {
      store_scalar(to, a, dst);
      continue;
    }
    pykc_arg conv = *a;
    if (rt_scalar_convert(&conv, to, p->name, err))
      return RT_EUSAGE;
    store_scalar(to, &conv, dst);
  }
  return 0;
}

/* ---- .cu kernels: the extern "C" __global__ declarations ---- */

static const struct {
  const char *spelling;
  int dtype;
} ctypes[] = {
    {"bool", PYKC_BOOL},          {"char", PYKC_INT8},           {"signed char", PYKC_INT8},
    {"int8_t", PYKC_INT8},        {"unsigned char", PYKC_UINT8}, {"uint8_t", PYKC_UINT8},
    {"short", PYKC_INT16},        {"short int", PYKC_INT16},     {"int16_t", PYKC_INT16},
    {"unsigned short", PYKC_UINT16}, {"unsigned short int", PYKC_UINT16}, {"uint16_t", PYKC_UINT16},
    {"int", PYKC_INT32},          {"signed", PYKC_INT32},        {"signed int", PYKC_INT32},
    {"int32_t", PYKC_INT32},      {"unsigned", PYKC_UINT32},     {"unsigned int", PYKC_UINT32},
    {"uint32_t", PYKC_UINT32},    {"long", PYKC_INT64},          {"long int", PYKC_INT64},
    {"long long", PYKC_INT64},    {"long long int", PYKC_INT64}, {"int64_t", PYKC_INT64},
    {"ptrdiff_t", PYKC_INT64},    {"unsigned long", PYKC_UINT64}, {"unsigned long int", PYKC_UINT64},
    {"unsigned long long", PYKC_UINT64}, {"unsigned long long int", PYKC_UINT64},
    {"uint64_t", PYKC_UINT64},    {"size_t", PYKC_UINT64},       {"__half", PYKC_FLOAT16},
    {"half", PYKC_FLOAT16},       {"float", PYKC_FLOAT32},       {"double", PYKC_FLOAT64},
    {"complex<float>", PYKC_COMPLEX64}, {"complex<double>", PYKC_COMPLEX128},
};

/* The element types of the pointers that take any array (docs/design.md §7.1): the
   bytes of void * and of the character types, through which C++ may read any object
   (a hash kernel's `char *dest` over a uint32 array). A pointer to another type keeps
   its element check. */
static const char *const byte_types[] = {"void", "char", "signed char", "unsigned char",
                                         "int8_t", "uint8_t"};

static bool is_byte_type(const char *words) {
  for (size_t k = 0; k < sizeof byte_types / sizeof byte_types[0]; k++)
    if (strcmp(words, byte_types[k]) == 0)
      return true;
  return false;
}

char *rt_blank_comments(const char *src) {
  size_t n = strlen(src);
  char *s = malloc(n + 1);
  if (!s)
    return NULL;
  memcpy(s, src, n + 1);
  for (size_t i = 0; i < n; i++) {
    if (s[i] == '/' && s[i + 1] == '/') {
      while (i < n && s[i] != '\n')
        s[i++] = ' ';
    } else if (s[i] == '/' && s[i + 1] == '*') {
      s[i] = s[i + 1] = ' ';
      for (i += 2; i < n && !(s[i] == '*' && s[i + 1] == '/'); i++)
        if (s[i] != '\n')
          s[i] = ' ';
      if (i < n)
        s[i] = s[i + 1] = ' ', i++;
    } else if (s[i] == '"' || s[i] == '\'') {
      char q = s[i];
      size_t j = i + 1;
      for (; j < n && s[j] != q && s[j] != '\n'; j++)
        if (s[j] == '\\' && j + 1 < n)
          j++;
      /* keep "C" of extern "C" readable; blank other literals */
      if (!(q == '"' && j == i + 2 && s[i + 1] == 'C'))
        for (size_t k = i + 1; k < j && k < n; k++)
          s[k] = ' ';
      i = j;
    }
  }
  return s;
}

static bool is_ident(char c) { return isalnum((unsigned char)c) || c == '_'; }

static bool word_at(const char *s, size_t i, const char *w) {
  size_t n = strlen(w);
  return strncmp(s + i, w, n) == 0 && (i == 0 || !is_ident(s[i - 1])) && !is_ident(s[i + n]);
}

static size_t skip_ws(const char *s, size_t i) {
  while (s[i] && isspace((unsigned char)s[i]))
    i++;
  return i;
}

/* Words of a parameter's type that do not change what the host passes. */
static bool is_qualifier(const char *w, size_t n) {
  static const char *const quals[] = {"const", "volatile", "__restrict__", "restrict",
                                      "__restrict", "struct", "std", "thrust"};
  for (size_t q = 0; q < sizeof quals / sizeof quals[0]; q++)
    if (strlen(quals[q]) == n && strncmp(w, quals[q], n) == 0)
      return true;
  return false;
}

/* Parses one parameter "const float *__restrict__ x" into p (its name malloc'd); -1 when
   out of memory. */
static int parse_param(const char *s, size_t len, RtParam *p, int index) {
  char words[256] = "";
  size_t wl = 0;
  const char *last = NULL;
  size_t lastn = 0;
  bool ptr = false;
  int angle = 0;
  for (size_t i = 0; i < len;) {
    if (s[i] == '*' || (s[i] == '[' && angle == 0)) {
      ptr = true, i++;
      continue;
    }
    if (s[i] == '<')
      angle++;
    if (s[i] == '>')
      angle--;
    if (!is_ident(s[i])) {
      if (s[i] == '<' || s[i] == '>') {           /* complex<float>: keep in the type */
        if (last && wl + lastn + 2 < sizeof words) {
          memcpy(words + wl, last, lastn), wl += lastn, last = NULL;
        }
        if (wl + 1 < sizeof words)
          words[wl++] = s[i];
      }
      i++;
      continue;
    }
    size_t j = i;
    while (j < len && is_ident(s[j]))
      j++;
    if (last) {                                   /* the previous word was part of the type */
      if (!is_qualifier(last, lastn) && wl + lastn + 2 < sizeof words) {
        if (wl && words[wl - 1] != '<')
          words[wl++] = ' ';
        memcpy(words + wl, last, lastn), wl += lastn;
      }
    }
    last = s + i, lastn = j - i;
    i = j;
  }
  words[wl] = 0;
  char fallback[32];
  snprintf(fallback, sizeof fallback, "arg%d", index);
  p->name = last ? strndup(last, lastn) : strdup(fallback);
  p->dtype = -1;
  for (size_t k = 0; k < sizeof ctypes / sizeof ctypes[0]; k++)
    if (strcmp(words, ctypes[k].spelling) == 0)
      p->dtype = ctypes[k].dtype;
  if (ptr && is_byte_type(words))                  /* CuPy passes any array's pointer */
    p->dtype = -1;
  p->is_array = ptr;
  p->raw = true;
  p->ndim = -1;
  return p->name ? 0 : -1;
}

/* Skips white space and a __launch_bounds__(...) at s[i]. */
static size_t skip_launch_bounds(const char *s, size_t i) {
  i = skip_ws(s, i);
  if (!word_at(s, i, "__launch_bounds__"))
    return i;
  size_t j = skip_ws(s, i + 17);
  if (s[j] != '(')
    return i;
  for (int depth = 0; s[j]; j++) {
    depth += s[j] == '(' ? 1 : s[j] == ')' ? -1 : 0;
    if (depth == 0)
      break;
  }
  return s[j] ? skip_ws(s, j + 1) : j;
}

static void free_kernel(RtCuKernel *k) {
  for (int j = 0; j < k->nparams; j++)
    free((char *)k->params[j].name);
  free(k->params);
  free(k->name);
}

/* Parses the declaration after `__global__` at s[i]; returns 0 and fills k, 1 if it is not
   a kernel's, 2 (k->name set, nothing else) when its parameter list is not closed, -1 when
   out of memory. */
static int parse_kernel(const char *s, size_t i, RtCuKernel *k) {
  i = skip_launch_bounds(s, i);
  if (!word_at(s, i, "void"))
    return 1;
  i = skip_launch_bounds(s, i + 4);
  size_t n0 = i;
  while (is_ident(s[i]))
    i++;
  size_t n1 = i;
  i = skip_ws(s, i);
  if (n0 == n1 || s[i] != '(')
    return 1;
  size_t start = ++i;
  int depth = 1, cap = 8;
  k->name = strndup(s + n0, n1 - n0);
  k->params = calloc(cap, sizeof *k->params);
  k->nparams = 0;
  if (!k->name || !k->params)
    return free_kernel(k), -1;
  for (; s[i] && depth > 0; i++) {
    char c = s[i];
    depth += c == '(' || c == '<' ? 1 : c == ')' || c == '>' ? -1 : 0;
    if ((c == ',' && depth == 1) || depth == 0) {
      size_t b = skip_ws(s, start);
      bool empty = b >= i || (i - b == 4 && strncmp(s + b, "void", 4) == 0);
      if (!(depth == 0 && k->nparams == 0 && empty)) {
        RtParam *ps = k->nparams < cap ? k->params
                                       : realloc(k->params, (cap *= 2) * sizeof *k->params);
        if (!ps)
          return free_kernel(k), -1;
        k->params = ps;
        if (parse_param(s + start, i - start, &k->params[k->nparams], k->nparams))
          return free_kernel(k), -1;
        k->nparams++;
      }
      start = i + 1;
    }
  }
  if (depth > 0) {                                /* the source ends inside the list */
    for (int j = 0; j < k->nparams; j++)
      free((char *)k->params[j].name);
    free(k->params);
    return 2;
  }
  return 0;
}

/* Appends the kernel declared after `__global__` at s[i], if it parses, to out[n]; -1
   when out of memory, RT_ESOURCE (err set) for a declaration cut short. */
static int add_kernel(const char *s, size_t i, RtCuKernel **out, int *n, int *cap, char *err) {
  RtCuKernel k;
  int st = parse_kernel(s, i, &k);
  if (st == 2) {
    rt_errf(err, "the parameter list of kernel '%s' is not closed (the source ends inside it)",
            k.name);
    free(k.name);
    return RT_ESOURCE;
  }
  if (st)
    return st < 0 ? -1 : 0;
  if (*n == *cap) {
    RtCuKernel *p = realloc(*out, (*cap ? 2 * *cap : 8) * sizeof **out);
    if (!p)
      return free_kernel(&k), -1;
    *out = p, *cap = *cap ? 2 * *cap : 8;
  }
  (*out)[(*n)++] = k;
  return 0;
}

int rt_cu_parse(const char *src, RtCuKernel **out, int *n, char *err) {
  char *s = rt_blank_comments(src);
  *out = NULL;
  *n = 0;
  if (!s)
    return -1;
  int cap = 0, depth = 0, extern_depth = -1, st = 0;
  bool pending_block = false;
  for (size_t i = 0; s[i] && !st; i++) {
    if (s[i] == '{') {
      if (pending_block && extern_depth < 0)
        extern_depth = depth;
      pending_block = false;
      depth++;
    } else if (s[i] == '}') {
      depth--;
      if (depth == extern_depth)
        extern_depth = -1;
    } else if (s[i] == ';')
      pending_block = false;
    else if (word_at(s, i, "extern")) {
      size_t j = skip_ws(s, i + 6);
      if (strncmp(s + j, "\"C\"", 3) == 0) {
        j = skip_ws(s, j + 3);
        pending_block = s[j] == '{';
        if (!pending_block) {                     /* extern "C" on one declaration */
          size_t g = j;
          while (s[g] && s[g] != ';' && s[g] != '{' && !word_at(s, g, "__global__"))
            g++;
          if (word_at(s, g, "__global__")) {
            st = add_kernel(s, g + 10, out, n, &cap, err);
            i = g + 9;
          }
        }
      }
    } else if (extern_depth >= 0 && word_at(s, i, "__global__")) {
      st = add_kernel(s, i + 10, out, n, &cap, err);
      i += 9;
    }
  }
  free(s);
  if (st) {                                       /* out of memory, or cut short */
    rt_cu_free(*out, *n);
    *out = NULL;
    *n = 0;
  }
  return st;
}

/* The top-level comma-separated items of s[a, b), trimmed, as spans into s (at most
   MAX); returns their count. */
static int split_top(const char *s, size_t a, size_t b, size_t (*items)[2], int max) {
  int n = 0, depth = 0;
  size_t start = a;
  for (size_t i = a; i <= b && n < max; i++) {
    char c = i < b ? s[i] : ',';
    depth += c == '<' || c == '(' || c == '[' ? 1 : c == '>' || c == ')' || c == ']' ? -1 : 0;
    if (c == ',' && depth <= 0) {
      size_t x = skip_ws(s, start), y = i;
      while (y > x && isspace((unsigned char)s[y - 1]))
        y--;
      if (y > x)
        items[n][0] = x, items[n][1] = y, n++;
      start = i + 1;
    }
  }
  return n;
}

/* The end of the <...> opening at s[i]. */
static size_t close_angle(const char *s, size_t i) {
  for (int depth = 0; s[i]; i++) {
    depth += s[i] == '<' || s[i] == '(' ? 1 : s[i] == '>' || s[i] == ')' ? -1 : 0;
    if (depth == 0)
      return i + 1;
  }
  return i;
}

enum { MAXTPARAMS = 16 };

/* Finds `[template <...>] __global__ void BASE(` in the blanked text B: the offset of the
   parameter list's '(' (0 if none) and the template clause's span [*ta, *tb) (*ta == *tb:
   none). */
static size_t find_global(const char *b, const char *base, size_t blen, size_t *ta,
                          size_t *tb) {
  size_t bound = 0;                                /* after the last ; { } */
  for (size_t i = 0; b[i]; i++) {
    if (b[i] == ';' || b[i] == '{' || b[i] == '}') {
      bound = i + 1;
      continue;
    }
    if (!word_at(b, i, "__global__"))
      continue;
    size_t j = skip_launch_bounds(b, i + 10);
    if (!word_at(b, j, "void"))
      continue;
    j = skip_launch_bounds(b, j + 4);
    if (strncmp(b + j, base, blen) != 0 || is_ident(b[j + blen]))
      continue;
    size_t p = skip_ws(b, j + blen);
    if (b[p] != '(')
      continue;
    *ta = *tb = 0;
    for (size_t t = bound; t < i; t++)
      if (word_at(b, t, "template")) {
        size_t lt = skip_ws(b, t + 8);
        if (b[lt] == '<')
          *ta = lt + 1, *tb = close_angle(b, lt) - 1;
        break;
      }
    return p;
  }
  return 0;
}

int rt_cu_parse_expr(const char *src, const char *expr, RtCuKernel *k, char *err) {
  memset(k, 0, sizeof *k);
  size_t lt = strcspn(expr, "<"), e0 = skip_ws(expr, 0), e1 = lt;
  while (e1 > e0 && isspace((unsigned char)expr[e1 - 1]))
    e1--;
  size_t base = e1;                                /* the last component of ns::name */
  while (base > e0 && is_ident(expr[base - 1]))
    base--;
  if (base == e1) {
    rt_errf(err, "name expression '%.200s' does not name a function", expr);
    return RT_ESOURCE;
  }
  char *b = rt_blank_comments(src);
  Buf text = {0};
  if (!b)
    return -1;
  size_t ta, tb, p = find_global(b, expr + base, e1 - base, &ta, &tb);
  int st = 0;
  if (!p) {
    rt_errf(err, "name expression '%.200s': no __global__ function '%.*s' in the code", expr,
            (int)(e1 - base), expr + base);
    st = RT_ESOURCE;
  }
  size_t tparams[MAXTPARAMS][2], targs[MAXTPARAMS][2];
  int ntp = p ? split_top(src, ta, tb, tparams, MAXTPARAMS) : 0, nta = 0;
  if (!st && expr[lt] == '<')
    nta = split_top(expr, lt + 1, close_angle(expr, lt) - 1, targs, MAXTPARAMS);
  if (!st && nta > ntp) {
    rt_errf(err, "name expression '%.200s' has %d template argument%s; '%.*s' takes %d", expr,
            nta, nta == 1 ? "" : "s", (int)(e1 - base), expr + base, ntp);
    st = RT_ESOURCE;
  }
  /* each template parameter's name, and what replaces it: the argument, or its default */
  const char *names[MAXTPARAMS], *vals[MAXTPARAMS];
  size_t nlen[MAXTPARAMS], vlen[MAXTPARAMS];
  for (int i = 0; !st && i < ntp; i++) {
    size_t a = tparams[i][0], z = tparams[i][1], eq = a;
    for (int depth = 0; eq < z && !(src[eq] == '=' && depth == 0); eq++)
      depth += src[eq] == '<' || src[eq] == '(' ? 1 : src[eq] == '>' || src[eq] == ')' ? -1 : 0;
    size_t ne = eq;
    while (ne > a && !is_ident(src[ne - 1]))
      ne--;
    size_t nb = ne;
    while (nb > a && is_ident(src[nb - 1]))
      nb--;
    names[i] = src + nb, nlen[i] = ne - nb;
    if (i < nta)
      vals[i] = expr + targs[i][0], vlen[i] = targs[i][1] - targs[i][0];
    else if (eq < z)
      vals[i] = src + skip_ws(src, eq + 1), vlen[i] = z - (size_t)(vals[i] - src);
    else {
      rt_errf(err, "name expression '%.200s' leaves template parameter '%.*s' without a value",
              expr, (int)nlen[i], names[i]);
      st = RT_ESOURCE;
    }
  }
  if (!st) {                                       /* "void BASE(params, substituted)" */
    size_t end = p + 1;
    for (int depth = 1; b[end] && depth > 0; end++)
      depth += b[end] == '(' ? 1 : b[end] == ')' ? -1 : 0;
    buf_printf(&text, "void %.*s(", (int)(e1 - base), expr + base);
    for (size_t i = p + 1; i < end;) {
      size_t j = i;
      while (j < end && is_ident(b[j]))
        j++;
      if (j == i) {
        buf_putc(&text, b[i] == '\n' ? ' ' : b[i]);
        i++;
        continue;
      }
      int t = 0;
      while (t < ntp && !(nlen[t] == j - i && strncmp(src + i, names[t], nlen[t]) == 0))
        t++;
      if (t < ntp)
        buf_putn(&text, vals[t], vlen[t]);
      else
        buf_putn(&text, src + i, j - i);
      i = j;
    }
    st = text.oom ? -1 : parse_kernel(text.data, 0, k);
    if (st > 0) {
      rt_errf(err, "name expression '%.200s': cannot read the parameters of '%.*s'", expr,
              (int)(e1 - base), expr + base);
      if (st == 2)
        free(k->name);
      memset(k, 0, sizeof *k);
      st = RT_ESOURCE;
    } else if (st == 0) {
      free(k->name);
      if (!(k->name = strdup(expr)))
        st = (free_kernel(k), -1);
    }
  }
  buf_free(&text);
  free(b);
  return st;
}

void rt_cu_free(RtCuKernel *k, int n) {
  for (int i = 0; i < n; i++)
    free_kernel(&k[i]);
  free(k);
}
