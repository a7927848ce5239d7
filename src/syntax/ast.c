/*
 * ast.c: the node constructors behind the grammar's actions.
 *
 * Nodes live in the compilation's arena (ir.c's ast_new). Literals are decoded here: integers in
 * any base with underscores into ival/uval/big, floats with strtod.
 *
 * Expression constructors record each node's nesting depth. Past AST_MAX_DEPTH the
 * expression becomes one ND_UNSUPPORTED "too complex" node (reported once, unless the
 * parser is reading host code quietly) that absorbs the rest of the chain, so a
 * 100k-term `a + a + ...` costs no more memory or stack after the limit.
 * The nodes themselves and their dump are src/ir's (ir.c).
 */
#include "syntax.h"
#include "grammar.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- literals ---- */

static int digit_value(char ch) {
  if (ch >= '0' && ch <= '9')
    return ch - '0';
  if (ch >= 'a' && ch <= 'f')
    return ch - 'a' + 10;
  if (ch >= 'A' && ch <= 'F')
    return ch - 'A' + 10;
  return 99;
}

/* Decimal, 0x, 0o, 0b, with underscores: uval (and ival when it fits int64), or big. */
static void decode_int(Node *n, const char *s, size_t len) {
  static const struct {
    char ch;
    unsigned base;
  } prefixes[] = {{'x', 16}, {'X', 16}, {'o', 8}, {'O', 8}, {'b', 2}, {'B', 2}};
  unsigned base = 10;
  size_t i = 0;
  for (size_t k = 0; len > 2 && s[0] == '0' && k < sizeof prefixes / sizeof *prefixes; k++)
    if (s[1] == prefixes[k].ch) {
      base = prefixes[k].base;
      i = 2;
    }
  uint64_t v = 0;
  for (; i < len; i++) {
    if (s[i] == '_')
      continue;
    unsigned d = (unsigned)digit_value(s[i]);
    if (d >= base)
      break;
    if (v > (UINT64_MAX - d) / base) {
      n->big = true;
      return;
    }
    v = v * base + d;
  }
  n->uval = v;
  if (v <= INT64_MAX)
    n->ival = (int64_t)v;
}

/* strtod on the text without underscores and without an imaginary 'j'. */
static double decode_float(Ctx *c, const char *s, size_t len) {
  char *t = arena_alloc(&c->arena, len + 1), *q = t;
  for (size_t i = 0; i < len; i++)
    if (s[i] != '_' && s[i] != 'j' && s[i] != 'J')
      *q++ = s[i];
  *q = 0;
  return strtod(t, NULL);
}

Node *ast_literal(Ctx *c, Token t) {
  if (t.kind == TK_STRING) {
    Node *n = ast_new(c, ND_STR, t.loc);
    n->str = arena_strndup(&c->arena, t.p, t.len);
    return n;
  }
  static const NodeKind by_numkind[] = {[NUM_INT] = ND_INT, [NUM_FLOAT] = ND_FLOAT,
                                        [NUM_IMAG] = ND_IMAG};
  Node *n = ast_new(c, t.numkind <= NUM_IMAG ? by_numkind[t.numkind] : ND_FLOAT, t.loc);
  if (n->kind == ND_INT)
    decode_int(n, t.p, t.len);
  else
    n->fval = decode_float(c, t.p, t.len);
  return n;
}

/* Adjacent literals: the pieces' texts, a blank between. The text grows by doubling
   (ival: its length, uval: the room allocated), so N pieces cost O(N) memory and time. */
Node *ast_strcat(Ctx *c, Node *s, Token t) {
  size_t len = s->ival ? (size_t)s->ival : strlen(s->str), need = len + 1 + t.len + 1;
  if (need > s->uval) {
    size_t cap = need > 2 * s->uval ? need : 2 * s->uval;
    char *q = arena_alloc(&c->arena, cap);
    memcpy(q, s->str, len);
    s->str = q;
    s->uval = cap;
  }
  char *q = (char *)s->str;
  q[len] = ' ';
  memcpy(q + len + 1, t.p, t.len);
  q[len + 1 + t.len] = 0;
  s->ival = (int64_t)(len + 1 + t.len);
  s->loc = ast_span(s->loc, t.loc);
  return s;
}

/* ---- expressions ---- */

static bool too_complex(const Node *n) {
  return n && n->kind == ND_UNSUPPORTED && n->depth > AST_MAX_DEPTH;
}

static int depth_of(const Node *n) {
  return !n ? 0 : n->kind == ND_KWARG ? depth_of(n->rhs) : n->depth;
}

/* Sets n's depth from its children; past the limit n becomes the "too complex" node, and
   a node over one is that node. */
static Node *nest(Ctx *c, Node *n) {
  const Node *kids[] = {n->lhs, n->rhs, n->cond, n->then, n->els};
  int d = 0;
  for (size_t i = 0; i < sizeof kids / sizeof *kids; i++) {
    if (too_complex(kids[i]))
      return (Node *)kids[i];
    if (depth_of(kids[i]) > d)
      d = depth_of(kids[i]);
  }
  for (Node *a = n->args; a; a = a->next) {
    if (too_complex(a))
      return a;
    if (depth_of(a) > d)
      d = depth_of(a);
  }
  n->depth = d + 1;
  if (n->depth <= AST_MAX_DEPTH)
    return n;
  if (!c->quiet)
    diag_error(c, n->loc, "expression too complex (nested more than %d levels)",
               AST_MAX_DEPTH);
  Node *u = ast_new(c, ND_UNSUPPORTED, n->loc);
  u->str = "too complex expressions";
  u->depth = AST_MAX_DEPTH + 1;
  return u;
}

Node *ast_nest(Ctx *c, Node *n) { return nest(c, n); }

Node *ast_name(Ctx *c, NodeKind kind, Token t) {
  Node *n = ast_new(c, kind, t.loc);
  n->name = name_intern(c, t.p, t.len);
  return n;
}

Node *ast_expr(Ctx *c, NodeKind kind, Loc loc, Node *lhs, Node *rhs) {
  Node *n = ast_new(c, kind, loc);
  n->lhs = lhs;
  n->rhs = rhs;
  return kind < ND_INT ? n : nest(c, n);          /* statements are nested by indentation */
}

Node *ast_op(Ctx *c, NodeKind kind, Op op, Loc loc, Node *lhs, Node *rhs) {
  Node *n = ast_expr(c, kind, loc, lhs, rhs);
  if (n->kind == kind)
    n->op = op;
  return n;
}

Node *ast_boolop(Ctx *c, Op op, Loc loc, Node *a, Node *b) {
  if (too_complex(a) || too_complex(b))
    return too_complex(a) ? a : b;
  if (a->kind == ND_BOOLOP && a->op == op) {
    ast_append(a->args, b);
    if (b->depth + 1 > a->depth)
      return nest(c, a);
    return a;
  }
  Node *n = ast_op(c, ND_BOOLOP, op, loc, NULL, NULL);
  n->args = ast_append(a, b);
  return nest(c, n);
}

Node *ast_compare(Ctx *c, Node *cmp, Node *lhs, Op op, Loc loc, Node *rhs) {
  if (!cmp) {
    cmp = ast_new(c, ND_COMPARE, loc);
    cmp->args = lhs;
  } else if (too_complex(cmp))
    return cmp;
  int n = (int)cmp->ival;                         /* operators so far */
  if (n == cmp->nargs) {                           /* the ops array doubles */
    cmp->nargs = n ? 2 * n : 4;
    Op *ops = arena_alloc(&c->arena, (size_t)cmp->nargs * sizeof *ops);
    if (n > 0)
      memcpy(ops, cmp->ops, (size_t)n * sizeof *ops);
    cmp->ops = ops;
  }
  cmp->ops[n] = op;
  cmp->ival = n + 1;
  ast_append(cmp->args, rhs);
  return nest(c, cmp);
}

Node *ast_tuple(Ctx *c, Loc loc, Node *items, bool force) {
  if (!force && items && !items->next)
    return items;
  Node *n = ast_new(c, ND_TUPLE, loc);
  n->args = items;
  return nest(c, n);
}

Node *ast_attr(Ctx *c, Node *obj, Token name) {
  Node *n = ast_expr(c, ND_ATTR, ast_span(obj->loc, name.loc), obj, NULL);
  if (n->kind == ND_ATTR)
    n->name = name_intern(c, name.p, name.len);
  return n;
}

Node *ast_ifexp(Ctx *c, Loc loc, Node *then, Node *cond, Node *els) {
  Node *n = ast_new(c, ND_IFEXP, loc);
  n->then = then;
  n->cond = cond;
  n->els = els;
  return nest(c, n);
}

Node *ast_slice(Ctx *c, Loc loc, Node *lo, Node *hi, Node *step) {
  Node *n = ast_expr(c, ND_SLICE, loc, lo, hi);
  n->step = step;
  return n;
}

/* ---- statements and definitions ---- */

Node *ast_cond_stmt(Ctx *c, NodeKind kind, Loc loc, Node *cond, Node *body, Node *els) {
  Node *n = ast_new(c, kind, loc);
  n->cond = cond;
  if (kind == ND_IF)
    n->then = body;
  else
    n->body = body;
  n->els = els;
  return n;
}

Node *ast_elifs(Node *elifs, Node *els) {
  for (Node *e = elifs, *next; e; e = next) {
    next = e->next;
    e->next = NULL;
    e->els = next ? next : els;
  }
  return elifs ? elifs : els;
}

Node *ast_for(Ctx *c, Loc loc, Node *target, Node *iter, Node *body, Node *els) {
  Node *n = ast_expr(c, ND_FOR, loc, target, iter);
  n->body = body;
  n->els = els;
  return n;
}

Node *ast_assign(Ctx *c, Node *targets, Node *value) {
  Node *n = ast_expr(c, ND_ASSIGN, targets->loc, NULL, value);
  n->targets = targets;
  return n;
}

Node *ast_annassign(Ctx *c, Loc loc, Node *target, Node *ann, Node *value) {
  Node *n = ast_expr(c, ND_ANNASSIGN, loc, target, value);
  n->ann = ann;
  return n;
}

Node *ast_funcdef(Ctx *c, Token name, Node *params, Node *ret, Node *body) {
  Node *n = ast_name(c, ND_FUNCDEF, name);
  n->params = params;
  n->lhs = ret;
  n->body = body;
  return n;
}

Node *ast_param(Ctx *c, Token name, Node *ann, Node *dflt) {
  Node *n = ast_name(c, ND_PARAM, name);
  n->lhs = ann;
  n->rhs = dflt;
  return n;
}

Node *ast_import(Ctx *c, NodeKind kind, Loc loc, const char *str, const char *name) {
  Node *n = ast_new(c, kind, loc);
  n->str = str;
  n->name = name;
  return n;
}

Node *ast_dotted(Ctx *c, Node *imp, Token name) {
  imp->str = intern_cstr(&c->names,
                         arena_printf(&c->arena, "%s.%.*s", imp->str, (int)name.len, name.p));
  imp->loc = ast_span(imp->loc, name.loc);
  return imp;
}

Node *ast_loop_else(Ctx *c, Loc else_loc, Node *suite) {
  Node *n = ast_new(c, ND_PASS, else_loc);
  n->next = suite;
  return n;
}

void ast_report_unsupported(Ctx *c, const Node *u) {
  size_t n = strlen(u->str);
  diag_error(c, u->loc, "%s %s not supported in kernels", u->str,
             n && u->str[n - 1] == 's' ? "are" : "is");
}

Node *ast_unsupported(Ctx *c, Loc loc, const char *what) {
  Node *u = ast_new(c, ND_UNSUPPORTED, loc);
  u->str = what;
  u->weak = c->lazy && !c->quiet;                  /* reported when the kernel is compiled */
  if (!c->quiet && !c->deferred && !c->lazy)
    ast_report_unsupported(c, u);
  return u;
}
