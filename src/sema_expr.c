/*
 * sema_expr.c: expressions -> typed IR, with the typing rules of LANGUAGE.md §2.
 *
 * Python literals become IR_CONST nodes marked `weak`: they are folded with Python's
 * arbitrary-precision semantics (as cupyx folds Constant objects) and typed by the
 * literal rules (mode='cuda': int32/int64/uint64, float32; mode='numpy': int64, float64)
 * when they meet a typed value (strongly, as cupyx's get_ctype_from_scalar does: in
 * mode='numpy' float32 * 3 is float64 and int8 + 1 is int64). Typed constants (cp.int64(0), folded casts) fold in their
 * computation type when that is a 32/64-bit type and the C result is well defined.
 * An expression with an error gets the error type; operations on it report nothing more.
 */
#include "sema_int.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

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

static Mode cur_mode(Sema *S) { return S->fs ? S->fs->mode : S->c->opt.mode; }

Node *sema_py_int(Sema *S, Loc loc, __int128 v) {
  if (v < (__int128)INT64_MIN || v > (__int128)UINT64_MAX) {
    diag_error(S->c, loc, "integer constant out of range (it must fit in 64 bits)");
    return sema_error_node(S, loc);
  }
  Type *ty = v > INT64_MAX ? T(TY_UINT64)
             : cur_mode(S) == MODE_CUDA && v >= INT32_MIN && v <= INT32_MAX ? T(TY_INT32)
                                                                           : T(TY_INT64);
  Node *n = sema_mk(S, IR_CONST, loc, ty);
  n->uval = (uint64_t)v;
  n->ival = (int64_t)n->uval;
  n->weak = true;
  return n;
}

Node *sema_py_float(Sema *S, Loc loc, double v) {
  Node *n = sema_const_float(S, loc, T(cur_mode(S) == MODE_CUDA ? TY_FLOAT32 : TY_FLOAT64), v);
  n->weak = true;
  return n;
}

Node *sema_py_bool(Sema *S, Loc loc, bool v) {
  Node *n = sema_const_int(S, loc, T(TY_BOOL), v);
  n->weak = true;
  return n;
}

static bool is_fconst(const Node *n) { return ty_is_float(n->ty); }

static __int128 const_i128(const Node *n) {
  if (is_fconst(n))
    return (__int128)n->fval;
  if (n->ty->kind == TY_UINT64)
    return (__int128)n->uval;
  return (__int128)n->ival;
}

static double const_f64(const Node *n) {
  if (is_fconst(n))
    return n->fval;
  if (n->ty->kind == TY_UINT64)
    return (double)n->uval;
  return (double)n->ival;
}

bool sema_const_truth(const Node *n) { return is_fconst(n) ? n->fval != 0 : n->uval != 0; }

bool sema_const_i64(const Node *n, int64_t *out) {
  if (!sema_is_const(n) || !ty_is_int(n->ty) || (n->ty->kind == TY_UINT64 && n->uval > INT64_MAX))
    return false;
  *out = n->ival;
  return true;
}

static bool is_small(TypeKind k) {
  return (k >= TY_INT8 && k <= TY_UINT16) || k == TY_FLOAT16;
}

/* Wraps an integer to the width and signedness of k (C conversion semantics). */
static int64_t wrap_int(TypeKind k, __int128 v) {
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
  if (k == TY_FLOAT16 || dtype_info[k].is_complex || dtype_info[e->ty->kind].is_complex)
    return NULL;
  Node *n = sema_mk(S, IR_CONST, e->loc, to);
  if (k == TY_BOOL)
    return set_int(n, sema_const_truth(e));
  if (dtype_info[k].is_int) {
    if (is_fconst(e)) {
      double d = e->fval;
      if (d != d || d >= 18446744073709551616.0 || d <= -9223372036854775809.0)
        return NULL; /* undefined in C: leave it to a run-time cast */
      return set_int(n, wrap_int(k, (__int128)d));
    }
    return set_int(n, wrap_int(k, const_i128(e)));
  }
  double d = const_f64(e); /* a Python float converts from its exact value */
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

/* ---------------------------------------------------------------- conversions */

static int kind_cat(TypeKind k) {
  switch (dtype_info[k].npy_kind) {
  case 'b': return 0;
  case 'u': return 1;
  case 'i': return 2;
  case 'f': return 3;
  default: return 4;
  }
}

/* numpy.can_cast(a, b, 'same_kind') */
static bool same_kind(TypeKind a, TypeKind b) {
  if (a == b)
    return true;
  int ca = kind_cat(a), cb = kind_cat(b);
  if (ca < cb)
    return !(ca == 2 && cb == 1); /* never here: 'i' > 'u' */
  if (ca > cb)
    return false;
  return true; /* same kind: narrowing allowed */
}

/* A weak integer literal may go into any integer or float type its value fits in
   (cupyx converts Constant values freely). */
bool sema_literal_fits(const Node *e, TypeKind to) {
  if (!e->weak || is_fconst(e) || e->ty->kind == TY_BOOL)
    return false;
  if (dtype_info[to].is_float)
    return true;
  if (!dtype_info[to].is_int)
    return false;
  return (__int128)wrap_int(to, const_i128(e)) == const_i128(e) ||
         (to == TY_UINT64 && const_i128(e) >= 0);
}

Node *sema_assign_convert(Sema *S, Node *e, Type *to, const char *what) {
  if (sema_is_error(e) || !to || to->kind == TY_ERROR)
    return e;
  if (ty_is_scalar(e->ty) && ty_is_scalar(to)) {
    if (!same_kind(e->ty->kind, to->kind) && !sema_literal_fits(e, to->kind)) {
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
  if (!ty_is_scalar(e->ty)) {
    diag_error(S->c, e->loc, "a condition must be a scalar, got %s", ty_str(S->c, e->ty));
    return sema_error_node(S, e->loc);
  }
  if (sema_is_const(e) && e->weak)
    return sema_py_bool(S, e->loc, sema_const_truth(e));
  return sema_convert(S, e, T(TY_BOOL));
}

/* ---------------------------------------------------------------- promotion */

static TypeKind int_of_size(int size, bool is_signed) {
  static const TypeKind s[] = {TY_INT8, TY_INT16, TY_INT32, TY_INT64};
  static const TypeKind u[] = {TY_UINT8, TY_UINT16, TY_UINT32, TY_UINT64};
  int i = size == 1 ? 0 : size == 2 ? 1 : size == 4 ? 2 : 3;
  return is_signed ? s[i] : u[i];
}

TypeKind sema_numpy_result(TypeKind a, TypeKind b) {
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

Type *sema_promote(Sema *S, Node *a, Node *b) {
  TypeKind ta = a->ty->kind, tb = b->ty->kind;
  if (cur_mode(S) == MODE_CUDA)
    return T(ta > tb ? ta : tb);
  /* mode='numpy': cupyx types Python scalars as int64/float64 (strong) and picks the
     first ufunc loop both reach by numpy.can_cast, i.e. numpy.result_type */
  return T(sema_numpy_result(ta, tb));
}

/* np.NAME of constants: cupyx calls NumPy at compile time, which gives a numpy scalar
   (np.sqrt(2) is np.float64 1.4142135623730951, typed float64). The arguments take
   NumPy's types (Python int -> int64, float -> float64, weak next to a numpy scalar as
   NEP 50 says) into xs, and the loop is chosen by NumPy's safe casting. */
bool sema_numpy_constants(Sema *S, const char *module, Node **raw, Node **xs, int n) {
  if (!module || strcmp(module, "numpy"))
    return false;
  Type *strong = NULL;
  for (int i = 0; i < n; i++) {
    if (!sema_is_const(raw[i]))
      return false;
    if (!raw[i]->weak && (!strong || raw[i]->ty->kind > strong->kind))
      strong = raw[i]->ty;
  }
  for (int i = 0; i < n; i++) {
    if (!raw[i]->weak) {
      xs[i] = raw[i];
      continue;
    }
    TypeKind k = raw[i]->ty->kind;
    TypeKind to = ty_is_float(raw[i]->ty) ? TY_FLOAT64 : k == TY_BOOL ? TY_BOOL
                  : k == TY_UINT64 ? TY_UINT64 : TY_INT64;
    if (strong && k != TY_BOOL && (ty_is_float(strong) || !ty_is_float(raw[i]->ty)))
      to = strong->kind; /* NEP 50: the Python scalar takes the numpy scalar's type */
    xs[i] = sema_convert(S, raw[i], T(to));
  }
  return true;
}

static bool check_scalar_operands(Sema *S, const char *opname, Node *a, Node *b, Loc loc) {
  if (ty_is_scalar(a->ty) && (!b || ty_is_scalar(b->ty)) &&
      !dtype_info[a->ty->kind].is_complex && (!b || !dtype_info[b->ty->kind].is_complex))
    return true;
  if (b)
    diag_error(S->c, loc, "unsupported operand types for %s: %s and %s", opname,
               ty_str(S->c, a->ty), ty_str(S->c, b->ty));
  else
    diag_error(S->c, loc, "unsupported operand type for unary %s: %s", opname,
               ty_str(S->c, a->ty));
  return false;
}

Type *sema_binop_type(Sema *S, Op op, Node *a, Node *b, Loc loc) {
  if (sema_is_error(a) || sema_is_error(b))
    return T(TY_ERROR);
  if (op == OP_MATMUL) {
    diag_error(S->c, loc, "the '@' operator is not supported");
    return T(TY_ERROR);
  }
  if (!check_scalar_operands(S, op_spelling[op], a, b, loc))
    return T(TY_ERROR);
  Type *t = sema_promote(S, a, b);
  switch (op) {
  case OP_DIV:
    return ty_is_float(t) ? t : T(TY_FLOAT64);
  case OP_FLOORDIV:
  case OP_MOD:
  case OP_POW:
    return t->kind == TY_BOOL ? T(TY_INT8) : t;
  case OP_LSHIFT:
  case OP_RSHIFT:
  case OP_BITAND:
  case OP_BITOR:
  case OP_BITXOR:
    if (ty_is_float(t)) {
      diag_error(S->c, loc, "unsupported operand types for %s: %s and %s (integers only)",
                 op_spelling[op], ty_str(S->c, a->ty), ty_str(S->c, b->ty));
      return T(TY_ERROR);
    }
    return t->kind == TY_BOOL && (op == OP_LSHIFT || op == OP_RSHIFT) ? T(TY_INT8) : t;
  default:
    return t;
  }
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
  __int128 x = const_i128(a), y = const_i128(b), r = 0;
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

/* Python semantics when one of the constants is a Python float. */
static Node *fold_py_float(Sema *S, Op op, Node *a, Node *b, Loc loc) {
  double x = const_f64(a), y = const_f64(b), r;
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
    if (x < 0 && y != floor(y)) {
      diag_error(S->c, loc, "a negative number raised to a fractional power is complex");
      return sema_error_node(S, loc);
    }
    r = pow(x, y);
    break;
  default:
    diag_error(S->c, loc, "unsupported operand types for %s: float and %s", op_spelling[op],
               is_fconst(b) ? "float" : "int");
    return sema_error_node(S, loc);
  }
  return sema_py_float(S, loc, r);
}

/* Python semantics on two Python constants. */
static Node *fold_py(Sema *S, Op op, Node *a, Node *b, Loc loc) {
  return is_fconst(a) || is_fconst(b) ? fold_py_float(S, op, a, b, loc)
                                      : fold_py_int(S, op, a, b, loc);
}

/* Typed constants in computation type t (already converted); NULL: not folded. */
static Node *fold_typed(Sema *S, Op op, Type *t, Node *a, Node *b, Loc loc) {
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
  if (dtype_info[k].is_int && dtype_info[k].size >= 4) {
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
        if (sy == -1 && sx == (bits == 64 ? INT64_MIN : INT32_MIN))
          return NULL;
        r = (uint64_t)(op == OP_FLOORDIV ? (int64_t)floordiv128(sx, sy)
                                         : (int64_t)pymod128(sx, sy));
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
    return sema_const_int(S, loc, t, wrap_int(k, (__int128)(sg ? (__int128)(int64_t)r : (__int128)r)));
  }
  if (k == TY_FLOAT32 || k == TY_FLOAT64) {
    double x = a->fval, y = b->fval, r;
    switch (op) {
    case OP_ADD: r = x + y; break;
    case OP_SUB: r = x - y; break;
    case OP_MUL: r = x * y; break;
    case OP_DIV: r = x / y; break;
    default: return NULL; /* floor/fmod/pow: left to the device's libm */
    }
    return sema_const_float(S, loc, t, k == TY_FLOAT32 ? (double)(float)r : r);
  }
  return NULL;
}

Node *sema_binop(Sema *S, Op op, Node *a, Node *b, Loc loc) {
  Type *t = sema_binop_type(S, op, a, b, loc);
  if (t->kind == TY_ERROR)
    return sema_error_node(S, loc);
  if (sema_is_const(a) && sema_is_const(b) && a->weak && b->weak) {
    Node *f = fold_py(S, op, a, b, loc);
    if (f)
      return f;
  }
  a = sema_convert(S, a, t);
  b = sema_convert(S, b, t);
  if (sema_is_const(a) && sema_is_const(b)) {
    Node *f = fold_typed(S, op, t, a, b, loc);
    if (f)
      return f;
  }
  Node *n = sema_mk(S, IR_BINOP, loc, t);
  n->cty = t;
  n->op = op;
  n->lhs = a;
  n->rhs = b;
  return n;
}

/* ---------------------------------------------------------------- comparisons */

/* The computation type of a comparison: exact between integers (*mixed64: int64 vs
   uint64, compared with the operands' own types, cty uint64, see IR_COMPARE); cupyx's
   loop type when a float is involved. */
static Type *compare_type(Sema *S, Node *a, Node *b, bool *mixed64) {
  TypeKind ta = a->ty->kind, tb = b->ty->kind;
  const DtypeInfo *da = &dtype_info[ta], *db = &dtype_info[tb];
  *mixed64 = false;
  if (ta == tb)
    return T(ta);
  if (da->is_float && db->is_float)
    return T(ta > tb ? ta : tb);
  /* an integer or bool against a float: cupyx's comparison ufuncs (loops ?? qq qQ Qq QQ ee ff
     dd) take the first float loop both sides reach, i.e. the float's own type in
     mode='cuda' (int64 < float16 compares in float16) and numpy.result_type in
     mode='numpy' (int32 < float32 compares in float64) */
  if (da->is_float || db->is_float)
    return sema_promote(S, a, b);
  if (ta == TY_BOOL || tb == TY_BOOL)
    return T(ta == TY_BOOL ? tb : ta);
  if (da->is_signed == db->is_signed)
    return T(ta > tb ? ta : tb);
  Node *s = da->is_signed ? a : b, *u = da->is_signed ? b : a;
  if (dtype_info[s->ty->kind].size > dtype_info[u->ty->kind].size)
    return s->ty;
  /* a constant that the other side's type holds exactly: compare in that type */
  if (sema_is_const(s) && s->ival >= 0 && (__int128)wrap_int(u->ty->kind, s->ival) == s->ival)
    return u->ty;
  if (sema_is_const(u) && u->uval <= INT32_MAX &&
      (__int128)wrap_int(s->ty->kind, (__int128)u->uval) == (__int128)u->uval)
    return s->ty;
  if (dtype_info[u->ty->kind].size < 8)
    return T(TY_INT64);
  if (sema_is_const(s) && s->ival >= 0)
    return T(TY_UINT64);
  if (sema_is_const(u) && u->uval <= INT64_MAX)
    return T(TY_INT64);
  *mixed64 = true;
  return T(TY_UINT64);
}

static bool const_compare(Op op, Node *a, Node *b) {
  int c;
  if (is_fconst(a) || is_fconst(b)) {
    double x = const_f64(a), y = const_f64(b);
    if (x != x || y != y)
      return op == OP_NE;
    c = x < y ? -1 : x > y;
  } else {
    __int128 x = const_i128(a), y = const_i128(b);
    c = x < y ? -1 : x > y;
  }
  switch (op) {
  case OP_EQ: return c == 0;
  case OP_NE: return c != 0;
  case OP_LT: return c < 0;
  case OP_LE: return c <= 0;
  case OP_GT: return c > 0;
  default: return c >= 0;
  }
}

static Node *compare_one(Sema *S, Op op, Node *a, Node *b, Loc loc) {
  if (sema_is_error(a) || sema_is_error(b))
    return sema_error_node(S, loc);
  if (!check_scalar_operands(S, op_spelling[op], a, b, loc))
    return sema_error_node(S, loc);
  if (sema_is_const(a) && sema_is_const(b)) {
    if (a->weak && b->weak)
      return sema_py_bool(S, loc, const_compare(op, a, b));
    Node *r = sema_const_int(S, loc, T(TY_BOOL), const_compare(op, a, b));
    return r;
  }
  bool mixed;
  Type *t = compare_type(S, a, b, &mixed);
  Node *n = sema_mk(S, IR_COMPARE, loc, T(TY_BOOL));
  n->op = op;
  n->cty = t;
  n->lhs = mixed ? a : sema_convert(S, a, t);
  n->rhs = mixed ? b : sema_convert(S, b, t);
  return n;
}

static Node *logic(Sema *S, Op op, Node *a, Node *b, Loc loc) {
  if (sema_is_error(a) || sema_is_error(b))
    return sema_error_node(S, loc);
  if (sema_is_const(a) && sema_is_const(b)) {
    bool x = sema_const_truth(a), y = sema_const_truth(b);
    return sema_py_bool(S, loc, op == OP_AND ? x && y : x || y);
  }
  Node *n = sema_mk(S, IR_LOGIC, loc, T(TY_BOOL));
  n->op = op;
  n->lhs = sema_convert(S, a, T(TY_BOOL));
  n->rhs = sema_convert(S, b, T(TY_BOOL));
  return n;
}

/* ---- conditional evaluation with hoisted statements
   Some expressions need statements before the current one (FnState.pre): a chained
   comparison keeps its middle operands in temporaries. Python evaluates operands left
   to right and skips the rest of `and`/`or`, of a chain, and the other branch of
   `x if c else y`, so once an operand needs statements, the whole construct becomes
   statements too: its result goes to a temporary, and the statements that belong to a
   conditionally evaluated operand go under an IR_IF (`if i < n and 0 < x[i] < 9`
   must not read x[i] when i >= n). */

/* Duplicating it is the same as evaluating it once. */
static bool simple(const Node *e) {
  return sema_is_error(e) || e->kind == IR_CONST || e->kind == IR_VAR;
}

static Node *var_node(Sema *S, Var *v, Loc loc) {
  Node *n = sema_mk(S, IR_VAR, loc, v->ty);
  n->var = v;
  return n;
}

static Node *assign_node(Sema *S, Var *v, Node *rhs) {
  Node *as = sema_mk(S, IR_ASSIGN, rhs->loc, NULL);
  as->lhs = var_node(S, v, rhs->loc);
  as->rhs = rhs;
  return as;
}

static void list_append(List *l, List more) {
  for (Node *n = more.head, *next; n; n = next) {
    next = n->next;
    sema_list_add(l, n);
  }
}

/* Evaluates an operand with its own hoisted statements in *pre (S->fs->pre untouched). */
static Node *operand_with_pre(Sema *S, Node *nd, List *pre, bool as_bool) {
  List saved = S->fs ? S->fs->pre : (List){0};
  if (S->fs)
    S->fs->pre = (List){0};
  Node *e = sema_rvalue(S, nd);
  if (as_bool)
    e = sema_to_bool(S, e);
  *pre = S->fs ? S->fs->pre : (List){0};
  if (S->fs)
    S->fs->pre = saved;
  return e;
}

/* `if cond: body` as a statement into l; returns the body's list to fill. */
static Node *add_if(Sema *S, List *l, Node *cond, Loc loc) {
  Node *iff = sema_mk(S, IR_IF, loc, NULL);
  iff->cond = cond;
  iff->then = sema_mk(S, IR_BLOCK, loc, NULL);
  sema_list_add(l, iff);
  return iff;
}

static Node *not_node(Sema *S, Node *e) {
  Node *n = sema_mk(S, IR_UNARY, e->loc, T(TY_BOOL));
  n->op = OP_NOT;
  n->lhs = e;
  n->cty = n->ty;
  return n;
}

static void block_set(Node *block, List l) { block->body = l.head; }

enum { MAXCHAIN = 64 };

static Node *compare_ops(Sema *S, const Op *cmp, int n, Node **ops, List *pre, Loc loc);

static Node *compare_chain(Sema *S, Node *nd) {
  int n = ast_count(nd->args) - 1;
  Node *operand = nd->args;
  for (int i = 0; i < n; i++)
    if (nd->ops[i] == OP_IS || nd->ops[i] == OP_ISNOT || nd->ops[i] == OP_IN ||
        nd->ops[i] == OP_NOTIN) {
      diag_error(S->c, nd->loc, "the '%s' operator is not supported%s", op_spelling[nd->ops[i]],
                 nd->ops[i] == OP_IS || nd->ops[i] == OP_ISNOT ? "; compare values with '=='" : "");
      return sema_error_node(S, nd->loc);
    }
  if (n >= MAXCHAIN) {
    diag_error(S->c, nd->loc, "comparison chain too long");
    return sema_error_node(S, nd->loc);
  }
  Node *ops[MAXCHAIN + 1];
  List pre[MAXCHAIN + 1];
  for (int i = 0; i <= n; i++, operand = operand->next)
    ops[i] = operand_with_pre(S, operand, &pre[i], false);
  return compare_ops(S, nd->ops, n, ops, pre, nd->loc);
}

/* The chain ops[0] cmp[0] ops[1] cmp[1] ... ops[n] of evaluated operands, each with the
   statements its evaluation hoisted (pre[i]). */
static Node *compare_ops(Sema *S, const Op *cmp, int n, Node **ops, List *pre, Loc loc) {
  bool general = false, bad = false;
  for (int i = 0; i <= n; i++) {
    bad = bad || sema_is_error(ops[i]);
    general = general || (i > 0 && pre[i].head) || (i > 0 && i < n && !simple(ops[i]));
  }
  if (S->fs)
    list_append(&S->fs->pre, pre[0]);
  if (bad)
    return sema_error_node(S, loc);
  if (!general || !S->fs) { /* (a < b) && (b < c): b is a variable or a constant */
    Node *result = NULL;
    for (int i = 0; i < n; i++) {
      Node *c = compare_one(S, cmp[i], ops[i], ops[i + 1], loc);
      result = result ? logic(S, OP_AND, result, c, loc) : c;
    }
    return result;
  }
  /* r = a < b; if r: r = b < c; if r: ...  with a and the middle operands in temporaries */
  Var *r = sema_new_temp(S, T(TY_BOOL), loc);
  List *out = &S->fs->pre, body = {0};
  Node *iff = NULL;
  Node *left = ops[0];
  if (!simple(left)) {
    Var *t = sema_new_temp(S, sema_convert(S, left, left->ty)->ty, left->loc);
    sema_list_add(out, assign_node(S, t, sema_convert(S, left, t->ty)));
    left = var_node(S, t, left->loc);
  }
  for (int i = 0; i < n; i++) {
    List *cur = iff ? &body : out;
    list_append(cur, pre[i + 1]);
    Node *right = ops[i + 1];
    if (i < n - 1 && !simple(right)) {
      Var *t = sema_new_temp(S, sema_convert(S, right, right->ty)->ty, right->loc);
      sema_list_add(cur, assign_node(S, t, sema_convert(S, right, t->ty)));
      right = var_node(S, t, right->loc);
    }
    Node *c = compare_one(S, cmp[i], left, right, loc);
    if (sema_is_error(c))
      return c;
    sema_list_add(cur, assign_node(S, r, sema_convert(S, c, T(TY_BOOL))));
    if (i < n - 1) {
      Node *next = add_if(S, cur, var_node(S, r, loc), loc);
      if (iff)
        block_set(iff->then, body);
      iff = next;
      body = (List){0};
    }
    left = right;
  }
  if (iff)
    block_set(iff->then, body);
  return var_node(S, r, loc);
}

/* `r and e` / `r or e` (bool operands), where e's evaluation hoisted the statements pre:
   they then run only when e is evaluated. */
static Node *bool_step(Sema *S, Op op, Node *r, Node *e, List pre, Loc loc) {
  if (!pre.head || sema_is_error(r) || sema_is_error(e))
    return logic(S, op, r, e, loc);
  /* t = r; if t (and) / if not t (or): pre; t = e */
  Var *t = sema_new_temp(S, T(TY_BOOL), loc);
  sema_list_add(&S->fs->pre, assign_node(S, t, sema_convert(S, r, T(TY_BOOL))));
  Node *tv = var_node(S, t, loc);
  Node *iff = add_if(S, &S->fs->pre, op == OP_AND ? tv : not_node(S, tv), loc);
  List body = pre;
  sema_list_add(&body, assign_node(S, t, sema_convert(S, e, T(TY_BOOL))));
  block_set(iff->then, body);
  return var_node(S, t, loc);
}

/* a and b and ...: an operand with hoisted statements makes the rest statements. */
static Node *bool_chain(Sema *S, Node *nd) {
  Node *r = NULL;
  for (Node *a = nd->args; a; a = a->next) {
    List pre;
    Node *e = operand_with_pre(S, a, &pre, true);
    if (!r) {
      if (S->fs)
        list_append(&S->fs->pre, pre);
      r = e;
      continue;
    }
    r = bool_step(S, nd->op, r, e, pre, nd->loc);
  }
  return r;
}

/* ---------------------------------------------------------------- unary, ifexp */

static Node *unary(Sema *S, Node *nd) {
  return sema_unary(S, nd->op, sema_rvalue(S, nd->lhs), nd->loc);
}

Node *sema_unary(Sema *S, Op op, Node *a, Loc loc) {
  if (sema_is_error(a))
    return a;
  if (op == OP_NOT) {
    Node *b = sema_to_bool(S, a);
    if (sema_is_error(b))
      return b;
    if (sema_is_const(b))
      return sema_py_bool(S, loc, !sema_const_truth(b));
    Node *n = sema_mk(S, IR_UNARY, loc, T(TY_BOOL));
    n->op = OP_NOT;
    n->lhs = b;
    n->cty = n->ty;
    return n;
  }
  if (!check_scalar_operands(S, op_spelling[op], a, NULL, loc))
    return sema_error_node(S, loc);
  if (op == OP_POS)
    return a;
  if (op == OP_INVERT && ty_is_float(a->ty)) {
    diag_error(S->c, loc, "unsupported operand type for unary ~: %s (integers only)",
               ty_str(S->c, a->ty));
    return sema_error_node(S, loc);
  }
  if (sema_is_const(a) && a->weak) {
    if (is_fconst(a))
      return sema_py_float(S, loc, -a->fval);
    __int128 v = const_i128(a);
    return sema_py_int(S, loc, op == OP_NEG ? -v : ~v);
  }
  if (sema_is_const(a) && !is_small(a->ty->kind) && a->ty->kind != TY_BOOL) {
    TypeKind k = a->ty->kind;
    if (dtype_info[k].is_int)
      return sema_const_int(S, loc, a->ty,
                            wrap_int(k, op == OP_NEG ? -(__int128)a->uval : ~(__int128)a->uval));
    if (k == TY_FLOAT32 || k == TY_FLOAT64)
      return sema_const_float(S, loc, a->ty, -a->fval);
  }
  Node *n = sema_mk(S, IR_UNARY, loc, a->ty);
  n->op = a->ty->kind == TY_BOOL && op == OP_INVERT ? OP_NOT : op;
  n->lhs = a;
  n->cty = a->ty;
  return n;
}

static Node *ifexp(Sema *S, Node *nd) {
  Node *c = sema_to_bool(S, sema_rvalue(S, nd->cond));
  List px, py;
  Node *x = operand_with_pre(S, nd->then, &px, false);
  Node *y = operand_with_pre(S, nd->els, &py, false);
  if (sema_is_error(c) || sema_is_error(x) || sema_is_error(y))
    return sema_error_node(S, nd->loc);
  Type *t;
  if (ty_is_scalar(x->ty) && ty_is_scalar(y->ty)) {
    if (x->weak && !y->weak)
      t = y->ty;
    else if (y->weak && !x->weak)
      t = x->ty;
    else
      t = sema_promote(S, x, y);
  } else if (ty_equal(x->ty, y->ty)) {
    t = x->ty;
  } else {
    diag_error(S->c, nd->loc, "the branches of a conditional expression have types %s and %s",
               ty_str(S->c, x->ty), ty_str(S->c, y->ty));
    return sema_error_node(S, nd->loc);
  }
  if (sema_is_const(c)) {
    if (S->fs)
      list_append(&S->fs->pre, sema_const_truth(c) ? px : py);
    return sema_const_truth(c) ? (x->weak && y->weak ? x : sema_convert(S, x, t))
                               : (x->weak && y->weak ? y : sema_convert(S, y, t));
  }
  if (px.head || py.head) { /* if c: px; r = x  else: py; r = y */
    Var *r = sema_new_temp(S, t, nd->loc);
    Node *iff = add_if(S, &S->fs->pre, c, nd->loc);
    sema_list_add(&px, assign_node(S, r, sema_convert(S, x, t)));
    sema_list_add(&py, assign_node(S, r, sema_convert(S, y, t)));
    block_set(iff->then, px);
    iff->els = sema_mk(S, IR_BLOCK, nd->loc, NULL);
    block_set(iff->els, py);
    return var_node(S, r, nd->loc);
  }
  Node *n = sema_mk(S, IR_SELECT, nd->loc, t);
  n->cond = c;
  n->then = sema_convert(S, x, t);
  n->els = sema_convert(S, y, t);
  return n;
}

/* ---------------------------------------------------------------- ufuncs called by name */

/* The mode promotion follows (fs's, or the options' at module level). */
static Mode *mode_slot(Sema *S) { return S->fs ? &S->fs->mode : &S->c->opt.mode; }

/* CuPy's loops refuse some of what pykc's operators take: boolean subtract, negative and
   positive (error_func loops), and the bitwise ufuncs have no float loops. */
static bool ufunc_refuses(Sema *S, Op op, Node **xs, int n, const char *fname, Loc loc) {
  bool all_bool = true, any_float = false;
  for (int i = 0; i < n; i++) {
    if (!ty_is_scalar(xs[i]->ty) || dtype_info[xs[i]->ty->kind].is_complex) {
      diag_error(S->c, xs[i]->loc, "argument %d of %s() must be a real scalar, got %s", i + 1,
                 fname, ty_str(S->c, xs[i]->ty));
      return true;
    }
    all_bool = all_bool && xs[i]->ty->kind == TY_BOOL;
    any_float = any_float || ty_is_float(xs[i]->ty);
  }
  if (all_bool && (op == OP_SUB || op == OP_NEG || op == OP_POS)) {
    diag_error(S->c, loc, "%s() of %s is not supported (CuPy refuses it); use %s", fname,
               n == 1 ? "a boolean" : "booleans",
               op == OP_SUB ? "cp.bitwise_xor or cp.logical_xor"
               : op == OP_NEG ? "cp.logical_not" : "the value itself");
    return true;
  }
  bool bitwise = op == OP_LSHIFT || op == OP_RSHIFT || op == OP_BITAND || op == OP_BITOR ||
                 op == OP_BITXOR || op == OP_INVERT;
  if (bitwise && any_float) {
    if (n == 1)
      diag_error(S->c, loc, "%s() does not support %s (integers and booleans only)", fname,
                 ty_str(S->c, xs[0]->ty));
    else
      diag_error(S->c, loc, "%s() does not support (%s, %s) (integers and booleans only)",
                 fname, ty_str(S->c, xs[0]->ty), ty_str(S->c, xs[1]->ty));
    return true;
  }
  return false;
}

Node *sema_ufunc_op(Sema *S, Op op, bool truth, Node **args, int n, const char *module,
                    const char *fname, Loc loc) {
  Node *xs[2], *raw[2];
  List pre[2];
  bool bad = false, consts = true;
  for (int i = 0; i < n; i++) {
    raw[i] = xs[i] = operand_with_pre(S, args[i], &pre[i], false);
    bad = bad || sema_is_error(xs[i]);
    consts = consts && sema_is_const(xs[i]);
  }
  if (bad) {
    for (int i = 0; S->fs && i < n; i++)
      list_append(&S->fs->pre, pre[i]);
    return sema_error_node(S, loc);
  }
  if (ufunc_refuses(S, op, xs, n, fname, loc))
    return sema_error_node(S, loc);
  /* cupyx types a ufunc's arguments before it computes (get_ctype_from_scalar), even
     constants: cp.add(2**31 - 1, 1) wraps in int32, cp.true_divide(1, 2) is float64 0.5.
     np.NAME of constants is NumPy's, at compile time. */
  Mode saved = *mode_slot(S);
  bool numpy = consts && sema_numpy_constants(S, module, raw, xs, n);
  if (numpy)
    *mode_slot(S) = MODE_NUMPY;
  else if (consts)
    for (int i = 0; i < n; i++)
      xs[i] = sema_convert(S, xs[i], xs[i]->ty);
  Node *r;
  if (op == OP_AND || op == OP_OR) {
    if (S->fs)
      list_append(&S->fs->pre, pre[0]);
    r = bool_step(S, op, sema_to_bool(S, xs[0]), sema_to_bool(S, xs[1]), pre[1], loc);
  } else if (op >= OP_EQ && op <= OP_GE) {
    for (int i = 0; truth && i < n; i++)
      xs[i] = sema_to_bool(S, xs[i]);
    r = compare_ops(S, &op, 1, xs, pre, loc);
  } else {
    for (int i = 0; S->fs && i < n; i++)
      list_append(&S->fs->pre, pre[i]);
    r = n == 1 ? sema_unary(S, op, xs[0], loc) : sema_binop(S, op, xs[0], xs[1], loc);
  }
  *mode_slot(S) = saved;
  if (consts && !sema_is_error(r) && r->weak)
    r = sema_convert(S, r, r->ty);
  return r;
}

/* ---------------------------------------------------------------- strings */

static void put_utf8(Buf *b, unsigned cp) {
  if (cp < 0x80)
    buf_putc(b, (char)cp);
  else if (cp < 0x800) {
    buf_putc(b, (char)(0xC0 | (cp >> 6)));
    buf_putc(b, (char)(0x80 | (cp & 0x3F)));
  } else if (cp < 0x10000) {
    buf_putc(b, (char)(0xE0 | (cp >> 12)));
    buf_putc(b, (char)(0x80 | ((cp >> 6) & 0x3F)));
    buf_putc(b, (char)(0x80 | (cp & 0x3F)));
  } else {
    buf_putc(b, (char)(0xF0 | (cp >> 18)));
    buf_putc(b, (char)(0x80 | ((cp >> 12) & 0x3F)));
    buf_putc(b, (char)(0x80 | ((cp >> 6) & 0x3F)));
    buf_putc(b, (char)(0x80 | (cp & 0x3F)));
  }
}

static int hexval(char ch) {
  if (ch >= '0' && ch <= '9')
    return ch - '0';
  if ((ch | 32) >= 'a' && (ch | 32) <= 'f')
    return (ch | 32) - 'a' + 10;
  return -1;
}

/* Decodes one string token starting at p into b; returns the end of the token. */
static const char *decode_token(Sema *S, Node *str, const char *p, Buf *b, bool *ok) {
  bool raw = false;
  for (; *p && *p != '\'' && *p != '"'; p++) {
    if (*p == 'f' || *p == 'F') {
      diag_error(S->c, str->loc, "f-strings are not supported in kernels");
      *ok = false;
      return p + strlen(p);
    }
    if (*p == 'r' || *p == 'R')
      raw = true;
  }
  char q = *p;
  if (!q)
    return p;
  size_t qn = (p[1] == q && p[2] == q) ? 3 : 1;
  const char *s = p + qn;
  while (*s && !(*s == q && (qn == 1 || (s[1] == q && s[2] == q)))) {
    if (*s != '\\') {
      buf_putc(b, *s++);
      continue;
    }
    char e = s[1];
    if (!e)
      break;
    s += 2;
    if (raw) {
      buf_putc(b, '\\');
      buf_putc(b, e);
      continue;
    }
    static const char from[] = "ntr0abfv\\'\"\n", to[] = "\n\t\r\0\a\b\f\v\\'\"";
    const char *f = strchr(from, e);
    if (f) {
      if (e != '\n') /* backslash-newline continues the line */
        buf_putc(b, to[f - from]);
    } else if (e == 'x' || e == 'u' || e == 'U') {
      int n = e == 'x' ? 2 : e == 'u' ? 4 : 8;
      unsigned cp = 0;
      for (int i = 0; i < n && hexval(*s) >= 0; i++)
        cp = cp * 16 + (unsigned)hexval(*s++);
      put_utf8(b, cp);
    } else {
      buf_putc(b, '\\');
      buf_putc(b, e);
    }
  }
  return *s ? s + qn : s;
}

const char *sema_str_literal(Sema *S, Node *str, size_t *len) {
  Buf b = {0};
  bool ok = true;
  const char *p = str->str;
  while (ok && *p) { /* adjacent literals arrive joined by spaces */
    while (*p == ' ')
      p++;
    if (*p)
      p = decode_token(S, str, p, &b, &ok);
  }
  *len = b.len;
  const char *r = ok ? arena_strndup(&S->c->arena, b.data ? b.data : "", b.len) : NULL;
  buf_free(&b);
  return r;
}

const char *sema_c_string(Sema *S, const char *s, size_t len, bool printf_fmt) {
  Buf b = {0};
  buf_putc(&b, '"');
  for (size_t i = 0; i < len; i++) {
    unsigned char ch = (unsigned char)s[i];
    if (ch == '"' || ch == '\\')
      buf_printf(&b, "\\%c", ch);
    else if (ch == '\n')
      buf_puts(&b, "\\n");
    else if (ch == '\t')
      buf_puts(&b, "\\t");
    else if (ch == '%' && printf_fmt)
      buf_puts(&b, "%%");
    else if (ch < 32 || ch == 127 || (ch == '?' && i + 1 < len && s[i + 1] == '?'))
      buf_printf(&b, "\\%03o", ch);
    else
      buf_putc(&b, (char)ch);
  }
  buf_putc(&b, '"');
  const char *r = arena_strndup(&S->c->arena, b.data, b.len);
  buf_free(&b);
  return r;
}

/* ---------------------------------------------------------------- names, attributes */

const char *sema_suggest(Sema *S, const char *name) {
  const char *best = NULL;
  int bestd = 99;
#define TRY(cand)                                                                          \
  do {                                                                                     \
    int d_ = strcasecmp(name, cand) ? 2 * name_distance(name, cand) : 1;                   \
    if (d_ > 0 && d_ < bestd) {                                                            \
      bestd = d_;                                                                          \
      best = cand;                                                                         \
    }                                                                                      \
  } while (0)
  if (S->fs) {
    for (int i = 0; i < S->fs->spec->nparams; i++)
      TRY(S->fs->spec->params[i]->name);
    for (Var *v = S->fs->spec->locals; v; v = v->next)
      if (!v->is_temp)
        TRY(v->name);
  }
  for (Sym *s = S->syms; s; s = s->next)
    TRY(s->name);
  const char *b = builtin_suggest("builtins", name);
  if (b)
    TRY(b);
#undef TRY
  /* distances are doubled, a case-only difference counts 1. Close enough: at most a
     third of the name changed (one edit if short), and never the whole name (`R` is no
     misspelling of `x`) unless only the case differs */
  size_t len = strlen(name);
  if (!best || bestd > 2 * (int)(len <= 3 ? 1 : len / 3))
    return NULL;
  return bestd < 2 * (int)len || bestd == 1 ? best : NULL;
}

/* For a bare name that is a misspelt or unimported builtin of an imported module:
   "jit.threadIdx" (the alias as the file spells it), or NULL. */
static const char *qualified_suggestion(Sema *S, const char *name) {
  for (Sym *s = S->syms; s; s = s->next) {
    if (s->kind != SYM_MODULE)
      continue;
    const char *b = builtin_lookup(s->module, name) ? name : builtin_suggest(s->module, name);
    if (b && name_distance(name, b) <= (strlen(name) <= 3 ? 1 : (int)strlen(name) / 3))
      return arena_printf(&S->c->arena, "%s.%s", s->name, b);
  }
  return NULL;
}

static void unknown_name(Sema *S, Loc loc, const char *shown, const char *sugg_prefix,
                         const char *sugg) {
  if (!sugg && !*sugg_prefix)
    sugg = qualified_suggestion(S, shown);
  if (sugg)
    diag_error(S->c, loc, "unknown name '%s'; did you mean '%s%s'?", shown, sugg_prefix, sugg);
  else
    diag_error(S->c, loc, "unknown name '%s'", shown);
}

static void da_use(Sema *S, Var *v, Loc loc) {
  FnState *fs = S->fs;
  if (v->is_param || v->is_temp || v->warned || v->index >= DA_MAX || fs->da.dead ||
      fs->da.set[v->index])
    return;
  v->warned = true;
  diag_warning(S->c, loc, "'%s' may be used before assignment", v->name);
}

static Val val_expr(Node *n) { return (Val){.kind = VAL_EXPR, .n = n}; }
static Val val_error(void) { return (Val){.kind = VAL_ERROR}; }

/* Fresh copy of a module constant at the place of use. */
static Node *clone_const(Sema *S, Node *v, Loc loc) {
  if (v->kind == IR_CONST && v->weak) /* typed by the literal rules of this kernel's mode */
    return is_fconst(v) ? sema_py_float(S, loc, v->fval)
           : v->ty->kind == TY_BOOL ? sema_py_bool(S, loc, v->ival != 0)
                                    : sema_py_int(S, loc, const_i128(v));
  Node *n = sema_mk(S, v->kind, loc, v->ty);
  *n = *v;
  n->loc = loc;
  n->next = NULL;
  if (v->kind == IR_TUPLE) {
    n->args = NULL;
    for (Node *a = v->args; a; a = a->next)
      n->args = ast_append(n->args, clone_const(S, a, loc));
  }
  return n;
}

/* "def" or "class" when the file defines NAME at module level as host code (the parser
   skips those), for a clearer message than "unknown name". */
static const char *host_definition(Sema *S, const char *name) {
  static const char *const kw[] = {"def", "class"};
  size_t n = strlen(name);
  for (const char *p = S->c->src->text; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : NULL)
    for (size_t k = 0; k < 2; k++) {
      size_t kl = strlen(kw[k]);
      const char *q = p + kl;
      if (strncmp(p, kw[k], kl) || (*q != ' ' && *q != '\t'))
        continue;
      while (*q == ' ' || *q == '\t')
        q++;
      if (!strncmp(q, name, n) && (q[n] == '(' || q[n] == ':' || q[n] == ' '))
        return kw[k];
    }
  return NULL;
}

static Val name_expr(Sema *S, Node *nd) {
  if (S->fs) {
    Var *v = sema_lookup_var(S, nd->name);
    if (v) {
      if (v->ty->kind == TY_ERROR)
        return val_error();
      da_use(S, v, nd->loc);
      Node *n = sema_mk(S, IR_VAR, nd->loc, v->ty);
      n->var = v;
      return val_expr(n);
    }
  }
  Sym *s = sema_lookup_sym(S, nd->name);
  if (s) {
    switch (s->kind) {
    case SYM_MODULE: return (Val){.kind = VAL_MODULE, .module = s->module};
    case SYM_BUILTIN: return (Val){.kind = VAL_BUILTIN, .bi = s->bi, .module = s->bimod};
    case SYM_CONST: return val_expr(clone_const(S, s->value, nd->loc));
    case SYM_FUNC: return (Val){.kind = VAL_FUNC, .fn = s->fn};
    case SYM_DECORATOR:
      diag_error(S->c, nd->loc, "'%s' cannot be used inside a kernel", nd->name);
      return val_error();
    case SYM_LATER:
      diag_error(S->c, nd->loc, "'%s' is not supported yet (%s)", nd->name, s->later);
      return val_error();
    }
  }
  const Builtin *b = builtin_lookup("builtins", nd->name);
  if (b)
    return (Val){.kind = VAL_BUILTIN, .bi = b, .module = "builtins"};
  if (nd->name == intern_cstr(&S->c->names, "None"))
    return (Val){.kind = VAL_NONE};
  const char *host = host_definition(S, nd->name);
  if (host) {
    if (!strcmp(host, "def"))
      diag_error(S->c, nd->loc, "'%s' is a host function; kernels can only call functions "
                 "decorated @jit.rawkernel(device=True)", nd->name);
    else
      diag_error(S->c, nd->loc, "'%s' is a class; classes cannot be used in kernels", nd->name);
    return val_error();
  }
  unknown_name(S, nd->loc, nd->name, "", sema_suggest(S, nd->name));
  return val_error();
}

/* "cp.float32" as written, for messages. */
const char *sema_dotted(Sema *S, Node *nd) {
  if (nd->kind == ND_NAME)
    return nd->name;
  if (nd->kind == ND_ATTR)
    return arena_printf(&S->c->arena, "%s.%s", sema_dotted(S, nd->lhs), nd->name);
  return "<expression>";
}

static Node *array_attr(Sema *S, Node *arr, const char *name, int dim, Loc loc) {
  Node *n = sema_mk(S, IR_ARRAY_ATTR, loc, T(TY_INT64));
  n->lhs = arr;
  n->name = intern_cstr(&S->c->names, name);
  n->ival = dim;
  return n;
}

static Val value_attr(Sema *S, Node *base, Node *nd) {
  const char *a = nd->name;
  if (base->ty->kind == TY_ARRAY) {
    int nd_ = base->ty->ndim;
    if (!strcmp(a, "size"))
      return val_expr(array_attr(S, base, "size", -1, nd->loc));
    if (!strcmp(a, "ndim"))
      return val_expr(sema_py_int(S, nd->loc, nd_));
    if (!strcmp(a, "shape") || !strcmp(a, "strides")) {
      Type *items[32];
      Node *t = sema_mk(S, IR_TUPLE, nd->loc, NULL);
      for (int i = 0; i < nd_ && i < 32; i++) {
        items[i] = T(TY_INT64);
        t->args = ast_append(t->args, array_attr(S, base, a, i, nd->loc));
      }
      t->nargs = nd_;
      t->ty = ty_tuple(S->c, items, nd_);
      return val_expr(t);
    }
  }
  diag_error(S->c, nd->loc, "%s value has no attribute '%s'", ty_str(S->c, base->ty), a);
  return val_error();
}

static Val attr_expr(Sema *S, Node *nd) {
  Val base = sema_expr(S, nd->lhs);
  switch (base.kind) {
  case VAL_ERROR:
    return base;
  case VAL_MODULE: {
    if (!strcmp(base.module, "cupyx")) {
      if (!strcmp(nd->name, "jit"))
        return (Val){.kind = VAL_MODULE, .module = "jit"};
      diag_error(S->c, nd->loc, "unknown name '%s'", sema_dotted(S, nd));
      return val_error();
    }
    const Builtin *b = builtin_lookup(base.module, nd->name);
    if (b)
      return (Val){.kind = VAL_BUILTIN, .bi = b, .module = base.module};
    const char *later = builtin_later(base.module, nd->name);
    if (later) {
      diag_error(S->c, nd->loc, "'%s' is not supported yet (%s)", sema_dotted(S, nd), later);
      return val_error();
    }
    const char *prefix = arena_printf(&S->c->arena, "%s.", sema_dotted(S, nd->lhs));
    unknown_name(S, nd->loc, sema_dotted(S, nd), prefix, builtin_suggest(base.module, nd->name));
    return val_error();
  }
  case VAL_BUILTIN:
    if (base.bi->kind == BK_THREAD_IDX && base.bi->arg < 0) {
      const char *full = arena_printf(&S->c->arena, "%s.%s", base.bi->name, nd->name);
      const Builtin *b = builtin_lookup("jit", full);
      if (!b) {
        diag_error(S->c, nd->loc, "'%s' has no attribute '%s'; expected x, y or z",
                   base.bi->name, nd->name);
        return val_error();
      }
      Node *n = sema_mk(S, IR_BUILTIN, nd->loc, T(TY_UINT32));
      n->bi = b;
      return val_expr(n);
    }
    diag_error(S->c, nd->loc, "'%s' has no attribute '%s'", sema_dotted(S, nd->lhs), nd->name);
    return val_error();
  case VAL_EXPR:
    return value_attr(S, base.n, nd);
  default:
    diag_error(S->c, nd->loc, "'%s' has no attribute '%s'", sema_dotted(S, nd->lhs), nd->name);
    return val_error();
  }
}

Type *sema_dtype_of(Sema *S, Val v) {
  (void)S;
  if (v.kind == VAL_BUILTIN && v.bi->kind == BK_CAST)
    return T((TypeKind)v.bi->arg);
  return NULL;
}

Node *sema_value_of(Sema *S, Val v, Node *nd) {
  switch (v.kind) {
  case VAL_EXPR:
    return v.n;
  case VAL_ERROR:
    return sema_error_node(S, nd->loc);
  case VAL_BUILTIN:
    if (v.bi->kind == BK_VALUE) {
      static const double consts[] = {[BI_PI] = M_PI, [BI_E] = M_E};
      switch (v.bi->id) {
      case BI_PI:
      case BI_E: return sema_py_float(S, nd->loc, consts[v.bi->id]);
      case BI_INF: return sema_py_float(S, nd->loc, INFINITY);
      case BI_NAN: return sema_py_float(S, nd->loc, NAN);
      default: {
        Node *n = sema_mk(S, IR_BUILTIN, nd->loc, T(TY_INT32));
        n->bi = v.bi;
        return n;
      }
      }
    }
    if (v.bi->kind == BK_THREAD_IDX)
      diag_error(S->c, nd->loc, "'%s' needs .x, .y or .z", sema_dotted(S, nd));
    else if (v.bi->kind == BK_CAST)
      diag_error(S->c, nd->loc, "'%s' is a dtype, not a value; call it to convert a value",
                 sema_dotted(S, nd));
    else
      diag_error(S->c, nd->loc, "'%s' is a function; call it", sema_dotted(S, nd));
    return sema_error_node(S, nd->loc);
  case VAL_MODULE:
    diag_error(S->c, nd->loc, "module '%s' is not a value", sema_dotted(S, nd));
    return sema_error_node(S, nd->loc);
  case VAL_FUNC:
    diag_error(S->c, nd->loc, "function '%s' is not a value; call it", v.fn->name);
    return sema_error_node(S, nd->loc);
  case VAL_NONE:
    diag_error(S->c, nd->loc, "None is not a value in kernels");
    return sema_error_node(S, nd->loc);
  }
  return sema_error_node(S, nd->loc);
}

/* ---------------------------------------------------------------- indexing */

Node *sema_index_values(Sema *S, Node *arr, Node **idx, int n, Loc loc) {
  for (int i = 0; i < n; i++)
    if (sema_is_error(idx[i]))
      return sema_error_node(S, loc);
  Type *t = arr->ty;
  int ndim = t->kind == TY_PTR ? 1 : t->ndim;
  if (n > ndim) {
    diag_error(S->c, loc, "too many indices for a %d-d array: %d", ndim, n);
    return sema_error_node(S, loc);
  }
  if (n == 0 && ndim > 0) {
    diag_error(S->c, loc, "x[()] indexes 0-d arrays only; this array has %d dimension%s",
               ndim, ndim == 1 ? "" : "s");
    return sema_error_node(S, loc);
  }
  Node *node = sema_mk(S, IR_INDEX, loc, NULL);
  node->lhs = arr;
  for (int i = 0; i < n; i++) {
    Node *e = idx[i];
    if (!ty_is_int(e->ty)) {
      diag_error(S->c, e->loc, "array indices must be integers, got %s", ty_str(S->c, e->ty));
      return sema_error_node(S, loc);
    }
    node->args = ast_append(node->args, sema_convert(S, e, T(TY_INT64)));
  }
  node->nargs = n;
  node->ty = n == ndim ? t->elem : ty_array(S->c, t->elem, ndim - n, t->contig);
  return node;
}

Node *sema_index(Sema *S, Node *arr, Node *idx_list, int count, Loc loc) {
  Node *idx[32];
  int n = 0;
  Node *a = idx_list;
  for (int c = 0; c < count; c++, a = a->next) {
    Node *e = sema_rvalue(S, a);
    if (!sema_is_error(e) && e->ty->kind == TY_TUPLE) {
      for (int i = 0; i < e->ty->nitems && n < 32; i++) {
        Node *item;
        if (e->kind == IR_TUPLE) {
          item = e->args;
          for (int j = 0; j < i; j++)
            item = item->next;
          item = sema_detach(S, item);
        } else {
          item = sema_mk(S, IR_TUPLE_GET, e->loc, e->ty->items[i]);
          item->lhs = e;
          item->ival = i;
        }
        idx[n++] = item;
      }
      continue;
    }
    if (n < 32)
      idx[n++] = e;
  }
  return sema_index_values(S, arr, idx, n, loc);
}

static Node *tuple_item(Sema *S, Node *tup, Node *nd) {
  if (ast_count(nd->args) != 1) {
    diag_error(S->c, nd->loc, "a tuple takes one constant index");
    return sema_error_node(S, nd->loc);
  }
  Node *i = sema_rvalue(S, nd->args);
  int64_t k;
  if (sema_is_error(i))
    return i;
  if (!sema_const_i64(i, &k)) {
    diag_error(S->c, i->loc, "tuples can only be indexed by integer constants");
    return sema_error_node(S, nd->loc);
  }
  int nitems = tup->ty->nitems;
  if (k < 0)
    k += nitems;
  if (k < 0 || k >= nitems) {
    diag_error(S->c, i->loc, "tuple index out of range: %lld (tuple of %d)",
               (long long)i->ival, nitems);
    return sema_error_node(S, nd->loc);
  }
  return sema_tuple_item(S, tup, (int)k, nd->loc);
}

/* Item i of a tuple-valued expression: the item itself for a tuple display, else an
   IR_TUPLE_GET. */
Node *sema_tuple_item(Sema *S, Node *tup, int i, Loc loc) {
  if (tup->kind == IR_TUPLE) {
    Node *item = tup->args;
    while (i-- > 0)
      item = item->next;
    return sema_detach(S, item);
  }
  Node *g = sema_mk(S, IR_TUPLE_GET, loc, tup->ty->items[i]);
  g->lhs = tup;
  g->ival = i;
  return g;
}

static Node *subscript(Sema *S, Node *nd) {
  Node *base = sema_rvalue(S, nd->lhs);
  if (sema_is_error(base))
    return base;
  switch (base->ty->kind) {
  case TY_ARRAY:
  case TY_PTR:
    return sema_index(S, base, nd->args, ast_count(nd->args), nd->loc);
  case TY_TUPLE:
    return tuple_item(S, base, nd);
  default:
    diag_error(S->c, nd->loc, "%s value is not subscriptable", ty_str(S->c, base->ty));
    return sema_error_node(S, nd->loc);
  }
}

static Node *tuple_expr(Sema *S, Node *nd) {
  Type *items[64];
  int n = 0;
  Node *t = sema_mk(S, IR_TUPLE, nd->loc, NULL);
  for (Node *a = nd->args; a; a = a->next) {
    Node *e = sema_rvalue(S, a);
    if (sema_is_error(e))
      return e;
    if (n == 64) {
      diag_error(S->c, nd->loc, "tuple too long");
      return sema_error_node(S, nd->loc);
    }
    items[n++] = e->ty;
    t->args = ast_append(t->args, e);
  }
  t->nargs = n;
  t->ty = ty_tuple(S->c, items, n);
  return t;
}

/* ---------------------------------------------------------------- dispatch */

Val sema_expr(Sema *S, Node *nd) {
  switch (nd->kind) {
  case ND_INT:
    if (nd->big) {
      diag_error(S->c, nd->loc, "integer literal too large (it must fit in 64 bits)");
      return val_error();
    }
    return val_expr(sema_py_int(S, nd->loc, nd->uval > (uint64_t)INT64_MAX ? (__int128)nd->uval
                                                                         : nd->ival));
  case ND_FLOAT:
    return val_expr(sema_py_float(S, nd->loc, nd->fval));
  case ND_TRUE:
  case ND_FALSE:
    return val_expr(sema_py_bool(S, nd->loc, nd->kind == ND_TRUE));
  case ND_NONE:
    return (Val){.kind = VAL_NONE};
  case ND_IMAG:
    diag_error(S->c, nd->loc, "complex numbers are not supported yet");
    return val_error();
  case ND_STR:
    diag_error(S->c, nd->loc, "strings are only allowed in assert and print");
    return val_error();
  case ND_NAME:
    return name_expr(S, nd);
  case ND_ATTR:
    return attr_expr(S, nd);
  case ND_CALL:
    return sema_call(S, nd);
  case ND_SUBSCRIPT:
    return val_expr(subscript(S, nd));
  case ND_TUPLE:
    return val_expr(tuple_expr(S, nd));
  case ND_BINOP: {
    Node *a = sema_rvalue(S, nd->lhs), *b = sema_rvalue(S, nd->rhs);
    if (sema_is_error(a) || sema_is_error(b))
      return val_error();
    return val_expr(sema_binop(S, nd->op, a, b, nd->loc));
  }
  case ND_UNARY:
    return val_expr(unary(S, nd));
  case ND_BOOLOP:
    return val_expr(bool_chain(S, nd));
  case ND_COMPARE:
    return val_expr(compare_chain(S, nd));
  case ND_IFEXP:
    return val_expr(ifexp(S, nd));
  case ND_SLICE:
    diag_error(S->c, nd->loc, "slices are not supported in kernels; index with integers");
    return val_error();
  case ND_STARRED:
    diag_error(S->c, nd->loc, "starred expressions are not supported in kernels");
    return val_error();
  case ND_UNSUPPORTED: /* the parser has reported it */
    return val_error();
  default:
    diag_error(S->c, nd->loc, "unsupported expression");
    return val_error();
  }
}

Node *sema_rvalue(Sema *S, Node *nd) { return sema_value_of(S, sema_expr(S, nd), nd); }
