/*
 * tests/e2e/npycmp.c: compares two .npy files for the end-to-end tests.
 *
 *   npycmp [--tol REL] [--ulp N] GOT.npy WANT.npy
 *
 * Dtype and shape must be equal. Integers and bool compare exactly (bool as zero /
 * non-zero). Floats (float16/32/64, and the parts of complex values) are equal when they
 * are the same number, both NaN, or, with --tol, finite in WANT and within
 * |got - want| <= REL * max(1, |want|), |want| the modulus of a complex WANT (when finite:
 * the error of a complex result is normwise); infinities must match exactly. The same rule as
 * same() in tools/gen_expected.py. --ulp N is --tol N * eps of WANT's float type (of its
 * parts for complex): N units in the last place, relative to max(1, |want|); with both,
 * the larger tolerance holds.
 * Exit status: 0 equal, 1 different (the first differing elements are printed, with the
 * count), 2 unreadable files or bad usage. Reads files with cli/npy.c's rt_npy_read.
 */
#include "cli.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_SHOWN 5

/* Element i of a (part 0 = real, 1 = imaginary) as a double; a is a float or complex. */
static double float_at(const NpyArray *a, int64_t i, int part) {
  const unsigned char *p = a->data;
  switch (a->dtype) {
  case TY_FLOAT16: { uint16_t h; memcpy(&h, p + 2 * i, 2); return f16_to_float(h); }
  case TY_FLOAT32: { float f; memcpy(&f, p + 4 * i, 4); return f; }
  case TY_FLOAT64: { double d; memcpy(&d, p + 8 * i, 8); return d; }
  case TY_COMPLEX64: { float f; memcpy(&f, p + 8 * i + 4 * part, 4); return f; }
  case TY_COMPLEX128: { double d; memcpy(&d, p + 16 * i + 8 * part, 8); return d; }
  default: return 0;
  }
}

/* mag: |want|, or for a part of a complex want its modulus when that is finite */
static bool float_same(double got, double want, double tol, double mag) {
  if (got == want || (isnan(got) && isnan(want)))
    return true;
  if (tol > 0 && isfinite(want) && isfinite(got))
    return fabs(got - want) <= tol * fmax(1.0, mag);
  return false;
}

/* Writes element i as text (the element's own type, so integers print exactly). */
static void show(const NpyArray *a, int64_t i, char *buf, size_t n) {
  const DtypeInfo *d = &dtype_info[a->dtype];
  const unsigned char *p = (const unsigned char *)a->data + (size_t)d->size * (size_t)i;
  if (a->dtype == TY_BOOL) {
    snprintf(buf, n, "%s", *p ? "True" : "False");
  } else if (d->is_int) {
    uint64_t u = 0;
    memcpy(&u, p, (size_t)d->size);
    if (d->is_signed && d->size < 8 && (u >> (8 * d->size - 1)) & 1)
      u |= ~UINT64_C(0) << (8 * d->size);  /* sign-extend */
    if (d->is_signed)
      snprintf(buf, n, "%" PRId64, (int64_t)u);
    else
      snprintf(buf, n, "%" PRIu64, u);
  } else if (d->is_complex) {
    snprintf(buf, n, "(%.17g%+.17gj)", float_at(a, i, 0), float_at(a, i, 1));
  } else {
    snprintf(buf, n, "%.9g", float_at(a, i, 0));
  }
}

/* The flat index i as a NumPy index: "[3, 1]" (0-d arrays: "[()]"). */
static void show_index(const NpyArray *a, int64_t i, char *buf, size_t n) {
  int64_t idx[RT_MAXDIM];
  for (int k = a->ndim - 1; k >= 0; k--) {
    idx[k] = a->shape[k] ? i % a->shape[k] : 0;
    i = a->shape[k] ? i / a->shape[k] : 0;
  }
  size_t len = (size_t)snprintf(buf, n, "[");
  if (a->ndim == 0)
    len += (size_t)snprintf(buf + len, n - len, "()");
  for (int k = 0; k < a->ndim && len < n; k++)
    len += (size_t)snprintf(buf + len, n - len, "%s%" PRId64, k ? ", " : "", idx[k]);
  if (len < n)
    snprintf(buf + len, n - len, "]");
}

static bool element_same(const NpyArray *got, const NpyArray *want, int64_t i, double tol) {
  const DtypeInfo *d = &dtype_info[want->dtype];
  if (d->is_float || d->is_complex) {
    double mod = d->is_complex ? hypot(float_at(want, i, 0), float_at(want, i, 1)) : NAN;
    for (int part = 0; part < (d->is_complex ? 2 : 1); part++) {
      double w = float_at(want, i, part);
      if (!float_same(float_at(got, i, part), w, tol, isfinite(mod) ? mod : fabs(w)))
        return false;
    }
    return true;
  }
  const unsigned char *g = (const unsigned char *)got->data + (size_t)d->size * (size_t)i;
  const unsigned char *w = (const unsigned char *)want->data + (size_t)d->size * (size_t)i;
  if (want->dtype == TY_BOOL)
    return (*g != 0) == (*w != 0);
  return memcmp(g, w, (size_t)d->size) == 0;
}

static void shape_str(const NpyArray *a, char *buf, size_t n) {
  size_t len = (size_t)snprintf(buf, n, "(");
  for (int k = 0; k < a->ndim && len < n; k++)
    len += (size_t)snprintf(buf + len, n - len, "%" PRId64 "%s", a->shape[k],
                            a->ndim == 1 ? "," : k + 1 < a->ndim ? ", " : "");
  if (len < n)
    snprintf(buf + len, n - len, ")");
}

static int compare(const char *gpath, const NpyArray *got, const NpyArray *want, double tol) {
  char gs[128], ws[128];
  if (got->dtype != want->dtype) {
    printf("%s: dtype %s, expected %s\n", gpath, dtype_info[got->dtype].name,
           dtype_info[want->dtype].name);
    return 1;
  }
  shape_str(got, gs, sizeof gs);
  shape_str(want, ws, sizeof ws);
  if (strcmp(gs, ws) != 0) {
    printf("%s: shape %s, expected %s\n", gpath, gs, ws);
    return 1;
  }
  int64_t bad = 0;
  for (int64_t i = 0; i < want->size; i++) {
    if (element_same(got, want, i, tol))
      continue;
    if (bad < MAX_SHOWN) {
      char idx[160], g[96], w[96];
      show_index(want, i, idx, sizeof idx);
      show(got, i, g, sizeof g);
      show(want, i, w, sizeof w);
      printf("%s%s: got %s, expected %s\n", gpath, idx, g, w);
    }
    bad++;
  }
  if (bad) {
    printf("%s: %" PRId64 " of %" PRId64 " elements differ\n", gpath, bad, want->size);
    return 1;
  }
  return 0;
}

static int usage(void) {
  fprintf(stderr, "usage: npycmp [--tol REL] [--ulp N] GOT.npy WANT.npy\n");
  return 2;
}

/* eps of a float type, or of a complex type's parts (0 for integers and bool). */
static double type_eps(TypeKind t) {
  switch (t) {
  case TY_FLOAT16: return 0x1p-10;
  case TY_FLOAT32: case TY_COMPLEX64: return 0x1p-23;
  case TY_FLOAT64: case TY_COMPLEX128: return 0x1p-52;
  default: return 0;
  }
}

int main(int argc, char **argv) {
  double tol = 0, ulp = 0;
  int i = 1;
  while (i + 1 < argc && (strcmp(argv[i], "--tol") == 0 || strcmp(argv[i], "--ulp") == 0)) {
    char *end;
    double v = strtod(argv[i + 1], &end);
    if (*end || v < 0 || argv[i + 1][0] == '\0')
      return usage();
    *(argv[i][2] == 't' ? &tol : &ulp) = v;
    i += 2;
  }
  if (argc - i != 2)
    return usage();
  NpyArray got = {0}, want = {0};
  char err[RT_ERRLEN];
  if (rt_npy_read(argv[i], &got, err) != 0) {
    printf("%s\n", err);
    return 2;
  }
  if (rt_npy_read(argv[i + 1], &want, err) != 0) {
    printf("%s\n", err);
    rt_npy_free(&got);
    return 2;
  }
  tol = fmax(tol, ulp * type_eps(want.dtype));
  int st = compare(argv[i], &got, &want, tol);
  rt_npy_free(&got);
  rt_npy_free(&want);
  return st;
}
