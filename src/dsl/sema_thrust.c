/*
 * dsl/sema_thrust.c: jit.thrust, typed by the rows of types/devlib_thrust.c with cupyx.jit's
 * rules (cupyx/jit/thrust.py): the policies (thrust.device, thrust.seq, thrust.host: values
 * of an object type that only an algorithm takes), the iterators (a 1-d array's begin() and
 * end(), shared or local memory, make_constant_iterator, make_counting_iterator) with
 * cupyx's arithmetic (it + n, it - n, it - it, it[i]), and the algorithms, whose
 * parameters bind by position or by cupyx's keyword names. An algorithm's node is an
 * IR_LIB whose arguments are its parameters after the policy, every optional one present
 * (sema fills thrust's defaults in: reduce's init is the element type's 0, sequence's step
 * its init type's 1, ...), shared or local memory converted to iterators.
 *
 * Elements of every dtype, as in cupyx, whose C++ decides what compiles: CuPy's float16
 * class (arrays' elements; cupyx spells float16 values `float`) and its thrust::complex
 * (`==` and `<` within one complex type or against its part's type, no conversion to a real
 * type). The row's flow (devlib_thrust.c) says where values meet; where cupyx's kernel would
 * not compile, an error names the algorithm and the types. A constant or counting iterator
 * is any algorithm's input, as in cupyx; where the algorithm stores through a parameter (its
 * row's '!') it is an error, as nvcc's is in cupyx.
 */
#include "dsl/call.h"

#include <string.h>

static Node *lib_node(Sema *S, LibId id, Type *ty, Loc loc, Node *a, Node *b) {
  Node *n = sema_lib_node(S, lib_op(id), ty, loc);
  if (a)
    add_arg(n, a);
  if (b)
    add_arg(n, b);
  return n;
}

/* ---------------------------------------------------------------- iterators */

/* E, evaluated once: an iterator's spelling names its array or pointer several times
   (devlib_thrust.c), so one with side effects (x[f(i)] of a device function f) goes to a
   temporary, assigned before the statement (FnState.pre). */
static Node *once(Sema *S, Node *e) {
  if (ir_pure(e) || !S->fs)
    return e;
  Var *t = sema_new_temp(S, e->ty, e->loc);
  Node *v = sema_mk(S, IR_VAR, e->loc, e->ty), *as = sema_mk(S, IR_ASSIGN, e->loc, NULL);
  v->var = t;
  as->lhs = v;
  as->rhs = e;
  sema_list_add(&S->fs->pre, as);
  Node *use = sema_mk(S, IR_VAR, e->loc, e->ty);
  use->var = t;
  return use;
}

Val sema_thrust_method(Sema *S, Node *arr, Node *nd) {
  bool end = !strcmp(nd->name, "end");
  if (arr->ty->ndim != 1) {
    diag_error(S->c, nd->loc, "getting %s iterator for an array with ndim != 1 is not "
               "supported yet (cupyx.jit's rule; index the array first: x[i].%s())",
               nd->name, nd->name);
    return val_error();
  }
  LibId id = end ? (arr->ty->contig ? LIB_IT_END_C : LIB_IT_END)
                 : (arr->ty->contig ? LIB_IT_BEGIN_C : LIB_IT_BEGIN);
  return (Val){.kind = VAL_METHOD, .n = once(S, arr), .lib = lib_op(id)};
}

Type *sema_thrust_iter_type(Sema *S, const LibOp *op, const Node *recv) {
  return ty_iter(S->c, recv->ty->elem, ITER_ARRAY, op->id == LIB_IT_BEGIN_C ||
                                                     op->id == LIB_IT_END_C);
}

/* Shared or local memory where an iterator is expected: its iterator (contiguous). */
static Node *as_iter(Sema *S, Node *e) {
  if (e->ty->kind != TY_PTR)
    return e;
  return lib_node(S, LIB_IT_PTR, ty_iter(S->c, e->ty->elem, ITER_ARRAY, true), e->loc,
                  once(S, e), NULL);
}

static bool is_ptrlike(const Type *t) { return t->kind == TY_ITER || t->kind == TY_PTR; }

/* it + n, n + it, it - n, it - it, p + n, p - p (cupyx's PointerBase arithmetic) */
Node *sema_thrust_binop(Sema *S, Op op, Node *a, Node *b, Loc loc) {
  if (op == OP_ADD && !is_ptrlike(a->ty)) {
    Node *t = a;
    a = b, b = t;
  }
  Type *at = a->ty;
  bool value_it = at->kind == TY_ITER && at->n != ITER_ARRAY;   /* constant or counting */
  if ((op == OP_ADD || op == OP_SUB) && is_ptrlike(at) && ty_is_int(sema_settle(S, b)->ty)) {
    Node *k = sema_convert(S, sema_settle(S, b), T(TY_INT64));
    if (op == OP_SUB)
      k = sema_unary(S, OP_NEG, k, loc);
    LibId id = at->kind == TY_PTR ? LIB_PTR_ADD
               : !value_it        ? LIB_IT_ADD
               : at->n == ITER_CONST ? LIB_CONST_ADD : LIB_COUNT_ADD;
    return lib_node(S, id, at, loc, id == LIB_CONST_ADD ? once(S, a) : a, k);
  }
  if (op == OP_SUB && value_it && ty_equal(at, b->ty))
    return lib_node(S, at->n == ITER_CONST ? LIB_CONST_DIFF : LIB_COUNT_DIFF, T(TY_INT64), loc,
                    a, b);
  bool b_value_it = b->ty->kind == TY_ITER && b->ty->n != ITER_ARRAY;
  if (op == OP_SUB && !value_it && !b_value_it && is_ptrlike(at) && is_ptrlike(b->ty) &&
      ty_equal(at->elem, b->ty->elem)) {
    if (at->kind == TY_PTR && b->ty->kind == TY_PTR)
      return lib_node(S, LIB_PTR_DIFF, T(TY_INT64), loc, a, b);
    return lib_node(S, LIB_IT_DIFF, T(TY_INT64), loc, as_iter(S, a), as_iter(S, b));
  }
  diag_error(S->c, loc, "unsupported operand types for %s: %s and %s (an iterator takes + "
             "and - of an integer, and - of an iterator of its element type)", op_spelling[op],
             ty_str(S->c, a->ty), ty_str(S->c, b->ty));
  return sema_error_node(S, loc);
}

/* it[i] */
Node *sema_thrust_index(Sema *S, Node *it, Node *nd) {
  if (ast_count(nd->args) != 1) {
    diag_error(S->c, nd->loc, "an iterator takes one integer index");
    return sema_error_node(S, nd->loc);
  }
  Node *i = sema_settle(S, sema_rvalue(S, nd->args));
  if (sema_is_error(i))
    return i;
  if (!ty_is_int(i->ty)) {
    diag_error(S->c, i->loc, "an iterator's index must be an integer, got %s",
               ty_str(S->c, i->ty));
    return sema_error_node(S, nd->loc);
  }
  if (it->ty->n == ITER_ARRAY) {   /* element 0 of the address: an lvalue (it[i] = v) */
    Node *p = lib_node(S, LIB_IT_AT, ty_ptr(S->c, it->ty->elem), nd->loc, it,
                       sema_convert(S, i, T(TY_INT64)));
    Node *zero = sema_convert(S, sema_py_int(S, nd->loc, 0), T(TY_INT64));
    return sema_index_values(S, p, &zero, 1, nd->loc);
  }
  Node *k = it->ty->n == ITER_COUNT ? sema_convert(S, i, it->ty->elem)
                                    : sema_convert(S, i, T(TY_INT64));
  return lib_node(S, it->ty->n == ITER_CONST ? LIB_CONST_AT : LIB_COUNT_AT, it->ty->elem,
                  nd->loc, it, k);
}

/* ---------------------------------------------------------------- algorithms */

enum { MAXP = 12 };

typedef struct Param {
  char name[40];
  char check;                                      /* F L S P T E V W X */
  bool writes, optional;                           /* '!': the algorithm stores through it */
  char def[4];                                     /* z<k>, o, or "" */
} Param;

static int parse_sig(const char *sig, Param *p) {
  int n = 0;
  for (const char *s = sig; *s && *s != '|' && n < MAXP;) {
    while (*s == ' ')
      s++;
    const char *colon = strchr(s, ':'), *bar = strchr(s, '|');
    if (!colon || (bar && colon > bar))
      break;
    size_t len = (size_t)(colon - s) < sizeof p[n].name ? (size_t)(colon - s) : sizeof p[n].name - 1;
    memcpy(p[n].name, s, len);
    p[n].name[len] = 0;
    p[n].check = colon[1];
    p[n].writes = colon[2] == '!';
    const char *q = colon + 2 + p[n].writes;
    p[n].optional = *q == '?';
    s = q + p[n].optional;
    size_t d = 0;
    while (*s && *s != ' ' && *s != '|' && d < sizeof p[n].def - 1)
      p[n].def[d++] = *s++;
    p[n].def[d] = 0;
    n++;
  }
  return n;
}

typedef struct Bind {
  Args *A;
  const char *fname;
  Node *arg[MAXP];
  int first, ptr, value;                           /* the latest F, P and V parameters */
  unsigned cls;                                    /* the float16 values that are CuPy's
                                                      float16 class (the IR_LIB's ival) */
} Bind;

static bool want_iter(Sema *S, Bind *B, int k, const Param *p) {
  Node *e = B->arg[k];
  if (e->ty->kind == TY_ITER && e->ty->n != ITER_ARRAY && p->writes) {
    diag_error(S->c, e->loc, "%s() writes through '%s', and a %s is read-only (cupyx.jit "
               "passes it to nvcc, which rejects the assignment)", B->fname, p->name,
               ty_str(S->c, e->ty));
    return false;
  }
  if (e->ty->kind != TY_ITER) {
    diag_error(S->c, e->loc, "`%s` of %s() must be of pointer type (an iterator: x.begin(), "
               "x.end(), shared memory, p + n), got %s", p->name, B->fname, ty_str(S->c, e->ty));
    return false;
  }
  return true;
}

/* cupyx's checks of parameter k (its row's letter), with cupyx's messages */
static bool check_param(Sema *S, Bind *B, int k, const Param *p, const Param *ps) {
  Node *e = B->arg[k];
  Ctx *c = S->c;
  const Node *prev = k ? B->arg[k - 1] : NULL, *first = B->arg[B->first];
  switch (p->check) {
  case 'F': case 'P': case 'S': case 'T': case 'L': case 'I': case 'M':
    if ((p->check != 'L' || prev->ty->kind == TY_ITER) && !want_iter(S, B, k, p))
      return false;
    if (p->check == 'F' || p->check == 'I')
      B->first = k;
    if (p->check == 'P' || p->check == 'M')
      B->ptr = k;
    if ((p->check == 'I' || p->check == 'M') && !ty_is_int(e->ty->elem)) {
      diag_error(c, e->loc, "`%s` of %s() must be an iterator over integers (indices), got %s",
                 p->name, B->fname, ty_str(c, e->ty));
      return false;
    }
    if (p->check == 'L' && !ty_equal(e->ty, prev->ty)) {
      diag_error(c, e->loc, "`%s` and `%s` must be of the same type: `%s` != `%s`",
                 ps[k - 1].name, p->name, ty_str(c, prev->ty), ty_str(c, e->ty));
      return false;
    }
    if ((p->check == 'S' || p->check == 'T') &&
        !ty_equal(e->ty->elem, B->arg[p->check == 'S' ? B->first : B->ptr]->ty->elem)) {
      int j = p->check == 'S' ? B->first : B->ptr;
      diag_error(c, e->loc, "`%s` and `%s` must be of the same pointer type: `%s` != `%s`",
                 ps[j].name, p->name, ty_str(c, B->arg[j]->ty->elem), ty_str(c, e->ty->elem));
      return false;
    }
    return true;
  case 'E': case 'V': case 'W':
    if (!ty_is_scalar(e->ty)) {
      diag_error(c, e->loc, "`%s` of %s() must be a scalar value, got %s", p->name, B->fname,
                 ty_str(c, e->ty));
      return false;
    }
    if (p->check == 'E' && !ty_equal(e->ty, first->ty->elem)) {
      diag_error(c, e->loc, "`*%s` and `%s` must be of the same type: `%s` != `%s`",
                 ps[B->first].name, p->name, ty_str(c, first->ty->elem), ty_str(c, e->ty));
      return false;
    }
    if (p->check == 'W' && !ty_equal(e->ty, B->arg[B->value]->ty)) {
      diag_error(c, e->loc, "`%s` and `%s` must be of the same type: `%s` != `%s`",
                 ps[B->value].name, p->name, ty_str(c, B->arg[B->value]->ty), ty_str(c, e->ty));
      return false;
    }
    if (p->check == 'V')
      B->value = k;
    return true;
  default:
    return true;
  }
}

/* The default of optional parameter k (z<j>: zero of parameter j's elements; o: one of the
   latest value's type): thrust's InputType(0), ValueType{}, T(1), of CuPy's float16 class
   where that type is float16 (then a bit of B->cls). */
static Node *default_arg(Sema *S, Bind *B, int k, const Param *p, Loc loc) {
  bool zero = p->def[0] == 'z';
  Type *t = zero ? B->arg[p->def[1] - '0']->ty->elem : B->arg[B->value]->ty;
  if (t->kind == TY_FLOAT16 && (zero || (B->cls >> B->value & 1)))
    B->cls |= 1u << k;
  return sema_convert(S, sema_py_int(S, loc, !zero), t);
}

static Type *result(Sema *S, const LibOp *op, Node **arg) {
  const char *r = op->ret;
  if (r[0] >= '0' && r[0] <= '9') {
    Type *a = arg[r[0] - '0']->ty;
    if (!r[1])
      return a;
    Type *items[2] = {a, arg[r[2] - '0']->ty};
    return ty_tuple(S->c, items, 2);
  }
  return T(r[0] == 'b' ? TY_BOOL : r[0] == 'i' ? TY_INT32 : TY_VOID);
}

static bool policy_arg(Sema *S, Args *A, bool *used) {
  Node *pol = call_arg(S, A, 0, "exec_policy", used);
  if (!pol) {
    diag_error(S->c, A->call->loc, "%s() missing its execution policy (jit.thrust.device or "
               "jit.thrust.seq)", A->fname);
    return false;
  }
  Node *e = sema_rvalue(S, pol);
  if (sema_is_error(e))
    return false;
  if (e->ty->kind != TY_OBJ || e->ty->obj != OBJ_POLICY) {
    diag_error(S->c, e->loc, "the first argument of %s() must be an execution policy "
               "(jit.thrust.device or jit.thrust.seq), got %s", A->fname, ty_str(S->c, e->ty));
    return false;
  }
  return true;
}

/* ---------------------------------------------------------------- flows */

/* The type C++ sees in parameter k's values: an array's elements (float16 ones are CuPy's
   float16 class), a value's type, where a float16 value is cupyx's `float` unless it is
   the class (an element, x[i], or thrust's own default), as are the values of a constant
   or counting iterator of float16 (thrust's iterators over cupyx's `float`). */
static TypeKind cxx_kind(const Bind *B, int k) {
  const Type *t = B->arg[k]->ty;
  bool elems = t->kind == TY_ITER && t->n == ITER_ARRAY;
  TypeKind v = (t->kind == TY_ITER ? t->elem : t)->kind;
  return v == TY_FLOAT16 && !elems && !(B->cls >> k & 1) ? TY_FLOAT32 : v;
}

static const char *kind_str(TypeKind k) {
  return k == TY_FLOAT16 ? "float16 (CuPy's float16 class)" : dtype_info[k].name;
}

/* Flow `a op b` of the algorithm's row: whether C++ compiles it with these types (CuPy's
   thrust::complex and float16), as an error naming the algorithm and the types. */
static bool flow_ok(Sema *S, const Bind *B, const Param *ps, int a, char op, int b) {
  TypeKind ka = cxx_kind(B, a), kb = b >= 0 ? cxx_kind(B, b) : TY_VOID;
  bool ca = type_is_complex(ka), cb = b >= 0 && type_is_complex(kb);
  bool a_value = B->arg[a]->ty->kind != TY_ITER;    /* the value, where one is */
  Loc loc = B->arg[b >= 0 && !a_value ? b : a]->loc;
  const char *f = B->fname, *na = ps[a].name, *nb = b >= 0 ? ps[b].name : "";
  switch (op) {
  case '>': case '~':
    if (ca && !cb) {
      diag_error(S->c, loc, "%s(): the %s values of `%s` cannot become `%s`'s %s: "
                 "thrust::complex has no conversion to a real type (cupyx.jit's kernel does "
                 "not compile)", f, kind_str(ka), na, nb, kind_str(kb));
      return false;
    }
    if (op == '~' && ka == TY_FLOAT16 && cb) {
      diag_error(S->c, loc, "%s(): the float16 values of `%s` cannot initialize `%s`'s "
                 "%s: CuPy's float16 reaches a complex only through float, two user-defined "
                 "conversions (cupyx.jit's kernel does not compile)", f, na, nb, kind_str(kb));
      return false;
    }
    return true;
  case '=': case '<':
    if ((ca || cb) && ka != kb &&
        (op != '=' || (ca ? type_part_of(ka) != kb : type_part_of(kb) != ka))) {
      diag_error(S->c, loc, "%s() %s `%s` (%s) %s `%s` (%s): thrust::complex's %s takes "
                 "%s (cupyx.jit's kernel does not compile)", f,
                 op == '=' ? "compares" : "orders", na, kind_str(ka),
                 op == '=' ? "with" : "against", nb, kind_str(kb), op == '=' ? "==" : "<",
                 op == '=' ? "one complex type, or a complex and its part's real type"
                           : "two values of one complex type");
      return false;
    }
    return true;
  default:                                         /* '#': init + step * i */
    if (ca) {
      diag_error(S->c, loc, "%s() on %s: thrust computes init + step * i, and "
                 "thrust::complex has no * with an integer (cupyx.jit's kernel does not "
                 "compile)", f, kind_str(ka));
      return false;
    }
    return true;
  }
}

static bool check_flows(Sema *S, const LibOp *op, const Bind *B, const Param *ps) {
  for (const char *f = strchr(op->sig, '|') + 1; *f;) {
    while (*f == ' ')
      f++;
    if (!*f)
      break;
    int a = f[0] - '0', b = f[1] == '#' ? -1 : f[2] - '0';
    if (!flow_ok(S, B, ps, a, f[1], b))
      return false;
    f += b < 0 ? 2 : 3;
  }
  return true;
}

static bool bind_params(Sema *S, const LibOp *op, Bind *B, bool *used) {
  Param p[MAXP];
  int np = parse_sig(op->sig, p);
  for (int k = 0; k < np; k++) {
    Node *nd = call_arg(S, B->A, k + 1, p[k].name, used);
    Val v = nd ? sema_expr(S, nd) : (Val){.kind = VAL_NONE};
    if (v.kind == VAL_ERROR)
      return false;
    if (v.kind == VAL_NONE)                        /* cupyx: None is the default */
      nd = NULL;
    if (!nd && !p[k].optional) {
      diag_error(S->c, B->A->call->loc, "%s() missing argument '%s'", B->fname, p[k].name);
      return false;
    }
    if (nd && p[k].check == 'X') {
      diag_error(S->c, nd->loc, "the %s option of %s() is not supported (cupyx.jit raises "
                 "NotImplementedError too)", p[k].name, B->fname);
      return false;
    }
    if (!nd) {
      if (p[k].check != 'X' && !(B->arg[k] = default_arg(S, B, k, &p[k], B->A->call->loc)))
        return false;
      if (p[k].check == 'V')
        B->value = k;
      continue;
    }
    Node *e = sema_value_of(S, v, nd);
    if (sema_is_error(e))
      return false;
    B->arg[k] = as_iter(S, sema_settle(S, e));
    if (sema_is_error(B->arg[k]) || !check_param(S, B, k, &p[k], p))
      return false;
    if (B->arg[k]->ty->kind == TY_FLOAT16 && B->arg[k]->kind == IR_INDEX)
      B->cls |= 1u << k;                           /* x[i]: C++'s float16&, not a float */
  }
  return call_no_other_kw(S, B->A, used) && check_flows(S, op, B, p);
}

static int count_args(const Args *A) { return A->npos + A->nkw - 1; }

static Val make_iterator(Sema *S, const LibOp *op, Args *A) {
  if (A->nkw || A->npos < 1 || A->npos > 2) {
    diag_error(S->c, A->call->loc, "%s() takes one value", A->fname);
    return val_error();
  }
  if (A->npos == 2) {
    diag_error(S->c, A->pos[1]->loc, "index_type of %s() is not supported (cupyx.jit raises "
               "NotImplementedError too)", A->fname);
    return val_error();
  }
  Node *x = sema_settle(S, sema_rvalue(S, A->pos[0]));
  if (sema_is_error(x))
    return val_error();
  int kind = op->id == LIB_MAKE_CONST_IT ? ITER_CONST : ITER_COUNT;
  if (!ty_is_scalar(x->ty)) {
    diag_error(S->c, x->loc, "%s() takes a scalar value, got %s", A->fname, ty_str(S->c, x->ty));
    return val_error();
  }
  if (kind == ITER_COUNT && type_is_complex(x->ty->kind)) {
    diag_error(S->c, x->loc, "%s() of %s: thrust's counting_iterator increments its value, "
               "and thrust::complex has no ++ (cupyx.jit's kernel does not compile)", A->fname,
               ty_str(S->c, x->ty));
    return val_error();
  }
  return val_expr(lib_node(S, op->id, ty_iter(S->c, x->ty, kind, false), A->call->loc, x, NULL));
}

Val call_thrust(Sema *S, const LibOp *row, Args *A) {
  if (row->id == LIB_MAKE_CONST_IT || row->id == LIB_MAKE_COUNT_IT)
    return make_iterator(S, row, A);
  if (!row->sig) {
    diag_error(S->c, A->call->loc, "%s is an execution policy, not a function", A->fname);
    return val_error();
  }
  const LibOp *op = lib_thrust_find(row->name, count_args(A));
  bool used[MAXKW] = {0};
  Bind B = {.A = A, .fname = A->fname};
  if (!policy_arg(S, A, used) || !bind_params(S, op, &B, used))
    return val_error();
  Node *n = sema_lib_node(S, op, result(S, op, B.arg), A->call->loc);
  n->ival = B.cls;
  for (int k = 0; k < MAXP && B.arg[k]; k++)
    add_arg(n, B.arg[k]);
  return val_expr(n);
}
