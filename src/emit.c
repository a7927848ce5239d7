/*
 * emit.c: the shared C expression/statement emitter (typed IR -> C/CUDA C source).
 *
 * Both back ends print the same expressions and statements; a TargetOps table
 * (emit_cuda.c, emit_c.c) supplies only what differs between CUDA C and the CPU
 * backend's C11. The output of one program is, in order:
 *   1. a banner and the kernel-name mapping, 2. the target's preamble,
 *   3. the array ABI structs (CuPy CArray layout) and tuple structs the program uses,
 *   4. the helpers it uses (Python //, %, **, NaN-propagating min/max, ...), each once,
 *      in the fixed order of HelperKind x TY_*, 5. device functions, then kernels, in
 *      prog->emit_order.
 * Function bodies are emitted into a buffer first, so the sets of used structs and
 * helpers are known before the file is assembled. Nothing here depends on addresses or
 * hash order: the same program gives byte-identical text.
 *
 * Value conventions (LANGUAGE.md §2): int8..uint16 values are C ints and float16 values
 * are C floats; they are narrowed only when stored. A float16 variable or element is a
 * __half in storage and is read as `(float)x`. Integer // and % call Python-semantics
 * helpers unless range.c proves both operands non-negative (then C's / and %, with a
 * zero check unless the divisor is known positive).
 */
#include "emit.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* C operator precedence levels (higher binds tighter). */
enum {
  P_LOWEST, P_COND, P_OR, P_AND, P_BOR, P_BXOR, P_BAND, P_EQ, P_REL, P_SHIFT, P_ADD, P_MUL,
  P_UNARY, P_POSTFIX
};

/* Binary operators: C spelling and precedence, indexed by Op (OP_ADD..OP_GE). */
static const struct {
  const char *c;
  int prec;
} binop_table[OP_COUNT] = {
  [OP_ADD] = {"+", P_ADD},        [OP_SUB] = {"-", P_ADD},      [OP_MUL] = {"*", P_MUL},
  [OP_DIV] = {"/", P_MUL},        [OP_FLOORDIV] = {"/", P_MUL}, [OP_MOD] = {"%", P_MUL},
  [OP_LSHIFT] = {"<<", P_SHIFT},  [OP_RSHIFT] = {">>", P_SHIFT},
  [OP_BITAND] = {"&", P_BAND},    [OP_BITOR] = {"|", P_BOR},    [OP_BITXOR] = {"^", P_BXOR},
  [OP_AND] = {"&&", P_AND},       [OP_OR] = {"||", P_OR},
  [OP_EQ] = {"==", P_EQ},         [OP_NE] = {"!=", P_EQ},
  [OP_LT] = {"<", P_REL},         [OP_LE] = {"<=", P_REL},
  [OP_GT] = {">", P_REL},         [OP_GE] = {">=", P_REL},
};

static void expr(Emitter *e, const Node *n, int prec);
static void stmt(Emitter *e, const Node *n);
static void block(Emitter *e, const Node *n);

/* ---------------------------------------------------------------- output helpers */

static void put(Emitter *e, const char *s) { buf_puts(e->out, s); }

static void putf(Emitter *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void putf(Emitter *e, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  buf_vprintf(e->out, fmt, ap);
  va_end(ap);
}

static void indent(Emitter *e) {
  for (int i = 0; i < e->indent; i++)
    put(e, "  ");
}

/* ---------------------------------------------------------------- types */

static bool is_small(TypeKind k) {
  return k == TY_INT8 || k == TY_UINT8 || k == TY_INT16 || k == TY_UINT16 || k == TY_FLOAT16;
}

static bool is_intk(TypeKind k) { return k >= TY_INT8 && k <= TY_UINT64; }
static bool is_floatk(TypeKind k) { return k >= TY_FLOAT16 && k <= TY_FLOAT64; }
static bool is_unsignedk(TypeKind k) {
  return k == TY_UINT8 || k == TY_UINT16 || k == TY_UINT32 || k == TY_UINT64;
}

const char *emit_array_struct(TypeKind elem, int ndim) {
  static char buf[TY_NSCALAR][EMIT_MAXDIM + 1][32];
  char *b = buf[elem][ndim];
  if (!b[0])
    snprintf(b, sizeof buf[0][0], "Array_%s_%d", dtype_info[elem].name, ndim);
  return b;
}

static const char *tuple_name(Emitter *e, const Type *t);

/* C spelling of a type (arrays and tuples register their struct). */
const char *emit_ctype(Emitter *e, const Type *t) {
  switch (t->kind) {
  case TY_ARRAY:
    if (t->ndim > EMIT_MAXDIM) {
      diag_plain(e->c, "arrays of more than %d dimensions are not supported", EMIT_MAXDIM);
      return "void";
    }
    e->array_used[t->elem->kind][t->ndim] |= 1;
    if (t->elem->kind == TY_FLOAT16)
      e->uses_half = true;
    return emit_array_struct(t->elem->kind, t->ndim);
  case TY_PTR:
    return arena_printf(&e->c->arena, "%s *", emit_ctype(e, t->elem));
  case TY_TUPLE:
    return tuple_name(e, t);
  case TY_VOID:
    return "void";
  default:
    if (t->kind == TY_FLOAT16)
      e->uses_half = true;
    if (t->kind < TY_NSCALAR)
      return dtype_info[t->kind].ctype;
    diag_plain(e->c, "internal error: no C type for %s", ty_str(e->c, t));
    return "void";
  }
}

/* Declares `T name` (pointer types put the name after the star). A float16 scalar is a
   C float (cupyx's model: float16 values, locals included, are computed as float; only
   array elements and kernel parameters are 16-bit storage). */
static const char *decl(Emitter *e, const Type *t, const char *name) {
  const char *ct = t->kind == TY_FLOAT16 ? "float" : emit_ctype(e, t);
  size_t n = strlen(ct);
  return arena_printf(&e->c->arena, "%s%s%s", ct, n && ct[n - 1] == '*' ? "" : " ", name);
}

/* Tuple structs are named after their items: Tuple_int32_float32. */
static void type_tag(Emitter *e, Buf *b, const Type *t) {
  if (t->kind < TY_NSCALAR)
    buf_puts(b, dtype_info[t->kind].name);
  else if (t->kind == TY_ARRAY)
    buf_printf(b, "A%d%s", t->ndim, dtype_info[t->elem->kind].name);
  else if (t->kind == TY_TUPLE) {
    buf_printf(b, "T%d", t->nitems);
    for (int i = 0; i < t->nitems; i++) {
      buf_putc(b, '_');
      type_tag(e, b, t->items[i]);
    }
  } else
    buf_puts(b, "x");
}

static const char *tuple_name(Emitter *e, const Type *t) {
  for (int i = 0; i < e->ntuples; i++)
    if (ty_equal(e->tuples[i], t))
      goto named;
  for (int i = 0; i < t->nitems; i++)
    emit_ctype(e, t->items[i]); /* register items first: they are declared before */
  if (e->ntuples == e->captuples) {
    e->captuples = e->captuples ? 2 * e->captuples : 8;
    Type **nt = arena_alloc(&e->c->arena, sizeof *nt * e->captuples);
    if (e->ntuples)
      memcpy(nt, e->tuples, sizeof *nt * e->ntuples);
    e->tuples = nt;
  }
  e->tuples[e->ntuples++] = (Type *)t;
named:;
  Buf b = {0};
  buf_puts(&b, "Tuple_");
  for (int i = 0; i < t->nitems; i++) {
    if (i)
      buf_putc(&b, '_');
    type_tag(e, &b, t->items[i]);
  }
  const char *s = arena_strndup(&e->c->arena, b.data, b.len);
  buf_free(&b);
  return s;
}

/* The C type in which values of scalar kind k are computed. */
static const char *value_ctype(TypeKind k) {
  if (k == TY_FLOAT16)
    return "float";
  if (k == TY_INT8 || k == TY_UINT8 || k == TY_INT16 || k == TY_UINT16)
    return "int";
  return dtype_info[k].ctype;
}

/* Helper instances of small integer types run on the promoted int. */
static TypeKind helper_kind(HelperKind h, TypeKind k) {
  if (h == HK_POW)
    return k; /* integral_power<T> works in T, as CuPy's does */
  if (k == TY_INT8 || k == TY_UINT8 || k == TY_INT16 || k == TY_UINT16)
    return TY_INT32;
  if (k == TY_FLOAT16)
    return TY_FLOAT32;
  return k;
}

static const char *const helper_names[HK_COUNT] = {
  [HK_FLOORDIV] = "floordiv", [HK_MOD] = "mod",     [HK_DIVZ] = "div",
  [HK_MODZ] = "rem",          [HK_POW] = "pow",     [HK_MIN] = "min",
  [HK_MAX] = "max",           [HK_FMIN] = "fmin",   [HK_FMAX] = "fmax",
  [HK_ABS] = "abs",           [HK_SIGN] = "sign",   [HK_SQUARE] = "square",
  [HK_RECIP] = "reciprocal",  [HK_FMOD] = "fmod",   [HK_CMP64] = "cmp",
  [HK_SHL] = "shl",           [HK_SHR] = "shr",
};

/* Marks helper h for type k as used and writes its name followed by '('. */
static void helper_call(Emitter *e, HelperKind h, TypeKind k) {
  k = helper_kind(h, k);
  e->helper_used[h][k] = true;
  putf(e, "py_%s_%s(", helper_names[h], dtype_info[k].name);
}

/* ---------------------------------------------------------------- constants */

/* Shortest decimal that reads back as the same value. */
static void float_literal(Emitter *e, double v, bool single) {
  if (isnan(v)) {
    put(e, e->tg->nan(single ? TY_FLOAT32 : TY_FLOAT64));
    return;
  }
  if (isinf(v)) {
    if (v < 0)
      put(e, "-");
    put(e, e->tg->inf(single ? TY_FLOAT32 : TY_FLOAT64));
    return;
  }
  char b[64];
  for (int p = 1; p <= 17; p++) {
    snprintf(b, sizeof b, "%.*g", p, v);
    if (single ? strtof(b, NULL) == (float)v : strtod(b, NULL) == v)
      break;
  }
  if (!strpbrk(b, ".en"))
    strcat(b, ".0");
  put(e, b);
  if (single)
    put(e, "f");
}

static void emit_const(Emitter *e, const Node *n) {
  TypeKind k = n->ty->kind;
  switch (k) {
  case TY_BOOL:
    put(e, n->ival ? "true" : "false");
    return;
  case TY_UINT32:
  case TY_UINT64: {
    uint64_t v = k == TY_UINT32 ? (uint32_t)n->ival : n->uval ? n->uval : (uint64_t)n->ival;
    const char *suf = k == TY_UINT32 ? "u" : "ull";
    /* masks (0xffffffff) and powers of two read better in hex */
    if (v > 0xffff && (((v + 1) & v) == 0 || (v & (v - 1)) == 0))
      putf(e, "0x%llx%s", (unsigned long long)v, suf);
    else
      putf(e, "%llu%s", (unsigned long long)v, suf);
    return;
  }
  case TY_INT64:
    if (n->ival == INT64_MIN)
      put(e, "(-9223372036854775807ll - 1)");
    else
      putf(e, "%lldll", (long long)n->ival);
    return;
  case TY_FLOAT16:
  case TY_FLOAT32:
    float_literal(e, n->fval, true);
    return;
  case TY_FLOAT64:
    float_literal(e, n->fval, false);
    return;
  default:
    if (is_intk(k)) {
      if (n->ival == INT32_MIN)
        put(e, "(-2147483647 - 1)");
      else
        putf(e, "%lld", (long long)n->ival);
      return;
    }
    diag_plain(e->c, "internal error: constant of type %s", ty_str(e->c, n->ty));
  }
}

static bool const_negative(const Node *n) {
  if (n->kind != IR_CONST)
    return false;
  if (is_floatk(n->ty->kind))
    return signbit(n->fval) && !isnan(n->fval);
  return ty_is_signed(n->ty) && n->ival < 0 && n->ival != INT32_MIN && n->ival != INT64_MIN;
}

/* ---------------------------------------------------------------- expressions */

/* Expressions whose C value is the storage type (a float16 one is a __half): array
   elements, kernel parameters, the results of atomics and shuffles. */
static bool yields_storage(const Emitter *e, const Node *n) {
  switch (n->kind) {
  case IR_VAR:
  case IR_CALL:
  case IR_TUPLE_GET:
    return n->kind == IR_VAR && n->var->is_param && n->var->ty->kind == TY_FLOAT16 &&
           e->spec->fn->is_kernel;
  case IR_INDEX:
    return n->ty->kind < TY_NSCALAR;
  case IR_BUILTIN:
    return n->bi && ((n->bi->id >= BI_ATOMIC_ADD && n->bi->id <= BI_ATOMIC_XOR) ||
                     (n->bi->id >= BI_SHFL_SYNC && n->bi->id <= BI_SHFL_XOR_SYNC));
  default:
    return false;
  }
}

static const Node *flatten_index(const Node *n, const Node **idx, int *nidx);
static bool pure(const Node *n);
static bool noop_cast(const Node *n);
static bool const_to_float(const Node *n);

/* An unsigned value compared with zero: 1 (u >= 0, 0 <= u), 0 (u < 0, 0 > u), or -1 when
   the comparison is not of that form. (nvcc warns about such "pointless comparisons",
   which Python code like `0 <= j < n` with a uint32 j produces.) */
static int known_compare(const Node *n) {
  if (n->kind != IR_COMPARE || !is_unsignedk(n->cty->kind))
    return -1;
  const Node *a = n->lhs, *b = n->rhs;
  Op op = n->op;
  if (a->kind == IR_CONST && a->ival == 0 && !a->uval) {
    const Node *t = a;
    a = b, b = t;
    op = op == OP_LE ? OP_GE : op == OP_GT ? OP_LT : OP_NONE;
  }
  if (b->kind != IR_CONST || b->ival != 0 || b->uval || !pure(a))
    return -1;
  return op == OP_GE ? 1 : op == OP_LT ? 0 : -1;
}

/* `true && x` and `false || x` print as x. */
static const Node *logic_reduce(const Node *n) {
  if (n->kind != IR_LOGIC)
    return NULL;
  int l = known_compare(n->lhs), r = known_compare(n->rhs), keep = n->op == OP_AND ? 1 : 0;
  if (l == keep)
    return n->rhs;
  if (r == keep)
    return n->lhs;
  return NULL;
}

/* Precedence of the C text expr() writes for n. */
static int prec_of(const Emitter *e, const Node *n) {
  if (n->ty && n->ty->kind == TY_FLOAT16 && yields_storage(e, n))
    return P_UNARY; /* (float)x */
  switch (n->kind) {
  case IR_CONST:
    return const_negative(n) ? P_UNARY : P_POSTFIX;
  case IR_CAST:
    if (noop_cast(n))
      return prec_of(e, n->lhs);
    if (const_to_float(n))
      return n->lhs->ival < 0 ? P_UNARY : P_POSTFIX;
    return P_UNARY;
  case IR_UNARY:
    return P_UNARY;
  case IR_BINOP:
    switch (n->op) {
    case OP_ADD: case OP_SUB: case OP_MUL:
      return n->cty->kind == TY_BOOL ? binop_table[n->op == OP_MUL ? OP_BITAND : OP_BITOR].prec
                                     : binop_table[n->op].prec;
    case OP_DIV: case OP_BITAND: case OP_BITOR: case OP_BITXOR:
      return binop_table[n->op].prec;
    case OP_LSHIFT: case OP_RSHIFT:
      return e->tg->shift_helpers ? P_POSTFIX : P_SHIFT;
    case OP_FLOORDIV: case OP_MOD: {
      if (is_floatk(n->cty->kind))
        return P_POSTFIX;
      bool nn = is_unsignedk(n->cty->kind) || (range_nonneg(n->lhs) && range_nonneg(n->rhs));
      return nn && range_positive(n->rhs) ? P_MUL : P_POSTFIX;
    }
    default:
      return P_POSTFIX;
    }
  case IR_LOGIC:
    if (logic_reduce(n))
      return prec_of(e, logic_reduce(n));
    return binop_table[n->op].prec;
  case IR_COMPARE:
    if (known_compare(n) >= 0)
      return P_POSTFIX;
    return binop_table[n->op].prec;
  case IR_SELECT:
    return P_COND;
  case IR_INDEX: {
    const Node *idx[EMIT_MAXDIM];
    int nidx;
    const Type *bt = flatten_index(n, idx, &nidx)->ty;
    if (n->ty->kind < TY_NSCALAR && bt->kind == TY_ARRAY && !bt->contig && bt->ndim > 0)
      return P_UNARY; /* *(T *)(...) */
    return P_POSTFIX;
  }
  default:
    return P_POSTFIX;
  }
}

static bool is_bitwise(int prec) {
  return prec == P_SHIFT || prec == P_BAND || prec == P_BXOR || prec == P_BOR;
}

static bool is_logical(int prec) {
  return prec == P_REL || prec == P_EQ || prec == P_AND || prec == P_OR;
}

/* Operand of a binary operator at level `parent`: parenthesised when it binds looser,
   and (for readability and -Wparentheses) when shift, bitwise and comparison levels
   mix: (a & b) == c, (a + b) << c, (a < b) == c, (a && b) || c. */
static void operand(Emitter *e, const Node *n, int parent, bool right) {
  int p = prec_of(e, n);
  int need = right ? parent + 1 : parent;
  if (p != parent && p < P_UNARY &&
      (is_bitwise(parent) || (is_logical(parent) && (is_bitwise(p) || is_logical(p)))))
    need = P_UNARY;
  expr(e, n, need);
}

static void args_list(Emitter *e, const Node *a) {
  for (; a; a = a->next) {
    expr(e, a, P_LOWEST);
    if (a->next)
      put(e, ", ");
  }
}

static void emit_storage_value(Emitter *e, const Node *n);

/* Writes n converted to the storage type t (narrowing small types, float16 as __half). */
static void stored(Emitter *e, const Type *t, const Node *n) {
  if (t->kind == TY_FLOAT16) {
    expr(e, n, P_LOWEST); /* float16 variables, parameters and results are C floats */
    return;
  }
  bool held = n->kind == IR_VAR || n->kind == IR_CALL || n->kind == IR_TUPLE_GET ||
              (n->kind == IR_INDEX && n->ty->kind < TY_NSCALAR);
  if (t->kind < TY_NSCALAR && is_small(t->kind) && !(held && n->ty->kind == t->kind) &&
      !(n->kind == IR_CAST && n->ty->kind == t->kind)) {
    putf(e, "(%s)", emit_ctype(e, t));
    expr(e, n, P_UNARY);
    return;
  }
  expr(e, n, P_LOWEST);
}


/* Writes an integer index, dropping a widening cast to int64 from a 32-bit-or-smaller
   integer (C converts it the same way, and the text stays readable). */
static void index_expr(Emitter *e, const Node *i, int prec) {
  if (i->kind == IR_CAST && i->ty->kind == TY_INT64 && i->lhs->ty->kind < TY_INT64 &&
      i->lhs->ty->kind != TY_BOOL && is_intk(i->lhs->ty->kind))
    i = i->lhs;
  if (i->kind == IR_CONST && i->ty->kind == TY_INT64 && i->ival >= 0 && i->ival <= INT32_MAX) {
    putf(e, "%lld", (long long)i->ival); /* the other operand is already 64-bit */
    return;
  }
  expr(e, i, prec);
}

static bool is_zero(const Node *i) {
  while (i->kind == IR_CAST && is_intk(i->ty->kind))
    i = i->lhs;
  return i->kind == IR_CONST && is_intk(i->ty->kind) && i->ival == 0;
}

/* Collects the indices of nested IR_INDEX views down to the base array. */
static const Node *flatten_index(const Node *n, const Node **idx, int *nidx) {
  if (n->lhs->kind == IR_INDEX && n->lhs->ty->kind == TY_ARRAY) {
    const Node *base = flatten_index(n->lhs, idx, nidx);
    for (const Node *a = n->args; a; a = a->next)
      idx[(*nidx)++] = a;
    return base;
  }
  *nidx = 0;
  for (const Node *a = n->args; a; a = a->next)
    idx[(*nidx)++] = a;
  return n->lhs;
}

/* Writes the element lvalue base[idx...] of a full index, or its address. */
static void element(Emitter *e, const Node *base, const Node **idx, int nidx, bool addr) {
  const Type *at = base->ty;
  if (addr && (at->kind == TY_PTR || at->ndim == 0 || at->contig))
    put(e, "&");
  if (at->kind == TY_PTR) {
    expr(e, base, P_POSTFIX);
    put(e, "[");
    index_expr(e, idx[0], P_LOWEST);
    put(e, "]");
    return;
  }
  if (at->ndim == 0) {
    expr(e, base, P_POSTFIX);
    put(e, ".data[0]");
    return;
  }
  if (at->contig) {
    /* row-major: ((i0 * shape[1] + i1) * shape[2] + i2) ... */
    expr(e, base, P_POSTFIX);
    put(e, ".data[");
    for (int d = 2; d < nidx; d++)
      put(e, "(");
    for (int d = 0; d < nidx; d++) {
      if (d) {
        if (d > 1)
          put(e, ")");
        put(e, " * ");
        expr(e, base, P_POSTFIX);
        putf(e, ".shape[%d] + ", d);
      }
      index_expr(e, idx[d], d ? P_ADD + 1 : (nidx > 1 ? P_MUL : P_LOWEST));
    }
    put(e, "]");
    return;
  }
  putf(e, "%s(%s *)((char *)", addr ? "" : "*", emit_ctype(e, at->elem));
  expr(e, base, P_POSTFIX);
  put(e, ".data");
  for (int d = 0; d < nidx; d++) {
    if (is_zero(idx[d]))
      continue;
    put(e, " + ");
    index_expr(e, idx[d], P_MUL);
    put(e, " * ");
    expr(e, base, P_POSTFIX);
    putf(e, ".strides[%d]", d);
  }
  put(e, ")");
}

static void emit_index(Emitter *e, const Node *n) {
  const Node *idx[EMIT_MAXDIM];
  int nidx;
  const Node *base = flatten_index(n, idx, &nidx);
  if (n->ty->kind != TY_ARRAY) {
    element(e, base, idx, nidx, false);
    return;
  }
  /* a view: one view_ call per index, innermost first */
  const Type *at = base->ty;
  for (int d = nidx - 1; d >= 0; d--) {
    e->array_used[at->elem->kind][at->ndim - d] |= 3;
    e->array_used[at->elem->kind][at->ndim - d - 1] |= 1;
    putf(e, "view_%s_%d(", dtype_info[at->elem->kind].name, at->ndim - d);
  }
  expr(e, base, P_LOWEST);
  for (int d = 0; d < nidx; d++) {
    put(e, ", ");
    index_expr(e, idx[d], P_LOWEST);
    put(e, ")");
  }
}

/* The address of an element lvalue (atomics). */
static void address(Emitter *e, const Node *n) {
  const Node *idx[EMIT_MAXDIM];
  int nidx;
  const Node *base = flatten_index(n, idx, &nidx);
  element(e, base, idx, nidx, true);
}

/* A conversion whose C value is already of the target type (int8 -> int32 etc.). */
static bool noop_cast(const Node *n) {
  if (n->kind != IR_CAST)
    return false;
  if (ty_equal(n->ty, n->lhs->ty))
    return true;
  TypeKind tk = n->ty->kind, fk = n->lhs->ty->kind;
  return tk < TY_NSCALAR && fk < TY_NSCALAR && tk != TY_BOOL && fk != TY_BOOL &&
         strcmp(value_ctype(fk), tk == TY_FLOAT16 ? "float" : dtype_info[tk].ctype) == 0;
}

/* An integer constant converted to a float type prints as a float literal (when exact). */
static bool const_to_float(const Node *n) {
  if (n->kind != IR_CAST || n->lhs->kind != IR_CONST || !is_floatk(n->ty->kind) ||
      !is_intk(n->lhs->ty->kind) || n->lhs->ty->kind == TY_UINT64)
    return false;
  int64_t v = n->lhs->ival;
  int64_t lim = n->ty->kind == TY_FLOAT16 ? 2048 : n->ty->kind == TY_FLOAT32 ? 16777216 : 1ll << 53;
  return v >= -lim && v <= lim;
}

static void emit_cast(Emitter *e, const Node *n) {
  const Type *to = n->ty, *from = n->lhs->ty;
  TypeKind tk = to->kind, fk = from->kind;
  if (noop_cast(n)) {
    expr(e, n->lhs, P_UNARY);
    return;
  }
  if (const_to_float(n)) {
    float_literal(e, (double)n->lhs->ival, tk != TY_FLOAT64);
    return;
  }
  if (tk == TY_BOOL) {
    put(e, "(bool)");
    expr(e, n->lhs, P_UNARY);
  } else if (tk == TY_FLOAT16) {
    put(e, "(float)"); /* float16 values are C floats (cupyx does not round here) */
    expr(e, n->lhs, P_UNARY);
  } else if (is_intk(tk) && is_floatk(fk) && e->tg->cvt_prefix) {
    /* the GPU converts to 8/16 bits through a saturating 32-bit cvt.rzi, then truncates
       ((signed char)300.7f == 44, (unsigned char)3e9f == 0): do the same */
    int bits = dtype_info[tk].size * 8;
    if (bits < 32)
      putf(e, "(%s)", dtype_info[tk].ctype);
    putf(e, "%s%c%d(", e->tg->cvt_prefix, is_unsignedk(tk) ? 'u' : 'i', bits < 32 ? 32 : bits);
    expr(e, n->lhs, P_LOWEST);
    put(e, ")");
  } else {
    putf(e, "(%s)", emit_ctype(e, to));
    expr(e, n->lhs, P_UNARY);
  }
}

/* Is this comparison int64 against uint64 (sema converted the signed side)? Returns the
   index (0 lhs, 1 rhs) of the signed operand, or -1. */
static int mixed64(const Node *n) {
  if (n->cty->kind != TY_UINT64)
    return -1;
  for (int i = 0; i < 2; i++) {
    const Node *o = i ? n->rhs : n->lhs;
    if (o->kind == IR_CAST && ty_is_signed(o->lhs->ty) && ty_is_int(o->lhs->ty))
      return i;
  }
  return -1;
}

static const Op swapped_cmp[OP_COUNT] = {
  [OP_EQ] = OP_EQ, [OP_NE] = OP_NE, [OP_LT] = OP_GT, [OP_LE] = OP_GE, [OP_GT] = OP_LT,
  [OP_GE] = OP_LE,
};

/* A constant c, given that it is to be compared with a value of type t: a copy typed t
   if t holds c exactly, else NULL. */
static const Node *const_as(Emitter *e, const Node *c, const Type *t) {
  if (c->kind != IR_CONST || t->kind >= TY_NSCALAR)
    return NULL;
  Node *r = arena_alloc(&e->c->arena, sizeof *r);
  *r = *c;
  r->ty = (Type *)t;
  r->next = NULL;
  bool cint = is_intk(c->ty->kind) && c->ty->kind != TY_UINT64;
  switch (t->kind) {
  case TY_INT32:
    return cint && c->ival >= INT32_MIN && c->ival <= INT32_MAX ? r : NULL;
  case TY_UINT32:
    return cint && c->ival >= 0 && c->ival <= UINT32_MAX ? r : NULL;
  case TY_FLOAT32:
    if (cint && c->ival >= -16777216 && c->ival <= 16777216) {
      r->fval = (double)c->ival;
      return r;
    }
    return is_floatk(c->ty->kind) && (double)(float)c->fval == c->fval ? r : NULL;
  default:
    return NULL;
  }
}

/* Sema compares in a wide type when the operand types differ ((long long)u < 5ll for a
   uint32 u); against a constant that the narrow type holds, print the narrow form. */
static bool narrow_compare(Emitter *e, const Node *n) {
  for (int i = 0; i < 2; i++) {
    const Node *w = i ? n->rhs : n->lhs, *c = i ? n->lhs : n->rhs;
    if (w->kind != IR_CAST || n->cty->kind < TY_INT64)
      continue;
    const Type *t = w->lhs->ty;
    if (t->kind != TY_INT32 && t->kind != TY_UINT32 && t->kind != TY_FLOAT32)
      continue;
    const Node *k = const_as(e, c, t);
    if (!k)
      continue;
    int p = binop_table[n->op].prec;
    operand(e, i ? k : w->lhs, p, false);
    putf(e, " %s ", binop_table[n->op].c);
    operand(e, i ? w->lhs : k, p, true);
    return true;
  }
  return false;
}

static void emit_compare(Emitter *e, const Node *n) {
  if (known_compare(n) >= 0) {
    put(e, known_compare(n) ? "true" : "false");
    return;
  }
  if (narrow_compare(e, n))
    return;
  int s = mixed64(n);
  if (s >= 0) {
    const Node *sn = (s ? n->rhs : n->lhs)->lhs, *un = s ? n->lhs : n->rhs;
    helper_call(e, HK_CMP64, TY_INT64);
    expr(e, sn, P_LOWEST);
    put(e, ", ");
    expr(e, un, P_LOWEST);
    putf(e, ") %s 0", binop_table[s ? swapped_cmp[n->op] : n->op].c);
    return;
  }
  int p = binop_table[n->op].prec;
  operand(e, n->lhs, p, false);
  putf(e, " %s ", binop_table[n->op].c);
  operand(e, n->rhs, p, true);
}

static void call2(Emitter *e, HelperKind h, TypeKind k, const Node *a, const Node *b) {
  helper_call(e, h, k);
  expr(e, a, P_LOWEST);
  put(e, ", ");
  expr(e, b, P_LOWEST);
  put(e, ")");
}

static void emit_binop(Emitter *e, const Node *n) {
  TypeKind k = n->cty->kind;
  Op op = n->op;
  bool fl = is_floatk(k);
  const char *f = k == TY_FLOAT64 ? "" : "f";
  switch (op) {
  case OP_ADD: case OP_SUB: case OP_MUL:
    if (k == TY_BOOL)
      op = op == OP_MUL ? OP_BITAND : OP_BITOR;
    break;
  case OP_POW:
    if (fl) {
      putf(e, "pow%s(", f);
      expr(e, n->lhs, P_LOWEST);
      put(e, ", ");
      expr(e, n->rhs, P_LOWEST);
      put(e, ")");
      return;
    }
    call2(e, HK_POW, k, n->lhs, n->rhs);
    return;
  case OP_FLOORDIV:
  case OP_MOD:
    if (fl) {
      if (op == OP_FLOORDIV) {
        putf(e, "floor%s(", f);
        operand(e, n->lhs, P_MUL, false);
        put(e, " / ");
        operand(e, n->rhs, P_MUL, true);
        put(e, ")");
      } else
        call2(e, HK_MOD, k, n->lhs, n->rhs);
      return;
    }
    if (is_unsignedk(k) || (range_nonneg(n->lhs) && range_nonneg(n->rhs))) {
      if (!range_positive(n->rhs)) {
        call2(e, op == OP_FLOORDIV ? HK_DIVZ : HK_MODZ, k, n->lhs, n->rhs);
        return;
      }
      break; /* plain C / and % */
    }
    call2(e, op == OP_FLOORDIV ? HK_FLOORDIV : HK_MOD, k, n->lhs, n->rhs);
    return;
  case OP_LSHIFT:
  case OP_RSHIFT:
    if (e->tg->shift_helpers) {
      call2(e, op == OP_LSHIFT ? HK_SHL : HK_SHR, k, n->lhs, n->rhs);
      return;
    }
    break;
  default:
    break;
  }
  int p = binop_table[op].prec;
  operand(e, n->lhs, p, false);
  putf(e, " %s ", binop_table[op].c);
  operand(e, n->rhs, p, true);
}

static void emit_unary(Emitter *e, const Node *n) {
  switch (n->op) {
  case OP_NEG:
    put(e, "-");
    break;
  case OP_POS:
    put(e, "+");
    break;
  case OP_INVERT:
    put(e, n->lhs->ty->kind == TY_BOOL ? "!" : "~");
    break;
  default:
    put(e, "!");
    break;
  }
  /* never print "--x" or "- -1" */
  const Node *o = n->lhs;
  if ((o->kind == IR_UNARY && (o->op == OP_NEG || o->op == OP_POS)) || const_negative(o) ||
      prec_of(e, o) < P_UNARY) {
    put(e, "(");
    expr(e, o, P_LOWEST);
    put(e, ")");
  } else
    expr(e, o, P_UNARY);
}

/* Math functions (BK_MATH): the float form of the C name for float16/float32 loops. */
static void emit_math(Emitter *e, const Node *n) {
  int id = n->bi->id;
  TypeKind k = n->cty ? n->cty->kind : n->args->ty->kind;
  bool fl = is_floatk(k);
  const char *f = k == TY_FLOAT64 ? "" : "f";
  const Node *a = n->args, *b = a ? a->next : NULL;
  switch (id) {
  case BI_MINIMUM: call2(e, HK_MIN, k, a, b); return;
  case BI_MAXIMUM: call2(e, HK_MAX, k, a, b); return;
  case BI_FMIN:
  case BI_FMAX:
    if (fl) {
      putf(e, "%s%s(", id == BI_FMIN ? "fmin" : "fmax", f);
      args_list(e, a);
      put(e, ")");
    } else
      call2(e, id == BI_FMIN ? HK_FMIN : HK_FMAX, k, a, b);
    return;
  case BI_POWER:
    if (fl) {
      putf(e, "pow%s(", f);
      args_list(e, a);
      put(e, ")");
    } else
      call2(e, HK_POW, k, a, b);
    return;
  case BI_FMOD:
    if (fl) {
      putf(e, "fmod%s(", f);
      args_list(e, a);
      put(e, ")");
    } else
      call2(e, HK_FMOD, k, a, b);
    return;
  case BI_ABSOLUTE:
  case BI_FABS:
    if (fl) {
      putf(e, "fabs%s(", f);
      expr(e, a, P_LOWEST);
      put(e, ")");
    } else if (is_unsignedk(k) || k == TY_BOOL)
      expr(e, a, P_POSTFIX);
    else {
      helper_call(e, HK_ABS, k);
      expr(e, a, P_LOWEST);
      put(e, ")");
    }
    return;
  case BI_SIGN:
  case BI_SQUARE:
  case BI_RECIPROCAL:
    if (id == BI_RECIPROCAL && fl) {
      put(e, k == TY_FLOAT64 ? "(1.0 / " : "(1.0f / ");
      expr(e, a, P_UNARY);
      put(e, ")");
      return;
    }
    helper_call(e, id == BI_SIGN ? HK_SIGN : id == BI_SQUARE ? HK_SQUARE : HK_RECIP, k);
    expr(e, a, P_LOWEST);
    put(e, ")");
    return;
  case BI_ISNAN:
  case BI_ISINF:
  case BI_ISFINITE:
    if (!fl) {
      put(e, id == BI_ISFINITE ? "true" : "false");
      return;
    }
    putf(e, "((bool)%s(", id == BI_ISNAN ? "isnan" : id == BI_ISINF ? "isinf" : "isfinite");
    expr(e, a, P_LOWEST);
    put(e, "))");
    return;
  default:
    putf(e, "%s%s(", n->bi->cuda, fl ? f : "");
    args_list(e, a);
    put(e, ")");
  }
}

static const char *const atomic_fn[] = {
  [BI_ATOMIC_ADD - BI_ATOMIC_ADD] = "atomicAdd",  [BI_ATOMIC_SUB - BI_ATOMIC_ADD] = "atomicSub",
  [BI_ATOMIC_EXCH - BI_ATOMIC_ADD] = "atomicExch", [BI_ATOMIC_MIN - BI_ATOMIC_ADD] = "atomicMin",
  [BI_ATOMIC_MAX - BI_ATOMIC_ADD] = "atomicMax",  [BI_ATOMIC_INC - BI_ATOMIC_ADD] = "atomicInc",
  [BI_ATOMIC_DEC - BI_ATOMIC_ADD] = "atomicDec",  [BI_ATOMIC_CAS - BI_ATOMIC_ADD] = "atomicCAS",
  [BI_ATOMIC_AND - BI_ATOMIC_ADD] = "atomicAnd",  [BI_ATOMIC_OR - BI_ATOMIC_ADD] = "atomicOr",
  [BI_ATOMIC_XOR - BI_ATOMIC_ADD] = "atomicXor",
};

static const char *const shfl_fn[] = {"__shfl_sync", "__shfl_up_sync", "__shfl_down_sync",
                                      "__shfl_xor_sync"};

static void emit_builtin(Emitter *e, const Node *n) {
  const Builtin *bi = n->bi;
  int id = bi->id;
  const Node *a = n->args;
  if (bi->kind == BK_MATH) {
    emit_math(e, n);
    return;
  }
  if (id >= BI_ATOMIC_ADD && id <= BI_ATOMIC_XOR) {
    const Type *et = a->ty;
    bool fsub = id == BI_ATOMIC_SUB && is_floatk(et->kind);
    if (et->kind == TY_FLOAT16)
      e->half_atomic = true;
    put(e, fsub ? "atomicAdd" : atomic_fn[id - BI_ATOMIC_ADD]);
    put(e, "(");
    address(e, a);
    for (const Node *v = a->next; v; v = v->next) {
      put(e, ", ");
      if (fsub) {
        if (et->kind == TY_FLOAT16)
          put(e, "(__half)");
        put(e, "-");
        expr(e, v, P_UNARY);
      } else if (et->kind == TY_FLOAT16)
        emit_storage_value(e, v);
      else
        stored(e, et, v);
    }
    put(e, ")");
    return;
  }
  if (id >= BI_SHFL_SYNC && id <= BI_SHFL_XOR_SYNC) {
    if (n->ty->kind == TY_FLOAT16)
      e->half_shfl[id - BI_SHFL_SYNC] = true;
    putf(e, "%s(", shfl_fn[id - BI_SHFL_SYNC]);
    expr(e, a, P_LOWEST);
    put(e, ", ");
    if (n->ty->kind == TY_FLOAT16)
      emit_storage_value(e, a->next);
    else
      stored(e, n->ty, a->next);
    for (const Node *v = a->next->next; v; v = v->next) {
      put(e, ", ");
      expr(e, v, P_LOWEST);
    }
    put(e, ")");
    return;
  }
  switch (id) {
  case BI_THREADIDX: case BI_BLOCKIDX: case BI_BLOCKDIM: case BI_GRIDDIM:
    put(e, bi->cuda);
    return;
  case BI_WARPSIZE:
    put(e, "warpSize");
    return;
  case BI_LANEID:
    e->uses_laneid = true;
    put(e, e->tg->laneid);
    return;
  case BI_SYNCTHREADS: put(e, "__syncthreads()"); return;
  case BI_THREADFENCE: put(e, "__threadfence()"); return;
  case BI_ACTIVEMASK: put(e, "__activemask()"); return;
  case BI_SYNCWARP: put(e, "__syncwarp("); break;
  case BI_BALLOT_SYNC: put(e, "__ballot_sync("); break;
  case BI_ALL_SYNC:
  case BI_ANY_SYNC:
    putf(e, "((bool)%s(", id == BI_ALL_SYNC ? "__all_sync" : "__any_sync");
    args_list(e, a);
    put(e, "))");
    return;
  case BI_POPC: case BI_CLZ: case BI_FFS: case BI_BREV: {
    static const char *const nm[] = {"__popc", "__clz", "__ffs", "__brev"};
    bool wide = a->ty->kind == TY_INT64 || a->ty->kind == TY_UINT64;
    putf(e, "%s%s(", nm[id - BI_POPC], wide ? "ll" : "");
    break;
  }
  case BI_MIN:
  case BI_MAX: {
    int nargs = ast_count(a);
    for (int i = 1; i < nargs; i++)
      helper_call(e, id == BI_MIN ? HK_MIN : HK_MAX, n->ty->kind);
    expr(e, a, P_LOWEST);
    for (const Node *v = a->next; v; v = v->next) {
      put(e, ", ");
      expr(e, v, P_LOWEST);
      put(e, ")");
    }
    return;
  }
  case BI_ABS: {
    TypeKind k = n->ty->kind;
    if (is_floatk(k)) {
      putf(e, "fabs%s(", k == TY_FLOAT64 ? "" : "f");
    } else if (is_unsignedk(k) || k == TY_BOOL) {
      expr(e, a, P_POSTFIX);
      return;
    } else
      helper_call(e, HK_ABS, k);
    break;
  }
  default:
    diag_plain(e->c, "internal error: builtin '%s' reached the emitter", bi->name);
    return;
  }
  args_list(e, a);
  put(e, ")");
}

static void emit_call(Emitter *e, const Node *n) {
  Spec *s = n->callee;
  putf(e, "%s(", s->cname);
  int i = 0;
  for (const Node *a = n->args; a; a = a->next, i++) {
    if (i)
      put(e, ", ");
    if (i < s->nparams)
      stored(e, s->ptypes[i], a);
    else
      expr(e, a, P_LOWEST);
  }
  put(e, ")");
}

static void emit_tuple(Emitter *e, const Node *n) {
  putf(e, "make_%s(", tuple_name(e, n->ty));
  int i = 0;
  for (const Node *a = n->args; a; a = a->next, i++) {
    if (i)
      put(e, ", ");
    stored(e, n->ty->items[i], a);
  }
  put(e, ")");
}

static void emit_array_attr(Emitter *e, const Node *n) {
  const char *name = n->name;
  if (n->ty->kind == TY_TUPLE) {
    putf(e, "make_%s(", tuple_name(e, n->ty));
    for (int d = 0; d < n->ty->nitems; d++) {
      if (d)
        put(e, ", ");
      expr(e, n->lhs, P_POSTFIX);
      putf(e, ".%s[%d]", name, d);
    }
    put(e, ")");
    return;
  }
  expr(e, n->lhs, P_POSTFIX);
  if (strcmp(name, "size") == 0 || n->ival < 0)
    put(e, ".size");
  else
    putf(e, ".%s[%lld]", name, (long long)n->ival);
}

/* The bare C text of n (its value in the computation type; float16 lvalues as __half). */
static void bare(Emitter *e, const Node *n) {
  switch (n->kind) {
  case IR_CONST: emit_const(e, n); return;
  case IR_VAR: put(e, n->var->cname); return;
  case IR_CAST: emit_cast(e, n); return;
  case IR_BINOP: emit_binop(e, n); return;
  case IR_UNARY: emit_unary(e, n); return;
  case IR_LOGIC: {
    if (logic_reduce(n)) {
      bare(e, logic_reduce(n));
      return;
    }
    int p = binop_table[n->op].prec;
    operand(e, n->lhs, p, false);
    putf(e, " %s ", binop_table[n->op].c);
    operand(e, n->rhs, p, true);
    return;
  }
  case IR_COMPARE: emit_compare(e, n); return;
  case IR_SELECT:
    expr(e, n->cond, P_OR);
    put(e, " ? ");
    expr(e, n->then, P_COND);
    put(e, " : ");
    expr(e, n->els, P_COND);
    return;
  case IR_INDEX: emit_index(e, n); return;
  case IR_ARRAY_ATTR: emit_array_attr(e, n); return;
  case IR_TUPLE: emit_tuple(e, n); return;
  case IR_TUPLE_GET:
    expr(e, n->lhs, P_POSTFIX);
    putf(e, ".f%lld", (long long)n->ival);
    return;
  case IR_BUILTIN: emit_builtin(e, n); return;
  case IR_CALL: emit_call(e, n); return;
  default:
    diag_plain(e->c, "internal error: IR kind %d in an expression", (int)n->kind);
  }
}

/* Writes n as an rvalue, parenthesised if it binds looser than prec. */
static void expr(Emitter *e, const Node *n, int prec) {
  if (noop_cast(n) && !(n->lhs->ty->kind == TY_FLOAT16 && yields_storage(e, n->lhs))) {
    expr(e, n->lhs, prec);
    return;
  }
  int p = prec_of(e, n);
  bool paren = p < prec;
  if (paren)
    put(e, "(");
  if (n->ty && n->ty->kind == TY_FLOAT16 && yields_storage(e, n)) {
    e->uses_half = true;
    put(e, "(float)");
    bare(e, n); /* a name, call, subscript or *(T *)(...): all bind tighter */
  } else
    bare(e, n);
  if (paren)
    put(e, ")");
}

/* A float16 value as a __half (for stores, atomics, shuffles). */
static void emit_storage_value(Emitter *e, const Node *n) {
  e->uses_half = true;
  if (yields_storage(e, n) && n->ty->kind == TY_FLOAT16) {
    bare(e, n);
    return;
  }

  put(e, "(__half)");
  expr(e, n, P_UNARY);
}

/* An lvalue (assignment target). */
static void lvalue(Emitter *e, const Node *n) {
  if (n->kind == IR_VAR)
    put(e, n->var->cname);
  else
    bare(e, n);
}

/* ---------------------------------------------------------------- statements */

static void line_directive(Emitter *e, const Node *n) {
  if (!(e->c->opt.line_info || e->tg->always_line_info) || !n->loc.line ||
      n->loc.line == e->line)
    return;
  e->line = n->loc.line;
  buf_printf(e->out, "#line %u \"%s\"\n", n->loc.line, e->c->src->name);
}

/* Is n free of side effects (safe to evaluate twice)? */
static bool pure(const Node *n) {
  if (!n)
    return true;
  switch (n->kind) {
  case IR_CONST: case IR_VAR:
    return true;
  case IR_CAST: case IR_UNARY: case IR_ARRAY_ATTR: case IR_TUPLE_GET:
    return pure(n->lhs);
  case IR_BINOP: case IR_LOGIC: case IR_COMPARE:
    return pure(n->lhs) && pure(n->rhs);
  case IR_INDEX:
    for (const Node *a = n->args; a; a = a->next)
      if (!pure(a))
        return false;
    return pure(n->lhs);
  case IR_BUILTIN:
    return n->bi->id >= BI_THREADIDX && n->bi->id <= BI_WARPSIZE && !n->args;
  default:
    return false;
  }
}

static const char *new_temp(Emitter *e, const Type *t) {
  const char *name = arena_printf(&e->c->arena, "_t%d", e->ntemps++);
  buf_printf(&e->temps, "  %s;\n", decl(e, t, name));
  return name;
}

static void emit_assign(Emitter *e, const Node *n) {
  indent(e);
  lvalue(e, n->lhs);
  put(e, " = ");
  if (n->lhs->ty->kind == TY_FLOAT16 && yields_storage(e, n->lhs))
    emit_storage_value(e, n->rhs);
  else
    stored(e, n->lhs->ty, n->rhs);
  put(e, ";\n");
}

/* `t op= v`: C's compound assignment when it computes exactly op in cty (same type, no
   Python-specific operator); otherwise t = (T)(t op v) with the address taken once. */
static void emit_augassign(Emitter *e, const Node *n) {
  const Node *t = n->lhs;
  TypeKind lk = t->ty->kind, ck = n->cty->kind;
  Node bin = {.kind = IR_BINOP, .loc = n->loc, .op = n->op, .ty = n->cty, .cty = n->cty,
              .rhs = n->rhs};
  Node cast = {.kind = IR_CAST, .loc = n->loc, .ty = n->cty};
  bool plain_op = n->op == OP_ADD || n->op == OP_SUB || n->op == OP_MUL ||
                  n->op == OP_BITAND || n->op == OP_BITOR || n->op == OP_BITXOR ||
                  (!e->tg->shift_helpers && (n->op == OP_LSHIFT || n->op == OP_RSHIFT)) ||
                  (n->op == OP_DIV && is_floatk(ck));
  if ((n->op == OP_FLOORDIV || n->op == OP_MOD) && is_intk(ck)) {
    Node probe = bin;
    probe.lhs = (Node *)t;
    plain_op = prec_of(e, &probe) == P_MUL; /* range facts allow C's / and % */
  }
  if (plain_op && lk == ck && !(lk == TY_FLOAT16 && yields_storage(e, t)) && lk != TY_BOOL) {
    indent(e);
    lvalue(e, t);
    putf(e, " %s= ", binop_table[n->op].c);
    expr(e, n->rhs, P_LOWEST);
    put(e, ";\n");
    return;
  }
  Node ref = *t;
  if (t->kind == IR_INDEX && !pure(t)) {
    /* evaluate the element's address once */
    const char *p = new_temp(e, ty_ptr(e->c, t->ty));
    indent(e);
    putf(e, "%s = ", p);
    address(e, t);
    put(e, ";\n");
    Var *v = arena_alloc(&e->c->arena, sizeof *v);
    v->name = v->cname = arena_printf(&e->c->arena, "(*%s)", p);
    v->ty = t->ty;
    ref = (Node){.kind = IR_VAR, .loc = t->loc, .ty = t->ty, .var = v};
  }
  if (lk == ck)
    bin.lhs = &ref;
  else {
    cast.lhs = &ref;
    bin.lhs = &cast;
  }
  Node res = bin;
  Node back = {.kind = IR_CAST, .loc = n->loc, .ty = t->ty, .lhs = &res};
  Node as = {.kind = IR_ASSIGN, .loc = n->loc, .lhs = &ref,
             .rhs = lk == ck ? &res : &back};
  emit_assign(e, &as);
}

/* Does the statement list assign var v (so a loop bound that reads it must be hoisted)? */
static bool assigns(const Node *n, const Var *v) {
  for (; n; n = n->next) {
    switch (n->kind) {
    case IR_ASSIGN: case IR_AUGASSIGN:
      if (n->lhs->kind == IR_VAR && n->lhs->var == v)
        return true;
      break;
    case IR_FOR:
      if (n->var == v)
        return true;
      break;
    default:
      break;
    }
    if (assigns(n->body, v) || assigns(n->then, v) || assigns(n->els, v))
      return true;
  }
  return false;
}

static bool invariant(const Node *x, const Node *body) {
  if (!x)
    return true;
  if (!pure(x))
    return false;
  if (x->kind == IR_VAR)
    return !assigns(body, x->var);
  for (const Node *a = x->args; a; a = a->next)
    if (!invariant(a, body))
      return false;
  return invariant(x->lhs, body) && invariant(x->rhs, body);
}

/* A loop bound: itself if invariant in the loop, else a temporary assigned before it. */
static const Node *hoist(Emitter *e, const Node *x, const Node *body) {
  if (invariant(x, body))
    return x;
  const char *t = new_temp(e, x->ty);
  indent(e);
  putf(e, "%s = ", t);
  expr(e, x, P_LOWEST);
  put(e, ";\n");
  Var *v = arena_alloc(&e->c->arena, sizeof *v);
  v->name = v->cname = t;
  v->ty = x->ty;
  v->is_temp = true;
  Node *r = arena_alloc(&e->c->arena, sizeof *r);
  *r = (Node){.kind = IR_VAR, .loc = x->loc, .ty = x->ty, .var = v};
  return r;
}

/* Does the tree read var v (anywhere except inside the subtree skip)? */
static bool reads(const Node *n, const Var *v, const Node *skip) {
  for (; n; n = n->next) {
    if (n == skip)
      continue;
    if (n->kind == IR_VAR && n->var == v)
      return true;
    if (n->kind == IR_ASSIGN && n->lhs->kind == IR_VAR) {
      if (reads(n->rhs, v, skip))
        return true;
      continue;
    }
    if (reads(n->lhs, v, skip) || reads(n->rhs, v, skip) || reads(n->cond, v, skip) ||
        reads(n->then, v, skip) || reads(n->els, v, skip) || reads(n->body, v, skip) ||
        reads(n->args, v, skip))
      return true;
  }
  return false;
}

/* for v in range(...): C's `for (v = start; v < stop; v += step)` when that is the same
   program; when the body assigns v or v is read outside the loop, a hidden counter runs
   the loop and v = counter starts each iteration (as cupyx does), so that v keeps its
   last iterated value and assigning it does not change the iteration (Python). */
static void emit_for(Emitter *e, const Node *n) {
  const char *v = n->var->cname;
  bool hidden = assigns(n->body, n->var) || reads(e->spec->body, n->var, n);
  if (hidden)
    v = new_temp(e, n->var->ty);
  const Node *stop = hoist(e, n->rhs, n->body);
  const Node *step = n->cond;
  int sign = n->stepsign ? n->stepsign : range_positive(step) ? 1 : 0;
  bool one = step->kind == IR_CONST && step->ival == 1 && sign > 0;
  if (n->stepsign == 0)
    step = hoist(e, step, n->body);
  e->tg->unroll(e, e->out, n->unroll);
  indent(e);
  putf(e, "for (%s = ", v);
  expr(e, n->lhs, P_LOWEST);
  putf(e, "; ");
  if (sign > 0) {
    putf(e, "%s < ", v);
    expr(e, stop, P_REL + 1);
  } else if (sign < 0) {
    putf(e, "%s > ", v);
    expr(e, stop, P_REL + 1);
  } else {
    expr(e, step, P_REL + 1);
    putf(e, " >= 0 ? %s < ", v);
    expr(e, stop, P_REL + 1);
    putf(e, " : %s > ", v);
    expr(e, stop, P_REL + 1);
  }
  if (one)
    putf(e, "; %s++) {\n", v);
  else if (const_negative(step) && !is_floatk(step->ty->kind)) {
    putf(e, "; %s -= %lld) {\n", v, -(long long)step->ival);
  } else {
    putf(e, "; %s += ", v);
    expr(e, step, P_LOWEST);
    put(e, ") {\n");
  }
  if (hidden) {
    e->indent++;
    indent(e);
    putf(e, "%s = %s;\n", n->var->cname, v);
    e->indent--;
  }
  block(e, n->body);
  indent(e);
  put(e, "}\n");
}

static void emit_if(Emitter *e, const Node *n, bool chained) {
  if (!chained)
    indent(e);
  put(e, "if (");
  expr(e, n->cond, P_LOWEST);
  put(e, ") {\n");
  block(e, n->then);
  indent(e);
  const Node *els = n->els;
  if (els && els->kind == IR_BLOCK && els->body && !els->body->next &&
      els->body->kind == IR_IF && !e->c->opt.line_info)
    els = els->body;
  if (!els || (els->kind == IR_BLOCK && !els->body)) {
    put(e, "}\n");
  } else if (els->kind == IR_IF && !e->c->opt.line_info) {
    put(e, "} else ");
    emit_if(e, els, true);
  } else {
    put(e, "} else {\n");
    block(e, els);
    indent(e);
    put(e, "}\n");
  }
}

/* printf arguments: floats as double, bool as Python spells it (sema's format has %s). */
static void print_arg(Emitter *e, const Node *a) {
  TypeKind k = a->ty->kind;
  if (k == TY_FLOAT32 || k == TY_FLOAT16) {
    put(e, "(double)");
    expr(e, a, P_UNARY);
  } else if (k == TY_BOOL) {
    expr(e, a, P_OR);
    put(e, " ? \"True\" : \"False\"");
  } else
    expr(e, a, P_LOWEST);
}

/* A C string literal's body for text (quotes and backslashes escaped). */
static void c_string(Emitter *e, const char *s) {
  for (; *s; s++) {
    if (*s == '"' || *s == '\\')
      putf(e, "\\%c", *s);
    else if (*s == '\n')
      put(e, "\\n");
    else if (*s == '%')
      put(e, "%%");
    else
      buf_putc(e->out, *s);
  }
}

static void emit_assert(Emitter *e, const Node *n) {
  indent(e);
  if (e->tg->assert_fn) {
    putf(e, "%s(", e->tg->assert_fn);
    expr(e, n->cond, P_LOWEST);
    putf(e, ", %s);\n", n->str ? n->str : "NULL");
    return;
  }
  put(e, "if (!(");
  expr(e, n->cond, P_LOWEST);
  put(e, ")) {\n");
  e->indent++;
  indent(e);
  put(e, "printf(\"");
  c_string(e, e->c->src->name);
  putf(e, ":%u: assertion failed", n->loc.line);
  if (n->str)
    putf(e, ": %%s\\n\", %s);\n", n->str); /* n->str is C string literal text */
  else
    put(e, "\\n\");\n");
  indent(e);
  put(e, "__trap();\n");
  e->indent--;
  indent(e);
  put(e, "}\n");
}

static void emit_print(Emitter *e, const Node *n) {
  indent(e);
  put(e, "printf(");
  put(e, n->str);
  for (const Node *a = n->args; a; a = a->next) {
    put(e, ", ");
    print_arg(e, a);
  }
  put(e, ");\n");
}

static void stmt(Emitter *e, const Node *n) {
  if (n->kind != IR_BLOCK && n->kind != IR_SHARED && n->kind != IR_LOCALMEM)
    line_directive(e, n);
  switch (n->kind) {
  case IR_BLOCK:
    for (const Node *s = n->body; s; s = s->next)
      stmt(e, s);
    return;
  case IR_ASSIGN: emit_assign(e, n); return;
  case IR_AUGASSIGN: emit_augassign(e, n); return;
  case IR_IF: emit_if(e, n, false); return;
  case IR_WHILE:
    indent(e);
    put(e, "while (");
    expr(e, n->cond, P_LOWEST);
    put(e, ") {\n");
    block(e, n->body);
    indent(e);
    put(e, "}\n");
    return;
  case IR_FOR: emit_for(e, n); return;
  case IR_BREAK: indent(e); put(e, "break;\n"); return;
  case IR_CONTINUE: indent(e); put(e, "continue;\n"); return;
  case IR_RETURN:
    indent(e);
    if (n->lhs) {
      put(e, "return ");
      stored(e, e->spec->ret, n->lhs);
      put(e, ";\n");
    } else
      put(e, "return;\n");
    return;
  case IR_EXPR:
    indent(e);
    expr(e, n->lhs, P_LOWEST);
    put(e, ";\n");
    return;
  case IR_ASSERT: emit_assert(e, n); return;
  case IR_PRINT: emit_print(e, n); return;
  case IR_SHARED:
  case IR_LOCALMEM:
    return; /* declared at the top of the function under the variable's name */
  default:
    diag_plain(e->c, "internal error: IR kind %d as a statement", (int)n->kind);
  }
}

static void block(Emitter *e, const Node *n) {
  e->indent++;
  if (n && n->kind == IR_BLOCK)
    for (const Node *s = n->body; s; s = s->next)
      stmt(e, s);
  else if (n)
    for (const Node *s = n; s; s = s->next)
      stmt(e, s);
  e->indent--;
}

/* ---------------------------------------------------------------- functions */

typedef struct MemDecl {
  const Node *n;                 /* IR_SHARED / IR_LOCALMEM */
  struct MemDecl *next;
} MemDecl;

static void find_mem(Emitter *e, const Node *n, MemDecl **list) {
  for (; n; n = n->next) {
    if (n->kind == IR_SHARED || n->kind == IR_LOCALMEM) {
      MemDecl *m = arena_alloc(&e->c->arena, sizeof *m);
      m->n = n;
      MemDecl **p = list;
      while (*p)
        p = &(*p)->next;
      *p = m;
    }
    find_mem(e, n->body, list);
    find_mem(e, n->then, list);
    find_mem(e, n->els, list);
  }
}

static void signature(Emitter *e, Buf *out, const Spec *s, bool kernel) {
  if (kernel)
    buf_printf(out, "%s %s(", e->tg->kernel_qual, s->cname);
  else
    buf_printf(out, "%s %s(", e->tg->device_qual, decl(e, s->ret, s->cname));
  for (int i = 0; i < s->nparams; i++)
    buf_printf(out, "%s%s", i ? ", " : "",
               kernel && s->ptypes[i]->kind == TY_FLOAT16
                   ? arena_printf(&e->c->arena, "%s %s", emit_ctype(e, s->ptypes[i]),
                                  s->params[i]->cname)
                   : decl(e, s->ptypes[i], s->params[i]->cname));
  buf_puts(out, ")");
}

static void emit_function(Emitter *e, Buf *out, Spec *s) {
  bool kernel = s->fn->is_kernel;
  e->spec = s;
  e->ntemps = 0;
  for (Var *v = s->locals; v; v = v->next) { /* number after sema's own _tN */
    int k;
    if (v->cname && sscanf(v->cname, "_t%d", &k) == 1 && k >= e->ntemps)
      e->ntemps = k + 1;
  }
  e->line = 0;
  buf_free(&e->temps);
  range_analyse(e->c, s);

  Buf body = {0};
  e->out = &body;
  e->indent = 0;
  block(e, s->body);

  signature(e, out, s, kernel);
  buf_puts(out, " {\n");
  /* shared and local memory, then locals in first-assignment order, then temporaries */
  MemDecl *mem = NULL;
  find_mem(e, s->body, &mem);
  for (MemDecl *m = mem; m; m = m->next) {
    const Node *n = m->n;
    const char *ct = emit_ctype(e, n->var->ty->elem);
    buf_puts(out, "  ");
    if (n->kind == IR_SHARED)
      e->tg->shared_decl(e, out, ct, n->var->cname, n->ival, n->align);
    else
      buf_printf(out, "%s %s[%lld];\n", ct, n->var->cname, (long long)n->ival);
  }
  for (Var *v = s->locals; v; v = v->next) {
    bool is_mem = false;
    for (MemDecl *m = mem; m; m = m->next)
      is_mem |= m->n->var == v;
    if (!is_mem)
      buf_printf(out, "  %s;\n", decl(e, v->ty, v->cname));
  }
  if (e->temps.len)
    buf_putn(out, e->temps.data, e->temps.len);
  if (body.len)
    buf_putn(out, body.data, body.len);
  buf_puts(out, "}\n");
  buf_free(&body);
  if (kernel && e->tg->after_kernel)
    e->tg->after_kernel(e, out, s);
}

/* ---------------------------------------------------------------- helpers' text */

/* Writes helper h for type k. T is the C type, N the dtype name. */
static void helper_text(Emitter *e, Buf *o, HelperKind h, TypeKind k) {
  const char *T = dtype_info[k].ctype, *N = dtype_info[k].name, *Q = e->tg->helper_qual;
  const char *f = k == TY_FLOAT64 ? "" : "f";
  bool fl = is_floatk(k), sg = ty_is_signed(ty_scalar(k)) && !fl;
  const char *nan = fl ? e->tg->nan(k == TY_FLOAT64 ? TY_FLOAT64 : TY_FLOAT32) : "";
  /* y == -1 guards: x86 traps on INT_MIN / -1; the GPU gives INT_MIN (q) and 0 (r). */
  const char *qexpr = sg && e->tg->div_minus1_guard ? "y == -1 ? -x : x / y" : "x / y";
  switch (h) {
  case HK_FLOORDIV:
    if (sg)
      buf_printf(o, "%s %s py_floordiv_%s(%s x, %s y) {\n"
                    "  if (y == 0) return 0;\n"
                    "  %s q = %s;\n"
                    "  return q - (((x < 0) != (y < 0)) && q * y != x);\n}\n",
                 Q, T, N, T, T, T, qexpr);
    else
      buf_printf(o, "%s %s py_floordiv_%s(%s x, %s y) { return y == 0 ? 0 : x / y; }\n",
                 Q, T, N, T, T);
    return;
  case HK_MOD:
    if (fl)
      buf_printf(o, "%s %s py_mod_%s(%s x, %s y) { return x - floor%s(x / y) * y; }\n",
                 Q, T, N, T, T, f);
    else if (sg)
      buf_printf(o, "%s %s py_mod_%s(%s x, %s y) {\n"
                    "  if (y == 0%s) return 0;\n"
                    "  %s r = x %% y;\n"
                    "  return r != 0 && ((r < 0) != (y < 0)) ? r + y : r;\n}\n",
                 Q, T, N, T, T, e->tg->div_minus1_guard ? " || y == -1" : "", T);
    else
      buf_printf(o, "%s %s py_mod_%s(%s x, %s y) { return y == 0 ? 0 : x %% y; }\n",
                 Q, T, N, T, T);
    return;
  case HK_DIVZ:
    buf_printf(o, "%s %s py_div_%s(%s x, %s y) { return y == 0 ? 0 : x / y; }\n",
               Q, T, N, T, T);
    return;
  case HK_MODZ:
    buf_printf(o, "%s %s py_rem_%s(%s x, %s y) { return y == 0 ? 0 : x %% y; }\n",
               Q, T, N, T, T);
    return;
  case HK_POW: {
    const char *V = value_ctype(k);
    /* CuPy's integral_power<T> (same loop, same wrap-around in T) */
    buf_printf(o, "%s %s py_pow_%s(%s x, %s y) {\n", Q, V, N, T, T);
    if (sg)
      buf_printf(o, "  if (y < 0) return x == -1 ? ((y & 1) ? -1 : 1) : x == 1;\n");
    buf_printf(o, "  %s r = 1;\n"
                  "  while (y > 0) {\n"
                  "    if (y & 1) r = (%s)(r * x);\n"
                  "    x = (%s)(x * x);\n"
                  "    y >>= 1;\n"
                  "  }\n"
                  "  return r;\n}\n", T, T, T);
    return;
  }
  case HK_MIN:
  case HK_MAX: {
    const char *nm = h == HK_MIN ? "min" : "max", *cmp = h == HK_MIN ? "<" : ">";
    if (fl)
      buf_printf(o, "%s %s py_%s_%s(%s x, %s y) {\n"
                    "  return (isnan(x) || isnan(y)) ? %s : f%s%s(x, y);\n}\n",
                 Q, T, nm, N, T, T, nan, nm, f);
    else
      buf_printf(o, "%s %s py_%s_%s(%s x, %s y) { return x %s y ? x : y; }\n",
                 Q, T, nm, N, T, T, cmp);
    return;
  }
  case HK_FMIN:
  case HK_FMAX:
    buf_printf(o, "%s %s py_%s_%s(%s x, %s y) { return x %s y ? x : y; }\n", Q, T,
               h == HK_FMIN ? "fmin" : "fmax", N, T, T, h == HK_FMIN ? "<" : ">");
    return;
  case HK_ABS:
    buf_printf(o, "%s %s py_abs_%s(%s x) { return x > 0 ? x : -x; }\n", Q, T, N, T);
    return;
  case HK_SIGN:
    if (fl)
      buf_printf(o, "%s %s py_sign_%s(%s x) { return isnan(x) ? x : (%s)((x > 0) - (x < 0)); }\n",
                 Q, T, N, T, T);
    else if (sg)
      buf_printf(o, "%s %s py_sign_%s(%s x) { return (x > 0) - (x < 0); }\n", Q, T, N, T);
    else
      buf_printf(o, "%s %s py_sign_%s(%s x) { return x > 0; }\n", Q, T, N, T);
    return;
  case HK_SQUARE:
    buf_printf(o, "%s %s py_square_%s(%s x) { return x * x; }\n", Q, T, N, T);
    return;
  case HK_RECIP:
    buf_printf(o, "%s %s py_reciprocal_%s(%s x) { return x == 0 ? 0 : 1 / x; }\n", Q, T, N, T);
    return;
  case HK_FMOD:
    buf_printf(o, "%s %s py_fmod_%s(%s x, %s y) { return y == 0%s ? 0 : x %% y; }\n", Q, T, N,
               T, T, sg && e->tg->div_minus1_guard ? " || y == -1" : "");
    return;
  case HK_CMP64:
    buf_printf(o, "%s int py_cmp_%s(long long x, unsigned long long y) {\n"
                  "  return x < 0 ? -1 : (unsigned long long)x < y ? -1 : (unsigned long long)x > y;\n}\n",
               Q, N);
    return;
  case HK_SHL:
  case HK_SHR: {
    /* PTX shl/shr clamp the count: >= width gives 0 (or the sign for signed >>) */
    int bits = dtype_info[k].size * 8;
    if (h == HK_SHL)
      buf_printf(o, "%s %s py_shl_%s(%s x, %s y) { return (unsigned long long)y >= %d ? 0 : "
                    "(%s)((unsigned %s)x << y); }\n",
                 Q, T, N, T, T, bits, T, bits == 64 ? "long long" : "int");
    else if (sg)
      buf_printf(o, "%s %s py_shr_%s(%s x, %s y) { return x >> ((unsigned long long)y >= %d ? "
                    "%d : y); }\n", Q, T, N, T, T, bits, bits - 1);
    else
      buf_printf(o, "%s %s py_shr_%s(%s x, %s y) { return (unsigned long long)y >= %d ? 0 : "
                    "x >> y; }\n", Q, T, N, T, T, bits);
    return;
  }
  default:
    return;
  }
}

/* Array structs (CuPy CArray layout), their view helpers, and tuple structs. */
static void emit_structs(Emitter *e, Buf *o) {
  for (int k = 0; k < TY_NSCALAR; k++)
    for (int d = 0; d <= EMIT_MAXDIM; d++) {
      if (!(e->array_used[k][d] & 1))
        continue;
      const char *T = dtype_info[k].ctype, *S = emit_array_struct(k, d);
      if (d == 0)
        buf_printf(o, "typedef struct { %s *data; long long size; } %s;\n", T, S);
      else
        buf_printf(o, "typedef struct { %s *data; long long size; long long shape[%d]; "
                      "long long strides[%d]; } %s;\n", T, d, d, S);
    }
  for (int k = 0; k < TY_NSCALAR; k++)
    for (int d = 1; d <= EMIT_MAXDIM; d++) {
      if (!(e->array_used[k][d] & 2))
        continue;
      const char *S = emit_array_struct(k, d), *R = emit_array_struct(k, d - 1);
      /* x[i] of an N-d array: the (N-1)-d array at byte offset i * strides[0] */
      buf_printf(o, "%s %s view_%s_%d(%s a, long long i) {\n  %s r;\n"
                    "  r.data = (%s *)((char *)a.data + i * a.strides[0]);\n",
                 e->tg->helper_qual, R, dtype_info[k].name, d, S, R, dtype_info[k].ctype);
      buf_printf(o, "  r.size = %s;\n", d == 1 ? "1" : "a.shape[0] ? a.size / a.shape[0] : 0");
      if (d > 1) {
        buf_printf(o, "  for (int k = 1; k < %d; k++) {\n"
                      "    r.shape[k - 1] = a.shape[k];\n"
                      "    r.strides[k - 1] = a.strides[k];\n  }\n", d);
      }
      buf_puts(o, "  return r;\n}\n");
    }
  for (int i = 0; i < e->ntuples; i++) {
    const Type *t = e->tuples[i];
    const char *name = tuple_name(e, t);
    buf_puts(o, "typedef struct {");
    for (int j = 0; j < t->nitems; j++)
      buf_printf(o, " %s;", decl(e, t->items[j], arena_printf(&e->c->arena, "f%d", j)));
    buf_printf(o, " } %s;\n", name);
    buf_printf(o, "%s %s make_%s(", e->tg->helper_qual, name, name);
    for (int j = 0; j < t->nitems; j++)
      buf_printf(o, "%s%s", j ? ", " : "", decl(e, t->items[j], arena_printf(&e->c->arena, "f%d", j)));
    buf_printf(o, ") {\n  %s r;\n", name);
    for (int j = 0; j < t->nitems; j++)
      buf_printf(o, "  r.f%d = f%d;\n", j, j);
    buf_puts(o, "  return r;\n}\n");
  }
}

static bool any_helper(const Emitter *e) {
  for (int h = 0; h < HK_COUNT; h++)
    for (int k = 0; k < TY_NSCALAR; k++)
      if (e->helper_used[h][k])
        return true;
  return false;
}

char *emit_program(Ctx *c, Program *p, Target t) {
  Emitter e = {.c = c, .prog = p, .tg = t == TARGET_CUDA ? &emit_cuda_target : &emit_c_target};
  Buf funcs = {0};
  for (int i = 0; i < p->nemit; i++) {
    if (i)
      buf_putc(&funcs, '\n');
    emit_function(&e, &funcs, p->emit_order[i]);
  }
  /* the view helpers' result structs */
  for (int k = 0; k < TY_NSCALAR; k++)
    for (int d = 1; d <= EMIT_MAXDIM; d++)
      if (e.array_used[k][d] & 2)
        e.array_used[k][d - 1] |= 1;

  Buf out = {0};
  const char *base = strrchr(c->src->name, '/');
  buf_printf(&out, "// Generated by pykc %s from %s. Do not edit.\n", PYKC_VERSION,
             base ? base + 1 : c->src->name);
  for (int i = 0; i < p->nkernels; i++) {
    Spec *s = p->kernels[i];
    if (strcmp(s->cname, s->fn->name) == 0)
      continue;
    buf_printf(&out, "// %s(", s->fn->name);
    for (int j = 0; j < s->nparams; j++)
      buf_printf(&out, "%s%s", j ? ", " : "", ty_str(c, s->ptypes[j]));
    buf_printf(&out, ") -> %s\n", s->cname);
  }
  Buf structs = {0};
  emit_structs(&e, &structs);
  Buf helpers = {0};
  for (int h = 0; h < HK_COUNT; h++)
    for (int k = 0; k < TY_NSCALAR; k++)
      if (e.helper_used[h][k])
        helper_text(&e, &helpers, h, k);
  e.tg->preamble(&e, &out);
  if (structs.len) {
    buf_putc(&out, '\n');
    buf_putn(&out, structs.data, structs.len);
  }
  if (any_helper(&e)) {
    buf_putc(&out, '\n');
    buf_putn(&out, helpers.data, helpers.len);
  }
  buf_putc(&out, '\n');
  if (funcs.len)
    buf_putn(&out, funcs.data, funcs.len);
  buf_free(&funcs);
  buf_free(&structs);
  buf_free(&helpers);
  buf_free(&e.temps);
  return buf_detach(&out);
}
