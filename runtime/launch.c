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
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *dtype_name(int dt) {
  return dt >= 0 && dt < KC_NDTYPES ? dtype_info[dt].name : dt == PYKC_RECORD ? "void" : "?";
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

int64_t rt_itemsize(const pykc_arg *a) {
  int dt = (int)a->dtype;
  if (dt == PYKC_RECORD)                          /* (an array's: a scalar has nbytes) */
    return !a->is_array || rec_itemsize(a->record) < 0 ? 0 : rec_itemsize(a->record);
  return dt >= 0 && dt < KC_NDTYPES ? dtype_info[dt].size : 0;
}

bool rt_dtype_ok(const pykc_arg *a) {
  int dt = (int)a->dtype;
  return (dt >= 0 && dt < KC_NDTYPES) ||
         (dt == PYKC_RECORD && a->is_array && rec_itemsize(a->record) >= 0);
}

bool rt_dtype_is(const pykc_arg *a, int dtype, const char *record) {
  return (int)a->dtype == dtype &&
         (dtype != PYKC_RECORD ||
          (record && a->is_array && a->record && !strcmp(record, a->record)));
}

bool rt_arg_contig(const pykc_arg *a) {
  if (!a->strides || a->ndim < 0 || a->ndim > RT_MAXDIM)  /* (a bad ndim is refused later) */
    return true;
  int64_t want = rt_dtype_ok(a) ? rt_itemsize(a) : 1;
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
                 (unsigned)(a->is_array && rt_arg_contig(a)) << 13 |
                 (unsigned)(!a->is_array && a->handle) << 14;
    for (int b = 0; b < 2; b++)
      h = (h ^ ((v >> 8 * b) & 0xff)) * 1099511628211ull;
    if ((int)a->dtype == PYKC_RECORD && a->is_array && a->record)   /* its description */
      for (const char *p = a->record; *p; p++)
        h = (h ^ (unsigned char)*p) * 1099511628211ull;
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

/* NumPy's assignment of float F to integer type TO (CuPy's CScalar.apply_dtype): the
   value truncated toward zero, which must be finite and fit TO. */
static int assign_float_int(pykc_arg *a, double f, int to, const char *pname, char *err) {
  const DtypeInfo *d = &dtype_info[to];
  double t = trunc(f), bits = 8.0 * d->size;
  double lo = d->is_signed ? -ldexp(1, (int)bits - 1) : 0;
  double hi = d->is_signed ? ldexp(1, (int)bits - 1) : ldexp(1, (int)bits);   /* exclusive */
  if (isnan(f) || isinf(f) || t < lo || t >= hi) {
    snprintf(err, RT_ERRLEN, "argument '%s': cannot convert float %g to %s", pname, f,
             dtype_name(to));
    return -1;
  }
  if (d->is_signed)
    a->value.i = (int64_t)t;
  else
    a->value.u = (uint64_t)t;
  a->dtype = (pykc_dtype)to;
  return 0;
}

int rt_scalar_convert(pykc_arg *a, int to, bool assign, const char *pname, char *err) {
  int from = (int)a->dtype;
  if (from == to)
    return 0;
  int kf = kind_of(from), kt = kind_of(to);
  if (assign && kf == K_FLOAT && kt == K_INT)
    return assign_float_int(a, a->value.f, to, pname, err);
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

void rt_store_scalar(int dt, const pykc_arg *a, unsigned char *dst) {
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
  else if (p->is_array && p->dtype < 0)
    snprintf(want, sizeof want, "a %d-d array", p->ndim);
  rt_type_name((int)a->dtype, a->ndim, a->is_array, false, got, sizeof got);
  bool noncontig = a->is_array && p->contig && !rt_arg_contig(a) &&
                   rt_dtype_is(a, p->dtype, p->record) && a->ndim == p->ndim;
  snprintf(err, RT_ERRLEN, "argument '%s': expected %s, got %s%s", p->name, want,
           noncontig ? "a non-contiguous " : "", got);
  return RT_EUSAGE;
}

static int put_array(const RtParam *p, const pykc_arg *a, unsigned char *dst, char *err) {
  if (a->ndim < 0 || a->ndim > RT_MAXDIM || !rt_dtype_ok(a)) {
    snprintf(err, RT_ERRLEN, "argument '%s': bad array (ndim %d, dtype %d)", p->name, a->ndim,
             (int)a->dtype);
    return RT_EUSAGE;
  }
  if ((p->dtype >= 0 && !rt_dtype_is(a, p->dtype, p->record)) || (!p->raw && a->ndim != p->ndim) ||
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
        (rt_itemsize(a) && size > INT64_MAX / rt_itemsize(a))) {
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
  int64_t hdr[2 + 2 * RT_MAXDIM], stride = rt_itemsize(a);
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

/* A by-value argument given as raw bytes (pykc_arg.nbytes, CuPy's NumPy array of size
   one): a parameter of a type with no dtype (a struct) reads them where they are; one of a
   dtype takes a copy of its size's first bytes, as cuLaunchKernel reads that many from
   the array CuPy points it to (np.array([5]), an int64, gives an `int` 5), and refuses
   fewer bytes than that (CuPy's launch would read past the array); a pointer or array
   parameter refuses them. Bytes of the parameter's size (PYKC_NBYTES_PARAM, CuPy's
   CPointer) are read as the parameter's, a raw pointer parameter's too (the address at the
   bytes), as CuPy's launch does. */
static int put_bytes(const RtParam *p, const pykc_arg *a, unsigned char *dst, void **ptr,
                     char *err) {
  if (!a->data) {
    snprintf(err, RT_ERRLEN, "argument '%s': null pointer to its bytes", p->name);
    return RT_EUSAGE;
  }
  if (a->nbytes == PYKC_NBYTES_PARAM && p->is_array && p->raw) {
    memcpy(dst, a->data, 8);
    return 0;
  }
  if (a->nbytes == PYKC_NBYTES_PARAM && !p->is_array && p->dtype >= 0) {
    memcpy(dst, a->data, (size_t)dtype_info[p->dtype].size);
    return 0;
  }
  if (p->is_array && a->nbytes == PYKC_NBYTES_PARAM) {
    snprintf(err, RT_ERRLEN, "argument '%s': bytes by address (CuPy's CPointer) for an array "
             "parameter: pass an array", p->name);
    return RT_EUSAGE;
  }
  if (p->is_array) {
    snprintf(err, RT_ERRLEN, "argument '%s': %zu bytes by value (a NumPy array of size one) "
             "for a pointer parameter: pass a device array", p->name, a->nbytes);
    return RT_EUSAGE;
  }
  if (p->dtype < 0) {
    *ptr = a->data;
    return 0;
  }
  size_t size = (size_t)dtype_info[p->dtype].size;
  if (a->nbytes < size) {
    snprintf(err, RT_ERRLEN, "argument '%s': %zu bytes by value (a NumPy array of size one) "
             "for a parameter of type %s (%zu bytes): the launch would read past the array",
             p->name, a->nbytes, dtype_info[p->dtype].name, size);
    return RT_EUSAGE;
  }
  memcpy(dst, a->data, size);
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
    if (!a->is_array && (int)a->dtype == PYKC_RECORD) {
      snprintf(err, RT_ERRLEN, "argument '%s': a scalar of a void (structured) dtype is not "
               "supported: pass an array", p->name);
      return RT_EUSAGE;
    }
    if (!rt_dtype_ok(a)) {
      snprintf(err, RT_ERRLEN, "argument '%s': bad dtype %d", p->name, (int)a->dtype);
      return RT_EUSAGE;
    }
    if (!a->is_array && a->nbytes) {
      int st = put_bytes(p, a, dst, &ptrs[i], err);
      if (st)
        return st;
      continue;
    }
    if (p->is_array && p->raw && !p->ref && !a->is_array && kind_of((int)a->dtype) == K_INT) {
      /* raw code's pointer from an integer: CuPy passes the integer's bits (Python's
         int as int64), so 0 is a null pointer and `arr.data.ptr` the array's memory (a
         reference's scalar stays an error: it would be the value's bits) */
      uint64_t addr = dtype_info[(int)a->dtype].is_signed ? (uint64_t)a->value.i : a->value.u;
      memcpy(dst, &addr, 8);
      continue;
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
      rt_store_scalar(to, a, dst);
      continue;
    }
    pykc_arg conv = *a;
    if (rt_scalar_convert(&conv, to, p->assign, p->name, err))
      return RT_EUSAGE;
    rt_store_scalar(to, &conv, dst);
  }
  return 0;
}
