/*
 * sema_stmt.c: statements -> typed IR: assignments (plain, annotated, augmented, to
 * names, subscripts and tuples), if/while/for, return, assert, expression statements,
 * break/continue.
 *
 * Statements are typed in source order, so a local's type is that of its first
 * assignment (docs/language.md §2). A small definite-assignment analysis (a bit per local,
 * intersected where paths join) gives the "may be used before assignment" warning.
 * Expressions that need a temporary (chained comparisons) hoist its assignment into
 * FnState.pre, which each statement flushes before itself.
 */
#include "sema_int.h"

#include <string.h>

#define T(k) ty_scalar(k)

/* ---------------------------------------------------------------- definite assignment */

static void da_set(Sema *S, Var *v) {
  if (v->index < DA_MAX)
    S->fs->da.set[v->index] = 1;
}

static void da_join(DA *into, const DA *a, const DA *b) {
  if (a->dead) {
    *into = *b;
    return;
  }
  if (b->dead) {
    *into = *a;
    return;
  }
  for (int i = 0; i < DA_MAX; i++)
    into->set[i] = a->set[i] && b->set[i];
  into->dead = false;
}

/* ---------------------------------------------------------------- statements */

static void stmt(Sema *S, Node *nd, List *out);

static void flush_pre(Sema *S, List *out) {
  for (Node *n = S->fs->pre.head, *next; n; n = next) {
    next = n->next;
    sema_list_add(out, n);
  }
  S->fs->pre = (List){0};
}

static Node *mk_var(Sema *S, Var *v, Loc loc) {
  Node *n = sema_mk(S, IR_VAR, loc, v->ty);
  n->var = v;
  return n;
}

static void add_assign(Sema *S, List *out, Node *lhs, Node *rhs, Loc loc) {
  Node *n = sema_mk(S, IR_ASSIGN, loc, NULL);
  n->lhs = lhs;
  n->rhs = rhs;
  sema_list_add(out, n);
}

static const char *assign_what(Sema *S, Var *v) {
  return arena_printf(&S->c->arena, "assignment to '%s' (%s %u:%u as %s)", v->name,
                      v->is_param ? "a parameter declared at" : "first assigned at",
                      v->first.line, v->first.col, ty_str(S->c, v->ty));
}

static void assign_to(Sema *S, Node *target, Node *value, List *out, Loc loc);

static void assign_name(Sema *S, Node *target, Node *value, List *out, Loc loc) {
  Var *v = sema_lookup_var(S, target->name);
  if (!v) {
    Type *ty = sema_is_error(value) ? T(TY_ERROR) : sema_settle(S, value)->ty;
    v = sema_new_var(S, target->name, ty, target->loc);
    da_set(S, v);
    if (sema_is_error(value))
      return;
    add_assign(S, out, mk_var(S, v, target->loc), sema_settle(S, value), loc);
    return;
  }
  da_set(S, v);
  if (sema_is_error(value) || v->ty->kind == TY_ERROR)
    return;
  if (v->is_shared) {
    diag_error(S->c, target->loc, "cannot assign to '%s': it holds a %s memory array",
               v->name, "shared or local");
    return;
  }
  Node *r = sema_assign_convert(S, value, v->ty, assign_what(S, v));
  if (!sema_is_error(r))
    add_assign(S, out, mk_var(S, v, target->loc), r, loc);
}


/* a, b = value: items into temporaries first (so `a, b = b, a` swaps), then stored. */
static void assign_tuple(Sema *S, Node *target, Node *value, List *out, Loc loc) {
  int n = ast_count(target->args);
  if (sema_is_error(value)) {
    for (Node *t = target->args; t; t = t->next)
      assign_to(S, t, value, out, loc);
    return;
  }
  if (value->ty->kind != TY_TUPLE) {
    diag_error(S->c, value->loc, "cannot unpack a value of type %s into %d names",
               ty_str(S->c, value->ty), n);
    return;
  }
  if (value->ty->nitems != n) {
    diag_error(S->c, value->loc, "%s values to unpack (expected %d, got %d)",
               value->ty->nitems > n ? "too many" : "not enough", n, value->ty->nitems);
    return;
  }
  Node *items[64];
  if (value->kind != IR_TUPLE) {
    Var *t = sema_new_temp(S, value->ty, value->loc);
    add_assign(S, out, mk_var(S, t, value->loc), value, loc);
    value = mk_var(S, t, value->loc);
  }
  for (int i = 0; i < n && i < 64; i++) {
    Node *it = sema_tuple_item(S, value, i, value->loc);
    if (value->kind == IR_TUPLE && it->kind != IR_CONST && n > 1) {
      Var *t = sema_new_temp(S, sema_settle(S, it)->ty, it->loc);
      add_assign(S, out, mk_var(S, t, it->loc), sema_settle(S, it), loc);
      it = mk_var(S, t, it->loc);
    }
    items[i] = it;
  }
  int i = 0;
  for (Node *t = target->args; t && i < 64; t = t->next, i++)
    assign_to(S, t, items[i], out, loc);
}

static void assign_to(Sema *S, Node *target, Node *value, List *out, Loc loc) {
  switch (target->kind) {
  case ND_NAME:
    assign_name(S, target, value, out, loc);
    return;
  case ND_TUPLE:
    assign_tuple(S, target, value, out, loc);
    return;
  case ND_SUBSCRIPT: {
    Node *lv = sema_rvalue(S, target);
    if (sema_is_error(lv) || sema_is_error(value))
      return;
    if (lv->kind != IR_INDEX) {
      diag_error(S->c, target->loc, "cannot assign to an item of a tuple");
      return;
    }
    if (!ty_is_scalar(lv->ty)) {
      diag_error(S->c, target->loc,
                 "cannot assign to an array view; index every dimension (%s)",
                 ty_str(S->c, lv->ty));
      return;
    }
    const char *what = arena_printf(&S->c->arena, "a store to an element of '%s'",
                                    sema_dotted(S, target->lhs));
    Node *r = sema_assign_convert(S, value, lv->ty, what);
    if (!sema_is_error(r))
      add_assign(S, out, lv, r, loc);
    return;
  }
  case ND_ATTR:
    diag_error(S->c, target->loc, "cannot assign to attribute '%s'", target->name);
    return;
  case ND_UNSUPPORTED:                             /* `a, *b = t` */
    sema_rejected_stmt(S, target);
    return;
  default:
    diag_error(S->c, target->loc, "cannot assign to this expression");
    return;
  }
}

/* What cupyx keeps as a compile-time constant when a statement assigns it to a name: a
   value that is no number (_compile.py: `not isinstance(value.obj, _typeclasses)`), such
   as a dtype, a ufunc or another function, a module, None or a string. Numbers (and
   cp.pi, cp.inf, ...) become variables. jit.threadIdx and its siblings are values to
   cupyx (a dim3 local), so any statement may bind them; pykc names the builtin. */
static const char *const_kind(Val v) {
  switch (v.kind) {
  case VAL_BUILTIN:
    if (v.bi->kind == BK_VALUE)
      return NULL;
    return v.bi->kind == BK_CAST ? "a dtype" : v.bi->kind == BK_THREAD_IDX ? "a built-in object"
                                                                         : "a function";
  case VAL_MODULE: return "a module";
  case VAL_FUNC: return "a device function";
  case VAL_NONE: return "None";
  case VAL_STR: return "a string";
  case VAL_INFO: return v.is_finfo ? "an np.finfo object" : "an np.iinfo object";
  case VAL_CLASS: return "a class";
  default: return NULL;
  }
}

/* `NAME = VALUE` of a compile-time value that is no number: in the body's top level
   NAME names it from there on (cupyx's env.consts); elsewhere cupyx refuses it. False:
   VALUE is no such value (an ordinary assignment). */
static bool bind_const(Sema *S, const char *name, Val v, Node *nd) {
  const char *what = const_kind(v);
  if (!what)
    return false;
  if (sema_lookup_var(S, name))
    diag_error(S->c, nd->targets->loc, "'%s' is a variable; %s cannot be assigned to it "
               "(cupyx: Type mismatch of variable)", name, what);
  else {
    bool dim3 = v.kind == VAL_BUILTIN && v.bi->kind == BK_THREAD_IDX;
    if (S->fs->depth != 1 && !dim3)   /* bound all the same: one message, not one per use */
      diag_error(S->c, nd->loc, "'%s = ...' binds %s, a compile-time value: as in cupyx, "
                 "only a statement of the function's top level (not inside if, for or "
                 "while) can bind one to a name", name, what);
    Val *keep = arena_alloc(&S->c->arena, sizeof *keep);
    *keep = v;
    sema_map_put(S, &S->fs->consts, name, keep);
  }
  return true;
}

static void s_assign(Sema *S, Node *nd, List *out) {
  Node *rhs = nd->rhs;
  if (ast_count(nd->targets) == 1 && nd->targets->kind == ND_NAME &&
      (sema_is_builtin_call(S, rhs, BI_SHARED_MEMORY) ||
       sema_is_builtin_call(S, rhs, BI_LOCAL_MEMORY))) {
    Node *d = sema_memory_decl(S, rhs, nd->targets->name, nd->targets->loc);
    if (d)
      da_set(S, d->var);
    else if (!sema_lookup_var(S, nd->targets->name)) /* reported: no cascade of uses */
      da_set(S, sema_new_var(S, nd->targets->name, T(TY_ERROR), nd->targets->loc));
    flush_pre(S, out);
    sema_list_add(out, d);
    return;
  }
  Val v = sema_expr(S, rhs);
  if (ast_count(nd->targets) == 1 && nd->targets->kind == ND_NAME &&
      sema_lib_bind(S, nd->targets->name, v, nd->targets->loc)) {
    flush_pre(S, out);                             /* an alias of a library object */
    return;
  }
  if (ast_count(nd->targets) == 1 && nd->targets->kind == ND_NAME &&
      bind_const(S, nd->targets->name, v, nd)) {
    flush_pre(S, out);
    return;
  }
  Node *value = sema_value_of(S, v, rhs);
  flush_pre(S, out);
  if (!sema_is_error(value) && value->ty->kind == TY_OBJ) {
    diag_error(S->c, rhs->loc, "a %s can only be assigned to a name", ty_str(S->c, value->ty));
    value = sema_error_node(S, rhs->loc);
  }
  if (!sema_is_error(value) && value->ty->kind == TY_VOID) {
    diag_error(S->c, rhs->loc, "this call returns no value");
    value = sema_error_node(S, rhs->loc);
  }
  if (nd->targets && nd->targets->next && !sema_is_error(value) && value->kind != IR_CONST &&
      value->kind != IR_VAR) {
    Var *t = sema_new_temp(S, sema_settle(S, value)->ty, value->loc);
    add_assign(S, out, mk_var(S, t, value->loc), sema_settle(S, value), nd->loc);
    value = mk_var(S, t, value->loc);
  }
  for (Node *t = nd->targets; t; t = t->next)
    assign_to(S, t, value, out, nd->loc);
}

static void s_annassign(Sema *S, Node *nd, List *out) {
  if (nd->lhs->kind != ND_NAME) {
    if (nd->rhs)
      assign_to(S, nd->lhs, sema_rvalue(S, nd->rhs), out, nd->loc);
    return;
  }
  Type *ty = sema_annotation_type(S, nd->ann);
  Var *v = sema_lookup_var(S, nd->lhs->name);
  if (ty && v && !ty_equal(v->ty, ty))
    diag_error(S->c, nd->lhs->loc, "'%s' is already %s; it cannot be re-declared as %s",
               v->name, ty_str(S->c, v->ty), ty_str(S->c, ty));
  if (ty && !v)
    v = sema_new_var(S, nd->lhs->name, ty, nd->lhs->loc);
  if (nd->rhs) {
    Node *value = sema_rvalue(S, nd->rhs);
    flush_pre(S, out);
    if (v)
      assign_name(S, nd->lhs, value, out, nd->loc);
  }
}

static void s_augassign(Sema *S, Node *nd, List *out) {
  Node *lhs;
  if (nd->lhs->kind == ND_NAME) {
    Var *v = sema_lookup_var(S, nd->lhs->name);
    if (!v) {
      lhs = sema_rvalue(S, nd->lhs); /* reports the unknown name */
      return;
    }
    if (v->is_shared) {
      diag_error(S->c, nd->lhs->loc, "cannot assign to '%s': it holds a shared or local memory array",
                 v->name);
      return;
    }
    lhs = sema_rvalue(S, nd->lhs);
  } else if (nd->lhs->kind == ND_SUBSCRIPT) {
    lhs = sema_rvalue(S, nd->lhs);
    if (!sema_is_error(lhs) && (lhs->kind != IR_INDEX || !ty_is_scalar(lhs->ty))) {
      diag_error(S->c, nd->lhs->loc, "augmented assignment needs a variable or an array element");
      return;
    }
  } else {
    diag_error(S->c, nd->lhs->loc, "augmented assignment needs a variable or an array element");
    return;
  }
  Node *rhs = sema_rvalue(S, nd->rhs);
  flush_pre(S, out);
  if (sema_is_error(lhs) || sema_is_error(rhs))
    return;
  Type *cty = sema_binop_type(S, nd->op, lhs, rhs, nd->loc);
  if (cty->kind == TY_ERROR)
    return;
  /* `q += 1` on a small or unsigned q: the literal takes q's type (extension) */
  if (ty_is_int(lhs->ty) && ty_is_int(cty) && cty != lhs->ty && nd->op != OP_DIV &&
      sema_literal_fits(rhs, lhs->ty->kind))
    cty = lhs->ty;
  Node *probe = sema_mk(S, IR_BINOP, nd->loc, cty);
  const char *what = nd->lhs->kind == ND_NAME
                         ? arena_printf(&S->c->arena, "augmented assignment to '%s' (%s)",
                                        nd->lhs->name, ty_str(S->c, lhs->ty))
                         : arena_printf(&S->c->arena, "augmented assignment to an element of '%s'",
                                        sema_dotted(S, nd->lhs->lhs));
  if (sema_is_error(sema_assign_convert(S, probe, lhs->ty, what)))
    return;
  Node *n = sema_mk(S, IR_AUGASSIGN, nd->loc, lhs->ty);
  n->op = nd->op;
  n->lhs = lhs;
  n->rhs = sema_convert(S, rhs, cty);
  n->cty = cty;
  sema_list_add(out, n);
  if (lhs->kind == IR_VAR)
    da_set(S, lhs->var);
}

static void s_if(Sema *S, Node *nd, List *out) {
  Node *c = sema_to_bool(S, sema_rvalue(S, nd->cond));
  flush_pre(S, out);
  if (sema_is_const(c)) { /* the dead branch is not type-checked */
    Node *taken = sema_const_truth(c) ? nd->then : nd->els;
    for (Node *s = taken; s; s = s->next)
      stmt(S, s, out);
    return;
  }
  DA before = S->fs->da;
  Node *then = sema_block(S, nd->then, nd->loc);
  DA after_then = S->fs->da;
  S->fs->da = before;
  Node *els = nd->els ? sema_block(S, nd->els, nd->loc) : NULL;
  da_join(&S->fs->da, &after_then, &S->fs->da);
  if (sema_is_error(c))
    return;
  Node *n = sema_mk(S, IR_IF, nd->loc, NULL);
  n->cond = c;
  n->then = then;
  n->els = els;
  sema_list_add(out, n);
}

static bool no_loop_else(Sema *S, Node *nd) {
  if (!nd->els)
    return true;
  diag_error(S->c, nd->els->loc, "'else' clauses on loops are not supported");
  return false;
}

static Node *loop_body(Sema *S, Node *body, Loc loc) {
  DA before = S->fs->da;
  S->fs->loops++;
  Node *b = sema_block(S, body, loc);
  S->fs->loops--;
  S->fs->da = before;
  return b;
}

static void s_while(Sema *S, Node *nd, List *out) {
  no_loop_else(S, nd);
  Node *c = sema_to_bool(S, sema_rvalue(S, nd->cond));
  List pre = S->fs->pre;
  S->fs->pre = (List){0};
  if (sema_is_const(c) && !sema_const_truth(c) && !pre.head)
    return;
  Node *body = loop_body(S, nd->body, nd->loc);
  if (sema_is_error(c))
    return;
  Node *n = sema_mk(S, IR_WHILE, nd->loc, NULL);
  if (pre.head) { /* while True: pre; if not cond: break; body */
    Node *brk = sema_mk(S, IR_BREAK, nd->loc, NULL);
    Node *notc = sema_mk(S, IR_UNARY, nd->loc, T(TY_BOOL));
    notc->op = OP_NOT;
    notc->lhs = c;
    notc->cty = notc->ty;
    Node *iff = sema_mk(S, IR_IF, nd->loc, NULL);
    iff->cond = notc;
    iff->then = sema_mk(S, IR_BLOCK, nd->loc, NULL);
    iff->then->body = brk;
    pre.tail->next = iff;
    iff->next = body->body;
    body->body = pre.head;
    c = sema_const_int(S, nd->loc, T(TY_BOOL), 1);
  }
  n->cond = c;
  n->body = body;
  sema_list_add(out, n);
}

static Node *range_arg(Sema *S, Node *nd) {
  Node *e = sema_rvalue(S, nd);
  if (!sema_is_error(e) && !ty_is_int(e->ty)) {
    diag_error(S->c, e->loc, "range() arguments must be integers, got %s", ty_str(S->c, e->ty));
    return sema_error_node(S, e->loc);
  }
  return e;
}

/* jit.range's unroll=: True -1, False -2, N > 0 itself, None 0 (IR_FOR.unroll). As in
   cupyx, an integer constant that is not positive or is past INT_MAX is ignored with a
   warning (NVRTC would ignore its pragma). */
static bool unroll_value(Sema *S, Node *kw, int *unroll) {
  if (strcmp(kw->name, "unroll")) {
    diag_error(S->c, kw->loc, "range() got an unexpected keyword argument '%s'", kw->name);
    return false;
  }
  Val v = sema_expr(S, kw->rhs);
  if (v.kind == VAL_NONE) /* the default */
    return true;
  Node *u = sema_value_of(S, v, kw->rhs);
  int64_t k;
  if (sema_is_error(u))
    return false;
  if (u->ty->kind == TY_BOOL && sema_is_const(u))
    *unroll = u->ival ? -1 : -2;
  else if (sema_const_i64(u, &k) && k > 0 && k <= INT32_MAX)
    *unroll = (int)k;
  else if (ty_is_int(u->ty) && sema_is_const(u))
    diag_warning(S->c, u->loc, "loop unrolling is ignored as the unroll value is "
                 "non-positive or greater than INT_MAX");
  else {
    diag_error(S->c, u->loc, "unroll must be True, False, None or an integer constant");
    return false;
  }
  return true;
}

/* Splits the arguments of range(...) into 1 to 3 positional ones and unroll=. False when
   their number is wrong (reported); *bad when a keyword was (the loop is then dropped
   after its positional arguments are checked too). */
static bool range_args(Sema *S, Node *call, Node **pos, int *npos, int *unroll, bool *bad) {
  *npos = 0;
  for (Node *a = call->args; a; a = a->next) {
    if (a->kind == ND_KWARG)
      *bad |= !unroll_value(S, a, unroll);
    else if (*npos == 3) {
      diag_error(S->c, a->loc, "range() takes 1 to 3 arguments");
      return false;
    } else
      pos[(*npos)++] = a;
  }
  if (*npos == 0) {
    diag_error(S->c, call->loc, "range() takes 1 to 3 arguments, got 0");
    return false;
  }
  return true;
}

static void s_for(Sema *S, Node *nd, List *out) {
  no_loop_else(S, nd);
  Node *it = nd->rhs;
  if (!sema_is_builtin_call(S, it, BI_RANGE)) {
    diag_error(S->c, it->loc, "'for' loops only iterate over range(...)");
    return;
  }
  if (nd->lhs->kind != ND_NAME) {
    diag_error(S->c, nd->lhs->loc, "the target of a 'for' loop must be a single name");
    return;
  }
  Node *pos[3];
  int npos, unroll = 0;
  bool bad = false;
  if (!range_args(S, it, pos, &npos, &unroll, &bad))
    return;
  Node *start = npos > 1 ? range_arg(S, pos[0]) : NULL;
  Node *stop = range_arg(S, pos[npos > 1 ? 1 : 0]);
  Node *step = npos > 2 ? range_arg(S, pos[2]) : NULL;
  flush_pre(S, out);
  if (bad || sema_is_error(stop) || (start && sema_is_error(start)) || (step && sema_is_error(step)))
    return;
  Var *v = sema_lookup_var(S, nd->lhs->name);
  Type *ty = S->fs->mode == MODE_NUMPY ? T(TY_INT64) : sema_settle(S, stop)->ty;
  if (v && !ty_is_int(v->ty)) {
    diag_error(S->c, nd->lhs->loc, "loop variable '%s' is %s; it must be an integer",
               v->name, ty_str(S->c, v->ty));
    return;
  }
  if (v && !ty_equal(v->ty, ty)) { /* cupyx: the counter keeps its type, the range's */
    diag_error(S->c, nd->lhs->loc, "Data type mismatch of variable: `%s`: %s != %s", v->name,
               dtype_info[v->ty->kind].ctype, dtype_info[ty->kind].ctype);
    return;
  }
  if (!v)
    v = sema_new_var(S, nd->lhs->name, ty, nd->lhs->loc);
  start = start ? sema_convert(S, start, ty) : sema_const_int(S, nd->loc, ty, 0);
  stop = sema_convert(S, stop, ty);
  int stepsign = 1;
  if (step) {
    int64_t k;
    bool known = sema_is_const(step);
    if (known && sema_const_i64(step, &k) && k == 0) {
      diag_error(S->c, step->loc, "range() step must not be zero");
      return;
    }
    stepsign = !known ? 0 : (ty_is_signed(step->ty) && step->ival < 0) ? -1 : 1;
    step = sema_convert(S, step, ty);
  } else {
    step = sema_const_int(S, nd->loc, ty, 1);
  }
  DA before = S->fs->da;
  da_set(S, v);
  Node *body = loop_body(S, nd->body, nd->loc);
  S->fs->da = before;
  Node *n = sema_mk(S, IR_FOR, nd->loc, NULL);
  n->var = v;
  n->lhs = start;
  n->rhs = stop;
  n->step = step;
  n->unroll = unroll;
  n->stepsign = stepsign;
  n->body = body;
  sema_list_add(out, n);
}

static void s_return(Sema *S, Node *nd, List *out) {
  FnState *fs = S->fs;
  /* `return None` is a bare return, as in Python */
  Node *v = nd->lhs && !sema_is_none(S, nd->lhs) ? sema_settle(S, sema_rvalue(S, nd->lhs)) : NULL;
  flush_pre(S, out);
  if (fs->fn->is_kernel) {
    if (v)
      diag_error(S->c, nd->lhs->loc, "a kernel cannot return a value");
  } else if (!v || !sema_is_error(v)) {
    Type *t = v ? v->ty : T(TY_VOID);
    if (!fs->ret_seen) {
      fs->ret_seen = true;
      fs->ret_loc = nd->loc;
      fs->spec->ret = t;
    } else if (!ty_equal(t, fs->spec->ret)) {
      diag_error(S->c, nd->loc,
                 "'%s' returns %s here but %s at %u:%u; every return must give the same type",
                 fs->fn->name, ty_str(S->c, t), ty_str(S->c, fs->spec->ret), fs->ret_loc.line,
                 fs->ret_loc.col);
    }
  }
  Node *n = sema_mk(S, IR_RETURN, nd->loc, NULL);
  n->lhs = v && !sema_is_error(v) && !fs->fn->is_kernel ? v : NULL;
  sema_list_add(out, n);
  fs->da.dead = true;
}

static void s_expr(Sema *S, Node *nd, List *out) {
  Node *e = nd->lhs;
  if (e->kind == ND_STR) /* docstrings and string statements are ignored */
    return;
  if (sema_is_builtin_call(S, e, BI_PRINT)) {
    Node *p = sema_print(S, e);
    flush_pre(S, out);
    sema_list_add(out, p);
    return;
  }
  Node *v = sema_rvalue(S, e);
  flush_pre(S, out);
  if (sema_is_error(v) || v->kind == IR_CONST)
    return;
  Node *n = sema_mk(S, IR_EXPR, nd->loc, NULL);
  n->lhs = v;
  sema_list_add(out, n);
}

static void s_assert(Sema *S, Node *nd, List *out) {
  Node *c = sema_to_bool(S, sema_rvalue(S, nd->cond));
  const char *msg = NULL;
  if (nd->rhs) {
    size_t len;
    if (nd->rhs->kind != ND_STR) {
      diag_error(S->c, nd->rhs->loc, "the message of an assert must be a string literal");
      return;
    }
    const char *s = sema_str_literal(S, nd->rhs, &len);
    if (!s)
      return;
    msg = sema_c_string(S, s, len, false);
  }
  if (sema_is_error(c))
    return;
  if (sema_is_const(c) && !sema_const_truth(c)) {
    diag_error(S->c, nd->cond->loc, "this assert always fails");
    return;
  }
  if (!S->c->opt.debug || sema_is_const(c)) {
    S->fs->pre = (List){0}; /* the condition is not evaluated without --debug */
    return;
  }
  flush_pre(S, out);
  Node *n = sema_mk(S, IR_ASSERT, nd->loc, NULL);
  n->cond = c;
  n->str = msg;
  sema_list_add(out, n);
}

static void s_jump(Sema *S, Node *nd, List *out) {
  if (!S->fs->loops) {
    diag_error(S->c, nd->loc, "'%s' outside a loop", nd->kind == ND_BREAK ? "break" : "continue");
    return;
  }
  sema_list_add(out, sema_mk(S, nd->kind == ND_BREAK ? IR_BREAK : IR_CONTINUE, nd->loc, NULL));
  S->fs->da.dead = true;
}

/* A statement kernels reject: a nested def, or what the parser left as ND_UNSUPPORTED
   (reported here when the parser did not: a @jit.rawkernel body is checked only when the
   kernel is compiled, as cupyx does). */
void sema_rejected_stmt(Sema *S, const Node *nd) {
  if (nd->kind == ND_FUNCDEF)
    diag_error(S->c, nd->loc, "nested functions are not supported in kernels");
  else if (nd->weak)
    ast_report_unsupported(S->c, nd);
}

static void stmt(Sema *S, Node *nd, List *out) {
  diag_deep(S->c, nd->loc, "statements");
  List saved = S->fs->pre;
  S->fs->pre = (List){0};
  switch (nd->kind) {
  case ND_ASSIGN: s_assign(S, nd, out); break;
  case ND_AUGASSIGN: s_augassign(S, nd, out); break;
  case ND_ANNASSIGN: s_annassign(S, nd, out); break;
  case ND_IF: s_if(S, nd, out); break;
  case ND_WHILE: s_while(S, nd, out); break;
  case ND_FOR: s_for(S, nd, out); break;
  case ND_RETURN: s_return(S, nd, out); break;
  case ND_EXPR_STMT: s_expr(S, nd, out); break;
  case ND_ASSERT: s_assert(S, nd, out); break;
  case ND_BREAK:
  case ND_CONTINUE: s_jump(S, nd, out); break;
  case ND_PASS: break;
  case ND_FUNCDEF:
  case ND_UNSUPPORTED:
    sema_rejected_stmt(S, nd);
    break;
  case ND_IMPORT:
  case ND_FROM_IMPORT:
    diag_error(S->c, nd->loc, "imports inside kernels are not supported");
    break;
  default:
    diag_error(S->c, nd->loc, "unsupported statement");
    break;
  }
  flush_pre(S, out);
  S->fs->pre = saved;
}

Node *sema_block(Sema *S, Node *stmts, Loc loc) {
  List out = {0};
  S->fs->depth++;
  for (Node *s = stmts; s; s = s->next)
    stmt(S, s, &out);
  S->fs->depth--;
  Node *b = sema_mk(S, IR_BLOCK, loc, NULL);
  b->body = out.head;
  return b;
}
