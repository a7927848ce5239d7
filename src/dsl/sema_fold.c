/*
 * sema_fold.c: IR constants, Python literals and constant folding.
 *
 * Python literals become IR_CONST nodes marked `weak`: they are folded with Python's
 * arbitrary-precision semantics (as cupyx folds Constant objects) and typed by the
 * literal rules (mode='cuda': int32/int64/uint64, float32; mode='numpy': int64, float64)
 * when they meet a typed value (strongly, as cupyx's get_ctype_from_scalar does: in
 * mode='numpy' float32 * 3 is float64 and int8 + 1 is int64). Typed constants (cp.int64(0), folded casts) fold in their
 * computation type when that is a 32/64-bit type and the C result is well defined.
 * Also the conversions (sema_convert, the 'same_kind' rule of stores and arguments,
 * truth values). The operators that call the folding are in sema_ops.c.
 */
#include "sema_int.h"
#include "base/half.h"
#include "types/promote.h"

#include <math.h>

#define T(k) ty_scalar(k)

/* ---------------------------------------------------------------- nodes, constants */

Node *sema_mk(Sema *S, NodeKind k, Loc loc, Type *ty) {
  Node *n = ast_new(S->c, k, loc);
  n->ty = ty;
  return n;
}

Node *sema_error_node(Sema *S, Loc loc) { return sema_mk(S, IR_CONST, loc, T(TY_ERROR)); }

Node *sema_detach(Sema *S, Node *n) {
  if (!n || !n->next)
    return n;
  Node *c = sema_mk(S, n->kind, n->loc, n->ty);
  *c = *n;
  c->next = NULL;
  return c;
}

bool sema_is_error(const Node *n) { return !n || !n->ty || n->ty->kind == TY_ERROR; }

bool sema_is_const(const Node *n) {
  return n && n->kind == IR_CONST && ty_is_scalar(n->ty);
}

static Node *set_int(Node *n, int64_t v) {
  n->ival = v;
  n->uval = (uint64_t)v;
  return n;
}

Node *sema_const_int(Sema *S, Loc loc, Type *ty, int64_t v) {
  return set_int(sema_mk(S, IR_CONST, loc, ty), v);
}

Node *sema_const_float(Sema *S, Loc loc, Type *ty, double v) {
  Node *n = sema_mk(S, IR_CONST, loc, ty);
  n->fval = v;
  return n;
}

Mode sema_cur_mode(Sema *S) {
  return S->host ? MODE_NUMPY : S->fs ? S->fs->mode : S->c->opt.mode;
}

Node *sema_py_int(Sema *S, Loc loc, __int128 v) {
  if (v < (__int128)INT64_MIN || v > (__int128)UINT64_MAX) {
    diag_error(S->c, loc, "integer constant out of range (it must fit in 64 bits)");
    return sema_error_node(S, loc);
  }
  Type *ty = T(type_py_scalar(PY_INT, v < 0, (uint64_t)(v < 0 ? -v : v), sema_cur_mode(S)));
  Node *n = sema_mk(S, IR_CONST, loc, ty);
  n->uval = (uint64_t)v;
  n->ival = (int64_t)n->uval;
  n->weak = true;
  return n;
}

Node *sema_py_float(Sema *S, Loc loc, double v) {
  Node *n = sema_const_float(S, loc, T(type_py_scalar(PY_FLOAT, false, 0, sema_cur_mode(S))), v);
  n->weak = true;
  return n;
}

Node *sema_const_complex(Sema *S, Loc loc, Type *ty, double re, double im) {
  Node *n = sema_mk(S, IR_CONST, loc, ty);
  n->fval = type_round(ty->kind, re);
  n->fimag = type_round(ty->kind, im);
  return n;
}

/* A Python complex: typed complex64 in mode='cuda', complex128 in mode='numpy' (cupyx's
   get_ctype_from_scalar); the parts stay doubles until the constant takes its type. */
Node *sema_py_complex(Sema *S, Loc loc, double re, double im) {
  Node *n = sema_mk(S, IR_CONST, loc, T(type_py_scalar(PY_COMPLEX, false, 0, sema_cur_mode(S))));
  n->fval = re;
  n->fimag = im;
  n->weak = true;
  return n;
}

Node *sema_py_bool(Sema *S, Loc loc, bool v) {
  Node *n = sema_const_int(S, loc, T(type_py_scalar(PY_BOOL, false, 0, MODE_CUDA)), v);
  n->weak = true;
  return n;
}

bool sema_is_fconst(const Node *n) { return ty_is_float(n->ty); }
bool sema_is_cconst(const Node *n) { return n->ty && type_is_complex(n->ty->kind); }

__int128 sema_const_i128(const Node *n) {
  if (sema_is_fconst(n))
    return (__int128)n->fval;
  if (n->ty->kind == TY_UINT64)
    return (__int128)n->uval;
  return (__int128)n->ival;
}

double sema_const_f64(const Node *n) {
  if (sema_is_fconst(n) || sema_is_cconst(n))
    return n->fval;
  if (n->ty->kind == TY_UINT64)
    return (double)n->uval;
  return (double)n->ival;
}

bool sema_const_truth(const Node *n) {
  if (sema_is_cconst(n))
    return n->fval != 0 || n->fimag != 0;
  return sema_is_fconst(n) ? n->fval != 0 : n->uval != 0;
}

bool sema_const_i64(const Node *n, int64_t *out) {
  if (!sema_is_const(n) || !ty_is_int(n->ty) || (n->ty->kind == TY_UINT64 && n->uval > INT64_MAX))
    return false;
  *out = n->ival;
  return true;
}

/* Wraps an integer to the width and signedness of k (C conversion semantics). */
int64_t sema_wrap_int(TypeKind k, __int128 v) {
  uint64_t u = (uint64_t)v;
  switch (dtype_info[k].size) {
  case 1: return dtype_info[k].is_signed ? (int8_t)u : (int64_t)(uint8_t)u;
  case 2: return dtype_info[k].is_signed ? (int16_t)u : (int64_t)(uint16_t)u;
  case 4: return dtype_info[k].is_signed ? (int32_t)u : (int64_t)(uint32_t)u;
  default: return (int64_t)u;
  }
}

/* A constant converted to scalar type `to` (C cast semantics), or NULL if it is not
   folded (float16, complex: the emitter converts). */
static Node *fold_cast(Sema *S, Node *e, Type *to) {
  TypeKind k = to->kind;
  if (type_is_complex(k)) /* the parts convert as floats (NumPy's complex(x)) */
    return sema_const_complex(S, e->loc, to, sema_const_f64(e),
                              sema_is_cconst(e) ? e->fimag : 0);
  if (sema_is_cconst(e)) { /* cupyx's (T)(z.real()): the real part */
    if (k == TY_BOOL)
      return set_int(sema_mk(S, IR_CONST, e->loc, to), e->fval != 0);
    return fold_cast(S, sema_const_float(S, e->loc, T(TY_FLOAT64), e->fval), to);
  }
  if (k == TY_FLOAT16) /* NumPy's float16(c): rounded to half, held as a float */
    return sema_const_float(S, e->loc, to, f16_to_float(f16_from_double(sema_const_f64(e))));
  Node *n = sema_mk(S, IR_CONST, e->loc, to);
  if (k == TY_BOOL)
    return set_int(n, sema_const_truth(e));
  if (dtype_info[k].is_int) {
    if (sema_is_fconst(e)) {
      double d = e->fval;
      if (d != d || d >= 18446744073709551616.0 || d <= -9223372036854775809.0)
        return NULL; /* undefined in C: leave it to a run-time cast */
      return set_int(n, sema_wrap_int(k, (__int128)d));
    }
    return set_int(n, sema_wrap_int(k, sema_const_i128(e)));
  }
  double d = sema_const_f64(e); /* a Python float converts from its exact value */
  n->fval = k == TY_FLOAT32 ? (double)(float)d : d;
  return n;
}

Node *sema_convert(Sema *S, Node *e, Type *to) {
  if (sema_is_error(e) || !to || to->kind == TY_ERROR)
    return e;
  if (ty_equal(e->ty, to)) {
    if (e->weak) { /* the literal takes its type now */
      Node *n = sema_mk(S, IR_CONST, e->loc, to);
      *n = *e;
      n->weak = false;
      n->next = NULL;
      if (to->kind == TY_FLOAT32)
        n->fval = (double)(float)n->fval;
      else if (to->kind == TY_COMPLEX64) /* the parts: sema_const_complex rounds them */
        return sema_const_complex(S, e->loc, to, e->fval, e->fimag);
      return n;
    }
    return e;
  }
  if (sema_is_const(e) && ty_is_scalar(to)) {
    Node *f = fold_cast(S, e, to);
    if (f)
      return f;
  }
  Node *n = sema_mk(S, IR_CAST, e->loc, to);
  n->lhs = e;
  return n;
}

Node *sema_settle(Sema *S, Node *e) {
  return sema_is_error(e) || !e->weak ? e : sema_convert(S, e, e->ty);
}

/* ---------------------------------------------------------------- conversions */

/* A weak integer literal may go into any integer or float type its value fits in
   (cupyx converts Constant values freely). */
bool sema_literal_fits(const Node *e, TypeKind to) {
  if (!e->weak || sema_is_fconst(e) || e->ty->kind == TY_BOOL)
    return false;
  if (dtype_info[to].is_float)
    return true;
  if (!dtype_info[to].is_int)
    return false;
  return (__int128)sema_wrap_int(to, sema_const_i128(e)) == sema_const_i128(e) ||
         (to == TY_UINT64 && sema_const_i128(e) >= 0);
}

Node *sema_assign_convert(Sema *S, Node *e, Type *to, const char *what) {
  if (sema_is_error(e) || !to || to->kind == TY_ERROR)
    return e;
  if (ty_is_scalar(e->ty) && ty_is_scalar(to)) {
    if (!type_same_kind(e->ty->kind, to->kind) && !sema_literal_fits(e, to->kind)) {
      if (e->weak && dtype_info[e->ty->kind].is_int && dtype_info[to->kind].is_int)
        /* a literal that does not fit: NumPy's words, as cupyx converts it with NumPy */
        diag_error(S->c, e->loc, "Python integer %lld out of bounds for %s in %s",
                   (long long)sema_const_i128(e), ty_str(S->c, to), what);
      else
        diag_error(S->c, e->loc, "cannot convert %s to %s in %s", ty_str(S->c, e->ty),
                   ty_str(S->c, to), what);
      return sema_error_node(S, e->loc);
    }
    /* a stored literal first takes its literal type (cupyx's Data.init): of[0] = 0.1
       stores float32(0.1) in a float64 array */
    if (e->weak)
      e = sema_convert(S, e, e->ty);
    return sema_convert(S, e, to);
  }
  if (to->kind == TY_ARRAY && e->ty->kind == TY_ARRAY && to->ndim == e->ty->ndim &&
      ty_equal(to->elem, e->ty->elem) && (!to->contig || e->ty->contig))
    return e;
  if (!ty_equal(e->ty, to)) {
    diag_error(S->c, e->loc, "cannot convert %s to %s in %s", ty_str(S->c, e->ty),
               ty_str(S->c, to), what);
    return sema_error_node(S, e->loc);
  }
  return e;
}

Node *sema_to_bool(Sema *S, Node *e) {
  if (sema_is_error(e))
    return e;
  if (e->ty && type_is_complex(e->ty->kind) && !sema_is_const(e)) {
    diag_error(S->c, e->loc, "a %s value cannot be a condition (cupyx: complex type value "
               "cannot be boolean condition)", ty_str(S->c, e->ty));
    return sema_error_node(S, e->loc);
  }
  if (!ty_is_scalar(e->ty)) {
    diag_error(S->c, e->loc, "a condition must be a scalar, got %s", ty_str(S->c, e->ty));
    return sema_error_node(S, e->loc);
  }
  if (sema_is_const(e) && e->weak)
    return sema_py_bool(S, e->loc, sema_const_truth(e));
  return sema_convert(S, e, T(TY_BOOL));
}

/* ---------------------------------------------------------------- folding */

static __int128 floordiv128(__int128 a, __int128 b) {
  __int128 q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0)))
    q--;
  return q;
}

static __int128 pymod128(__int128 a, __int128 b) {
  __int128 r = a % b;
  if (r != 0 && ((r < 0) != (b < 0)))
    r += b;
  return r;
}

static double pyfmod(double a, double b) {
  double r = fmod(a, b);
  if (r != 0 && ((r < 0) != (b < 0)))
    r += b;
  return r;
}

static const __int128 I128_LIMIT = (__int128)1 << 100;

static Node *division_by_zero(Sema *S, Loc loc) {
  diag_error(S->c, loc, "division by zero in a constant expression");
  return sema_error_node(S, loc);
}

/* x ** y for y >= 0, saturating at I128_LIMIT (then "too large" where it is used). */
static __int128 int_pow(__int128 x, __int128 y) {
  __int128 r = 1;
  for (__int128 i = 0; i < y && r != 0; i++) {
    r *= x;
    if (r > I128_LIMIT || r < -I128_LIMIT)
      break;
    if (x == 1 || (x == -1 && i > 1))
      return (x == -1 && (y % 2)) ? -1 : 1;
  }
  return r;
}

/* Python semantics on two Python int (or bool) constants. */
static Node *fold_py_int(Sema *S, Op op, Node *a, Node *b, Loc loc) {
  __int128 x = sema_const_i128(a), y = sema_const_i128(b), r = 0;
  bool both_bool = a->ty->kind == TY_BOOL && b->ty->kind == TY_BOOL;
  if (!y && (op == OP_DIV || op == OP_FLOORDIV || op == OP_MOD))
    return division_by_zero(S, loc);
  switch (op) {
  case OP_ADD: r = x + y; break;
  case OP_SUB: r = x - y; break;
  case OP_MUL:
    if (__builtin_mul_overflow(x, y, &r) || r > I128_LIMIT || r < -I128_LIMIT)
      r = I128_LIMIT;
    break;
  case OP_DIV: return sema_py_float(S, loc, (double)x / (double)y);
  case OP_FLOORDIV: r = floordiv128(x, y); break;
  case OP_MOD: r = pymod128(x, y); break;
  case OP_POW:
    if (y < 0)
      return sema_py_float(S, loc, pow((double)x, (double)y));
    r = int_pow(x, y);
    break;
  case OP_LSHIFT:
  case OP_RSHIFT:
    if (y < 0) {
      diag_error(S->c, loc, "negative shift count in a constant expression");
      return sema_error_node(S, loc);
    }
    if (op == OP_RSHIFT)
      r = y >= 100 ? (x < 0 ? -1 : 0) : x >> (int)y;
    else
      r = (y >= 90 && x) ? I128_LIMIT : x << (int)y;
    break;
  case OP_BITAND: r = x & y; break;
  case OP_BITOR: r = x | y; break;
  case OP_BITXOR: r = x ^ y; break;
  default: return NULL;
  }
  if (both_bool && (op == OP_BITAND || op == OP_BITOR || op == OP_BITXOR))
    return sema_py_bool(S, loc, r != 0);
  return sema_py_int(S, loc, r);
}

/* Python's complex power (Objects/complexobject.c: c_powi for small integer exponents,
   else the polar form). */
static void py_cmul(double a, double b, double c, double d, double *re, double *im) {
  *re = a * c - b * d;
  *im = a * d + b * c;
}

static void py_cpow(double a, double b, double c, double d, double *re, double *im) {
  if (c == 0 && d == 0) {
    *re = 1, *im = 0;
    return;
  }
  if (d == 0 && c == floor(c) && fabs(c) <= 100) { /* c_powi: binary powering */
    long n = (long)c, m = n < 0 ? -n : n;
    double rr = 1, ri = 0, xr = a, xi = b;
    for (long mask = 1; mask > 0 && m >= mask; mask <<= 1) {
      if (m & mask)
        py_cmul(rr, ri, xr, xi, &rr, &ri);
      py_cmul(xr, xi, xr, xi, &xr, &xi);
    }
    if (n < 0) { /* 1 / r, Python's _Py_c_quot */
      double abs_br = fabs(rr), abs_bi = fabs(ri);
      if (abs_br >= abs_bi) {
        double ratio = ri / rr, denom = rr + ri * ratio;
        *re = 1 / denom, *im = -ratio / denom;
      } else {
        double ratio = rr / ri, denom = rr * ratio + ri;
        *re = ratio / denom, *im = -1 / denom;
      }
      return;
    }
    *re = rr, *im = ri;
    return;
  }
  if (a == 0 && b == 0) {
    *re = 0, *im = 0;
    return;
  }
  double vabs = hypot(a, b), len = pow(vabs, c), at = atan2(b, a), phase = at * c;
  if (d != 0) {
    len /= exp(at * d);
    phase += d * log(vabs);
  }
  *re = len * cos(phase);
  *im = len * sin(phase);
}

/* Python semantics when one of the constants is a Python float. */
static Node *fold_py_float(Sema *S, Op op, Node *a, Node *b, Loc loc) {
  double x = sema_const_f64(a), y = sema_const_f64(b), r;
  if (y == 0 && (op == OP_DIV || op == OP_FLOORDIV || op == OP_MOD))
    return division_by_zero(S, loc);
  switch (op) {
  case OP_ADD: r = x + y; break;
  case OP_SUB: r = x - y; break;
  case OP_MUL: r = x * y; break;
  case OP_DIV: r = x / y; break;
  case OP_FLOORDIV: r = floor(x / y); break;
  case OP_MOD: r = pyfmod(x, y); break;
  case OP_POW:
    if (x < 0 && y != floor(y)) { /* Python: complex(x) ** y */
      double re, im;
      py_cpow(x, 0, y, 0, &re, &im);
      return sema_py_complex(S, loc, re, im);
    }
    r = pow(x, y);
    break;
  default:
    diag_error(S->c, loc, "unsupported operand types for %s: float and %s", op_spelling[op],
               sema_is_fconst(b) ? "float" : "int");
    return sema_error_node(S, loc);
  }
  return sema_py_float(S, loc, r);
}

/* Python semantics when one of the constants is a Python complex. */
static Node *fold_py_complex(Sema *S, Op op, Node *a, Node *b, Loc loc) {
  double ar = sema_const_f64(a), ai = sema_is_cconst(a) ? a->fimag : 0;
  double br = sema_const_f64(b), bi = sema_is_cconst(b) ? b->fimag : 0, re, im;
  switch (op) {
  case OP_ADD: re = ar + br, im = ai + bi; break;
  case OP_SUB: re = ar - br, im = ai - bi; break;
  case OP_MUL: py_cmul(ar, ai, br, bi, &re, &im); break;
  case OP_DIV: { /* Python's _Py_c_quot (Smith's method) */
    double abs_br = fabs(br), abs_bi = fabs(bi);
    if (br == 0 && bi == 0)
      return division_by_zero(S, loc);
    if (abs_br >= abs_bi) {
      double ratio = bi / br, denom = br + bi * ratio;
      re = (ar + ai * ratio) / denom, im = (ai - ar * ratio) / denom;
    } else if (abs_bi >= abs_br) {
      double ratio = br / bi, denom = br * ratio + bi;
      re = (ar * ratio + ai) / denom, im = (ai * ratio - ar) / denom;
    } else
      re = im = NAN;
    break;
  }
  case OP_POW:
    if (ar == 0 && ai == 0 && (bi != 0 || br < 0)) {
      diag_error(S->c, loc, "0.0 to a negative or complex power");
      return sema_error_node(S, loc);
    }
    py_cpow(ar, ai, br, bi, &re, &im);
    break;
  default:
    diag_error(S->c, loc, "unsupported operand types for %s: complex", op_spelling[op]);
    return sema_error_node(S, loc);
  }
  return sema_py_complex(S, loc, re, im);
}

/* Python semantics on two Python constants. */
Node *sema_fold_py(Sema *S, Op op, Node *a, Node *b, Loc loc) {
  if (sema_is_cconst(a) || sema_is_cconst(b))
    return fold_py_complex(S, op, a, b, loc);
  return sema_is_fconst(a) || sema_is_fconst(b) ? fold_py_float(S, op, a, b, loc)
                                      : fold_py_int(S, op, a, b, loc);
}

/* NumPy's float32 and float64 **, // and % on the host (npy_divmod: the floor
   quotient and a remainder with the divisor's sign), in the type's own precision. */
#define NPY_OPS(NAME, F, FMOD, FLOOR, POW, COPYSIGN)                                       \
  static double NAME(Op op, F a, F b) {                                                    \
    if (op == OP_POW)                                                                      \
      return POW(a, b);                                                                    \
    F mod = FMOD(a, b);                                                                    \
    if (b == 0)                                                                            \
      return op == OP_MOD ? mod : a / b;                                                   \
    F div = (a - mod) / b;                                                                 \
    if (mod != 0) {                                                                        \
      if ((b < 0) != (mod < 0)) {                                                          \
        mod += b;                                                                          \
        div -= 1;                                                                          \
      }                                                                                    \
    } else                                                                                 \
      mod = COPYSIGN(0, b);                                                                \
    if (op == OP_MOD)                                                                      \
      return mod;                                                                          \
    if (div == 0)                                                                          \
      return COPYSIGN(0, a / b);                                                           \
    F fl = FLOOR(div);                                                                     \
    return div - fl > (F)0.5 ? fl + 1 : fl;                                                \
  }
NPY_OPS(npy_op_f32, float, fmodf, floorf, powf, copysignf)
NPY_OPS(npy_op_f64, double, fmod, floor, pow, copysign)

/* Typed constants in computation type t (already converted); NULL: not folded. */
Node *sema_fold_typed(Sema *S, Op op, Type *t, Node *a, Node *b, Loc loc) {
  TypeKind k = t->kind;
  if (k == TY_BOOL) {
    bool x = a->ival != 0, y = b->ival != 0, r;
    switch (op) {
    case OP_ADD: case OP_BITOR: r = x || y; break;
    case OP_MUL: case OP_BITAND: r = x && y; break;
    case OP_SUB: case OP_BITXOR: r = x != y; break;
    default: return NULL;
    }
    return sema_const_int(S, loc, t, r);
  }
  /* 8/16-bit ints are computed as int in kernels; host code (NumPy) wraps them */
  if (dtype_info[k].is_int && (dtype_info[k].size >= 4 || S->host)) {
    bool sg = dtype_info[k].is_signed;
    int bits = dtype_info[k].size * 8;
    uint64_t x = a->uval, y = b->uval, r;
    int64_t sx = a->ival, sy = b->ival;
    switch (op) {
    case OP_ADD: r = x + y; break;
    case OP_SUB: r = x - y; break;
    case OP_MUL: r = x * y; break;
    case OP_FLOORDIV:
    case OP_MOD:
      if (!y)
        r = 0;
      else if (sg) {
        /* MIN // -1 overflows: NumPy (with a warning) and CuPy's kernels give MIN, and
           MIN % -1 gives 0: computed in 128 bits and wrapped, it is the same */
        r = (uint64_t)(op == OP_FLOORDIV ? floordiv128(sx, sy) : pymod128(sx, sy));
      } else
        r = op == OP_FLOORDIV ? x / y : x % y;
      break;
    case OP_POW:
      if (sg && sy < 0)
        r = sx == 1 ? 1 : sx == -1 ? (sy % 2 ? (uint64_t)-1 : 1) : 0;
      else {
        r = 1;
        for (uint64_t base = x, e = y; e; e >>= 1, base *= base)
          if (e & 1)
            r *= base;
      }
      break;
    case OP_LSHIFT:
    case OP_RSHIFT:
      if ((sg && sy < 0) || y >= (uint64_t)bits)
        return NULL;
      if (op == OP_LSHIFT)
        r = x << y;
      else
        r = sg ? (uint64_t)(sx >> y) : (bits == 32 ? (uint32_t)x : x) >> y;
      break;
    case OP_BITAND: r = x & y; break;
    case OP_BITOR: r = x | y; break;
    case OP_BITXOR: r = x ^ y; break;
    default: return NULL;
    }
    return sema_const_int(S, loc, t, sema_wrap_int(k, (__int128)(sg ? (__int128)(int64_t)r : (__int128)r)));
  }
  if (k == TY_FLOAT32 || k == TY_FLOAT64) {
    double x = a->fval, y = b->fval, r;
    switch (op) {
    case OP_ADD: r = x + y; break;
    case OP_SUB: r = x - y; break;
    case OP_MUL: r = x * y; break;
    case OP_DIV: r = x / y; break;
    case OP_POW:
    case OP_FLOORDIV:
    case OP_MOD:
      if (!S->host) /* in a kernel: left to the device's libm */
        return NULL;
      r = k == TY_FLOAT32 ? npy_op_f32(op, (float)x, (float)y) : npy_op_f64(op, x, y);
      break;
    default: return NULL;
    }
    return sema_const_float(S, loc, t, k == TY_FLOAT32 ? (double)(float)r : r);
  }
  return NULL;
}
