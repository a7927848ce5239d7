/*
 * tests/unit/test_runtime.c: unit tests of the runtime support modules npy.c, args.c and
 * cache.c. Usage: test_runtime [CORPUS_DIR]   (default tests/npy, made by
 * tests/npy/make_corpus.py). Prints "PASS name" or "FAIL name: why" per test and exits
 * non-zero if any failed. Temporary files go to a fresh folder under $TMPDIR (or /tmp)
 * that is removed at the end.
 */
#include "cli.h"
#include "harness.h"
#include "../../include/pykc.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static const char *corpus = "tests/npy";
static char tmpdir[256];

static char *slurp(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *p = malloc((size_t)n + 1);
  if (fread(p, 1, (size_t)n, f) != (size_t)n) n = 0;
  fclose(f);
  p[n] = 0;
  *len = (size_t)n;
  return p;
}

static void shape_str(const NpyArray *a, char *buf, size_t n) {
  if (a->ndim == 0) {
    snprintf(buf, n, "()");
    return;
  }
  size_t k = 0;
  for (int i = 0; i < a->ndim; i++)
    k += (size_t)snprintf(buf + k, n - k, i ? "x%lld" : "%lld", (long long)a->shape[i]);
}

/* ------------------------------------------------------------------ npy */

/* Every dtype, 0-d, 1-d and 3-d: write, read back, compare. */
static void test_npy_roundtrip(void) {
  static const int64_t shapes[3][3] = {{0}, {5}, {2, 3, 4}};
  static const int ndims[3] = {0, 1, 3};
  char err[RT_ERRLEN], path[512];
  for (int t = TY_BOOL; t < TY_NSCALAR; t++) {
    for (int s = 0; s < 3; s++) {
      NpyArray a, b;
      if (rt_npy_alloc(&a, t, ndims[s], shapes[s], err)) {
        failf("alloc %s: %s", dtype_info[t].name, err);
        return;
      }
      for (size_t i = 0; i < a.nbytes; i++)
        ((unsigned char *)a.data)[i] = (unsigned char)(t == TY_BOOL ? i % 2 : i * 7 + 3);
      snprintf(path, sizeof path, "%s/rt_%d_%d.npy", tmpdir, t, s);
      if (rt_npy_write(path, &a, err)) failf("write %s: %s", path, err);
      else if (rt_npy_read(path, &b, err)) failf("read back %s: %s", path, err);
      else {
        if (b.dtype != t || b.ndim != a.ndim || b.size != a.size || b.nbytes != a.nbytes ||
            memcmp(a.shape, b.shape, sizeof a.shape) || memcmp(a.data, b.data, a.nbytes))
          failf("%s ndim %d: round trip differs", dtype_info[t].name, a.ndim);
        rt_npy_free(&b);
      }
      size_t len = 0;
      char *bytes = slurp(path, &len);
      if (!bytes || len % 64 != a.nbytes % 64 || (len - a.nbytes) % 64)
        failf("%s: header not 64-byte aligned (file %zu bytes)", path, len);
      free(bytes);
      rt_npy_free(&a);
    }
  }
}

/* Files numpy wrote: read, check dtype/shape/bytes, and write them back byte for byte. */
static void test_npy_good_corpus(void) {
  char list[512], err[RT_ERRLEN];
  snprintf(list, sizeof list, "%s/good_cases.txt", corpus);
  FILE *f = fopen(list, "r");
  if (!f) {
    failf("cannot open %s (run tests/npy/make_corpus.py)", list);
    return;
  }
  char line[512];
  int n = 0, rewritten = 0;
  while (fgets(line, sizeof line, f)) {
    char name[128], dt[32], shp[64];
    unsigned long long sum;
    if (sscanf(line, "%127[^|]|%31[^|]|%63[^|]|%llu", name, dt, shp, &sum) != 4) continue;
    char path[512], out[512], s[64];
    snprintf(path, sizeof path, "%s/%s", corpus, name);
    NpyArray a;
    n++;
    if (rt_npy_read(path, &a, err)) {
      failf("%s: %s", name, err);
      continue;
    }
    unsigned long long got = 0;
    for (size_t i = 0; i < a.nbytes; i++) got += ((unsigned char *)a.data)[i];
    shape_str(&a, s, sizeof s);
    if (strcmp(dtype_info[a.dtype].name, dt) || strcmp(s, shp) || got != sum)
      failf("%s: got %s %s sum %llu, numpy says %s %s sum %llu", name, dtype_info[a.dtype].name,
            s, got, dt, shp, sum);
    /* numpy.save wrote the version-1.0 files: ours must be identical */
    if (!strstr(name, "_v") && !strstr(name, "fortran") && !strstr(name, "style")) {
      snprintf(out, sizeof out, "%s/copy.npy", tmpdir);
      size_t l1 = 0, l2 = 0;
      char *b1 = NULL, *b2 = NULL;
      if (rt_npy_write(out, &a, err)) failf("write %s: %s", out, err);
      else if (!(b1 = slurp(path, &l1)) || !(b2 = slurp(out, &l2)) || l1 != l2 || memcmp(b1, b2, l1))
        failf("%s: rewritten file differs from numpy.save's", name);
      free(b1);
      free(b2);
      rewritten++;
    }
    rt_npy_free(&a);
  }
  fclose(f);
  if (n < 40 || rewritten < 40) failf("only %d good files (%d rewritten)", n, rewritten);
}

static void test_npy_bad_corpus(void) {
  char list[512], err[RT_ERRLEN];
  snprintf(list, sizeof list, "%s/bad_cases.txt", corpus);
  FILE *f = fopen(list, "r");
  if (!f) {
    failf("cannot open %s", list);
    return;
  }
  char line[512];
  int n = 0;
  while (fgets(line, sizeof line, f)) {
    line[strcspn(line, "\n")] = 0;
    char *bar = strchr(line, '|');
    if (!bar) continue;
    *bar = 0;
    char path[1100];
    snprintf(path, sizeof path, "%s/%s", corpus, line);
    NpyArray a;
    err[0] = 0;
    n++;
    if (rt_npy_read(path, &a, err) == 0) {
      failf("%s: read succeeded", line);
      rt_npy_free(&a);
    } else if (!strstr(err, bar + 1)) {
      failf("%s: message '%s' lacks '%s'", line, err, bar + 1);
    } else if (a.data || strchr(err, '\n') || !strstr(err, line)) {
      failf("%s: data left allocated, or message not one line naming the file: '%s'", line, err);
    }
  }
  fclose(f);
  if (n < 30) failf("only %d bad files", n);
}

/* rt_npy_print against numpy's str() output (numpy 2.4). */
static void test_npy_print(void) {
  static const struct { const char *spec, *want; } cases[] = {
    {"x=arange:float64:3", "x = [0. 1. 2.]\n"},
    {"x=arange:float64:2000",
     "x = [0.000e+00 1.000e+00 2.000e+00 ... 1.997e+03 1.998e+03 1.999e+03]\n"},
    {"x=arange:int32:3x4", "x = [[ 0  1  2  3]\n [ 4  5  6  7]\n [ 8  9 10 11]]\n"},
    {"x=arange:float32:2x3x4",
     "x = [[[ 0.  1.  2.  3.]\n  [ 4.  5.  6.  7.]\n  [ 8.  9. 10. 11.]]\n\n"
     " [[12. 13. 14. 15.]\n  [16. 17. 18. 19.]\n  [20. 21. 22. 23.]]]\n"},
    {"x=arange:int64:40x50",
     "x = [[   0    1    2 ...   47   48   49]\n [  50   51   52 ...   97   98   99]\n"
     " [ 100  101  102 ...  147  148  149]\n ...\n [1850 1851 1852 ... 1897 1898 1899]\n"
     " [1900 1901 1902 ... 1947 1948 1949]\n [1950 1951 1952 ... 1997 1998 1999]]\n"},
    {"x=ones:bool:3", "x = [ True  True  True]\n"},
    {"x=zeros:complex64:2", "x = [0.+0.j 0.+0.j]\n"},
    {"x=arange:uint8:30",
     "x = [ 0  1  2  3  4  5  6  7  8  9 10 11 12 13 14 15 16 17 18 19 20 21 22 23\n"
     " 24 25 26 27 28 29]\n"},
    {"x=arange:float16:5", "x = [0. 1. 2. 3. 4.]\n"},
    {"x=zeros:float32:()", "x = 0.0\n"},
    {"x=zeros:int8:0", "x = []\n"},
  };
  char err[RT_ERRLEN];
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    RunArg a;
    if (rt_parse_arg(cases[i].spec, MODE_CUDA, &a, err)) {
      failf("%s: %s", cases[i].spec, err);
      continue;
    }
    char *text = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&text, &len);
    rt_npy_print(m, a.name, &a.arr);
    fclose(m);
    if (strcmp(text, cases[i].want)) failf("%s: printed\n%s\nnumpy prints\n%s", cases[i].spec, text, cases[i].want);
    free(text);
    rt_arg_free(&a);
  }
  /* floats: exponent switch, nan/inf padding, precision 8, scalar style */
  static const double v1[] = {0.1, 2.5e-5, NAN, -INFINITY}, v2[] = {1.0 / 3, 2.0 / 3, 1e3}, v3[] = {1e20};
  static const struct { const double *v; int n; const char *want; } fc[] = {
    {v1, 4, "x = [1.0e-01 2.5e-05     nan    -inf]\n"},
    {v2, 3, "x = [3.33333333e-01 6.66666667e-01 1.00000000e+03]\n"},
    {v3, 0, "x = 1e+20\n"},
  };
  for (size_t i = 0; i < sizeof fc / sizeof *fc; i++) {
    NpyArray a;
    int64_t n = fc[i].n;
    rt_npy_alloc(&a, TY_FLOAT64, fc[i].n ? 1 : 0, &n, err);
    memcpy(a.data, fc[i].v, a.nbytes);
    char *text = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&text, &len);
    rt_npy_print(m, "x", &a);
    fclose(m);
    if (strcmp(text, fc[i].want)) failf("printed '%s', numpy prints '%s'", text, fc[i].want);
    free(text);
    rt_npy_free(&a);
  }
}

static void test_half(void) {
  static const struct { double d; uint16_t h; } cases[] = {
    {0.0, 0x0000}, {-0.0, 0x8000}, {1.0, 0x3c00}, {-2.0, 0xc000}, {65504.0, 0x7bff},
    {65520.0, 0x7c00}, {65519.0, 0x7bff}, {0.1, 0x2e66}, {5.960464477539063e-08, 0x0001},
    {2.9802322387695312e-08, 0x0000}, {2.98023223876953125e-08 * 1.0001, 0x0001},
    {6.097555160522461e-05, 0x03ff}, {6.103515625e-05, 0x0400}, {2049.0, 0x6800},
    {2051.0, 0x6802}, {INFINITY, 0x7c00},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    uint16_t h = f16_from_double(cases[i].d);
    if (h != cases[i].h) failf("double_to_half(%g) = 0x%04x, want 0x%04x", cases[i].d, h, cases[i].h);
  }
  for (unsigned h = 0; h < 0x10000; h++) {      /* every finite half round trips */
    if ((h & 0x7c00) == 0x7c00) continue;
    if (f16_from_double(f16_to_float((uint16_t)h)) != h) {
      failf("half 0x%04x does not round trip", h);
      break;
    }
  }
}

/* ------------------------------------------------------------------ args */

typedef struct ArgCase {
  const char *spec;
  Mode mode;
  int dtype;                                    /* -1: an error is expected */
  double val;                                   /* scalars: expected value (as double) */
  const char *msg;                              /* error substring */
} ArgCase;

static double scalar_value(const RunArg *a) {
  const DtypeInfo *d = &dtype_info[a->dtype];
  if (a->dtype == TY_BOOL) return a->val.b;
  if (d->is_int) return d->is_signed ? (double)a->val.i : (double)a->val.u;
  return a->val.f;
}

/* The imaginary part of complex scalar arguments (rounded to the dtype's parts). */
static void test_args_complex(void) {
  static const struct {
    const char *spec;
    double im;
  } cases[] = {{"z=1+2j", 2}, {"z=-2j", -2}, {"z=(1-0.1j):complex64", (double)-0.1f},
               {"z=(1-0.1j):complex128", -0.1}, {"z=5:complex64", 0}, {"z=1e-3+1e3J", 1e3}};
  char err[RT_ERRLEN];
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    RunArg a;
    if (rt_parse_arg(cases[i].spec, MODE_CUDA, &a, err)) {
      failf("'%s': %s", cases[i].spec, err);
      continue;
    }
    if (a.imag != cases[i].im)
      failf("'%s': imaginary part %g, expected %g", cases[i].spec, a.imag, cases[i].im);
    rt_arg_free(&a);
  }
}

static void test_args_scalars(void) {
  static const ArgCase cases[] = {
    {"n=5", MODE_CUDA, TY_INT32, 5, NULL},
    {"n=-2147483648", MODE_CUDA, TY_INT32, -2147483648.0, NULL},
    {"n=2147483647", MODE_CUDA, TY_INT32, 2147483647.0, NULL},
    {"n=2147483648", MODE_CUDA, TY_INT64, 2147483648.0, NULL},
    {"n=-2147483649", MODE_CUDA, TY_INT64, -2147483649.0, NULL},
    {"n=9223372036854775807", MODE_CUDA, TY_INT64, 9223372036854775807.0, NULL},
    {"n=9223372036854775808", MODE_CUDA, TY_UINT64, 9223372036854775808.0, NULL},
    {"n=-9223372036854775808", MODE_CUDA, TY_INT64, -9223372036854775808.0, NULL},
    {"n=0x10", MODE_CUDA, TY_INT32, 16, NULL},
    {"n=1_000", MODE_CUDA, TY_INT32, 1000, NULL},
    {"x=1.5", MODE_CUDA, TY_FLOAT32, 1.5, NULL},
    {"x=0.1", MODE_CUDA, TY_FLOAT32, (double)0.1f, NULL},
    {"x=1e3", MODE_CUDA, TY_FLOAT32, 1000, NULL},
    {"x=-2.", MODE_CUDA, TY_FLOAT32, -2, NULL},
    {"x=inf", MODE_CUDA, TY_FLOAT32, INFINITY, NULL},
    {"x=-inf", MODE_NUMPY, TY_FLOAT64, -INFINITY, NULL},
    {"b=True", MODE_CUDA, TY_BOOL, 1, NULL},
    {"b=False", MODE_NUMPY, TY_BOOL, 0, NULL},
    {"n=5", MODE_NUMPY, TY_INT64, 5, NULL},
    {"x=0.1", MODE_NUMPY, TY_FLOAT64, 0.1, NULL},
    {"n=255:uint8", MODE_CUDA, TY_UINT8, 255, NULL},
    {"n=-128:int8", MODE_CUDA, TY_INT8, -128, NULL},
    {"n=5:np.int16", MODE_CUDA, TY_INT16, 5, NULL},
    {"n=18446744073709551615:uint64", MODE_CUDA, TY_UINT64, 18446744073709551615.0, NULL},
    {"x=3:float32", MODE_CUDA, TY_FLOAT32, 3, NULL},
    {"x=0.1:float16", MODE_CUDA, TY_FLOAT16, 0.0999755859375, NULL},
    {"x=1e40:float64", MODE_CUDA, TY_FLOAT64, 1e40, NULL},
    {"x=2:complex64", MODE_CUDA, TY_COMPLEX64, 2, NULL},
    {"b=1:bool", MODE_CUDA, TY_BOOL, 1, NULL},
    {"b=0:bool", MODE_CUDA, TY_BOOL, 0, NULL},
    {"b=true", MODE_CUDA, TY_BOOL, 1, NULL},
    {"b=false", MODE_NUMPY, TY_BOOL, 0, NULL},
    {"b=true:bool", MODE_CUDA, TY_BOOL, 1, NULL},
    {"b=False:bool", MODE_CUDA, TY_BOOL, 0, NULL},
    {"x=f4:float32", MODE_CUDA, -1, 0, "is not a number"},
    {"n=True:int32", MODE_CUDA, TY_INT32, 1, NULL},
    {"x=nan", MODE_CUDA, TY_FLOAT32, NAN, NULL},
    /* complex literals in Python syntax (the real part checked here, the imaginary part
       by test_args_complex) */
    {"z=1+2j", MODE_CUDA, TY_COMPLEX64, 1, NULL},
    {"z=2j", MODE_NUMPY, TY_COMPLEX128, 0, NULL},
    {"z=(-1.5e3-0.25j):complex128", MODE_CUDA, TY_COMPLEX128, -1500, NULL},
    {"z=3:complex128", MODE_CUDA, TY_COMPLEX128, 3, NULL},
    {"z=1+2j:float32", MODE_CUDA, -1, 0, "argument 'z': 1+2j is complex (dtype float32)"},
    {"z=1+2jj", MODE_CUDA, -1, 0, "is not a number"},
    {"z=1e40j:complex64", MODE_CUDA, -1, 0, "does not fit complex64"},
    /* errors, each naming the argument */
    {"n=256:uint8", MODE_CUDA, -1, 0, "argument 'n': 256 does not fit uint8"},
    {"n=-1:uint32", MODE_CUDA, -1, 0, "argument 'n': -1 does not fit uint32"},
    {"n=-129:int8", MODE_CUDA, -1, 0, "does not fit int8"},
    {"n=2147483648:int32", MODE_CUDA, -1, 0, "does not fit int32"},
    {"n=1.5:int32", MODE_CUDA, -1, 0, "argument 'n': 1.5 is not an integer"},
    {"x=1e40:float32", MODE_CUDA, -1, 0, "argument 'x': 1e40 does not fit float32"},
    {"x=1e40", MODE_CUDA, -1, 0, "does not fit float32"},
    {"x=70000:float16", MODE_CUDA, -1, 0, "does not fit float16"},
    {"b=2:bool", MODE_CUDA, -1, 0, "argument 'b': 2 does not fit bool"},
    {"b=0.5:bool", MODE_CUDA, -1, 0, "does not fit bool"},
    {"n=5:int33", MODE_CUDA, -1, 0, "argument 'n': unknown dtype 'int33'"},
    {"n=5:", MODE_CUDA, -1, 0, "unknown dtype ''"},
    {"n=18446744073709551616", MODE_CUDA, -1, 0, "does not fit in 64 bits"},
    {"n=-9223372036854775809", MODE_CUDA, -1, 0, "does not fit in 64 bits"},
    {"x=abc", MODE_CUDA, -1, 0, "argument 'x': 'abc' is not a number"},
    {"x=1.2.3", MODE_CUDA, -1, 0, "is not a number"},
    {"x=0x", MODE_CUDA, -1, 0, "is not a number"},
    {"x=yes", MODE_CUDA, -1, 0, "is not a number"},
    {"x=", MODE_CUDA, -1, 0, "argument 'x': missing value"},
    {"noequals", MODE_CUDA, -1, 0, "argument 'noequals': expected NAME=VALUE"},
    {"1x=3", MODE_CUDA, -1, 0, "'1x' is not a parameter name"},
    {"=3", MODE_CUDA, -1, 0, "is not a parameter name"},
  };
  char err[RT_ERRLEN];
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    const ArgCase *c = &cases[i];
    RunArg a;
    err[0] = 0;
    int rc = rt_parse_arg(c->spec, c->mode, &a, err);
    if (c->dtype < 0) {
      if (rc == 0) failf("'%s' was accepted", c->spec);
      else if (!strstr(err, c->msg)) failf("'%s': message '%s' lacks '%s'", c->spec, err, c->msg);
      else if (a.name) failf("'%s': name left allocated after an error", c->spec);
      if (rc == 0) rt_arg_free(&a);
      continue;
    }
    if (rc) {
      failf("'%s': %s", c->spec, err);
      continue;
    }
    double v = scalar_value(&a);
    char name[16];
    snprintf(name, sizeof name, "%.*s", (int)strcspn(c->spec, "="), c->spec);
    if (a.is_array || a.dtype != c->dtype || strcmp(a.name, name) ||
        !(v == c->val || (isnan(v) && isnan(c->val))))
      failf("'%s': got %s %.17g (name '%s'), want %s %.17g", c->spec, dtype_info[a.dtype].name, v,
            a.name, dtype_info[c->dtype].name, c->val);
    if (a.dtype_given != (strchr(c->spec, ':') != NULL)) failf("'%s': dtype_given wrong", c->spec);
    rt_arg_free(&a);
  }
}

static void test_args_arrays(void) {
  char err[RT_ERRLEN], spec[600];
  RunArg a;
  if (rt_parse_arg("a=zeros:float32:1000", MODE_CUDA, &a, err)) failf("zeros: %s", err);
  else {
    bool zero = true;
    for (size_t i = 0; i < a.arr.nbytes; i++) zero &= ((unsigned char *)a.arr.data)[i] == 0;
    if (!a.is_array || a.dtype != TY_FLOAT32 || a.arr.ndim != 1 || a.arr.size != 1000 || !zero)
      failf("zeros:float32:1000 wrong");
    rt_arg_free(&a);
  }
  if (rt_parse_arg("a=ones:int16:64x64", MODE_CUDA, &a, err)) failf("ones: %s", err);
  else {
    bool ok = a.arr.ndim == 2 && a.arr.shape[0] == 64 && a.arr.shape[1] == 64 && a.arr.size == 4096;
    for (int64_t i = 0; ok && i < a.arr.size; i++) ok = ((int16_t *)a.arr.data)[i] == 1;
    if (!ok) failf("ones:int16:64x64 wrong");
    rt_arg_free(&a);
  }
  if (rt_parse_arg("a=arange:int32:2x3x4", MODE_CUDA, &a, err)) failf("arange: %s", err);
  else {
    bool ok = a.arr.ndim == 3 && a.arr.shape[2] == 4 && a.arr.size == 24;
    for (int64_t i = 0; ok && i < a.arr.size; i++) ok = ((int32_t *)a.arr.data)[i] == i;
    if (!ok) failf("arange:int32:2x3x4 wrong");
    rt_arg_free(&a);
  }
  static const int types[] = {TY_UINT8, TY_INT64, TY_UINT64, TY_FLOAT16, TY_FLOAT64, TY_COMPLEX128};
  for (size_t t = 0; t < sizeof types / sizeof *types; t++) {
    snprintf(spec, sizeof spec, "v=arange:%s:7", dtype_info[types[t]].name);
    if (rt_parse_arg(spec, MODE_CUDA, &a, err)) {
      failf("%s: %s", spec, err);
      continue;
    }
    NpyArray one;
    for (int64_t i = 0; i < 7; i++) {          /* element i read as a 0-d array and printed */
      one = a.arr;
      one.ndim = 0;
      one.size = 1;
      one.data = (char *)a.arr.data + i * dtype_info[types[t]].size;
      char *text = NULL;
      size_t len = 0;
      FILE *m = open_memstream(&text, &len);
      rt_npy_print(m, NULL, &one);
      fclose(m);
      if (atof(text + (text[0] == '(')) != (double)i) failf("%s: element %lld prints %s", spec, (long long)i, text);
      free(text);
    }
    rt_arg_free(&a);
  }
  snprintf(spec, sizeof spec, "a=@%s/good_float32_1d.npy", corpus);
  if (rt_parse_arg(spec, MODE_CUDA, &a, err)) failf("%s: %s", spec, err);
  else {
    if (!a.is_array || a.dtype != TY_FLOAT32 || a.arr.size != 5) failf("%s: wrong array", spec);
    rt_arg_free(&a);
  }
  static const struct { const char *spec, *msg; } bad[] = {
    {"a=arange:int8:300", "argument 'a': arange up to 299 does not fit int8"},
    {"a=arange:uint8:257", "does not fit uint8"},
    {"a=arange:float16:70000", "does not fit float16"},
    {"a=arange:bool:3", "arange does not make bool arrays"},
    {"a=zeros:float32:", "argument 'a': bad shape ''"},
    {"a=zeros:float32:3x", "bad shape '3x'"},
    {"a=zeros:float32:x3", "bad shape 'x3'"},
    {"a=zeros:float32:-3", "bad shape '-3'"},
    {"a=zeros:float32:3,4", "bad shape '3,4'"},
    {"a=zeros:float33:3", "argument 'a': unknown dtype 'float33'"},
    {"a=zeros:float32", "argument 'a': expected zeros:DTYPE:SHAPE"},
    {"a=ones", "expected ones:DTYPE:SHAPE"},
    {"a=zeros:float32:1x1x1x1x1x1x1x1x1", "more than 8 dimensions"},
    {"a=zeros:float32:99999999999x99999999999", "shape is too large"},
    {"a=zeros:float32:99999999999999999999", "is too large"},
    {"a=@/nonexistent/x.npy", "argument 'a': /nonexistent/x.npy: No such file"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
    err[0] = 0;
    if (rt_parse_arg(bad[i].spec, MODE_CUDA, &a, err) == 0) {
      failf("'%s' was accepted", bad[i].spec);
      rt_arg_free(&a);
    } else if (!strstr(err, bad[i].msg)) {
      failf("'%s': message '%s' lacks '%s'", bad[i].spec, err, bad[i].msg);
    }
  }
  snprintf(spec, sizeof spec, "a=@%s/bad_fortran.npy", corpus);
  if (rt_parse_arg(spec, MODE_CUDA, &a, err) == 0) failf("%s accepted", spec);
  else if (!strstr(err, "argument 'a': ") || !strstr(err, "Fortran-ordered")) failf("%s: '%s'", spec, err);
}

/* ------------------------------------------------------------------ cache */

static char cachedir[300];

static int count_files(const char *dir, const char *needle) {
  DIR *d = opendir(dir);
  if (!d) return 0;
  int n = 0;
  struct dirent *e;
  while ((e = readdir(d)))
    if (e->d_name[0] != '.' && (!needle || strstr(e->d_name, needle))) n++;
  closedir(d);
  return n;
}

static void set_cache_dir(const char *sub) {
  snprintf(cachedir, sizeof cachedir, "%s/%s", tmpdir, sub);
  setenv("PYKC_CACHE_DIR", cachedir, 1);
  unsetenv("PYKC_CACHE");
}

static void test_cache_key(void) {
  const void *p1[] = {"ab", "c"}, *p2[] = {"a", "bc"};
  size_t l1[] = {2, 1}, l2[] = {1, 2};
  char k1[33], k2[33], k3[33];
  rt_cache_key(p1, l1, 2, k1);
  rt_cache_key(p2, l2, 2, k2);
  rt_cache_key(p1, l1, 2, k3);
  if (strlen(k1) != 32 || strspn(k1, "0123456789abcdef") != 32) failf("key '%s' is not 32 hex digits", k1);
  if (!strcmp(k1, k2)) failf("parts ab|c and a|bc give the same key");
  if (strcmp(k1, k3)) failf("key is not deterministic");
  char dir[512], err[RT_ERRLEN];
  setenv("PYKC_CACHE_DIR", "/x/y", 1);
  if (rt_cache_dir(dir, sizeof dir, err) || strcmp(dir, "/x/y")) failf("PYKC_CACHE_DIR ignored");
  unsetenv("PYKC_CACHE_DIR");
  setenv("XDG_CACHE_HOME", "/xdg", 1);
  if (rt_cache_dir(dir, sizeof dir, err) || strcmp(dir, "/xdg/pykc")) failf("XDG_CACHE_HOME ignored");
  unsetenv("XDG_CACHE_HOME");
  char want[512];
  snprintf(want, sizeof want, "%s/.cache/pykc", getenv("HOME") ? getenv("HOME") : "");
  if (getenv("HOME") && (rt_cache_dir(dir, sizeof dir, err) || strcmp(dir, want))) failf("HOME ignored: %s", dir);
}

static void test_cache_put_get(void) {
  set_cache_dir("c1/deeper/still");             /* put creates the folders */
  char err[RT_ERRLEN], path[600];
  const char *payload = "hello, cache";
  void *data;
  size_t len;
  if (rt_cache_get("0123456789abcdef0123456789abcdef", "ptx", &data, &len) != 0) failf("hit in an empty cache");
  if (rt_cache_put("0123456789abcdef0123456789abcdef", "ptx", payload, strlen(payload), err)) {
    failf("put: %s", err);
    return;
  }
  if (rt_cache_get("0123456789abcdef0123456789abcdef", "ptx", &data, &len) != 1 ||
      len != strlen(payload) || memcmp(data, payload, len))
    failf("get did not return what put wrote");
  else free(data);
  if (rt_cache_get("0123456789abcdef0123456789abcdef", "cubin", &data, &len) != 0) failf("other ext hit");
  if (rt_cache_put("abc", "ptx", "", 0, err) || rt_cache_get("abc", "ptx", &data, &len) != 1 || len != 0)
    failf("empty payload: %s", err);
  else free(data);
  if (rt_cache_put("../evil", "ptx", "x", 1, err) == 0) failf("unsafe key accepted");
  if (rt_cache_path("0123456789abcdef0123456789abcdef", "so", path, sizeof path, err) ||
      !strstr(path, "c1/deeper/still/0123456789abcdef0123456789abcdef.so"))
    failf("path: %s", path);
  if (count_files(cachedir, ".tmp")) failf("temporary files left behind");
  /* overwrite with a new payload */
  if (rt_cache_put("0123456789abcdef0123456789abcdef", "ptx", "v2", 2, err) ||
      rt_cache_get("0123456789abcdef0123456789abcdef", "ptx", &data, &len) != 1 || len != 2 ||
      memcmp(data, "v2", 2))
    failf("overwrite failed");
  else free(data);
}

/* Flips one byte of the entry at OFFSET (or truncates it to OFFSET bytes). */
static void damage(const char *path, long offset, bool truncate_it) {
  if (truncate_it) {
    if (truncate(path, offset)) failf("truncate: %s", strerror(errno));
    return;
  }
  FILE *f = fopen(path, "r+b");
  if (!f) {
    failf("open %s", path);
    return;
  }
  fseek(f, offset, SEEK_SET);
  int c = fgetc(f);
  fseek(f, offset, SEEK_SET);
  fputc(c ^ 0x20, f);
  fclose(f);
}

static void test_cache_corrupt(void) {
  set_cache_dir("c2");
  static const struct { long off; bool trunc; const char *what; } cases[] = {
    {0, false, "magic"}, {9, false, "version"}, {17, false, "length"}, {30, false, "hash"},
    {100, false, "payload"}, {1999 + 40, false, "last byte"}, {100, true, "truncated payload"},
    {20, true, "truncated header"}, {0, true, "empty file"},
  };
  char payload[2000], err[RT_ERRLEN], path[600];
  for (size_t i = 0; i < sizeof payload; i++) payload[i] = (char)(i * 31);
  const char *key = "fedcba9876543210fedcba9876543210";
  rt_cache_path(key, "cubin", path, sizeof path, err);
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    void *data;
    size_t len;
    if (rt_cache_put(key, "cubin", payload, sizeof payload, err)) {
      failf("put: %s", err);
      return;
    }
    damage(path, cases[i].off, cases[i].trunc);
    if (rt_cache_get(key, "cubin", &data, &len) != 0) {
      failf("damaged %s: get hit", cases[i].what);
      free(data);
    } else if (access(path, F_OK) == 0) {
      failf("damaged %s: entry not removed", cases[i].what);
    }
  }
  /* trailing bytes appended to a good entry */
  rt_cache_put(key, "cubin", payload, sizeof payload, err);
  FILE *f = fopen(path, "ab");
  fputs("junk", f);
  fclose(f);
  void *data;
  size_t len;
  if (rt_cache_get(key, "cubin", &data, &len) != 0) {
    failf("entry with trailing bytes hit");
    free(data);
  }
  /* an entry that is a folder, or a FIFO (which must not block the reader): misses */
  unlink(path);
  if (mkdir(path, 0755) || rt_cache_get(key, "cubin", &data, &len) != 0)
    failf("entry that is a folder: not a miss");
  rmdir(path);
  if (mkfifo(path, 0644) || rt_cache_get(key, "cubin", &data, &len) != 0)
    failf("entry that is a FIFO: not a miss");
  unlink(path);
  if (rt_cache_put(key, "cubin", payload, sizeof payload, err) ||
      rt_cache_get(key, "cubin", &data, &len) != 1 || len != sizeof payload)
    failf("entry after a FIFO: %s", err);
  else
    free(data);
}

static void test_cache_disabled(void) {
  set_cache_dir("c3");
  char err[RT_ERRLEN];
  void *data;
  size_t len;
  const char *key = "00000000000000000000000000000001";
  if (rt_cache_put(key, "ptx", "abc", 3, err)) failf("put: %s", err);
  setenv("PYKC_CACHE", "0", 1);
  if (rt_cache_enabled()) failf("PYKC_CACHE=0 not seen");
  if (rt_cache_get(key, "ptx", &data, &len) != 0) failf("get hit with PYKC_CACHE=0");
  if (rt_cache_put("00000000000000000000000000000002", "ptx", "abc", 3, err)) failf("put failed: %s", err);
  if (count_files(cachedir, "0000000000000000000000000000000") != 1) failf("put wrote with PYKC_CACHE=0");
  setenv("PYKC_CACHE", "1", 1);
  if (!rt_cache_enabled() || rt_cache_get(key, "ptx", &data, &len) != 1) failf("PYKC_CACHE=1 disables");
  else free(data);
  unsetenv("PYKC_CACHE");
}

/* A cache folder or entry that is not private is not used (issue 11): get misses, put
   refuses, rt_cache_check says why; a fresh folder is 0700 and entries 0600. */
static void test_cache_trust(void) {
  set_cache_dir("c5/fresh");
  char err[RT_ERRLEN], reason[RT_ERRLEN], path[700];
  void *data;
  size_t len;
  const char *key = "55555555555555555555555555555555";
  struct stat st;
  if (rt_cache_check(reason)) failf("missing folder refused: %s", reason);
  if (stat(cachedir, &st) || (st.st_mode & 07777) != 0700) failf("check did not make the folder");
  if (rt_cache_put(key, "so", "obj", 3, err)) failf("put: %s", err);
  if (stat(cachedir, &st) || (st.st_mode & 07777) != 0700) failf("folder mode %o", st.st_mode & 07777);
  rt_cache_path(key, "so", path, sizeof path, err);
  if (stat(path, &st) || (st.st_mode & 07777) != 0600) failf("entry mode %o", st.st_mode & 07777);
  chmod(path, 0620);                               /* a group-writable entry */
  if (rt_cache_get(key, "so", &data, &len) != 0) failf("group-writable entry used"), free(data);
  rt_cache_put(key, "so", "obj", 3, err);
  static const mode_t bad[] = {01777, 0777, 0770, 0720};
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
    chmod(cachedir, bad[i]);
    if (rt_cache_check(reason) == 0 || !strstr(reason, "is writable by"))
      failf("folder mode %o: check says '%s'", (unsigned)bad[i], reason);
    if (rt_cache_get(key, "so", &data, &len) != 0) failf("folder mode %o: entry used", (unsigned)bad[i]), free(data);
    if (rt_cache_put("66666666666666666666666666666666", "so", "x", 1, err) == 0)
      failf("folder mode %o: put wrote", (unsigned)bad[i]);
  }
  chmod(cachedir, 0755);                           /* readable by others is fine */
  if (rt_cache_check(reason) || rt_cache_get(key, "so", &data, &len) != 1) failf("mode 755 refused: %s", reason);
  else free(data);
  char link[800];                                  /* an entry that is a symbolic link */
  snprintf(link, sizeof link, "%s/77777777777777777777777777777777.so", cachedir);
  if (symlink(path, link) == 0 && rt_cache_get("77777777777777777777777777777777", "so", &data, &len) != 0)
    failf("symbolic link entry used"), free(data);
  /* a folder that cannot be made or reached says why (it was passed as "missing": the
     commands then compiled privately without a word) */
  char under[800];
  snprintf(under, sizeof under, "%s/sub", path);   /* PATH is a file */
  setenv("PYKC_CACHE_DIR", under, 1);
  if (rt_cache_check(reason) == 0 || !strstr(reason, "cannot be used (Not a directory): name "
                                             "another in PYKC_CACHE_DIR"))
    failf("a folder under a file: check says '%s'", reason);
  static char longdir[5000];
  memset(longdir, 'a', sizeof longdir - 1);
  longdir[0] = '/';
  setenv("PYKC_CACHE_DIR", longdir, 1);
  if (rt_cache_check(reason) == 0 || !strstr(reason, "path is longer than 4095 bytes"))
    failf("a path too long: check says '%s'", reason);
  setenv("PYKC_CACHE_DIR", cachedir, 1);
}

/* rt_write_file: atomic replacement (a new inode, the old mode kept, no temporary left),
   in-place writes to devices, the reasons of failures. */
static void test_write_file(void) {
  char path[700], dir[600], err[RT_ERRLEN];
  snprintf(dir, sizeof dir, "%s/w", tmpdir);
  mkdir(dir, 0700);
  snprintf(path, sizeof path, "%s/f.txt", dir);
  RtParts p = {{"hello, ", "world"}, {7, 5}, 2};
  struct stat a, b;
  if (rt_write_file(path, &p, err) || stat(path, &a)) failf("write: %s", err);
  chmod(path, 0640);
  stat(path, &a);
  if (rt_write_file(path, &p, err) || stat(path, &b)) failf("rewrite: %s", err);
  if (a.st_ino == b.st_ino) failf("not replaced by rename");
  if ((b.st_mode & 0777) != 0640) failf("mode %o not kept", b.st_mode & 0777);
  char *text;
  if (rt_read_text(path, &text, err) || strcmp(text, "hello, world"))
    failf("content '%s' (%s)", text ? text : "(none)", err);
  free(text);
  char nul[4200];                                  /* a NUL byte: its line and column */
  snprintf(nul, sizeof nul, "%s/nul.cu", dir);
  FILE *nf = fopen(nul, "wb");
  if (!nf || fwrite("int a;\nint\0b;\n", 1, 14, nf) != 14 || fclose(nf))
    failf("cannot write %s", nul);
  if (rt_read_text(nul, &text, err) != RT_ESOURCE || text || !strstr(err, "nul.cu:2:4: error: a NUL byte"))
    failf("NUL byte: '%s'", err);
  if (rt_read_text(dir, &text, err) != RT_EUSAGE || !strstr(err, "cannot read"))
    failf("folder read: '%s'", err);
  unlink(nul);
  if (count_files(dir, ".tmp")) failf("temporary file left");
  RtParts one = {{"x"}, {1}, 1};
  if (rt_write_file("/dev/full", &one, err) == 0 || !strstr(err, "No space left"))
    failf("/dev/full: '%s'", err);
  if (rt_write_file("/dev/null", &one, err)) failf("/dev/null: %s", err);
  int mfd = memfd_create("out", 0);                /* no folder entry: written in place */
  char proc[64], back[8] = "";
  snprintf(proc, sizeof proc, "/proc/self/fd/%d", mfd);
  if (mfd < 0 || rt_write_file(proc, &one, err) || pread(mfd, back, sizeof back, 0) != 1 || back[0] != 'x')
    failf("memfd %s: '%s'", proc, err);
  if (mfd >= 0) close(mfd);
  if (rt_write_file(dir, &one, err) == 0 || !strstr(err, "folder")) failf("folder: '%s'", err);
  if (rt_check_out(dir, err) == 0) failf("check_out accepted a folder");
  snprintf(path, sizeof path, "%s/nofolder/f.txt", dir);
  if (rt_check_out(path, err) == 0 || rt_write_file(path, &one, err) == 0) failf("missing folder accepted");
}

static void test_cache_info_clear(void) {
  set_cache_dir("c4");
  char err[RT_ERRLEN], path[700];
  rt_cache_put("11111111111111111111111111111111", "ptx", "12345", 5, err);
  rt_cache_put("22222222222222222222222222222222", "cubin", "123", 3, err);
  snprintf(path, sizeof path, "%s/notes.txt", cachedir);   /* not pykc's: must survive */
  FILE *f = fopen(path, "w");
  fputs("keep me", f);
  fclose(f);
  RtCacheInfo info;
  if (rt_cache_info(&info, err)) failf("info: %s", err);
  else if (strcmp(info.dir, cachedir) || info.entries != 2 || info.bytes != 88 || !info.enabled)
    failf("info: '%s' %llu entries, %llu bytes", info.dir, (unsigned long long)info.entries,
          (unsigned long long)info.bytes);
  if (rt_cache_clear(err)) failf("clear: %s", err);
  snprintf(path + strlen(cachedir), sizeof path - strlen(cachedir), "/CACHEDIR.TAG");
  if (access(path, F_OK)) failf("no CACHEDIR.TAG in the cache folder");
  snprintf(path + strlen(cachedir), sizeof path - strlen(cachedir), "/notes.txt");
  if (count_files(cachedir, NULL) != 2 || access(path, F_OK)) failf("clear removed the wrong files");
  set_cache_dir("c4/missing");
  if (rt_cache_info(&info, err) || rt_cache_clear(err)) failf("info/clear on a missing folder: %s", err);
  else if (info.entries != 0) failf("info on a missing folder: %llu entries", (unsigned long long)info.entries);
}

/* Sets KEY's entry (ext "ptx") to have been used SECS seconds ago. */
static void age_entry(const char *key, int secs) {
  char path[700];
  snprintf(path, sizeof path, "%s/%s.ptx", cachedir, key);
  struct timespec t[2];
  clock_gettime(CLOCK_REALTIME, &t[0]);
  t[0].tv_sec -= secs;
  t[1] = t[0];
  if (utimensat(AT_FDCWD, path, t, 0)) failf("utimensat %s: %s", path, strerror(errno));
}

/* PYKC_CACHE_MAX: a put that takes the folder past the limit removes the least recently
   used entries (mtime, renewed by a hit) down to 90% of it, never the entry it wrote; a
   bad value is reported and the 1 GiB default applies; 0 is no limit. */
static void test_cache_limit(void) {
  set_cache_dir("c9");
  char err[RT_ERRLEN], key[33];
  static char payload[960];                        /* + the 40-byte header: 1000 bytes */
  memset(payload, 'p', sizeof payload);
  setenv("PYKC_CACHE_MAX", "0", 1);
  for (int i = 0; i < 6; i++) {                    /* 6000 bytes, entry i used 100 - i s ago */
    snprintf(key, sizeof key, "%032d", i);
    if (rt_cache_put(key, "ptx", payload, sizeof payload, err)) failf("put %d: %s", i, err);
    age_entry(key, 100 - i);
  }
  void *data;
  size_t len;
  if (rt_cache_get("00000000000000000000000000000001", "ptx", &data, &len) != 1) failf("get 1");
  else free(data);                                 /* entry 1 is now the most recent */
  setenv("PYKC_CACHE_MAX", "5K", 1);               /* 5120: the 7th entry takes it past */
  snprintf(key, sizeof key, "%032d", 6);
  if (rt_cache_put(key, "ptx", payload, sizeof payload, err)) failf("put 6: %s", err);
  /* 7000 > 5120: down to 4608 (90%) removes the three least recently used: 0, 2, 3 */
  static const int kept[] = {1, 4, 5, 6}, gone[] = {0, 2, 3};
  for (size_t i = 0; i < sizeof kept / sizeof *kept; i++) {
    snprintf(key, sizeof key, "%032d", kept[i]);
    char path[700];
    rt_cache_path(key, "ptx", path, sizeof path, err);
    if (access(path, F_OK)) failf("entry %d was evicted", kept[i]);
  }
  for (size_t i = 0; i < sizeof gone / sizeof *gone; i++) {
    snprintf(key, sizeof key, "%032d", gone[i]);
    char path[700];
    rt_cache_path(key, "ptx", path, sizeof path, err);
    if (!access(path, F_OK)) failf("entry %d was kept", gone[i]);
  }
  setenv("PYKC_CACHE_MAX", "100", 1);              /* one entry past the limit: kept */
  snprintf(key, sizeof key, "%032d", 7);
  if (rt_cache_put(key, "ptx", payload, sizeof payload, err) ||
      rt_cache_get(key, "ptx", &data, &len) != 1)
    failf("the entry just written past the limit is gone: %s", err);
  else free(data);
  if (count_files(cachedir, ".ptx") != 1) failf("%d entries past a 100-byte limit", count_files(cachedir, ".ptx"));
  static const struct { const char *v; uint64_t want; bool bad; } sizes[] = {
      {"1000", 1000, false}, {"4k", 4096, false}, {"3M", 3u << 20, false},
      {"2G", (uint64_t)2 << 30, false}, {"0", 0, false}, {"", 1u << 30, false},
      {"abc", 1u << 30, true}, {"-5", 1u << 30, true}, {"5T", 1u << 30, true},
      {"1.5G", 1u << 30, true}, {"99999999999999999999", 1u << 30, true}};
  for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
    bool bad;
    setenv("PYKC_CACHE_MAX", sizes[i].v, 1);
    uint64_t got = rt_cache_limit(&bad);
    if (got != sizes[i].want || bad != sizes[i].bad)
      failf("PYKC_CACHE_MAX='%s': %llu%s", sizes[i].v, (unsigned long long)got, bad ? " (bad)" : "");
  }
  unsetenv("PYKC_CACHE_MAX");
  if (rt_cache_limit(NULL) != (uint64_t)RT_CACHE_MAX_DEFAULT_MIB << 20) failf("default limit");
}

/* Payload of writer W, iteration I: a seed word then bytes derived from it. */
static size_t make_payload(unsigned char *buf, unsigned seed) {
  size_t n = 50000 + (seed * 7919u) % 150000u;
  memcpy(buf, &seed, 4);
  uint32_t x = seed * 2654435761u + 1;
  for (size_t i = 4; i < n; i++) {
    x = x * 1664525u + 1013904223u;
    buf[i] = (unsigned char)(x >> 24);
  }
  return n;
}

static bool payload_ok(const unsigned char *p, size_t len, unsigned char *scratch) {
  if (len < 4) return false;
  unsigned seed;
  memcpy(&seed, p, 4);
  size_t n = make_payload(scratch, seed);
  return n == len && !memcmp(p, scratch, n);
}

static void test_cache_concurrent(void) {
  set_cache_dir("c6");                             /* (c5 holds another test's folder) */
  enum { WRITERS = 2, ROUNDS = 150 };
  const char *key = "abababababababababababababababab";
  char err[RT_ERRLEN];
  unsigned char *buf = malloc(200000), *scratch = malloc(200000);
  make_payload(buf, 0);
  rt_cache_put(key, "ptx", buf, make_payload(buf, 0), err);   /* the folder exists from here */
  pid_t pids[WRITERS];
  for (int w = 0; w < WRITERS; w++) {
    pids[w] = fork();
    if (pids[w] == 0) {
      int bad = 0;
      for (unsigned i = 0; i < ROUNDS; i++) {
        size_t n = make_payload(buf, (unsigned)(w + 1) * 100000u + i);
        if (rt_cache_put(key, "ptx", buf, n, err)) bad++;
      }
      _exit(bad ? 1 : 0);
    }
  }
  int hits = 0, misses = 0, broken = 0, running = WRITERS, status;
  while (running > 0) {
    void *data;
    size_t len;
    if (rt_cache_get(key, "ptx", &data, &len) == 1) {
      hits++;
      if (!payload_ok(data, len, scratch)) broken++;
      free(data);
    } else {
      misses++;
    }
    while (running > 0 && waitpid(-1, &status, WNOHANG) > 0) {
      running--;
      if (!WIFEXITED(status) || WEXITSTATUS(status)) failf("a writer failed");
    }
  }
  if (broken) failf("%d of %d hits were not intact", broken, hits);
  if (misses) failf("%d misses while an entry always existed", misses);
  if (hits < 10) failf("only %d hits", hits);
  if (count_files(cachedir, ".tmp")) failf("temporary files left behind");
  free(buf);
  free(scratch);
}

/* ------------------------------------------------------------------ main */

/* ------------------------------------------------------------------ robustness */

/* A scalar passed to a parameter of another type must keep its value (rt_arg_fits). */
static void test_args_fit(void) {
  static const struct { const char *spec; int to; const char *err; } cases[] = {
    {"n=3000000000", TY_INT32, "argument 'n': 3000000000 does not fit int32"},
    {"n=-3000000000:int64", TY_INT32, "argument 'n': -3000000000 does not fit int32"},
    {"n=-1", TY_UINT32, "argument 'n': -1 does not fit uint32"},
    {"n=300", TY_UINT8, "argument 'n': 300 does not fit uint8"},
    {"n=18446744073709551615", TY_INT64, "does not fit int64"},
    {"n=70000", TY_FLOAT16, "argument 'n': 70000 does not fit float16"},
    {"x=1e300:float64", TY_FLOAT32, "argument 'x': 1e+300 does not fit float32"},
    {"x=1e300:float64", TY_COMPLEX64, "does not fit complex64"},
    {"n=2147483647", TY_INT32, NULL},
    {"n=-1:int64", TY_INT32, NULL},
    {"n=32:uint64", TY_INT32, NULL},
    {"n=255", TY_UINT8, NULL},
    {"n=99999999999", TY_FLOAT32, NULL},
    {"x=inf:float64", TY_FLOAT32, NULL},
    {"x=nan:float64", TY_FLOAT16, NULL},
    {"x=0.1", TY_FLOAT64, NULL},
    {"x=1.5", TY_INT32, NULL},                  /* refused later, by rt_scalar_convert */
    {"b=True", TY_INT8, NULL},
    {"n=5", TY_BOOL, NULL},                     /* refused later, by rt_scalar_convert */
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    RunArg a;
    char err[RT_ERRLEN] = "";
    if (rt_parse_arg(cases[i].spec, MODE_CUDA, &a, err)) {
      failf("%s: %s", cases[i].spec, err);
      return;
    }
    int rc = rt_arg_fits(&a, cases[i].to, err);
    if (cases[i].err ? rc == 0 || !strstr(err, cases[i].err) : rc != 0)
      failf("%s to %s: rc %d, '%s' (want %s)", cases[i].spec, dtype_info[cases[i].to].name, rc,
            rc ? err : "", cases[i].err ? cases[i].err : "success");
    rt_arg_free(&a);
  }
}

/* CUDA's launch limits (rt_launch_check) and shapes whose byte size overflows int64
   (rt_marshal): usage errors, never undefined behaviour. */
static void test_launch_limits(void) {
  static const struct { unsigned g[3], b[3]; size_t shm; const char *err; } cases[] = {
    {{1, 1, 1}, {1024, 1, 1}, 0, NULL},
    {{2147483647u, 65535, 65535}, {1, 1, 64}, RT_MAX_SHARED, NULL},
    {{1, 1, 1}, {1025, 1, 1}, 0, "block (1025,1,1) has 1025 threads (a block has 1 to 1024"},
    {{1, 1, 1}, {32, 33, 1}, 0, "has 1056 threads"},
    {{1, 1, 1}, {65536, 65536, 1}, 0, "has 4294967296 threads"},
    {{1, 1, 1}, {0, 1, 1}, 0, "has 0 threads"},
    {{1, 1, 1}, {1, 1, 65}, 0, "block (1,1,65): z is 65, more than CUDA allows"},
    {{1, 65536, 1}, {32, 1, 1}, 0, "grid (1,65536,1): y is 65536"},
    {{2147483648u, 1, 1}, {32, 1, 1}, 0, "x is 2147483648"},
    {{1, 0, 1}, {32, 1, 1}, 0, "y is 0"},
    {{1, 1, 1}, {32, 1, 1}, RT_MAX_SHARED + 1, "232449 bytes of dynamic shared memory, more "
                                               "than the 232448 bytes a block can have"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    char err[RT_ERRLEN] = "";
    int rc = rt_launch_check(cases[i].g, cases[i].b, cases[i].shm, RT_MAX_SHARED, err);
    if (cases[i].err ? rc != RT_EUSAGE || !strstr(err, cases[i].err) : rc != 0)
      failf("case %zu: rc %d '%s'", i, rc, err);
  }
  RtParam p = {.name = "x", .dtype = TY_FLOAT64, .ndim = 2, .is_array = true};
  RtSig sig = {.params = &p, .n = 1};
  char err[RT_ERRLEN];
  if (rt_sig_layout(&sig, err)) {
    failf("layout: %s", err);
    return;
  }
  static const int64_t shapes[][2] = {{INT64_MAX / 2, 4}, {INT64_MAX / 16, 3}, {-1, 2}};
  for (size_t i = 0; i < sizeof shapes / sizeof *shapes; i++) {
    _Alignas(16) unsigned char buf[256];
    void *ptrs[1];
    pykc_arg a = pykc_array((void *)buf, PYKC_FLOAT64, 2, shapes[i]);
    err[0] = 0;
    if (rt_marshal(&sig, &a, 1, buf, ptrs, err) != RT_EUSAGE || !strstr(err, "argument 'x'"))
      failf("shape %lld x %lld: '%s'", (long long)shapes[i][0], (long long)shapes[i][1], err);
  }
}

/* Raw bytes by value (pykc_arg.nbytes, CuPy's NumPy array of size one): a struct
   parameter reads them in place, a parameter of a dtype takes a copy of its size's first
   bytes (more bytes: the first, as cuLaunchKernel reads them; fewer: refused), a pointer
   parameter refuses them. */
static void test_marshal_bytes(void) {
  RtParam ps[3] = {{.name = "s", .dtype = -1, .raw = true},
                   {.name = "f", .dtype = TY_FLOAT32, .raw = true},
                   {.name = "p", .dtype = TY_FLOAT32, .raw = true, .is_array = true}};
  RtSig sig = {.params = ps, .n = 3};
  char err[RT_ERRLEN];
  if (rt_sig_layout(&sig, err)) {
    failf("layout: %s", err);
    return;
  }
  double s3[3] = {1, 2, 3};
  float f = 2.5f, x[4];
  _Alignas(16) unsigned char buf[256];
  void *ptrs[3];
  pykc_arg a[3] = {{.dtype = PYKC_UINT8, .data = s3, .nbytes = sizeof s3},
                   {.dtype = PYKC_UINT8, .data = &f, .nbytes = sizeof f},
                   pykc_array1d(x, PYKC_FLOAT32, 4)};
  if (rt_marshal(&sig, a, 3, buf, ptrs, err) || ptrs[0] != (void *)s3 ||
      memcmp(ptrs[1], &f, sizeof f) || ptrs[1] == (void *)&f)
    failf("bytes: '%s'", err);
  float f2[2] = {4.5f, 9.0f};
  a[1].data = f2, a[1].nbytes = sizeof f2;
  if (rt_marshal(&sig, a, 3, buf, ptrs, err) || memcmp(ptrs[1], &f2[0], sizeof f))
    failf("more bytes: '%s'", err);
  a[1].nbytes = 2;
  if (rt_marshal(&sig, a, 3, buf, ptrs, err) != RT_EUSAGE ||
      !strstr(err, "argument 'f': 2 bytes by value (a NumPy array of size one) for a parameter "
              "of type float32 (4 bytes): the launch would read past the array"))
    failf("size: '%s'", err);
  a[1].data = &f, a[1].nbytes = 4;
  a[2] = a[0];
  if (rt_marshal(&sig, a, 3, buf, ptrs, err) != RT_EUSAGE ||
      !strstr(err, "argument 'p': 24 bytes by value (a NumPy array of size one) for a "
              "pointer parameter"))
    failf("pointer: '%s'", err);
  /* bytes of the parameter's size (CuPy's CPointer: an mdspan's address): a struct reads
     them in place, a float32 its 4, a raw pointer the address in its 8 */
  float *xp = x;
  pykc_arg c[3] = {{.dtype = PYKC_UINT8, .data = s3, .nbytes = PYKC_NBYTES_PARAM},
                   {.dtype = PYKC_UINT8, .data = &f, .nbytes = PYKC_NBYTES_PARAM},
                   {.dtype = PYKC_UINT8, .data = &xp, .nbytes = PYKC_NBYTES_PARAM}};
  if (rt_marshal(&sig, c, 3, buf, ptrs, err) || ptrs[0] != (void *)s3 ||
      memcmp(ptrs[1], &f, sizeof f) || memcmp(ptrs[2], &xp, sizeof xp))
    failf("bytes of the parameter's size: '%s'", err);
  ps[2].raw = false;                               /* a form's array: refused */
  if (rt_marshal(&sig, c, 3, buf, ptrs, err) != RT_EUSAGE ||
      !strstr(err, "argument 'p': bytes by address (CuPy's CPointer) for an array parameter"))
    failf("CPointer for an array: '%s'", err);
}

/* A form's scalar (RtParam.assign) converts as CuPy's CScalar.apply_dtype: a float into
   an integer type truncates toward zero and must fit; other kernels refuse float -> int. */
static void test_marshal_assign(void) {
  static const struct { double v; int to; bool assign; const char *err; int64_t want; } cases[] = {
    {0.7, TY_UINT64, true, NULL, 0},
    {-2.9, TY_INT32, true, NULL, -2},
    {255.5, TY_UINT8, true, NULL, 255},
    {256.0, TY_UINT8, true, "cannot convert float 256 to uint8", 0},
    {-1.5, TY_UINT32, true, "cannot convert float -1.5 to uint32", 0},
    {9.3e18, TY_INT64, true, "cannot convert float 9.3e+18 to int64", 0},
    {NAN, TY_INT16, true, "cannot convert float nan to int16", 0},
    {INFINITY, TY_INT64, true, "cannot convert float inf to int64", 0},
    {0.7, TY_UINT64, false, "argument 'x': expected uint64, got float64", 0},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    RtParam p = {.name = "x", .dtype = cases[i].to, .assign = cases[i].assign};
    RtSig sig = {.params = &p, .n = 1};
    char err[RT_ERRLEN] = "";
    _Alignas(16) unsigned char buf[64] = {0};
    void *ptrs[1];
    pykc_arg a = {.dtype = PYKC_FLOAT64, .value.f = cases[i].v};
    if (rt_sig_layout(&sig, err)) {
      failf("layout: %s", err);
      return;
    }
    int rc = rt_marshal(&sig, &a, 1, buf, ptrs, err);
    int64_t got = 0;
    int32_t g32;
    if (!rc && cases[i].to == TY_INT32)
      memcpy(&g32, ptrs[0], 4), got = g32;
    else if (!rc)
      memcpy(&got, ptrs[0], dtype_info[cases[i].to].size);   /* unsigned: zero-extended */
    if (cases[i].err ? rc != RT_EUSAGE || !strstr(err, cases[i].err)
                     : rc != 0 || got != cases[i].want)
      failf("case %zu: rc %d '%s' got %lld", i, rc, err, (long long)got);
  }
}

/* Arrays larger than the machine's memory are refused with a message, before any
   allocation (an allocator may abort instead of failing). */
static void test_npy_too_big(void) {
  NpyArray a;
  char err[RT_ERRLEN] = "";
  int64_t shape[2] = {99999999999, 99999};
  if (rt_npy_alloc(&a, TY_FLOAT32, 2, shape, err) == 0 || a.data ||
      !strstr(err, "the array needs 39999599999600004 bytes") ||
      !strstr(err, "more than this machine's memory")) {
    failf("alloc: '%s'", err);
    rt_npy_free(&a);
    return;
  }
  RunArg r;
  if (rt_parse_arg("x=ones:int8:1000000x1000000x1000", MODE_CUDA, &r, err) == 0 ||
      !strstr(err, "argument 'x': the array needs 1000000000000000 bytes"))
    failf("spec: '%s'", err);
}

/* One call of test_api_misuse: its status must be WANT and, when MSG is given, the
   context's message must contain it. */
static void expect_call(const char *what, pykc_status got, pykc_status want, const char *msg,
                        const pykc_context *cx) {
  if (got != want || (msg && !strstr(pykc_errmsg(cx), msg)))
    failf("%s: status %d (want %d), '%s'%s%s", what, got, want, pykc_errmsg(cx),
          msg ? ", want " : "", msg ? msg : "");
}

/* include/pykc.h misused: NULL handles and pointers, bad nargs, bad launch shapes, calls
   after a failure, a context freed with a module still open. Never a crash; usage errors
   with a message where a context can hold one. Needs no GPU: the driver is pointed at a
   file that does not exist. */
static void test_api_misuse(void) {
  setenv("PYKC_LIBCUDA", "/nonexistent/libcuda.so.1", 1);
  pykc_context *cx = NULL;
  if (pykc_init(0, NULL) != PYKC_ERR_USAGE) failf("pykc_init(0, NULL)");
  if (!*pykc_errmsg(NULL)) failf("pykc_errmsg(NULL) is empty");
  pykc_status st = pykc_init(0, &cx);
  if (st != PYKC_ERR_NO_DEVICE || !cx || !strstr(pykc_errmsg(cx), "no CUDA driver")) {
    failf("pykc_init without a driver: %d '%s'", st, pykc_errmsg(cx));
    pykc_free(cx);
    return;
  }
  pykc_module *m = NULL, *m2 = NULL;
  static const char src[] = "from cupyx import jit\nimport cupy as cp\n\n"
                            "@jit.rawkernel()\ndef k(x: cp.float32[:], n: cp.int32):\n"
                            "    x[jit.grid(1)] = n\n";
  pykc_options bad = {.nsigs = 2};
  expect_call("compile, cx NULL", pykc_compile_string(NULL, "k.py", src, NULL, &m),
              PYKC_ERR_USAGE, NULL, cx);
  expect_call("compile, source NULL", pykc_compile_string(cx, "k.py", NULL, NULL, &m),
              PYKC_ERR_USAGE, "source is NULL", cx);
  expect_call("compile, out NULL", pykc_compile_string(cx, "k.py", src, NULL, NULL),
              PYKC_ERR_USAGE, "out is NULL", cx);
  expect_call("compile_file, path NULL", pykc_compile_file(cx, NULL, NULL, &m), PYKC_ERR_USAGE,
              "path is NULL", cx);
  expect_call("compile, sigs NULL", pykc_compile_string(cx, "k.py", src, &bad, &m),
              PYKC_ERR_USAGE, "nsigs is 2 but sigs is NULL", cx);
  expect_call("compile, name NULL", pykc_compile_string(cx, NULL, src, NULL, &m), PYKC_OK, NULL,
              cx);
  /* pykc_options.defines: what --define gives on the command line (issue 7 §4) */
  static const char imported[] = "from cupyx import jit\nimport cupy as cp\n"
                                 "from config import N\n\n"
                                 "@jit.rawkernel()\ndef k(x: cp.float32[:]):\n"
                                 "    x[N] = 1\n";
  const char *def_int[] = {"N=3"}, *def_float[] = {"N=2.5:float32"}, *def_bad[] = {"N"};
  const char *def_null[] = {NULL};
  pykc_options with_int = {.defines = def_int, .ndefines = 1};
  pykc_options with_float = {.defines = def_float, .ndefines = 1};
  pykc_options with_bad = {.defines = def_bad, .ndefines = 1};
  pykc_options with_null = {.defines = def_null, .ndefines = 1};
  pykc_options no_list = {.ndefines = 1};
  pykc_module *md = NULL;
  expect_call("compile, define missing", pykc_compile_string(cx, "d.py", imported, NULL, &md),
              PYKC_ERR_SOURCE, "unknown name 'N' (imported from config; pass --define N=...)",
              cx);
  expect_call("compile, define N=3", pykc_compile_string(cx, "d.py", imported, &with_int, &md),
              PYKC_OK, NULL, cx);
  if (md)
    pykc_module_free(md);
  expect_call("compile, define N=2.5:float32",
              pykc_compile_string(cx, "d.py", imported, &with_float, &md), PYKC_ERR_SOURCE,
              "array indices must be integers, got float32", cx);
  expect_call("compile, define bad", pykc_compile_string(cx, "d.py", imported, &with_bad, &md),
              PYKC_ERR_USAGE, "bad --define 'N': expected NAME=VALUE[:DTYPE]", cx);
  expect_call("compile, define NULL", pykc_compile_string(cx, "d.py", imported, &with_null, &md),
              PYKC_ERR_USAGE, "defines[0] is NULL", cx);
  expect_call("compile, defines NULL", pykc_compile_string(cx, "d.py", imported, &no_list, &md),
              PYKC_ERR_USAGE, "ndefines is 1 but defines is NULL", cx);
  expect_call("compile", pykc_compile_string(cx, "k.py", src, NULL, &m2), PYKC_OK, NULL, cx);
  if (*pykc_errmsg(cx))
    failf("a successful call keeps the message '%s'", pykc_errmsg(cx));
  /* a .cu declaration cut short is an error, not a kernel of the parameters so far */
  pykc_module *cu = NULL;
  expect_call("truncated .cu", pykc_compile_string(cx, "t.cu", "extern \"C\" __global__ void "
              "k(float *x, int n, struct S s, float3 v, ", NULL, &cu), PYKC_ERR_SOURCE,
              "t.cu: the parameter list of kernel 'k' is not closed", cx);
  if (cu)
    failf("truncated .cu: a module");
  expect_call("closed .cu", pykc_compile_string(cx, "t.cu", "extern \"C\" __global__ void "
              "k(float *x, int n) {}\n", NULL, &cu), PYKC_OK, NULL, cx);
  pykc_kernel *ck = NULL;
  expect_call("closed .cu kernel", pykc_get_kernel(cu, "k", &ck), PYKC_OK, NULL, cx);
  if (pykc_kernel_nparams(ck) != 2)
    failf(".cu kernel: %d parameters", pykc_kernel_nparams(ck));
  pykc_module_free(cu);
  if (!m || !m2) {
    pykc_free(cx);
    return;
  }
  pykc_kernel *k = NULL;
  int64_t len = 4;
  pykc_arg args[2] = {pykc_array(NULL, PYKC_FLOAT32, 1, &len), pykc_int32(4)};
  pykc_launch_cfg cfg = {{1, 1, 1}, {4, 1, 1}, 0, NULL};
  pykc_launch_cfg wide = {{1, 1, 1}, {2048, 1, 1}, 0, NULL};
  pykc_launch_cfg deep = {{1, 1, 1}, {1, 1, 65}, 0, NULL};
  expect_call("get_kernel, m NULL", pykc_get_kernel(NULL, "k", &k), PYKC_ERR_USAGE, NULL, cx);
  expect_call("get_kernel, name NULL", pykc_get_kernel(m, NULL, &k), PYKC_ERR_USAGE,
              "name is NULL", cx);
  expect_call("get_kernel, unknown", pykc_get_kernel(m, "nosuch", &k), PYKC_ERR_USAGE,
              "no kernel 'nosuch'", cx);
  expect_call("get_kernel", pykc_get_kernel(m, "k", &k), PYKC_OK, NULL, cx);
  if (!k) {
    pykc_free(cx);
    return;
  }
  expect_call("launch, cfg NULL", pykc_launch(k, NULL, args, 2), PYKC_ERR_USAGE, "cfg is NULL",
              cx);
  expect_call("launch, args NULL", pykc_launch(k, &cfg, NULL, 2), PYKC_ERR_USAGE,
              "args is NULL", cx);
  expect_call("launch, nargs -1", pykc_launch(k, &cfg, args, -1), PYKC_ERR_USAGE,
              "nargs is -1", cx);
  expect_call("launch, 2048 threads", pykc_launch(k, &wide, args, 2), PYKC_ERR_USAGE,
              "kernel 'k': invalid launch: block (2048,1,1) has 2048 threads", cx);
  expect_call("launch, block z 65", pykc_launch(k, &deep, args, 2), PYKC_ERR_USAGE, "z is 65",
              cx);
  /* arguments are checked before the device: a wrong count or a null pointer is a usage
     error; right arguments get NO_DEVICE with pykc_init's reason */
  expect_call("launch, no device, 1 arg", pykc_launch(k, &cfg, args, 1), PYKC_ERR_USAGE,
              "kernel 'k' takes 2 arguments (x, n), got 1", cx);
  expect_call("launch, no device, null x", pykc_launch(k, &cfg, args, 2), PYKC_ERR_USAGE,
              "argument 'x': null device pointer", cx);
  float host[4];
  args[0].data = host;
  expect_call("launch, no device", pykc_launch(k, &cfg, args, 2), PYKC_ERR_NO_DEVICE,
              "k: no CUDA driver", cx);
  args[1] = pykc_float32(1.5f);
  expect_call("launch, no device, float n", pykc_launch(k, &cfg, args, 2), PYKC_ERR_USAGE,
              "argument 'n': expected int32, got float32", cx);
  args[1] = pykc_int32(4);
  expect_call("prepare, k NULL", pykc_prepare(NULL, args, 2), PYKC_ERR_USAGE, NULL, cx);
  expect_call("prepare again", pykc_prepare(k, args, 2), PYKC_ERR_NO_DEVICE, NULL, cx);
  expect_call("attr, value NULL", pykc_kernel_attr(k, PYKC_ATTR_NUM_REGS, NULL),
              PYKC_ERR_USAGE, "value is NULL", cx);
  expect_call("synchronize NULL", pykc_synchronize(NULL), PYKC_ERR_USAGE, NULL, cx);
  expect_call("malloc, no device", pykc_malloc(cx, 16, NULL), PYKC_ERR_NO_DEVICE, NULL, cx);
  expect_call("mem_free, cx NULL", pykc_mem_free(NULL, NULL), PYKC_ERR_USAGE, NULL, cx);
  if (pykc_kernel_nparams(NULL) != -1 || pykc_kernel_param_name(NULL, 0) ||
      pykc_kernel_nparams(k) != 2 || strcmp(pykc_kernel_param_name(k, 1), "n") ||
      pykc_kernel_param_name(k, 2))
    failf("nparams / param_name");
  pykc_module_free(NULL);
  pykc_module_free(m);
  pykc_free(cx);                                   /* frees m2 too: LSan checks */
  pykc_free(NULL);
}

/* rt_map_conflict (runtime/overlap.c): which written array overlaps which read one. */
static void test_map_conflict(void) {
  static float buf[64];
  int64_t n8 = 8, n16 = 16, neg[1] = {-4}, two[1] = {8}, zero[1] = {0}, n0 = 0;
  const uint8_t R = KC_MAP_READ, W = KC_MAP_WRITE, RW = R | W, E = KC_MAP_ELSEWHERE;
  struct {
    pykc_arg a[2];
    uint8_t access[2];
    int want, want_read;
    const char *what;
  } cases[] = {
    {{pykc_array(buf, PYKC_FLOAT32, 1, &n8), pykc_array(buf + 8, PYKC_FLOAT32, 1, &n8)},
     {R, W}, -1, 0, "disjoint, end to end"},
    {{pykc_array(buf, PYKC_FLOAT32, 1, &n8), pykc_array(buf + 7, PYKC_FLOAT32, 1, &n8)},
     {R, W}, 1, 0, "one float shared"},
    {{pykc_array(buf, PYKC_FLOAT32, 1, &n8), pykc_array(buf, PYKC_FLOAT32, 1, &n8)},
     {R, W}, -1, 0, "the same view, at [i] only"},
    {{pykc_array(buf, PYKC_FLOAT32, 1, &n8), pykc_array(buf, PYKC_FLOAT32, 1, &n8)},
     {R | E, W}, 1, 0, "the same view, read elsewhere too"},
    {{pykc_array(buf, PYKC_FLOAT32, 1, &n8), pykc_array(buf, PYKC_FLOAT32, 1, &n8)},
     {0, RW}, -1, 0, "read and written at [i] (one parameter)"},
    {{pykc_array(buf, PYKC_FLOAT32, 1, &n8), pykc_array(buf, PYKC_FLOAT32, 1, &n8)},
     {0, RW | E}, 1, 1, "read and written elsewhere (one parameter)"},
    {{pykc_array(buf, PYKC_FLOAT32, 1, &n8), pykc_array(buf, PYKC_FLOAT32, 1, &n16)},
     {R, W}, 1, 0, "one start, other lengths"},
    {{pykc_array(buf, PYKC_FLOAT32, 1, &n8), pykc_array(buf + 1, PYKC_FLOAT32, 1, &n8)},
     {R, W}, 1, 0, "interleaved (every other float)"},
    {{pykc_array(buf + 28, PYKC_FLOAT32, 1, &n8), pykc_array(buf + 29, PYKC_FLOAT32, 1, &n8)},
     {R, W}, -1, 0, "reversed views apart"},
    {{pykc_array(buf, PYKC_FLOAT32, 1, &n8), pykc_array(buf, PYKC_FLOAT32, 1, &n8)},
     {R, W}, 1, 0, "the same start, a stride of 0"},
    {{pykc_array(buf, PYKC_FLOAT32, 1, &n0), pykc_array(buf, PYKC_FLOAT32, 1, &n8)},
     {R, W}, -1, 0, "an empty array"},
    {{pykc_float32(1), pykc_array(buf, PYKC_FLOAT32, 1, &n8)},
     {R, W}, -1, 0, "a scalar"},
  };
  cases[7].a[0].strides = cases[7].a[1].strides = two;
  cases[8].a[0].strides = neg;                      /* buf[28], buf[27], ... buf[21] */
  cases[8].a[1].strides = two;                      /* buf[29], buf[31], ... */
  cases[9].a[1].strides = zero;
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    int r = -1, w = rt_map_conflict(cases[i].a, 2, cases[i].access, &r);
    if (w != cases[i].want || (w >= 0 && r != cases[i].want_read))
      failf("%s: written %d read %d, want %d %d", cases[i].what, w, r, cases[i].want,
            cases[i].want_read);
  }
}

/* rt_map_conflict on 2-d views (a 2-d map twin's arrays): one view accessed at [y, x]
   only may be read and written when no two of its elements share a byte. */
static void test_map_conflict2(void) {
  static float buf[256];
  int64_t s4x8[2] = {4, 8}, s8x4[2] = {8, 4}, s32[1] = {32};
  int64_t rows16[2] = {16, 4}, cols[2] = {4, 32}, cpair[2] = {32, 8}, neg[2] = {-32, 4};
  const uint8_t R = KC_MAP_READ, W = KC_MAP_WRITE, E = KC_MAP_ELSEWHERE;
  struct {
    pykc_arg a[2];
    uint8_t access[2];
    int want;
    const char *what;
  } cases[] = {
    {{pykc_array(buf, PYKC_FLOAT32, 2, s4x8), pykc_array(buf, PYKC_FLOAT32, 2, s4x8)},
     {R, W}, -1, "the same 2-d view, at [y, x] only"},
    {{pykc_array(buf, PYKC_FLOAT32, 2, s4x8), pykc_array(buf, PYKC_FLOAT32, 2, s4x8)},
     {R | E, W}, 1, "the same 2-d view, read at a neighbour"},
    {{pykc_array(buf, PYKC_FLOAT32, 2, s4x8), pykc_array(buf + 32, PYKC_FLOAT32, 2, s4x8)},
     {R, W}, -1, "rows 0-3 and rows 4-7 of one array"},
    {{pykc_array(buf, PYKC_FLOAT32, 2, s4x8), pykc_array(buf, PYKC_FLOAT32, 2, s8x4)},
     {R, W}, 1, "one start, other shapes"},
    {{pykc_array(buf, PYKC_FLOAT32, 2, s4x8), pykc_array(buf, PYKC_FLOAT32, 1, s32)},
     {R, W}, 1, "a 2-d view and a 1-d one of the same floats"},
    {{pykc_array(buf, PYKC_FLOAT32, 2, s4x8), pykc_array(buf, PYKC_FLOAT32, 2, s4x8)},
     {R, W}, 1, "rows 16 bytes apart, 32 long (its elements overlap)"},
    {{pykc_array(buf, PYKC_FLOAT32, 2, s4x8), pykc_array(buf, PYKC_FLOAT32, 2, s4x8)},
     {R, W}, -1, "column-major, the same strides"},
    {{pykc_array(buf, PYKC_FLOAT32, 2, s4x8), pykc_array(buf, PYKC_FLOAT32, 2, s4x8)},
     {R, W}, 1, "the same data, transposed strides"},
    {{pykc_array(buf, PYKC_FLOAT32, 2, s4x8), pykc_array(buf + 1, PYKC_FLOAT32, 2, s4x8)},
     {R, W}, 1, "every other column, interleaved"},
    {{pykc_array(buf + 96, PYKC_FLOAT32, 2, s4x8), pykc_array(buf + 96, PYKC_FLOAT32, 2, s4x8)},
     {R, W}, -1, "the same view, rows reversed"},
  };
  cases[5].a[0].strides = cases[5].a[1].strides = rows16;
  cases[6].a[0].strides = cases[6].a[1].strides = cols;     /* x[i, j] at 4i + 32j bytes */
  cases[7].a[0].strides = cases[7].a[1].strides = cols;
  cases[7].a[1].shape[0] = 4, cases[7].a[1].shape[1] = 8;
  cases[7].a[1].strides = cpair;                            /* (32, 8): not the same view */
  cases[8].a[0].strides = cases[8].a[1].strides = cpair;
  cases[9].a[0].strides = cases[9].a[1].strides = neg;
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    int r = -1, w = rt_map_conflict(cases[i].a, 2, cases[i].access, &r);
    if (w != cases[i].want || (w >= 0 && r != 0))
      failf("%s: written %d read %d, want %d", cases[i].what, w, r, cases[i].want);
  }
}

int main(int argc, char **argv) {
  if (argc > 1) corpus = argv[1];
  const char *t = getenv("TMPDIR");
  snprintf(tmpdir, sizeof tmpdir, "%s/pykc_unit_XXXXXX", t && *t ? t : "/tmp");
  if (!mkdtemp(tmpdir)) {
    printf("FAIL setup: mkdtemp %s: %s\n", tmpdir, strerror(errno));
    return 1;
  }
  run("npy_roundtrip", test_npy_roundtrip);
  run("map_conflict", test_map_conflict);
  run("map_conflict_2d", test_map_conflict2);
  run("npy_good_corpus", test_npy_good_corpus);
  run("npy_bad_corpus", test_npy_bad_corpus);
  run("npy_print", test_npy_print);
  run("npy_half", test_half);
  run("args_scalars", test_args_scalars);
  run("args_complex", test_args_complex);
  run("args_arrays", test_args_arrays);
  run("cache_key_dir", test_cache_key);
  run("cache_put_get", test_cache_put_get);
  run("cache_corrupt", test_cache_corrupt);
  run("cache_disabled", test_cache_disabled);
  run("cache_trust", test_cache_trust);
  run("write_file", test_write_file);
  run("cache_info_clear", test_cache_info_clear);
  run("cache_limit", test_cache_limit);
  run("cache_concurrent", test_cache_concurrent);
  run("args_fit", test_args_fit);
  run("launch_limits", test_launch_limits);
  run("marshal_bytes", test_marshal_bytes);
  run("marshal_assign", test_marshal_assign);
  run("npy_too_big", test_npy_too_big);
  run("api_misuse", test_api_misuse);
  remove_tree(tmpdir);
  printf("%s: %d failed\n", argv[0], nfail);
  return nfail ? 1 : 0;
}
