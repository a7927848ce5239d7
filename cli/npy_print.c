/*
 * cli/npy_print.c: arrays printed as NumPy prints them (rt_npy_print).
 *
 * Printing follows numpy's array2string (str(), not repr()): precision 8, floatmode
 * 'maxprec', the exponential-notation switch (max >= 1e8 (float32 1e6, float16 1e3),
 * min < 1e-4, max/min > 1000 over the nonzero finite shown values), unique shortest
 * digits per dtype, padding to common widths, line width 75, and summarisation (3 edge
 * items per axis) past 1000 elements.
 * 0-d arrays print like numpy scalars ('1.0', '1e+20', '(1+2j)').
 */
#include "cli.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- element access */

static double get_float(const NpyArray *a, int64_t i, int part) {
  const unsigned char *p = (const unsigned char *)a->data;
  switch (a->dtype) {
  case TY_FLOAT16: { uint16_t h; memcpy(&h, p + 2 * i, 2); return f16_to_float(h); }
  case TY_FLOAT32: { float f; memcpy(&f, p + 4 * i, 4); return f; }
  case TY_FLOAT64: { double d; memcpy(&d, p + 8 * i, 8); return d; }
  case TY_COMPLEX64: { float f; memcpy(&f, p + 8 * i + 4 * part, 4); return f; }
  default: { double d; memcpy(&d, p + 16 * i + 8 * part, 8); return d; }
  }
}

/* Integers as a sign flag and magnitude-free pair: signed values in *sv, unsigned in *uv. */
static void get_int(const NpyArray *a, int64_t i, int64_t *sv, uint64_t *uv) {
  const unsigned char *p = (const unsigned char *)a->data + (size_t)i * dtype_info[a->dtype].size;
  switch (a->dtype) {
  case TY_BOOL: case TY_UINT8: *uv = *p; break;
  case TY_INT8: *sv = (int8_t)*p; break;
  case TY_INT16: { int16_t v; memcpy(&v, p, 2); *sv = v; break; }
  case TY_UINT16: { uint16_t v; memcpy(&v, p, 2); *uv = v; break; }
  case TY_INT32: { int32_t v; memcpy(&v, p, 4); *sv = v; break; }
  case TY_UINT32: { uint32_t v; memcpy(&v, p, 4); *uv = v; break; }
  case TY_INT64: memcpy(sv, p, 8); break;
  default: memcpy(uv, p, 8); break;
  }
}

/* ---------------------------------------------------------------- float formatting */

/* The float type whose shortest digits we want: float16/32/64 (complex: its parts). */
static int part_type(int dtype) {
  return dtype == TY_COMPLEX64 ? TY_FLOAT32 : dtype == TY_COMPLEX128 ? TY_FLOAT64 : dtype;
}

static bool roundtrips(const char *s, double x, int ty) {
  double d = strtod(s, NULL);
  if (ty == TY_FLOAT64) return d == x;
  if (ty == TY_FLOAT32) return strtof(s, NULL) == (float)x;
  return f16_from_double(d) == f16_from_double(x);
}

/* Shortest "%.*e" of finite |x| that reads back as x in type ty, with at most maxp digits
   after the point (then rounded there). Returns the digits after the point. */
static int shortest_e(double x, int ty, int maxp, char *buf, size_t n) {
  for (int p = 0; p < maxp; p++) {
    snprintf(buf, n, "%.*e", p, x);
    if (roundtrips(buf, x, ty)) return p;
  }
  snprintf(buf, n, "%.*e", maxp, x);
  return maxp;
}

static int max_digits(int ty) { return ty == TY_FLOAT64 ? 16 : ty == TY_FLOAT32 ? 8 : 4; }

/* Splits "d.ddde+XX" of |x| into the digit string and the decimal exponent. */
static void sci_digits(double ax, int ty, int maxp, char *digits, int *exp10) {
  char buf[64];
  shortest_e(ax, ty, maxp, buf, sizeof buf);
  char *e = strchr(buf, 'e');
  *exp10 = atoi(e + 1);
  size_t k = 0;
  for (char *q = buf; q < e; q++)
    if (*q != '.') digits[k++] = *q;
  while (k > 1 && digits[k - 1] == '0') k--;
  digits[k] = 0;
}

static const char *sign_str(double x, bool plus) { return signbit(x) ? "-" : plus ? "+" : ""; }

/* Positional text of 0.DIGITS * 10^(E+1): int part (with sign SG) and fraction digits. */
static void digits_positional(const char *digits, int e, const char *sg, char *ip, char *fp) {
  int k = (int)strlen(digits);
  char *o = ip + sprintf(ip, "%s", sg);
  if (e < 0) {
    *o++ = '0';
    *o = 0;
    memset(fp, '0', (size_t)(-e - 1));
    strcpy(fp + (-e - 1), digits);
  } else {
    for (int i = 0; i <= e; i++) *o++ = i < k ? digits[i] : '0';
    *o = 0;
    strcpy(fp, k > e + 1 ? digits + e + 1 : "");
  }
}

/* dragon4_positional(x, unique=True, trim='.'): int part and fraction digits, the fraction
   rounded to 8 digits when CAP (arrays: precision 8) and the unique digits need more. */
static void positional(double x, int ty, bool plus, bool cap, char *ip, char *fp) {
  double ax = fabs(x);
  char digits[40];
  int e;
  if (ax == 0) {
    sprintf(ip, "%s0", sign_str(x, plus));
    fp[0] = 0;
    return;
  }
  sci_digits(ax, ty, max_digits(ty), digits, &e);
  if (cap && (int)strlen(digits) - 1 - e > 8) {
    char buf[400];
    snprintf(buf, sizeof buf, "%.8f", ax);
    char *dot = strchr(buf, '.');
    *dot = 0;
    size_t fl = strlen(dot + 1);
    while (fl > 0 && dot[fl] == '0') fl--;
    sprintf(ip, "%s%s", sign_str(x, plus), buf);
    memcpy(fp, dot + 1, fl);
    fp[fl] = 0;
    return;
  }
  digits_positional(digits, e, sign_str(x, plus), ip, fp);
}

typedef struct FloatFmt {
  int ty;                                      /* TY_FLOAT16/32/64 */
  bool plus;                                   /* sign '+': imaginary parts */
  bool exp;                                    /* scientific notation */
  int pad_left, pad_right, precision, exp_size;
} FloatFmt;

/* numpy's FloatingFormat.fillFormat over the shown values. */
static void float_fill(FloatFmt *f, const double *v, int64_t n) {
  double maxv = 0, minv = INFINITY;
  bool any_finite = false, nonfinite = false, neginf = f->plus;
  for (int64_t i = 0; i < n; i++) {
    if (!isfinite(v[i])) {
      nonfinite = true;
      if (isinf(v[i]) && v[i] < 0) neginf = true;
      continue;
    }
    any_finite = true;
    double a = fabs(v[i]);
    if (a == 0) continue;
    if (a > maxv) maxv = a;
    if (a < minv) minv = a;
  }
  /* numpy >= 2.3: the upper cutoff is 10**min(8, finfo(dtype).precision) */
  double cutoff = f->ty == TY_FLOAT64 ? 1e8 : f->ty == TY_FLOAT32 ? 1e6 : 1e3;
  f->exp = maxv > 0 && (maxv >= cutoff || minv < 1e-4 || maxv / minv > 1000.);
  f->pad_left = f->pad_right = 0;
  f->precision = 8;
  f->exp_size = -1;
  if (any_finite && f->exp) {
    int prec = 0, exps = 0, il = 0;
    for (int64_t i = 0; i < n; i++) {
      if (!isfinite(v[i])) continue;
      char digits[40];
      int e;
      if (v[i] == 0) digits[0] = '0', digits[1] = 0, e = 0;
      else sci_digits(fabs(v[i]), f->ty, 8, digits, &e);
      int fl = (int)strlen(digits) - 1;
      if (fl > prec) prec = fl;
      int el = (abs(e) >= 100 ? (abs(e) >= 1000 ? 4 : 3) : 2);
      if (el > exps) exps = el;
      int w = 1 + (signbit(v[i]) || f->plus);
      if (w > il) il = w;
    }
    f->precision = prec;
    f->exp_size = exps;
    f->pad_left = il;
    f->pad_right = exps + 2 + prec;
  } else if (any_finite) {
    for (int64_t i = 0; i < n; i++) {
      if (!isfinite(v[i])) continue;
      char ip[400], fp[400];
      positional(v[i], f->ty, f->plus, true, ip, fp);
      int il = (int)strlen(ip), fl = (int)strlen(fp);
      if (il > f->pad_left) f->pad_left = il;
      if (fl > f->pad_right) f->pad_right = fl;
    }
  }
  if (nonfinite) {
    int off = f->pad_right + 1;
    if (3 - off > f->pad_left) f->pad_left = 3 - off;
    if (3 + neginf - off > f->pad_left) f->pad_left = 3 + neginf - off;
  }
}

static void pad(Buf *b, int n) {
  for (int i = 0; i < n; i++) buf_putc(b, ' ');
}

static void float_format(const FloatFmt *f, double x, Buf *b) {
  if (!isfinite(x)) {
    const char *s = isnan(x) ? (f->plus ? "+nan" : "nan")
                  : x < 0 ? "-inf" : f->plus ? "+inf" : "inf";
    pad(b, f->pad_left + f->pad_right + 1 - (int)strlen(s));
    buf_puts(b, s);
    return;
  }
  if (f->exp) {
    char buf[64];
    snprintf(buf, sizeof buf, "%.*e", f->precision, fabs(x));
    char *e = strchr(buf, 'e');
    int ex = atoi(e + 1);
    *e = 0;
    const char *sg = sign_str(x, f->plus);
    pad(b, f->pad_left - (int)strlen(sg) - 1);
    buf_puts(b, sg);
    buf_puts(b, buf);
    if (f->precision == 0) buf_putc(b, '.');
    buf_printf(b, "e%c%0*d", ex < 0 ? '-' : '+', f->exp_size, abs(ex));
    return;
  }
  char ip[400], fp[400];
  positional(x, f->ty, f->plus, true, ip, fp);
  pad(b, f->pad_left - (int)strlen(ip));
  buf_printf(b, "%s.%s", ip, fp);
  pad(b, f->pad_right - (int)strlen(fp));
}

/* numpy scalar str: positional in [1e-4, 1e16) (float32: 1e6, float16: 1e3), else
   scientific; unique digits; trim '0' ("1.0") or, for complex parts, '-' ("1"). */
static void scalar_float(double x, int ty, bool plus, bool trim_all, Buf *b) {
  if (isnan(x)) { buf_puts(b, plus ? "+nan" : "nan"); return; }
  if (isinf(x)) { buf_puts(b, x < 0 ? "-inf" : plus ? "+inf" : "inf"); return; }
  double ax = fabs(x), hi = ty == TY_FLOAT64 ? 1e16 : ty == TY_FLOAT32 ? 1e6 : 1e3;
  if (ax == 0 || (ax >= 1e-4 && ax < hi)) {
    char ip[400], fp[400];
    positional(x, ty, plus, false, ip, fp);
    buf_puts(b, ip);
    if (*fp) buf_printf(b, ".%s", fp);
    else if (!trim_all) buf_puts(b, ".0");
    return;
  }
  char digits[40];
  int e;
  sci_digits(ax, ty, max_digits(ty), digits, &e);
  buf_puts(b, sign_str(x, plus));
  buf_putc(b, digits[0]);
  if (digits[1]) buf_printf(b, ".%s", digits + 1);
  buf_printf(b, "e%c%02d", e < 0 ? '-' : '+', abs(e));
}

/* ---------------------------------------------------------------- printing */

enum { PR_EDGE = 3, PR_THRESHOLD = 1000, PR_WIDTH = 75 };

typedef struct Printer {
  const NpyArray *a;
  bool summary;
  int64_t stride[RT_MAXDIM];                   /* in elements */
  FloatFmt re, im;                             /* floats; complex: parts */
  int intwidth;                                /* ints and bools */
  double *vals[2];                             /* gathered shown values (fill pass) */
  int64_t nvals;
  int64_t imin, imax;                          /* shown signed range */
  uint64_t umin, umax;                         /* shown unsigned range */
} Printer;

typedef void VisitFn(Printer *P, int64_t idx);

static void visit(Printer *P, int axis, int64_t off, VisitFn *fn) {
  if (axis == P->a->ndim) {
    fn(P, off);
    return;
  }
  int64_t n = P->a->shape[axis];
  bool cut = P->summary && n > 2 * PR_EDGE;
  for (int64_t i = 0; i < n; i++) {
    if (cut && i == PR_EDGE) i = n - PR_EDGE;
    visit(P, axis + 1, off + i * P->stride[axis], fn);
  }
}

static void gather(Printer *P, int64_t idx) {
  const DtypeInfo *d = &dtype_info[P->a->dtype];
  if (d->is_float || d->is_complex) {
    P->vals[0][P->nvals] = get_float(P->a, idx, 0);
    if (d->is_complex) P->vals[1][P->nvals] = get_float(P->a, idx, 1);
  } else {
    int64_t sv = 0;
    uint64_t uv = 0;
    get_int(P->a, idx, &sv, &uv);
    if (sv < P->imin) P->imin = sv;
    if (sv > P->imax) P->imax = sv;
    if (uv < P->umin) P->umin = uv;
    if (uv > P->umax) P->umax = uv;
  }
  P->nvals++;
}

static void element(Printer *P, int64_t idx, Buf *b) {
  const DtypeInfo *d = &dtype_info[P->a->dtype];
  if (P->a->dtype == TY_BOOL) {
    const char *s = ((const unsigned char *)P->a->data)[idx] ? "True" : "False";
    pad(b, P->intwidth - (int)strlen(s));
    buf_puts(b, s);
  } else if (d->is_int) {
    int64_t sv = 0;
    uint64_t uv = 0;
    get_int(P->a, idx, &sv, &uv);
    if (d->is_signed) buf_printf(b, "%*" PRId64, P->intwidth, sv);
    else buf_printf(b, "%*" PRIu64, P->intwidth, uv);
  } else if (d->is_float) {
    float_format(&P->re, get_float(P->a, idx, 0), b);
  } else {
    float_format(&P->re, get_float(P->a, idx, 0), b);
    Buf im = {0};
    float_format(&P->im, get_float(P->a, idx, 1), &im);
    size_t sp = im.len;
    while (sp > 0 && im.data[sp - 1] == ' ') sp--;
    buf_putn(b, im.data, sp);
    buf_putc(b, 'j');
    buf_putn(b, im.data + sp, im.len - sp);
    buf_free(&im);
  }
}

static void spaces_to(Buf *b, int n) {
  b->len = 0;
  pad(b, n);
}

/* numpy's _extendLine: wrap before WORD if the line would pass WIDTH. */
static void extend_line(Buf *s, Buf *line, const Buf *word, int width, int hang) {
  bool wrap = (int)(line->len + word->len) > width && (int)line->len > hang;
  if (wrap) {
    size_t n = line->len;
    while (n > 0 && line->data[n - 1] == ' ') n--;
    buf_putn(s, line->data, n);
    buf_putc(s, '\n');
    spaces_to(line, hang);
  }
  buf_putn(line, word->data, word->len);
}

/* numpy's _formatArray recurser: the sub-array at OFF of axis AXIS, into OUT. */
static void recurse(Printer *P, int axis, int64_t off, int hang, int width, Buf *out) {
  const NpyArray *a = P->a;
  int64_t n = a->shape[axis];
  bool cut = P->summary && n > 2 * PR_EDGE;
  int64_t lead = cut ? PR_EDGE : 0, trail = cut ? PR_EDGE : n;
  int64_t st = P->stride[axis];
  Buf s = {0};
  if (axis == a->ndim - 1) {
    int elem_width = width - 1;
    Buf line = {0}, word = {0};
    spaces_to(&line, hang);
    for (int64_t i = 0; i < lead + trail; i++) {
      int64_t k = i < lead ? i : n - (lead + trail - i);
      if (cut && i == lead) {
        Buf dots = {0};
        buf_puts(&dots, "...");
        extend_line(&s, &line, &dots, elem_width, hang);
        buf_putc(&line, ' ');
        buf_free(&dots);
      }
      word.len = 0;
      element(P, off + k * st, &word);
      extend_line(&s, &line, &word, elem_width, hang);
      if (i + 1 < lead + trail) buf_putc(&line, ' ');
    }
    buf_putn(&s, line.data, line.len);
    buf_free(&line);
    buf_free(&word);
  } else {
    int nl = a->ndim - 1 - axis;                /* blank lines between rows: axes left - 1 */
    Buf nested = {0};
    for (int64_t i = 0; i < lead + trail; i++) {
      int64_t k = i < lead ? i : n - (lead + trail - i);
      if (cut && i == lead) {
        pad(&s, hang);
        buf_puts(&s, "...");
        for (int j = 0; j < nl; j++) buf_putc(&s, '\n');
      }
      nested.len = 0;
      recurse(P, axis + 1, off + k * st, hang + 1, width - 1, &nested);
      pad(&s, hang);
      buf_putn(&s, nested.data, nested.len);
      if (i + 1 < lead + trail)
        for (int j = 0; j < nl; j++) buf_putc(&s, '\n');
    }
    buf_free(&nested);
  }
  buf_putc(out, '[');
  if (s.len > (size_t)hang) buf_putn(out, s.data + hang, s.len - (size_t)hang);
  buf_putc(out, ']');
  buf_free(&s);
}

static void print_scalar(const NpyArray *a, Buf *b) {
  const DtypeInfo *d = &dtype_info[a->dtype];
  if (a->dtype == TY_BOOL) {
    buf_puts(b, *(const unsigned char *)a->data ? "True" : "False");
  } else if (d->is_int) {
    int64_t sv = 0;
    uint64_t uv = 0;
    get_int(a, 0, &sv, &uv);
    if (d->is_signed) buf_printf(b, "%" PRId64, sv);
    else buf_printf(b, "%" PRIu64, uv);
  } else if (d->is_float) {
    scalar_float(get_float(a, 0, 0), a->dtype, false, false, b);
  } else {
    int ty = part_type(a->dtype);
    double re = get_float(a, 0, 0), im = get_float(a, 0, 1);
    if (re == 0 && !signbit(re)) {
      scalar_float(im, ty, false, true, b);
      buf_putc(b, 'j');
      return;
    }
    buf_putc(b, '(');
    scalar_float(re, ty, false, true, b);
    scalar_float(im, ty, true, true, b);
    buf_puts(b, "j)");
  }
}

static void print_array(const NpyArray *a, Buf *b) {
  Printer P;
  memset(&P, 0, sizeof P);
  P.a = a;
  P.summary = a->size > PR_THRESHOLD;
  int64_t st = 1;
  for (int i = a->ndim - 1; i >= 0; i--) {
    P.stride[i] = st;
    st *= a->shape[i];
  }
  int64_t shown = 1;
  for (int i = 0; i < a->ndim; i++)
    shown *= P.summary && a->shape[i] > 2 * PR_EDGE ? 2 * PR_EDGE : a->shape[i];
  const DtypeInfo *d = &dtype_info[a->dtype];
  bool fl = d->is_float || d->is_complex;
  if (fl) {
    P.vals[0] = malloc((size_t)shown * sizeof(double));
    P.vals[1] = d->is_complex ? malloc((size_t)shown * sizeof(double)) : NULL;
  }
  P.imin = INT64_MAX, P.imax = INT64_MIN, P.umin = UINT64_MAX, P.umax = 0;
  visit(&P, 0, 0, gather);
  if (fl) {
    P.re.ty = P.im.ty = part_type(a->dtype);
    P.im.plus = true;
    float_fill(&P.re, P.vals[0], P.nvals);
    if (d->is_complex) float_fill(&P.im, P.vals[1], P.nvals);
  } else if (a->dtype == TY_BOOL) {
    P.intwidth = 5;                              /* numpy's BoolFormat: ' True' in arrays */
  } else {
    char t[32];
    int w1 = d->is_signed ? snprintf(t, sizeof t, "%" PRId64, P.imax)
                          : snprintf(t, sizeof t, "%" PRIu64, P.umax);
    int w2 = d->is_signed ? snprintf(t, sizeof t, "%" PRId64, P.imin)
                          : snprintf(t, sizeof t, "%" PRIu64, P.umin);
    P.intwidth = w1 > w2 ? w1 : w2;
  }
  recurse(&P, 0, 0, 1, PR_WIDTH, b);
  free(P.vals[0]);
  free(P.vals[1]);
}

void rt_npy_print(FILE *f, const char *name, const NpyArray *a) {
  Buf b = {0};
  if (name) buf_printf(&b, "%s = ", name);
  if (a->ndim == 0) print_scalar(a, &b);
  else if (a->size == 0) buf_puts(&b, "[]");
  else print_array(a, &b);
  buf_putc(&b, '\n');
  fwrite(b.data, 1, b.len, f);
  buf_free(&b);
}
