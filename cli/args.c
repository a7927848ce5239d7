/*
 * cli/args.c: the argument specs of `pykc run` (docs/design.md §3).
 *
 *   NAME=@PATH.npy                 an array read from a .npy file
 *   NAME=zeros:DTYPE:SHAPE         zeros, ones, or 0, 1, 2, ... in C order (arange);
 *   NAME=ones:DTYPE:SHAPE          SHAPE is `1000`, `64x64`, `2x3x4`, or `()` for 0-d;
 *   NAME=arange:DTYPE:SHAPE        arange refuses bool and values its dtype cannot hold
 *   NAME=VALUE[:DTYPE]             a scalar
 *
 * Scalars without :DTYPE are typed by docs/language.md §2.4's literal rules: True/False
 * (also true/false) -> bool;
 * integers (decimal, 0x/0o/0b, '_' separators) -> int32 if they fit, else int64, uint64
 * past int64 (mode numpy: int64, uint64 past int64); floats (a '.', an exponent, inf,
 * nan) -> float32 (mode numpy: float64). With :DTYPE the value must fit: integers in
 * range for integer dtypes (floats are refused), bool takes True/False/true/false/0/1, float dtypes
 * take integers and floats whose rounded value is finite, complex dtypes take those and
 * complex literals in Python syntax (`2j`, `1+2j`, `(1-2.5e3j)`; typed complex64, mode
 * numpy complex128). Scalars are stored in RunArg.val: signed ints in .i,
 * unsigned in .u, floats and complex in .f (already rounded to the dtype; complex: the
 * real part, RunArg.imag the imaginary part), bool in .b.
 * Every error names the argument: "argument 'n': 300 does not fit uint8".
 */
#include "cli.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* A parsed scalar literal before typing. */
typedef struct Literal {
  enum { LIT_BOOL, LIT_INT, LIT_FLOAT, LIT_COMPLEX } kind;
  bool neg;                                    /* LIT_INT: the sign */
  uint64_t mag;                                /* LIT_INT: magnitude */
  double f;                                    /* LIT_FLOAT; LIT_COMPLEX: real part */
  double fi;                                   /* LIT_COMPLEX: imaginary part */
  bool b;                                      /* LIT_BOOL */
} Literal;

/* A Python name (bytes past ASCII: a UTF-8 letter, as in `ξ=ones:float32:4`). */
static bool is_ident(const char *s, size_t n) {
  if (n == 0 || !(isalpha((unsigned char)s[0]) || s[0] == '_' || (unsigned char)s[0] >= 0x80))
    return false;
  for (size_t i = 1; i < n; i++)
    if (!(isalnum((unsigned char)s[i]) || s[i] == '_' || (unsigned char)s[i] >= 0x80))
      return false;
  return true;
}

/* DTYPE as `float32`, `np.float32`, `cp.float32` or a Python alias (`int`, `float`). */
static int parse_dtype(const char *s, size_t n) {
  static const char *const prefixes[] = {"np.", "cp.", "numpy.", "cupy."};
  for (size_t i = 0; i < sizeof prefixes / sizeof *prefixes; i++) {
    size_t pl = strlen(prefixes[i]);
    if (n > pl && !memcmp(s, prefixes[i], pl)) {
      s += pl;
      n -= pl;
      break;
    }
  }
  return ty_parse_dtype(s, n);
}

static int bad_dtype(const char *name, const char *s, size_t n, char *err) {
  rt_errf(err, "argument '%s': unknown dtype '%.*s' (bool, int8..int64, uint8..uint64, "
          "float16, float32, float64, complex64, complex128)", name, (int)n, s);
  return -1;
}

/* Integer literal in Python syntax: [+-] (digits | 0x.. | 0o.. | 0b..), '_' between digits. */
static int parse_int(const char *s, Literal *lit, bool *toobig) {
  const char *p = s;
  lit->neg = false;
  if (*p == '+' || *p == '-') lit->neg = *p++ == '-';
  int base = 10;
  if (p[0] == '0' && p[1] && strchr("xXoObB", p[1])) {
    base = strchr("xX", p[1]) ? 16 : strchr("oO", p[1]) ? 8 : 2;
    p += 2;
    if (*p == '_') p++;
  }
  uint64_t u = 0;
  int ndig = 0;
  *toobig = false;
  for (; *p; p++) {
    if (*p == '_' && ndig > 0 && p[1] && p[1] != '_') continue;
    int d = isdigit((unsigned char)*p) ? *p - '0'
          : isalpha((unsigned char)*p) ? tolower((unsigned char)*p) - 'a' + 10 : 99;
    if (d >= base) return -1;
    if (u > (UINT64_MAX - (uint64_t)d) / (uint64_t)base) *toobig = true;
    u = u * (uint64_t)base + (uint64_t)d;
    ndig++;
  }
  if (ndig == 0) return -1;
  lit->kind = LIT_INT;
  lit->mag = u;
  return 0;
}

static int parse_float(const char *s, Literal *lit) {
  const char *p = s + (*s == '+' || *s == '-');
  static const char *const words[] = {"inf", "nan", "infinity"};
  bool word = false;
  for (size_t i = 0; i < sizeof words / sizeof *words; i++) word |= !strcasecmp(p, words[i]);
  if (!word) {
    if (!strpbrk(p, ".eE") || strpbrk(p, "xXpP")) return -1;
    for (const char *q = p; *q; q++)
      if (!isdigit((unsigned char)*q) && !strchr(".eE+-_", *q)) return -1;
  }
  char buf[128];
  size_t n = 0;
  for (const char *q = s; *q && n + 1 < sizeof buf; q++)
    if (*q != '_') buf[n++] = *q;
  buf[n] = 0;
  char *end;
  errno = 0;
  lit->f = strtod(buf, &end);
  if (*end || end == buf) return -1;
  lit->kind = LIT_FLOAT;
  return 0;
}

/* A real number (integer or float syntax) as a double. */
static int parse_real(const char *s, double *v) {
  Literal l;
  bool toobig;
  if (parse_int(s, &l, &toobig) == 0 && !toobig) {
    *v = l.neg ? -(double)l.mag : (double)l.mag;
    return 0;
  }
  if (parse_float(s, &l) == 0) {
    *v = l.f;
    return 0;
  }
  return -1;
}

/* Python's complex literal forms: [(] [REAL (+|-)] IMAG j [)]. */
static int parse_complex(const char *s, Literal *lit) {
  char buf[128];
  size_t n = strlen(s);
  if (n >= 2 && s[0] == '(' && s[n - 1] == ')')
    s++, n -= 2;
  if (n < 1 || n >= sizeof buf || (s[n - 1] != 'j' && s[n - 1] != 'J'))
    return -1;
  memcpy(buf, s, n - 1);
  buf[n - 1] = 0;
  char *split = NULL;                          /* the sign that starts the imaginary part */
  for (char *p = buf + 1; *p; p++)
    if ((*p == '+' || *p == '-') && p[-1] != 'e' && p[-1] != 'E')
      split = p;
  double re = 0, im;
  const char *imtext = buf;
  char imbuf[128];
  if (split) {
    snprintf(imbuf, sizeof imbuf, "%s", split);
    *split = 0;
    if (parse_real(buf, &re))
      return -1;
    imtext = imbuf;
  }
  if (!strcmp(imtext, "") || !strcmp(imtext, "+") || !strcmp(imtext, "-"))
    im = imtext[0] == '-' ? -1 : 1;           /* 1+j */
  else if (parse_real(imtext, &im))
    return -1;
  lit->kind = LIT_COMPLEX;
  lit->f = re;
  lit->fi = im;
  return 0;
}

static int parse_literal(const char *name, const char *s, Literal *lit, char *err) {
  if (parse_complex(s, lit) == 0)
    return 0;
  if (!strcmp(s, "True") || !strcmp(s, "False") || !strcmp(s, "true") || !strcmp(s, "false")) {
    lit->kind = LIT_BOOL;
    lit->b = s[0] == 'T' || s[0] == 't';
    return 0;
  }
  bool toobig = false;
  if (parse_int(s, lit, &toobig) == 0) {
    if (toobig || (lit->neg && lit->mag > (uint64_t)INT64_MAX + 1)) {
      rt_errf(err, "argument '%s': integer %s does not fit in 64 bits", name, s);
      return -1;
    }
    return 0;
  }
  if (parse_float(s, lit) == 0) return 0;
  rt_errf(err, "argument '%s': '%s' is not a number, True/False/true/false, @FILE.npy or "
          "zeros|ones|arange:DTYPE:SHAPE", name, s);
  return -1;
}

/* Typing by docs/language.md §2.4's literal rules: the library's (pykc_scalar_dtype). */
static int literal_dtype(const Literal *lit, Mode mode) {
  static const pykc_pyscalar kinds[] = {[LIT_BOOL] = PYKC_PY_BOOL, [LIT_INT] = PYKC_PY_INT,
                                        [LIT_FLOAT] = PYKC_PY_FLOAT,
                                        [LIT_COMPLEX] = PYKC_PY_COMPLEX};
  return pykc_scalar_dtype(kinds[lit->kind], lit->kind == LIT_INT && lit->neg,
                           lit->kind == LIT_INT ? lit->mag : 0, mode == MODE_NUMPY);
}

/* Stores LIT into OUT as DTYPE, or fails when it does not fit. */
static int convert(const char *name, const char *text, const Literal *lit, int dtype,
                   RunArg *out, char *err) {
  const DtypeInfo *d = &dtype_info[dtype];
  if (lit->kind == LIT_COMPLEX && !d->is_complex) {
    rt_errf(err, "argument '%s': %s is complex (dtype %s)", name, text, d->name);
    return -1;
  }
  if (lit->kind == LIT_COMPLEX) {
    out->val.f = type_round(dtype, lit->f);
    out->imag = type_round(dtype, lit->fi);
    if ((isinf(out->val.f) && !isinf(lit->f)) || (isinf(out->imag) && !isinf(lit->fi)))
      goto nofit;
    return 0;
  }
  if (dtype == TY_BOOL) {
    if (lit->kind == LIT_BOOL) out->val.b = lit->b;
    else if (lit->kind == LIT_INT && lit->mag <= 1) out->val.b = lit->mag == 1;
    else goto nofit;
    return 0;
  }
  if (d->is_int) {
    uint64_t mag = lit->kind == LIT_BOOL ? lit->b : lit->mag;
    bool neg = lit->kind == LIT_INT && lit->neg && mag != 0;
    if (lit->kind == LIT_FLOAT) {
      rt_errf(err, "argument '%s': %s is not an integer (dtype %s)", name, text, d->name);
      return -1;
    }
    int bits = 8 * d->size;
    if (d->is_signed) {
      uint64_t lim = (uint64_t)1 << (bits - 1);  /* -lim .. lim-1 */
      if (neg ? mag > lim : mag >= lim) goto nofit;
      out->val.i = neg ? (int64_t)(0 - mag) : (int64_t)mag;
    } else {
      if (neg || (bits < 64 && mag >> bits)) goto nofit;
      out->val.u = mag;
    }
    return 0;
  }
  double v = lit->kind == LIT_FLOAT ? lit->f : lit->kind == LIT_BOOL ? lit->b
           : lit->neg ? -(double)lit->mag : (double)lit->mag;
  double r = v;
  if (dtype == TY_FLOAT32 || dtype == TY_COMPLEX64) r = (float)v;
  else if (dtype == TY_FLOAT16) r = f16_to_float(f16_from_double(v));
  if (isinf(r) && !isinf(v)) goto nofit;
  out->val.f = r;
  out->imag = 0;
  return 0;
nofit:
  rt_errf(err, "argument '%s': %s does not fit %s", name, text, d->name);
  return -1;
}

static int parse_scalar(const char *name, const char *rhs, Mode mode, RunArg *out, char *err) {
  const char *colon = strchr(rhs, ':');
  size_t vlen = colon ? (size_t)(colon - rhs) : strlen(rhs);
  char text[128];
  if (vlen == 0 || vlen >= sizeof text) {
    rt_errf(err, "argument '%s': %s value", name, vlen ? "overlong" : "missing");
    return -1;
  }
  memcpy(text, rhs, vlen);
  text[vlen] = 0;
  Literal lit;
  memset(&lit, 0, sizeof lit);
  if (parse_literal(name, text, &lit, err)) return -1;
  int dtype;
  if (colon) {
    if ((dtype = parse_dtype(colon + 1, strlen(colon + 1))) < 0)
      return bad_dtype(name, colon + 1, strlen(colon + 1), err);
    out->dtype_given = true;
  } else {
    dtype = literal_dtype(&lit, mode);
  }
  out->dtype = dtype;
  return convert(name, text, &lit, dtype, out, err);
}

/* SHAPE: `()` or positive-or-zero extents joined by 'x'. */
static int parse_shape(const char *name, const char *s, int *ndim, int64_t *shape, char *err) {
  *ndim = 0;
  if (!strcmp(s, "()")) return 0;
  const char *p = s;
  for (;;) {
    if (!isdigit((unsigned char)*p)) break;
    uint64_t v = 0;
    while (isdigit((unsigned char)*p)) {
      v = v * 10 + (uint64_t)(*p++ - '0');
      if (v > (uint64_t)INT64_MAX / 10) {
        rt_errf(err, "argument '%s': shape '%s' is too large", name, s);
        return -1;
      }
    }
    if (*ndim == RT_MAXDIM) {
      rt_errf(err, "argument '%s': shape '%s' has more than %d dimensions", name, s, RT_MAXDIM);
      return -1;
    }
    shape[(*ndim)++] = (int64_t)v;
    if (*p == 0) return 0;
    if (*p != 'x' && *p != 'X') break;
    p++;
  }
  rt_errf(err, "argument '%s': bad shape '%s' (expected N, NxM, NxMxK... or ())", name, s);
  return -1;
}

static void fill_value(NpyArray *a, int64_t i, double v) {
  unsigned char *p = (unsigned char *)a->data + (size_t)i * (size_t)dtype_info[a->dtype].size;
  switch (a->dtype) {
  case TY_BOOL: case TY_UINT8: *p = (uint8_t)v; break;
  case TY_INT8: *p = (uint8_t)(int8_t)v; break;
  case TY_INT16: { int16_t x = (int16_t)v; memcpy(p, &x, 2); break; }
  case TY_UINT16: { uint16_t x = (uint16_t)v; memcpy(p, &x, 2); break; }
  case TY_INT32: { int32_t x = (int32_t)v; memcpy(p, &x, 4); break; }
  case TY_UINT32: { uint32_t x = (uint32_t)v; memcpy(p, &x, 4); break; }
  case TY_INT64: { int64_t x = (int64_t)v; memcpy(p, &x, 8); break; }
  case TY_UINT64: { uint64_t x = (uint64_t)v; memcpy(p, &x, 8); break; }
  case TY_FLOAT16: { uint16_t x = f16_from_double(v); memcpy(p, &x, 2); break; }
  case TY_FLOAT32: case TY_COMPLEX64: { float x = (float)v; memcpy(p, &x, 4); break; }
  default: memcpy(p, &v, 8); break;            /* float64, complex128 (real part) */
  }
}

/* Largest value n-1 that arange may reach in DTYPE exactly enough (ints: in range; floats:
   finite). */
static int arange_check(const char *name, const NpyArray *a, char *err) {
  const DtypeInfo *d = &dtype_info[a->dtype];
  if (a->dtype == TY_BOOL) {
    rt_errf(err, "argument '%s': arange does not make bool arrays", name);
    return -1;
  }
  if (a->size == 0) return 0;
  uint64_t last = (uint64_t)a->size - 1;
  double maxv = d->is_int ? (d->size == 8 ? (d->is_signed ? 9.2e18 : 1.8e19)
                             : ldexp(1.0, 8 * d->size - d->is_signed) - 1)
              : a->dtype == TY_FLOAT16 ? 65504.0 : 1e300;
  if ((double)last > maxv) {
    rt_errf(err, "argument '%s': arange up to %" PRIu64 " does not fit %s", name, last, d->name);
    return -1;
  }
  return 0;
}

static int parse_maker(const char *name, const char *rhs, const char *kind, RunArg *out,
                       char *err) {
  const char *dt = rhs + strlen(kind) + 1;
  const char *colon = strchr(dt, ':');
  if (!colon) {
    rt_errf(err, "argument '%s': expected %s:DTYPE:SHAPE", name, kind);
    return -1;
  }
  int dtype = parse_dtype(dt, (size_t)(colon - dt));
  if (dtype < 0) return bad_dtype(name, dt, (size_t)(colon - dt), err);
  int ndim;
  int64_t shape[RT_MAXDIM];
  if (parse_shape(name, colon + 1, &ndim, shape, err)) return -1;
  char why[RT_ERRLEN];
  if (rt_npy_alloc(&out->arr, dtype, ndim, shape, why)) {
    rt_errf(err, "argument '%s': %s", name, why);
    return -1;
  }
  out->is_array = true;
  out->dtype = dtype;
  out->dtype_given = true;
  if (kind[0] == 'a' && arange_check(name, &out->arr, err)) {
    rt_npy_free(&out->arr);
    return -1;
  }
  if (kind[0] == 'z') return 0;                 /* calloc'd */
  for (int64_t i = 0; i < out->arr.size; i++)
    fill_value(&out->arr, i, kind[0] == 'o' ? 1.0 : (double)i);
  if (kind[0] == 'a' && !dtype_info[dtype].is_float && !dtype_info[dtype].is_complex &&
      dtype_info[dtype].size == 8) {
    for (int64_t i = 0; i < out->arr.size; i++)   /* exact past 2^53 */
      memcpy((char *)out->arr.data + 8 * i, &i, 8);
  }
  return 0;
}

int rt_parse_arg(const char *spec, Mode mode, RunArg *out, char *err) {
  memset(out, 0, sizeof *out);
  const char *eq = strchr(spec, '=');
  if (!eq) {
    rt_errf(err, "argument '%s': expected NAME=VALUE, NAME=@FILE.npy or "
            "NAME=zeros|ones|arange:DTYPE:SHAPE", spec);
    return -1;
  }
  size_t nlen = (size_t)(eq - spec);
  if (!is_ident(spec, nlen)) {
    rt_errf(err, "argument '%s': '%.*s' is not a parameter name", spec, (int)nlen, spec);
    return -1;
  }
  char *name = malloc(nlen + 1);
  if (!name) {
    rt_errf(err, "out of memory");
    return -1;
  }
  memcpy(name, spec, nlen);
  name[nlen] = 0;
  out->name = name;
  const char *rhs = eq + 1;
  static const char *const makers[] = {"zeros", "ones", "arange"};
  int rc = -2;
  if (*rhs == '@') {
    char why[RT_ERRLEN];
    if (!rhs[1]) {
      rt_errf(err, "argument '%s': expected @PATH.npy after '='", name);
      rc = -1;
    } else if ((rc = rt_npy_read(rhs + 1, &out->arr, why)) != 0) {
      rt_errf(err, "argument '%s': %s", name, why);
    } else {
      out->is_array = true;
      out->dtype = out->arr.dtype;
    }
  }
  for (size_t i = 0; rc == -2 && i < sizeof makers / sizeof *makers; i++) {
    size_t ml = strlen(makers[i]);
    if (!strncmp(rhs, makers[i], ml) && (rhs[ml] == ':' || rhs[ml] == 0)) {
      if (rhs[ml] == 0) {
        rt_errf(err, "argument '%s': expected %s:DTYPE:SHAPE", name, makers[i]);
        rc = -1;
      } else {
        rc = parse_maker(name, rhs, makers[i], out, err);
      }
    }
  }
  if (rc == -2) rc = parse_scalar(name, rhs, mode, out, err);
  if (rc) {
    rt_arg_free(out);
    return -1;
  }
  return 0;
}

int rt_arg_fits(const RunArg *a, int dtype, char *err) {
  if (a->is_array || a->dtype == dtype || dtype < 0 || dtype >= TY_NSCALAR ||
      dtype == TY_BOOL || a->dtype == TY_BOOL)
    return 0;
  const DtypeInfo *from = &dtype_info[a->dtype];
  Literal lit;
  memset(&lit, 0, sizeof lit);
  char text[64];
  if (from->is_float || from->is_complex) {
    if (dtype_info[dtype].is_int) return 0;     /* rt_scalar_convert's */
    lit.kind = LIT_FLOAT;
    lit.f = a->val.f;
    for (int prec = 6; prec <= 17; prec++)    /* the shortest that reads back */
      if (snprintf(text, sizeof text, "%.*g", prec, a->val.f), strtod(text, NULL) == a->val.f)
        break;
  } else {
    lit.kind = LIT_INT;
    lit.neg = from->is_signed && a->val.i < 0;
    lit.mag = !from->is_signed ? a->val.u : lit.neg ? 0 - (uint64_t)a->val.i : (uint64_t)a->val.i;
    if (from->is_signed) snprintf(text, sizeof text, "%" PRId64, a->val.i);
    else snprintf(text, sizeof text, "%" PRIu64, a->val.u);
  }
  RunArg tmp;
  return convert(a->name, text, &lit, dtype, &tmp, err);
}

void rt_arg_free(RunArg *a) {
  if (!a) return;
  free((char *)a->name);
  rt_npy_free(&a->arr);
  memset(a, 0, sizeof *a);
}
