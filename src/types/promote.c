/*
 * types/promote.c: NumPy's and CuPy's dtype rules (promote.h), each once: loop type
 * characters, numpy.result_type, safe and same_kind casting, NEP 50's weak Python
 * scalars and the literal typing of Python scalars. Pure functions over dtype_info.
 */
#include "types/promote.h"

#include <string.h>

/* ---------------------------------------------------------------- type characters */

/* NumPy's characters of TY_BOOL .. TY_COMPLEX128 (l/L: long, 64-bit on Linux) */
static const char chars[] = "?bBhHiIlLefdFD";

char type_char(TypeKind k) { return k < TY_NSCALAR ? chars[k] : 0; }

TypeKind type_of_char(char ch) {
  if (ch == 'q')
    return TY_INT64;
  if (ch == 'Q')
    return TY_UINT64;
  const char *p = ch ? strchr(chars, ch) : NULL;
  return p ? (TypeKind)(TY_BOOL + (p - chars)) : TY_VOID;
}

/* ---------------------------------------------------------------- result_type, casts */

static TypeKind int_of_size(int size, bool is_signed) {
  static const TypeKind s[] = {TY_INT8, TY_INT16, TY_INT32, TY_INT64};
  static const TypeKind u[] = {TY_UINT8, TY_UINT16, TY_UINT32, TY_UINT64};
  int i = size == 1 ? 0 : size == 2 ? 1 : size == 4 ? 2 : 3;
  return is_signed ? s[i] : u[i];
}

TypeKind type_result(TypeKind a, TypeKind b) {
  if (a == b || b == TY_BOOL)
    return a;
  if (a == TY_BOOL)
    return b;
  const DtypeInfo *da = &dtype_info[a], *db = &dtype_info[b];
  if (da->is_int && db->is_int) {
    if (da->is_signed == db->is_signed)
      return da->size >= db->size ? a : b;
    TypeKind s = da->is_signed ? a : b, u = da->is_signed ? b : a;
    if (dtype_info[s].size > dtype_info[u].size)
      return s;
    return dtype_info[u].size == 8 ? TY_FLOAT64 : int_of_size(dtype_info[u].size * 2, true);
  }
  if (da->is_int || db->is_int) {
    TypeKind i = da->is_int ? a : b, f = da->is_int ? b : a;
    int sz = dtype_info[i].size;
    TypeKind need = sz == 1 ? TY_FLOAT16 : sz == 2 ? TY_FLOAT32 : TY_FLOAT64;
    if (dtype_info[f].is_complex)
      return need == TY_FLOAT64 ? TY_COMPLEX128 : f;
    return f > need ? f : need;
  }
  /* floats and complex: the later one, except float64 with complex64 -> complex128 */
  TypeKind hi = a > b ? a : b, lo = a > b ? b : a;
  if (dtype_info[hi].is_complex && 2 * dtype_info[lo].size > dtype_info[hi].size)
    return TY_COMPLEX128;
  return hi;
}

bool type_can_cast(TypeKind a, TypeKind b) { return type_result(a, b) == b; }

/* NumPy's kinds in can_cast's order: b < u < i < f < c */
static int kind_cat(TypeKind k) {
  switch (dtype_info[k].npy_kind) {
  case 'b': return 0;
  case 'u': return 1;
  case 'i': return 2;
  case 'f': return 3;
  default: return 4;
  }
}

bool type_same_kind(TypeKind a, TypeKind b) {
  if (a == b)
    return true;
  int ca = kind_cat(a), cb = kind_cat(b);
  if (ca < cb)
    return !(ca == 2 && cb == 1); /* never here: 'i' > 'u' */
  if (ca > cb)
    return false;
  return true; /* same kind: narrowing allowed */
}

/* ---------------------------------------------------------------- Python scalars */

PyKind type_py_kind(TypeKind k) {
  return k == TY_BOOL ? PY_BOOL : type_is_complex(k) ? PY_COMPLEX
         : type_is_float(k) ? PY_FLOAT : PY_INT;
}

static int kind_score(TypeKind k) {
  return k == TY_BOOL ? 0 : type_is_complex(k) ? 3 : type_is_float(k) ? 2 : 1;
}

TypeKind type_weak_result(PyKind w, TypeKind t) {
  if ((int)w - PY_BOOL <= kind_score(t))
    return t;
  if (w == PY_COMPLEX && type_is_float(t))
    return t == TY_FLOAT64 ? TY_COMPLEX128 : TY_COMPLEX64;
  return w == PY_INT ? TY_INT64 : w == PY_FLOAT ? TY_FLOAT64 : TY_COMPLEX128;
}

bool type_weak_keeps(PyKind w, TypeKind t) { return type_weak_result(w, t) == t; }

TypeKind type_py_scalar(PyKind w, bool negative, uint64_t magnitude, Mode mode) {
  bool numpy = mode == MODE_NUMPY;
  switch (w) {
  case PY_BOOL: return TY_BOOL;
  case PY_FLOAT: return numpy ? TY_FLOAT64 : TY_FLOAT32;
  case PY_COMPLEX: return numpy ? TY_COMPLEX128 : TY_COMPLEX64;
  default: break;
  }
  if (negative ? magnitude > (uint64_t)INT64_MAX + 1 : false)
    return TY_ERROR;
  if (!negative && magnitude > (uint64_t)INT64_MAX)
    return TY_UINT64;
  if (!numpy && magnitude <= (uint64_t)INT32_MAX + negative)
    return TY_INT32;
  return TY_INT64;
}
