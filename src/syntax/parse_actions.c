/*
 * parse_actions.c: the grammar's actions that check as they build (grammar.y calls them:
 * assignment targets, calls, subscripts, slices, lists, kernel-form items), and the
 * filing of routed items under the host function or class that holds them (parse_item:
 * qualified names "Cls.k", "outer.k"). They see only the ParseState, never the router's
 * token queue (parse.c).
 */
#include "syntax.h"
#include "grammar.h"

#include <string.h>

/* ---- grammar actions that check as they build ---- */

Node *parse_funcdef(ParseState *ps, Loc def, Token name, Node *params, Node *ret) {
  if (ps->depth > ps->base) {
    Node *u = ast_unsupported(ps->c, def, "nested function definitions");
    if (u->weak)                                   /* a kernel's body: reported when the */
      return u;                                    /* kernel is compiled (sema) */
  }
  return ast_funcdef(ps->c, name, params, ret, NULL);
}

/* What a non-target expression is called in "cannot assign to ...". */
static const char *const not_a_target[IR_KIND_COUNT] = {
    [ND_INT] = "literal",       [ND_FLOAT] = "literal",    [ND_IMAG] = "literal",
    [ND_STR] = "literal",       [ND_TRUE] = "True",        [ND_FALSE] = "False",
    [ND_NONE] = "None",         [ND_CALL] = "function call", [ND_COMPARE] = "comparison",
    [ND_IFEXP] = "conditional expression", [ND_KWARG] = "keyword argument",
};

Node *parse_target(ParseState *ps, Node *e, const char *single) {
  switch (e->kind) {
  case ND_NAME:
  case ND_ATTR:
  case ND_SUBSCRIPT:
  case ND_UNSUPPORTED:
    return e;
  case ND_TUPLE:
    if (single)
      diag_error(ps->c, e->loc, "only a single target (not a tuple) can be used in an %s",
                 single);
    else
      for (Node *i = e->args; i; i = i->next)
        parse_target(ps, i, NULL);
    return e;
  default:
    diag_error(ps->c, e->loc, "cannot assign to %s",
               not_a_target[e->kind] ? not_a_target[e->kind] : "expression");
    return e;
  }
}

Node *parse_augassign(ParseState *ps, Node *target, Op op, Loc loc, Node *value) {
  if (op == OP_MATMUL)
    return ast_unsupported(ps->c, loc, "the '@=' operator");
  return ast_op(ps->c, ND_AUGASSIGN, op, loc, parse_target(ps, target, "augmented assignment"),
                value);
}

Node *parse_ellipsis(ParseState *ps, Token t) {
  bool aug = t.len && t.p[0] != '.';
  Node *u = ast_unsupported(ps->c, t.loc, aug ? AST_AUGMENTED : AST_ELLIPSIS);
  if (aug)
    u->name = arena_strndup(&ps->c->arena, t.p, t.len);
  return u;
}

/* `A, B = value` outside kernels: NAMES (ND_CONST_ASSIGN nodes) each bound to its item, a
   tuple display's of as many, a name's `value[i]` (`A, B = T` of a constant tuple T); any
   other value (`a, b = np.array(...)`, `ka, kb = make()`: evaluated once by Python, never
   item by item here) and a host value (`...`) bind each to no constant. WEAK: assigned
   under a host if, for or while. */
Node *parse_unpack(ParseState *ps, Node *names, Node *value, bool weak) {
  int n = ast_count(names), i = 0;
  bool display = value->kind == ND_TUPLE && ast_count(value->args) == n;
  Node *item = display ? value->args : NULL;
  if (!display && value->kind != ND_NAME && value->kind != ND_UNSUPPORTED) {
    value = ast_new(ps->c, ND_UNSUPPORTED, value->loc);   /* host code's `...` (parse.c), */
    value->str = AST_ELLIPSIS;                             /* never reported */
  }
  for (Node *a = names; a; a = a->next, i++) {
    Node *rhs = value;
    if (display) {                                 /* its own copy, out of the tuple's list */
      rhs = arena_alloc(&ps->c->arena, sizeof *rhs);
      *rhs = *item;
      rhs->next = NULL;
      item = item->next;
    } else if (value->kind != ND_UNSUPPORTED) {
      Node *ix = ast_new(ps->c, ND_INT, value->loc);
      ix->ival = i;
      ix->uval = (uint64_t)i;
      rhs = ast_new(ps->c, ND_SUBSCRIPT, value->loc);
      rhs->lhs = value;
      rhs->args = ix;
      rhs = ast_nest(ps->c, rhs);
    }
    a->rhs = rhs;
    a->weak = weak;
  }
  return names;
}

Node *parse_call(ParseState *ps, Node *fn, Node *args, Token rpar) {
  for (Node *a = args; a; a = a->next) {
    if (a->kind == ND_KWARG) {
      for (Node *b = args; b != a; b = b->next)
        if (b->kind == ND_KWARG && b->name == a->name)
          diag_error(ps->c, a->loc, "keyword argument '%s' repeated", a->name);
    } else if (a->kind != ND_UNSUPPORTED) {
      for (Node *b = args; b != a; b = b->next)
        if (b->kind == ND_KWARG) {
          diag_error(ps->c, a->loc, "positional argument follows keyword argument");
          break;
        }
    }
  }
  Node *n = ast_new(ps->c, ND_CALL, ast_span(fn->loc, rpar.loc));
  n->lhs = fn;
  n->args = args;
  return ast_nest(ps->c, n);
}

/* x[i, j] and x[(i, j)] index with two expressions, x[()] with none. */
Node *parse_subscript(ParseState *ps, Node *obj, Node *index, Token rsqb) {
  Node *n = ast_new(ps->c, ND_SUBSCRIPT, ast_span(obj->loc, rsqb.loc));
  n->lhs = obj;
  n->args = index->kind == ND_TUPLE ? index->args : index;
  return ast_nest(ps->c, n);
}

/* Slices only make sense in parameter annotations (`cp.float32[:, ::1]`) and in a
   @cupy.fuse body (`x[:] = v`, which the trace checks). */
Node *parse_slice(ParseState *ps, Loc loc, Node *lo, Node *hi, Node *step) {
  if (!ps->in_header && !ps->c->deferred)
    return ast_unsupported(ps->c, loc, "slices");
  return ast_slice(ps->c, loc, lo, hi, step);
}

/* A list display is a value only in a kernel form's call (RawModule's
   name_expressions=[...], options=[...]). */
Node *parse_list(ParseState *ps, Token lsqb, Node *items, Token rsqb) {
  Loc at = ast_span(lsqb.loc, rsqb.loc);
  if (!ps->in_form)
    return ast_unsupported(ps->c, at, "lists");
  Node *n = ast_tuple(ps->c, at, items && items->kind == ND_TUPLE ? items->args : items, true);
  n->weak = true;                                  /* a list, not a tuple */
  return n;
}

Node *parse_form(ParseState *ps, Node *target, Node *call) {
  Node *n = ast_new(ps->c, ND_FORM, call->loc);
  n->lhs = call;
  n->rhs = target;
  if (target && (target->kind == ND_NAME || target->kind == ND_ATTR))
    n->name = target->name;
  return n;
}

/* ---- filing items under their host function or class ---- */

Node *parse_item(ParseState *ps, Node *list, Node *item) {
  if (!item)
    return list;
  if (item->kind == ND_SCOPE_END && !item->weak) {
    if (ps->nopen > 0)
      ps->nopen--;
    return list;
  }
  Node *outer = ps->nopen > 0 ? ps->open[ps->nopen - 1] : NULL;
  bool scope = item->kind == ND_HOSTDEF || item->kind == ND_CLASSDEF;
  if (scope || (item->kind == ND_FUNCDEF && outer))
    item->str = outer ? arena_printf(&ps->c->arena, "%s.%s", outer->str, item->name)
                      : item->name;
  if (outer)
    outer->body = ast_append(outer->body, item);
  else
    list = ast_append(list, item);
  if (scope && ps->nopen < (int)(sizeof ps->open / sizeof *ps->open))
    ps->open[ps->nopen++] = item;
  return list;
}
