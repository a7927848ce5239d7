/*
 * fuse_host.c: the host Python of a @cupy.fuse body, evaluated when the function is
 * traced, as CuPy evaluates it (fuse.h).
 *
 * CuPy's fuse runs the function's Python with proxies for its arguments
 * (cupy/_core/fusion.pyx's _FusionVarArray / _FusionVarScalar; when that trace raises,
 * new_fusion's _ArrayProxy / _ScalarProxy, _fusion_interface.py). So what does not
 * depend on the arrays' contents is plain Python at trace time:
 *   x.ndim          the argument's ndim (old fusion: -1 for a scalar argument)
 *   x.dtype         a dtype; its .kind, .char, .name, .itemsize
 *   isinstance(x, T)  false for a traced value and any of numpy's or cupy's ndarray, the
 *                   Python number types, numbers.Number, the numpy scalar classes
 *                   (the proxies are none of them); true for `object`
 *   comparisons, `and`, `or`, `not` of those and of constants; `in` of strings
 * and an `if` or a conditional expression on them takes one branch. What the proxies
 * refuse is refused with CuPy's message: x.shape (NotImplementedError), len(x)
 * (TypeError), x.size (AttributeError); a condition on a traced value has no truth value.
 */
#include "fuse.h"

#include <string.h>

/* A host value: a constant (cn), a dtype, a string, or none of them (not evaluable). */
typedef enum { HV_NO, HV_CONST, HV_DTYPE, HV_STR, HV_TRACED, HV_BAD, HV_NONE } HKind;
typedef struct HVal {
  HKind kind;
  TVal v;                                          /* HV_CONST, HV_DTYPE, HV_TRACED */
  const char *s;                                   /* HV_STR */
} HVal;

static HVal hv_const(Node *n) {
  TVal v = {.dt = n->ty->kind, .ndim = -1, .cn = n};
  return (HVal){.kind = HV_CONST, .v = v};
}
static HVal hv_bool(Fuse *F, Loc loc, bool b) { return hv_const(sema_py_bool(F->S, loc, b)); }
static HVal hv_int(Fuse *F, Loc loc, long long i) { return hv_const(sema_py_int(F->S, loc, i)); }
static HVal hv_str(const char *s) { return (HVal){.kind = HV_STR, .s = s}; }
static HVal hv_bad(void) { return (HVal){.kind = HV_BAD}; }


/* The text of a plain string literal ('f', "fc"), or NULL. */
static const char *str_literal(Fuse *F, const Node *e) {
  size_t n = strlen(e->str);
  if (n < 2 || (e->str[0] != '\'' && e->str[0] != '"') || e->str[n - 1] != e->str[0] ||
      memchr(e->str + 1, '\\', n - 2))
    return NULL;
  return arena_strndup(&F->c->arena, e->str + 1, n - 2);
}

static HVal host(Fuse *F, Node *e);

static HVal attr(Fuse *F, Node *e) {
  HVal b = host(F, e->lhs);
  const char *a = e->name;
  if (b.kind == HV_TRACED && !b.v.c && (!strcmp(a, "dtype") || !strcmp(a, "ndim"))) {
    b.v = fuse_expr(F, e->lhs);                    /* (x + y).dtype: the traced value's */
    if (b.v.bad)
      return hv_bad();
  }
  if (b.kind == HV_TRACED) {
    if (!strcmp(a, "ndim")) {
      F->reads_ndim |= b.v.ndim >= 0;
      return hv_int(F, e->loc, b.v.ndim);
    }
    if (!strcmp(a, "dtype"))
      return (HVal){.kind = HV_DTYPE, .v = {.dt = b.v.dt, .ndim = -1, .is_dtype = true}};
    if (!strcmp(a, "shape")) {
      diag_error(F->c, e->loc, "`shape` is not supported, currently. (NotImplementedError "
                 "in cupy.fuse: a traced array's shape is not known when it is traced)");
      return hv_bad();
    }
    if (!strcmp(a, "size")) {
      diag_error(F->c, e->loc, "'_ArrayProxy' object has no attribute 'size' (in cupy.fuse)");
      return hv_bad();
    }
    return (HVal){.kind = HV_NO};
  }
  if (b.kind != HV_DTYPE)
    return (HVal){.kind = b.kind == HV_BAD ? HV_BAD : HV_NO};
  TypeKind k = b.v.dt;
  if (!strcmp(a, "kind"))
    return hv_str(arena_strndup(&F->c->arena, &dtype_info[k].npy_kind, 1));
  if (!strcmp(a, "char"))
    return hv_str(arena_strndup(&F->c->arena, (char[]){type_char(k), 0}, 1));
  if (!strcmp(a, "name"))
    return hv_str(fuse_dtype_name(k));
  if (!strcmp(a, "itemsize"))
    return hv_int(F, e->loc, dtype_info[k].size);
  return (HVal){.kind = HV_NO};
}

/* The classes isinstance() knows, and which constants are their instances: W the
   constant's kind (PY_NONE: a numpy scalar), K its dtype. A traced value (a proxy), a
   dtype and a str are instances of none but object. */
static bool is_none(int w, TypeKind k) { return (void)w, (void)k, false; }
static bool is_any(int w, TypeKind k) { return (void)w, (void)k, true; }
static bool is_int(int w, TypeKind k) { return (void)k, w == PY_INT || w == PY_BOOL; }
static bool is_float(int w, TypeKind k) { return (void)k, w == PY_FLOAT; }
static bool is_complex(int w, TypeKind k) { return (void)k, w == PY_COMPLEX; }
static bool is_bool(int w, TypeKind k) { return (void)k, w == PY_BOOL; }
static bool is_generic(int w, TypeKind k) { return (void)k, w == PY_NONE; }
static bool is_np_int(int w, TypeKind k) { return w == PY_NONE && type_is_int(k); }
static bool is_np_float(int w, TypeKind k) { return w == PY_NONE && type_is_float(k); }
static bool is_np_inexact(int w, TypeKind k) {
  return w == PY_NONE && (type_is_float(k) || type_is_complex(k));
}
static bool is_np_complex(int w, TypeKind k) { return w == PY_NONE && type_is_complex(k); }
static bool is_np_signed(int w, TypeKind k) { return is_np_int(w, k) && !type_is_unsigned(k); }
static bool is_np_unsigned(int w, TypeKind k) { return w == PY_NONE && type_is_unsigned(k); }

static const struct {
  const char *name;                                /* the class's last name component */
  bool (*is)(int w, TypeKind k);
} classes[] = {
    {"object", is_any},          {"ndarray", is_none},          {"int", is_int},
    {"float", is_float},         {"complex", is_complex},       {"bool", is_bool},
    {"Number", is_any},          {"generic", is_generic},       {"number", is_generic},
    {"integer", is_np_int},      {"floating", is_np_float},     {"inexact", is_np_inexact},
    {"complexfloating", is_np_complex}, {"signedinteger", is_np_signed},
    {"unsignedinteger", is_np_unsigned},
};

/* isinstance(V, CLS) for one class CLS: 1, 0, or -1 when pykc does not know the class. */
static int instance_of(const HVal *v, const Node *cls) {
  const char *n = cls->kind == ND_NAME || cls->kind == ND_ATTR ? cls->name : NULL;
  for (size_t i = 0; n && i < sizeof classes / sizeof *classes; i++) {
    if (strcmp(n, classes[i].name))
      continue;
    if (v->kind != HV_CONST)                       /* a proxy, a dtype or a str */
      return classes[i].is == is_any;
    const Node *c = v->v.cn;
    TypeKind k = c->ty->kind;
    int w = c->weak ? (int)type_py_kind(k) : PY_NONE;
    return classes[i].is(w, k);
  }
  return -1;
}

static HVal call(Fuse *F, Node *e) {
  Node *fn = e->lhs, *a0 = e->args, *a1 = a0 ? a0->next : NULL;
  const char *name = fn->kind == ND_NAME && !sema_lookup_sym(F->S, fn->name) ? fn->name : NULL;
  if (name && !strcmp(name, "len") && a0 && !a1) {
    HVal v = host(F, a0);
    if (v.kind == HV_TRACED) {
      diag_error(F->c, e->loc, "object of type '_ArrayProxy' has no len() (in cupy.fuse)");
      return hv_bad();
    }
    if (v.kind == HV_STR)
      return hv_int(F, e->loc, (long long)strlen(v.s));
    return (HVal){.kind = v.kind == HV_BAD ? HV_BAD : HV_NO};
  }
  if (!name || strcmp(name, "isinstance") || !a0 || !a1 || a1->next)
    return (HVal){.kind = HV_NO};
  HVal v = host(F, a0);
  if (v.kind == HV_BAD || v.kind == HV_NO)
    return v;
  int r = 0;
  const Node *one = a1->kind == ND_TUPLE ? a1->args : a1;
  for (; one; one = a1->kind == ND_TUPLE ? one->next : NULL) {
    int k = instance_of(&v, one);
    if (k < 0) {
      diag_error(F->c, one->loc, "pykc cannot evaluate isinstance() with this class when it "
                 "traces the fuse function (it knows ndarray, the Python and numpy number "
                 "types, numbers.Number and object)");
      return hv_bad();
    }
    r |= k;
  }
  return hv_bool(F, e->loc, r);
}

static bool truth(const HVal *v) {
  return v->kind == HV_CONST ? sema_const_truth(v->v.cn) : v->kind == HV_STR ? v->s[0] != 0
                                                                              : v->kind != HV_NONE;
}

/* Is it a value host Python has (not a traced one)? */
static bool is_host(const HVal *v) {
  return v->kind == HV_CONST || v->kind == HV_DTYPE || v->kind == HV_STR || v->kind == HV_NONE;
}

/* a OP b of two host values: 1, 0, or -1 when Python would not compare them so */
static int compare(const HVal *a, const HVal *b, Op op) {
  if ((a->kind == HV_NONE || b->kind == HV_NONE) &&  /* x is None: only None is */
      (op == OP_IS || op == OP_ISNOT || op == OP_EQ || op == OP_NE))
    return (a->kind == b->kind) == (op == OP_IS || op == OP_EQ);
  if (a->kind == HV_CONST && b->kind == HV_CONST) {
    double x = sema_const_f64(a->v.cn), y = sema_const_f64(b->v.cn);
    if (sema_is_cconst(a->v.cn) || sema_is_cconst(b->v.cn)) {
      if (op != OP_EQ && op != OP_NE)
        return -1;
      bool eq = x == y && (sema_is_cconst(a->v.cn) ? a->v.cn->fimag : 0) ==
                              (sema_is_cconst(b->v.cn) ? b->v.cn->fimag : 0);
      return op == OP_EQ ? eq : !eq;
    }
    if (!sema_is_fconst(a->v.cn) && !sema_is_fconst(b->v.cn)) {  /* exact integers */
      __int128 i = sema_const_i128(a->v.cn), j = sema_const_i128(b->v.cn);
      x = i < j ? -1 : i > j ? 1 : 0, y = 0;
    }
    switch (op) {
    case OP_EQ: return x == y;
    case OP_NE: return x != y;
    case OP_LT: return x < y;
    case OP_LE: return x <= y;
    case OP_GT: return x > y;
    case OP_GE: return x >= y;
    default: return -1;
    }
  }
  if (a->kind == HV_DTYPE && b->kind == HV_DTYPE && (op == OP_EQ || op == OP_NE))
    return (a->v.dt == b->v.dt) == (op == OP_EQ);
  if ((op == OP_EQ || op == OP_NE) && ((a->kind == HV_DTYPE && b->kind == HV_STR) ||
                                       (a->kind == HV_STR && b->kind == HV_DTYPE))) {
    const HVal *d = a->kind == HV_DTYPE ? a : b, *t = a->kind == HV_STR ? a : b;
    int k = ty_parse_dtype(t->s, strlen(t->s));    /* NumPy: dtype == np.dtype(str), */
    return (k == (int)d->v.dt) == (op == OP_EQ);   /* False for no dtype's name */
  }
  if (a->kind == HV_STR && b->kind == HV_STR) {
    int c = strcmp(a->s, b->s);
    switch (op) {
    case OP_EQ: return c == 0;
    case OP_NE: return c != 0;
    case OP_IN: return strstr(b->s, a->s) != NULL;
    case OP_NOTIN: return strstr(b->s, a->s) == NULL;
    default: return -1;
    }
  }
  if ((op == OP_EQ || op == OP_NE) && a->kind != b->kind)  /* a dtype is no number */
    return op == OP_NE;
  return -1;
}

/* a OP b of two Python ints (x.ndim - 1, 2 * x.dtype.itemsize): Python's floor // and
   %; HV_NO for anything else (the trace computes it) */
static HVal arith(Fuse *F, Node *e) {
  HVal a = host(F, e->lhs), b = host(F, e->rhs);
  if (a.kind == HV_BAD || b.kind == HV_BAD)
    return hv_bad();
  if (a.kind != HV_CONST || b.kind != HV_CONST || !a.v.cn->weak || !b.v.cn->weak ||
      !(type_is_int(a.v.cn->ty->kind) || a.v.cn->ty->kind == TY_BOOL) ||
      !(type_is_int(b.v.cn->ty->kind) || b.v.cn->ty->kind == TY_BOOL))
    return (HVal){.kind = a.kind == HV_TRACED || b.kind == HV_TRACED ? HV_TRACED : HV_NO};
  __int128 x = sema_const_i128(a.v.cn), y = sema_const_i128(b.v.cn), r;
  switch (e->op) {
  case OP_ADD: r = x + y; break;
  case OP_SUB: r = x - y; break;
  case OP_MUL: r = x * y; break;
  case OP_FLOORDIV:
  case OP_MOD:
    if (y == 0) {
      diag_error(F->c, e->loc, "integer division or modulo by zero");
      return hv_bad();
    }
    r = x / y - ((x % y != 0) && ((x < 0) != (y < 0)));
    if (e->op == OP_MOD)
      r = x - r * y;
    break;
  default:
    return (HVal){.kind = HV_NO};
  }
  return hv_const(sema_py_int(F->S, e->loc, r));
}

static HVal compare_chain(Fuse *F, Node *e) {
  HVal prev = host(F, e->args);
  Node *b = e->args->next;
  bool all = true, traced = prev.kind == HV_TRACED;
  for (int i = 0; b && i < (int)e->ival; i++, b = b->next) {
    HVal cur = host(F, b);
    if (prev.kind == HV_BAD || cur.kind == HV_BAD)
      return hv_bad();
    bool none_test = (prev.kind == HV_NONE || cur.kind == HV_NONE) &&
                   (e->ops[i] == OP_IS || e->ops[i] == OP_ISNOT);   /* a proxy is not None */
    traced |= cur.kind == HV_TRACED && !none_test;
    if (prev.kind == HV_NO || cur.kind == HV_NO || (traced && !none_test))
      return (HVal){.kind = traced ? HV_TRACED : HV_NO};
    int r = compare(&prev, &cur, e->ops[i]);
    if (r < 0) {
      diag_error(F->c, b->loc, "pykc cannot evaluate this comparison when it traces the fuse "
                 "function");
      return hv_bad();
    }
    all = all && r;
    prev = cur;
  }
  return hv_bool(F, e->loc, all);
}

static HVal host(Fuse *F, Node *e) {
  switch (e->kind) {
  case ND_NAME:
    for (Binding *b = F->names; b; b = b->next)
      if (b->name == e->name) {
        if (b->v.bad)
          return hv_bad();
        if (b->v.str)
          return hv_str(b->v.str);
        if (b->v.none)
          return (HVal){.kind = HV_NONE};
        return (HVal){.kind = b->v.cn ? HV_CONST : b->v.is_dtype ? HV_DTYPE : HV_TRACED,
                      .v = b->v};
      }
    break;
  case ND_SUBSCRIPT: {                             /* x.shape[0]: what x.shape says */
    HVal b = host(F, e->lhs);
    if (b.kind == HV_BAD)
      return b;
    break;
  }
  case ND_NONE:
    return (HVal){.kind = HV_NONE};
  case ND_STR: {
    const char *s = str_literal(F, e);
    return s ? hv_str(s) : (HVal){.kind = HV_NO};
  }
  case ND_ATTR:
    if (fuse_mentions_local(F, e))
      return attr(F, e);
    break;
  case ND_CALL:
    if (fuse_mentions_local(F, e))
      return call(F, e);
    break;
  case ND_COMPARE:
    if (fuse_mentions_local(F, e))
      return compare_chain(F, e);
    break;
  case ND_BINOP:
    if (fuse_mentions_local(F, e))
      return arith(F, e);
    break;
  case ND_UNARY:
    if (e->op == OP_NEG && fuse_mentions_local(F, e)) {   /* -x.ndim */
      HVal v = host(F, e->lhs);
      if (v.kind == HV_CONST && v.v.cn->weak && type_is_int(v.v.cn->ty->kind))
        return hv_const(sema_py_int(F->S, e->loc, -sema_const_i128(v.v.cn)));
      return (HVal){.kind = v.kind == HV_BAD ? HV_BAD : v.kind == HV_TRACED ? HV_TRACED : HV_NO};
    }
    if (e->op == OP_NOT && fuse_mentions_local(F, e)) {
      HVal v = host(F, e->lhs);
      return is_host(&v) ? hv_bool(F, e->loc, !truth(&v)) : v;
    }
    break;
  case ND_BOOLOP:                                  /* Python's: the deciding operand */
    if (fuse_mentions_local(F, e)) {
      HVal v = {.kind = HV_NO};
      for (Node *a = e->args; a; a = a->next) {
        v = host(F, a);
        if (!is_host(&v))
          return v;
        if (truth(&v) == (e->op == OP_OR))
          return v;
      }
      return v;
    }
    break;
  default:
    break;
  }
  TVal c;
  if (fuse_try_const(F, e, &c))
    return (HVal){.kind = c.is_dtype ? HV_DTYPE : c.bad ? HV_BAD : c.none ? HV_NONE : HV_CONST,
                  .v = c};
  return (HVal){.kind = fuse_mentions_local(F, e) ? HV_TRACED : HV_NO};
}

bool fuse_names_attr(const Node *n, const char *name) {
  for (; n; n = n->next)
    if ((n->kind == ND_ATTR && !strcmp(n->name, name)) || fuse_names_attr(n->lhs, name) ||
        fuse_names_attr(n->rhs, name) || fuse_names_attr(n->cond, name) ||
        fuse_names_attr(n->then, name) || fuse_names_attr(n->els, name) ||
        fuse_names_attr(n->body, name) || fuse_names_attr(n->args, name) ||
        fuse_names_attr(n->targets, name))
      return true;
  return false;
}

int fuse_host(Fuse *F, Node *e, TVal *out) {
  HVal v = host(F, e);
  switch (v.kind) {
  case HV_BAD:
    *out = fuse_bad();
    return 1;
  case HV_CONST:
    *out = fuse_const_val(F, v.v.cn, e->loc);     /* typed as CuPy's trace types it */
    return 1;
  case HV_DTYPE:
    *out = v.v;
    return 1;
  case HV_STR:
    *out = (TVal){.dt = TY_ERROR, .ndim = -1, .str = v.s};
    return 1;
  case HV_NONE:
    *out = (TVal){.dt = TY_ERROR, .ndim = -1, .none = true};
    return 1;
  default:
    return 0;
  }
}

int fuse_host_truth(Fuse *F, Node *e) {
  HVal v = host(F, e);
  if (v.kind == HV_BAD)
    return -1;
  if (is_host(&v))
    return truth(&v);
  if (v.kind == HV_TRACED)
    diag_error(F->c, e->loc, "a traced value has no truth value: Cannot convert to Python "
               "scalar in cupy.fuse (use cp.where, cp.logical_and/or/not, & | ~)");
  else
    diag_error(F->c, e->loc, "pykc cannot evaluate this condition when it compiles the fuse "
               "kernel");
  return -1;
}
