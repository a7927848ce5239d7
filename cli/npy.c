/*
 * cli/npy.c: NumPy .npy files: reading and writing.
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
 * Printing is npy_print.c's.
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
  const char *nul = memchr(hdr, '\0', hlen);    /* numpy's literal_eval refuses one too */
  if (nul) {
    rt_errf(err, "%s: a NUL byte in the header (at byte %" PRIu64 ")", path,
            off + (uint64_t)(nul - hdr));
    free(hdr);
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
