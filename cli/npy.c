/*
 * cli/npy.c: NumPy .npy files and NumPy-style printing.
 *
 * Reading accepts format versions 1.0, 2.0 and 3.0 (3.0 only changes the header's text
 * encoding to UTF-8, which the dtypes pykc knows never need), C order, little-endian (or
 * one-byte) data of the dtypes of docs/language.md §2. The header is parsed as the Python dict
 * literal it is, by a small scanner: exactly the keys 'descr', 'fortran_order' and
 * 'shape' (numpy's rule), a string, a bool and a tuple of non-negative ints. A file must
 * hold exactly the bytes its header announces: missing data and trailing bytes are both
 * errors ("F has N bytes of data, the header says M"), so a header that lies about the
 * size is caught either way. A Fortran-ordered header is accepted only when the layout
 * is the same as C order (at most one dimension longer than 1).
 *
 * Writing produces what numpy.save produces, byte for byte: version 1.0 (2.0 only if the
 * header does not fit a 16-bit length), keys in sorted order, the 21-digit growth padding
 * after the dict and spaces plus a newline up to a 64-byte boundary.
 *
 * Printing follows numpy's array2string (str(), not repr()): precision 8, floatmode
 * 'maxprec', the exponential-notation switch (max >= 1e8 (float32 1e6, float16 1e3),
 * min < 1e-4, max/min > 1000 over the nonzero finite shown values), unique shortest digits per dtype, padding to common
 * widths, line width 75, and summarisation (3 edge items per axis) past 1000 elements.
 * 0-d arrays print like numpy scalars ('1.0', '1e+20', '(1+2j)').
 */
#include "cli.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define NPY_MAGIC "\x93NUMPY"
#define NPY_MAGIC_LEN 6
#define NPY_ALIGN 64
#define NPY_GROWTH_DIGITS 21           /* numpy's GROWTH_AXIS_MAX_DIGITS */
#define NPY_MAX_HEADER (1u << 20)      /* refuse absurd header lengths before reading */

/* ---------------------------------------------------------------- allocation */

static bool dtype_ok(int dtype) { return dtype >= TY_BOOL && dtype < TY_NSCALAR; }

/* size = product of shape, checked against int64 and size_t overflow with itemsize. As in
   numpy, the product of the nonzero dimensions must fit even when one is 0: the strides
   of (0, 2**63-1) would overflow too. */
static int shape_size(int ndim, const int64_t *shape, int itemsize, int64_t *size, char *err) {
  int64_t n = 1;
  bool zero = false;
  for (int i = 0; i < ndim; i++) {
    if (shape[i] < 0) {
      rt_errf(err, "negative dimension %" PRId64 " in shape", shape[i]);
      return -1;
    }
    if (shape[i] == 0) {
      zero = true;
      continue;
    }
    if (n > INT64_MAX / shape[i] || n * shape[i] > (int64_t)(SIZE_MAX / 2) / itemsize) {
      rt_errf(err, "shape is too large (the array would not fit in memory)");
      return -1;
    }
    n *= shape[i];
  }
  *size = zero ? 0 : n;
  return 0;
}

/* Physical memory in bytes (0 if unknown): no array larger than this is allocated, so a
   typo in a shape is a message, not minutes of swapping or an allocator abort. */
static uint64_t phys_mem(void) {
  long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
  return pages > 0 && page > 0 ? (uint64_t)pages * (uint64_t)page : 0;
}

int rt_npy_alloc(NpyArray *a, int dtype, int ndim, const int64_t *shape, char *err) {
  memset(a, 0, sizeof *a);
  if (!dtype_ok(dtype)) {
    rt_errf(err, "not an array dtype");
    return -1;
  }
  if (ndim < 0 || ndim > RT_MAXDIM) {
    rt_errf(err, "%d dimensions; pykc supports at most %d", ndim, RT_MAXDIM);
    return -1;
  }
  int64_t size;
  if (shape_size(ndim, shape, dtype_info[dtype].size, &size, err)) return -1;
  size_t nbytes = (size_t)size * (size_t)dtype_info[dtype].size;
  uint64_t mem = phys_mem();
  if (mem && nbytes > mem) {
    rt_errf(err, "the array needs %zu bytes (%.1f GiB), more than this machine's memory "
            "(%.1f GiB)", nbytes, (double)nbytes / (1 << 30), (double)mem / (1 << 30));
    return -1;
  }
  void *data = rt_guarded_alloc(nbytes);  /* an overrun faults (guard.c) */
  if (!data) {
    rt_errf(err, "out of memory allocating %zu bytes", nbytes);
    return -1;
  }
  a->dtype = dtype;
  a->ndim = ndim;
  for (int i = 0; i < ndim; i++) a->shape[i] = shape[i];
  a->size = size;
  a->data = data;
  a->nbytes = nbytes;
  return 0;
}

void rt_npy_free(NpyArray *a) {
  if (!a) return;
  if (a->data) rt_guarded_free(a->data, a->nbytes);
  memset(a, 0, sizeof *a);
}

/* ---------------------------------------------------------------- descr */

/* The descr numpy writes for a dtype: '|b1', '|u1', '<f4', '<c16'. */
static void descr_of(int dtype, char out[8]) {
  const DtypeInfo *d = &dtype_info[dtype];
  snprintf(out, 8, "%c%c%d", d->size == 1 ? '|' : '<', d->npy_kind, d->size);
}

/* Maps a descr string to TY_*, or -1 with a message. */
static int descr_parse(const char *path, const char *s, char *err) {
  char order = '=';
  const char *p = s;
  if (*p == '<' || *p == '>' || *p == '|' || *p == '=') order = *p++;
  char kind = *p;
  if (kind == 'O') {
    rt_errf(err, "%s: object arrays ('%s') are not supported", path, s);
    return -1;
  }
  if (strchr("SUaV", kind) && kind) {
    rt_errf(err, "%s: string/void dtype '%s' is not supported", path, s);
    return -1;
  }
  char *end;
  errno = 0;
  long size = kind ? strtol(p + 1, &end, 10) : 0;
  bool digits = kind && p[1] >= '0' && p[1] <= '9' && !*end && !errno;
  for (int t = TY_BOOL; digits && t < TY_NSCALAR; t++) {
    if (dtype_info[t].npy_kind != kind || dtype_info[t].size != size) continue;
    if (order == '>' && size > 1) {
      rt_errf(err, "%s: big-endian data ('%s'); pykc needs little-endian", path, s);
      return -1;
    }
    return t;
  }
  rt_errf(err, "%s: unsupported dtype '%s' (pykc reads bool, int8..uint64, float16..float64, "
          "complex64, complex128)", path, s);
  return -1;
}

/* ---------------------------------------------------------------- header parsing */

typedef struct Scan {
  const char *p, *start, *end;
  const char *path;
  char *err;
  bool py2_long;                                   /* 'L' suffixes allowed (v1.0, v2.0) */
} Scan;

static int bad_header(Scan *s, const char *what) {
  rt_errf(s->err, "%s: header is not a valid dict literal (%s at byte %d)", s->path, what,
          (int)(s->p - s->start));
  return -1;
}

static void skip_ws(Scan *s) {
  while (s->p < s->end && (*s->p == ' ' || *s->p == '\t' || *s->p == '\n' || *s->p == '\r'))
    s->p++;
}

static bool eat(Scan *s, char c) {
  skip_ws(s);
  if (s->p < s->end && *s->p == c) {
    s->p++;
    return true;
  }
  return false;
}

/* A quoted string without escapes; copies at most n-1 bytes. */
static int scan_str(Scan *s, char *buf, size_t n) {
  skip_ws(s);
  if (s->p >= s->end || (*s->p != '\'' && *s->p != '"')) return bad_header(s, "expected a string");
  char q = *s->p++;
  size_t len = 0;
  while (s->p < s->end && *s->p != q) {
    if (*s->p == '\\' || *s->p == '\n') return bad_header(s, "unsupported string escape");
    if (len + 1 >= n) return bad_header(s, "string too long");
    buf[len++] = *s->p++;
  }
  if (s->p >= s->end) return bad_header(s, "unterminated string");
  s->p++;
  buf[len] = 0;
  return 0;
}

static bool word(Scan *s, const char *w) {
  skip_ws(s);
  size_t n = strlen(w);
  if ((size_t)(s->end - s->p) >= n && !memcmp(s->p, w, n)) {
    const char *q = s->p + n;
    if (q == s->end || !(isalnum((unsigned char)*q) || *q == '_')) {
      s->p = q;
      return true;
    }
  }
  return false;
}

/* A Python int literal as numpy's header reader (ast.literal_eval) takes it: an optional
   sign, no leading zeros ("04" is a syntax error, "00" is 0), single '_' between digits, and
   in version 1.0/2.0 headers a Python 2 'L' suffix (numpy filters those; 3.0 does not). */
static int scan_int(Scan *s, int64_t *v) {
  skip_ws(s);
  bool neg = false;
  if (s->p < s->end && (*s->p == '-' || *s->p == '+')) neg = *s->p++ == '-';
  if (s->p >= s->end || *s->p < '0' || *s->p > '9') return bad_header(s, "expected an integer");
  uint64_t u = 0;
  bool over = false, zero_lead = *s->p == '0';
  while (s->p < s->end && ((*s->p >= '0' && *s->p <= '9') || *s->p == '_')) {
    if (*s->p == '_') {
      if (s->p + 1 >= s->end || s->p[1] < '0' || s->p[1] > '9')
        return bad_header(s, "misplaced '_' in an integer");
    } else {
      unsigned dgt = (unsigned)(*s->p - '0');
      if (zero_lead && dgt) return bad_header(s, "leading zeros in an integer");
      if (u > (UINT64_MAX - dgt) / 10) over = true;
      else u = u * 10 + dgt;
    }
    s->p++;
  }
  if (s->p < s->end && (*s->p == 'L' || *s->p == 'l')) {
    if (!s->py2_long) return bad_header(s, "'L' suffix in a version 3.0 header");
    s->p++;
  }
  if (neg && u != 0) {
    rt_errf(s->err, "%s: negative dimension -%" PRIu64 " in shape", s->path, u);
    return -1;
  }
  if (over || u > (uint64_t)INT64_MAX) {
    rt_errf(s->err, "%s: shape entry overflows int64", s->path);
    return -1;
  }
  *v = (int64_t)u;
  return 0;
}

static int scan_shape(Scan *s, NpyArray *a) {
  if (!eat(s, '(')) {
    if (eat(s, '[')) return bad_header(s, "shape must be a tuple, not a list");
    return bad_header(s, "expected a shape tuple");
  }
  int n = 0;
  bool comma = false;
  while (!eat(s, ')')) {
    if (n > 0 && !comma) return bad_header(s, "expected ',' or ')' in shape");
    int64_t v = 0;
    if (scan_int(s, &v)) return -1;
    if (n == RT_MAXDIM) {
      rt_errf(s->err, "%s: more than %d dimensions; pykc supports at most %d", s->path,
              RT_MAXDIM, RT_MAXDIM);
      return -1;
    }
    a->shape[n++] = v;
    comma = eat(s, ',');
  }
  if (n == 1 && !comma) return bad_header(s, "shape '(N)' is not a tuple");
  a->ndim = n;
  return 0;
}

/* Parses the header dict. Sets a->dtype, ndim, shape; *fortran to the flag. */
static int parse_header(Scan *s, NpyArray *a, bool *fortran) {
  enum { K_DESCR = 1, K_FORTRAN = 2, K_SHAPE = 4 };
  unsigned seen = 0;
  if (!eat(s, '{')) return bad_header(s, "expected '{'");
  while (!eat(s, '}')) {
    char key[32], descr[64];
    if (scan_str(s, key, sizeof key)) return -1;
    if (!eat(s, ':')) return bad_header(s, "expected ':'");
    unsigned k = !strcmp(key, "descr") ? K_DESCR : !strcmp(key, "fortran_order") ? K_FORTRAN
               : !strcmp(key, "shape") ? K_SHAPE : 0;
    if (!k) {
      rt_errf(s->err, "%s: unexpected key '%s' in the header", s->path, key);
      return -1;
    }
    if (seen & k) {
      rt_errf(s->err, "%s: key '%s' appears twice in the header", s->path, key);
      return -1;
    }
    seen |= k;
    if (k == K_DESCR) {
      skip_ws(s);
      if (s->p < s->end && (*s->p == '[' || *s->p == '{' || *s->p == '(')) {
        rt_errf(s->err, "%s: structured dtypes are not supported", s->path);
        return -1;
      }
      if (scan_str(s, descr, sizeof descr)) return -1;
      if ((a->dtype = descr_parse(s->path, descr, s->err)) < 0) return -1;
    } else if (k == K_FORTRAN) {
      if (word(s, "True")) *fortran = true;
      else if (word(s, "False")) *fortran = false;
      else return bad_header(s, "fortran_order must be True or False");
    } else if (scan_shape(s, a)) {
      return -1;
    }
    if (!eat(s, ',')) {
      if (eat(s, '}')) break;
      return bad_header(s, "expected ',' or '}'");
    }
  }
  skip_ws(s);
  if (s->p != s->end) return bad_header(s, "unexpected text after the dict");
  static const struct { unsigned k; const char *name; } keys[] = {
    {K_DESCR, "descr"}, {K_FORTRAN, "fortran_order"}, {K_SHAPE, "shape"}};
  for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
    if (!(seen & keys[i].k)) {
      rt_errf(s->err, "%s: the header has no '%s' key", s->path, keys[i].name);
      return -1;
    }
  }
  return 0;
}

/* ---------------------------------------------------------------- reading */

static uint32_t le32(const unsigned char *p) {
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static int read_file(FILE *f, const char *path, NpyArray *out, char *err) {
  struct stat st;
  if (fstat(fileno(f), &st) || !S_ISREG(st.st_mode)) {
    rt_errf(err, "%s: not a regular file", path);
    return -1;
  }
  uint64_t fsize = (uint64_t)st.st_size;
  unsigned char pre[12];
  size_t got = fread(pre, 1, sizeof pre, f);
  if (got < 8 || memcmp(pre, NPY_MAGIC, NPY_MAGIC_LEN)) {
    rt_errf(err, "%s: not a .npy file (bad magic)", path);
    return -1;
  }
  int major = pre[6], minor = pre[7];
  if (minor != 0 || major < 1 || major > 3) {
    rt_errf(err, "%s: unsupported .npy format version %d.%d (pykc reads 1.0, 2.0 and 3.0)", path,
            major, minor);
    return -1;
  }
  size_t lenbytes = major == 1 ? 2 : 4;
  if (got < 8 + lenbytes) {
    rt_errf(err, "%s: truncated header (the file has %" PRIu64 " bytes)", path, fsize);
    return -1;
  }
  uint32_t hlen = major == 1 ? (uint32_t)(pre[8] | pre[9] << 8) : le32(pre + 8);
  uint64_t off = 8 + lenbytes;
  if (hlen > NPY_MAX_HEADER) {
    rt_errf(err, "%s: the header is %" PRIu32 " bytes, more than the %u that pykc reads", path,
            hlen, NPY_MAX_HEADER);
    return -1;
  }
  if (off + hlen > fsize) {
    rt_errf(err, "%s: truncated header (the file has %" PRIu64 " bytes, the header needs %" PRIu64
            ")", path, fsize, off + hlen);
    return -1;
  }
  char *hdr = malloc(hlen ? hlen : 1);
  if (!hdr) {
    rt_errf(err, "%s: out of memory", path);
    return -1;
  }
  if (fseek(f, (long)off, SEEK_SET) || fread(hdr, 1, hlen, f) != hlen) {
    free(hdr);
    rt_errf(err, "%s: cannot read the header", path);
    return -1;
  }
  Scan s = {hdr, hdr, hdr + hlen, path, err, major < 3};
  bool fortran = false;
  NpyArray a;
  memset(&a, 0, sizeof a);
  int rc = parse_header(&s, &a, &fortran);
  free(hdr);
  if (rc) return -1;
  int longdims = 0;
  for (int i = 0; i < a.ndim; i++) longdims += a.shape[i] > 1;
  if (fortran && longdims > 1) {
    rt_errf(err, "%s is Fortran-ordered; pykc needs C order", path);
    return -1;
  }
  char why[RT_ERRLEN];
  if (shape_size(a.ndim, a.shape, dtype_info[a.dtype].size, &a.size, why)) {
    rt_errf(err, "%s: %s", path, why);
    return -1;
  }
  uint64_t want = (uint64_t)a.size * (uint64_t)dtype_info[a.dtype].size;
  uint64_t have = fsize - off - hlen;
  if (have != want) {
    rt_errf(err, "%s has %" PRIu64 " bytes of data, the header says %" PRIu64, path, have, want);
    return -1;
  }
  if (rt_npy_alloc(out, a.dtype, a.ndim, a.shape, why)) {
    rt_errf(err, "%s: %s", path, why);
    return -1;
  }
  if (fread(out->data, 1, out->nbytes, f) != out->nbytes) {
    rt_npy_free(out);
    rt_errf(err, "%s: read error", path);
    return -1;
  }
  return 0;
}

int rt_npy_read(const char *path, NpyArray *out, char *err) {
  memset(out, 0, sizeof *out);
  int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);  /* a FIFO must not block */
  FILE *f = fd < 0 ? NULL : fdopen(fd, "rb");
  if (!f) {
    rt_errf(err, "%s: %s", path, strerror(errno));
    if (fd >= 0)
      close(fd);
    return -1;
  }
  int rc = read_file(f, path, out, err);
  fclose(f);
  return rc;
}

/* ---------------------------------------------------------------- writing */

/* Builds the complete header (magic .. newline) as numpy.save does. Returns its length. */
static size_t build_header(const NpyArray *a, unsigned char *out, size_t cap) {
  char dict[512], descr[8];
  descr_of(a->dtype, descr);
  int n = snprintf(dict, sizeof dict, "{'descr': '%s', 'fortran_order': False, 'shape': (", descr);
  for (int i = 0; i < a->ndim; i++)
    n += snprintf(dict + n, sizeof dict - (size_t)n, i ? ", %" PRId64 : "%" PRId64, a->shape[i]);
  n += snprintf(dict + n, sizeof dict - (size_t)n, "%s), }", a->ndim == 1 ? "," : "");
  if (a->ndim > 0) {
    char d0[24];
    int pad = NPY_GROWTH_DIGITS - snprintf(d0, sizeof d0, "%" PRId64, a->shape[0]);
    for (int i = 0; i < pad; i++) dict[n++] = ' ';
  }
  size_t hlen = (size_t)n + 1;                  /* + the final newline */
  int major = 1;
  size_t prefix = NPY_MAGIC_LEN + 2 + 2;
  size_t pad = NPY_ALIGN - (prefix + hlen) % NPY_ALIGN;
  if (hlen + pad > 0xffff) {
    major = 2;
    prefix = NPY_MAGIC_LEN + 2 + 4;
    pad = NPY_ALIGN - (prefix + hlen) % NPY_ALIGN;
  }
  size_t total = prefix + hlen + pad;
  if (total > cap) return 0;
  uint32_t field = (uint32_t)(hlen + pad);
  memcpy(out, NPY_MAGIC, NPY_MAGIC_LEN);
  out[6] = (unsigned char)major;
  out[7] = 0;
  for (size_t i = 0; i < prefix - 8; i++) out[8 + i] = (unsigned char)(field >> (8 * i));
  memcpy(out + prefix, dict, (size_t)n);
  memset(out + prefix + n, ' ', pad);
  out[total - 1] = '\n';
  return total;
}

int rt_npy_write(const char *path, const NpyArray *a, char *err) {
  if (!dtype_ok(a->dtype) || a->ndim < 0 || a->ndim > RT_MAXDIM) {
    rt_errf(err, "%s: cannot write: bad array descriptor", path);
    return -1;
  }
  unsigned char hdr[1024];
  size_t hlen = build_header(a, hdr, sizeof hdr);
  RtParts parts = {{hdr, a->data}, {hlen, a->nbytes}, 2};
  return rt_write_file(path, &parts, err);         /* a temporary file, then rename */
}

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
