/*
 * ast.c: the node constructors behind the grammar's actions, and the tree dump.
 *
 * Nodes live in the compilation's arena; lists are linked through `next`, so a list is
 * its first node; its head keeps a hint to the last node, so appending is O(1) however
 * long the list grows (a 200k-statement module). Literals are decoded here: integers in
 * any base with underscores into ival/uval/big, floats with strtod.
 *
 * Expression constructors record each node's nesting depth. Past AST_MAX_DEPTH the
 * expression becomes one ND_UNSUPPORTED "too complex" node (reported once, unless the
 * parser is reading host code quietly) that absorbs the rest of the chain, so a
 * 100k-term `a + a + ...` costs no more memory or stack after the limit.
 *
 * ast_dump prints any tree, untyped or typed, from one table: a node per line as its kind
 * and its set scalar fields, then its children indented under their field's label.
 */
#include "pykc.h"
#include "grammar.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const op_spelling[OP_COUNT] = {
    [OP_NONE] = "",        [OP_ADD] = "+",       [OP_SUB] = "-",        [OP_MUL] = "*",
    [OP_DIV] = "/",        [OP_FLOORDIV] = "//", [OP_MOD] = "%",        [OP_POW] = "**",
    [OP_LSHIFT] = "<<",    [OP_RSHIFT] = ">>",   [OP_BITAND] = "&",     [OP_BITOR] = "|",
    [OP_BITXOR] = "^",     [OP_MATMUL] = "@",    [OP_NEG] = "-",        [OP_POS] = "+",
    [OP_INVERT] = "~",     [OP_NOT] = "not",     [OP_AND] = "and",      [OP_OR] = "or",
    [OP_EQ] = "==",        [OP_NE] = "!=",       [OP_LT] = "<",         [OP_LE] = "<=",
    [OP_GT] = ">",         [OP_GE] = ">=",       [OP_IS] = "is",        [OP_ISNOT] = "is not",
    [OP_IN] = "in",        [OP_NOTIN] = "not in",
};

/* ---- lists and nodes ---- */

Node *ast_new(Ctx *c, NodeKind kind, Loc loc) {
  Node *n = arena_alloc(&c->arena, sizeof *n);
  n->kind = kind;
  n->loc = loc;
  return n;
}

/* The last node of a list, from its head's hint when the hint is the head's own. */
static Node *last_of(Node *list) {
  Node *p = list->ltail && list->ltail->lhead == list ? list->ltail : list;
  while (p->next)
    p = p->next;
  return p;
}

Node *ast_append(Node *list, Node *item) {
  if (!list)
    return item;
  if (!item)
    return list;
  Node *end = last_of(list);
  end->next = item;
  end = last_of(item);
  list->ltail = end;
  end->lhead = list;
  return list;
}

int ast_count(const Node *list) {
  int n = 0;
  for (; list; list = list->next)
    n++;
  return n;
}

Loc ast_span(Loc a, Loc b) {
  if (a.line == b.line && b.col + b.len > a.col)
    a.len = b.col + b.len - a.col;
  return a;
}

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

Node *ast_strcat(Ctx *c, Node *s, Token t) {
  s->str = arena_printf(&c->arena, "%s %.*s", s->str, (int)t.len, t.p);
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

Node *ast_unsupported(Ctx *c, Loc loc, const char *what) {
  size_t n = strlen(what);
  if (!c->quiet)
    diag_error(c, loc, "%s %s not supported in kernels", what,
             n && what[n - 1] == 's' ? "are" : "is");
  Node *u = ast_new(c, ND_UNSUPPORTED, loc);
  u->str = what;
  return u;
}

const char *const array_attr_names[AA_COUNT] = {
  [AA_SIZE] = "size", [AA_SHAPE] = "shape", [AA_STRIDES] = "strides",
};

/* ---- the dump ---- */

enum { V_NONE, V_INT, V_FLOAT, V_CONST, V_IVAL };   /* how a kind shows its value */

static const struct {
  const char *name;
  unsigned char value;
} kinds[IR_KIND_COUNT] = {
    [ND_MODULE] = {"module", 0},         [ND_IMPORT] = {"import", 0},
    [ND_FROM_IMPORT] = {"from_import", 0}, [ND_ALIAS] = {"alias", 0},
    [ND_FUNCDEF] = {"funcdef", 0},       [ND_PARAM] = {"param", 0},
    [ND_CONST_ASSIGN] = {"const_assign", 0}, [ND_ASSIGN] = {"assign", 0},
    [ND_HOSTDEF] = {"hostdef", 0},       [ND_CLASSDEF] = {"classdef", 0},
    [ND_SCOPE_END] = {"scope_end", 0},   [ND_FORM] = {"form", 0},
    [ND_AUGASSIGN] = {"augassign", 0},   [ND_ANNASSIGN] = {"annassign", 0},
    [ND_IF] = {"if", 0},                 [ND_WHILE] = {"while", 0},
    [ND_FOR] = {"for", 0},               [ND_BREAK] = {"break", 0},
    [ND_CONTINUE] = {"continue", 0},     [ND_PASS] = {"pass", 0},
    [ND_RETURN] = {"return", 0},         [ND_EXPR_STMT] = {"expr_stmt", 0},
    [ND_ASSERT] = {"assert", 0},         [ND_UNSUPPORTED] = {"unsupported", 0},
    [ND_INT] = {"int", V_INT},           [ND_FLOAT] = {"float", V_FLOAT},
    [ND_IMAG] = {"imag", V_FLOAT},       [ND_STR] = {"str", 0},
    [ND_TRUE] = {"true", 0},             [ND_FALSE] = {"false", 0},
    [ND_NONE] = {"none", 0},             [ND_NAME] = {"name", 0},
    [ND_ATTR] = {"attr", 0},             [ND_CALL] = {"call", 0},
    [ND_KWARG] = {"kwarg", 0},           [ND_SUBSCRIPT] = {"subscript", 0},
    [ND_TUPLE] = {"tuple", 0},           [ND_BINOP] = {"binop", 0},
    [ND_UNARY] = {"unary", 0},           [ND_BOOLOP] = {"boolop", 0},
    [ND_COMPARE] = {"compare", 0},       [ND_IFEXP] = {"ifexp", 0},
    [ND_STARRED] = {"starred", 0},       [ND_SLICE] = {"slice", 0},
    [IR_BLOCK] = {"block", 0},           [IR_ASSIGN] = {"assign", 0},
    [IR_AUGASSIGN] = {"augassign", 0},   [IR_IF] = {"if", 0},
    [IR_WHILE] = {"while", 0},           [IR_FOR] = {"for", 0},
    [IR_BREAK] = {"break", 0},           [IR_CONTINUE] = {"continue", 0},
    [IR_RETURN] = {"return", 0},         [IR_EXPR] = {"expr", 0},
    [IR_ASSERT] = {"assert", 0},         [IR_PRINT] = {"print", 0},
    [IR_SHARED] = {"shared", V_IVAL},    [IR_LOCALMEM] = {"localmem", V_IVAL},
    [IR_CONST] = {"const", V_CONST},     [IR_VAR] = {"var", 0},
    [IR_CAST] = {"cast", 0},             [IR_BINOP] = {"binop", 0},
    [IR_UNARY] = {"unary", 0},           [IR_LOGIC] = {"logic", 0},
    [IR_COMPARE] = {"compare", 0},       [IR_SELECT] = {"select", 0},
    [IR_INDEX] = {"index", 0},           [IR_ARRAY_ATTR] = {"array_attr", V_IVAL},
    [IR_TUPLE] = {"tuple", 0},           [IR_TUPLE_GET] = {"tuple_get", V_IVAL},
    [IR_BUILTIN] = {"builtin", 0},       [IR_CALL] = {"call", 0},
    [IR_HELPER] = {"helper", 0},         [IR_ADDR] = {"addr", 0},
    [IR_DEREF] = {"deref", 0},
};

/* The shortest %g spelling that reads back as the same double. */
static void put_double(Buf *out, double d) {
  char s[40];
  for (int prec = 1; prec <= 17; prec++) {
    snprintf(s, sizeof s, "%.*g", prec, d);
    if (strtod(s, NULL) == d)
      break;
  }
  buf_puts(out, s);
}

static void put_value(const Node *n, Buf *out) {
  unsigned v = (unsigned)n->kind < IR_KIND_COUNT ? kinds[n->kind].value : V_NONE;
  if (v == V_CONST && n->ty)
    v = ty_is_float(n->ty) ? V_FLOAT : n->ty->kind == TY_UINT64 ? V_INT : V_IVAL;
  switch (v) {
  case V_INT:
    if (n->big)
      buf_puts(out, " value=big");
    else
      buf_printf(out, " value=%llu", (unsigned long long)n->uval);
    break;
  case V_FLOAT:
    buf_puts(out, " value=");
    put_double(out, n->fval);
    break;
  case V_IVAL:
    buf_printf(out, " %s=%lld", n->kind == IR_CONST ? "value" : "ival", (long long)n->ival);
    break;
  }
}

static void put_fields(Ctx *c, const Node *n, Buf *out) {
  if (n->name)
    buf_printf(out, " name=%s", n->name);
  if (n->kind == IR_ARRAY_ATTR && (unsigned)n->attr < AA_COUNT)
    buf_printf(out, " name=%s", array_attr_names[n->attr]);
  if (n->str) {                                    /* one line: escape line breaks */
    buf_puts(out, " str=");
    for (const char *s = n->str; *s; s++) {
      if (*s == '\n')
        buf_puts(out, "\\n");
      else if (*s == '\r')
        buf_puts(out, "\\r");
      else
        buf_putc(out, *s);
    }
  }
  if (n->op != OP_NONE && (unsigned)n->op < OP_COUNT)
    buf_printf(out, " op='%s'", op_spelling[n->op]);
  if (n->ops) {
    int nops = ast_count(n->args) - 1;
    buf_puts(out, " ops=[");
    for (int i = 0; i < nops; i++)
      buf_printf(out, "%s'%s'", i ? ", " : "", op_spelling[n->ops[i]]);
    buf_putc(out, ']');
  }
  put_value(n, out);
  if (n->var)
    buf_printf(out, " var=%s", n->var->cname ? n->var->cname : n->var->name);
  if (n->callee)
    buf_printf(out, " callee=%s", n->callee->cname);
  if (n->bi)
    buf_printf(out, " builtin=%s", n->bi->name);
  if (n->kind == IR_HELPER && (unsigned)n->helper < HK_COUNT)
    buf_printf(out, " helper=%s", helper_names[n->helper]);
  if (n->compound)
    buf_puts(out, " compound");
  if (n->unroll)
    buf_printf(out, " unroll=%d", n->unroll);
  if (n->stepsign)
    buf_printf(out, " stepsign=%d", n->stepsign);
  if (n->align)
    buf_printf(out, " align=%d", n->align);
  if (n->weak)
    buf_puts(out, " weak");
  if (n->ty)
    buf_printf(out, " ty=%s", ty_str(c, n->ty));
  if (n->cty)
    buf_printf(out, " cty=%s", ty_str(c, n->cty));
}

static void dump(Ctx *c, const Node *n, Buf *out, int indent, const char *label);

static void dump_list(Ctx *c, const Node *list, Buf *out, int indent, const char *label) {
  if (!list)
    return;
  buf_printf(out, "%*s%s:\n", indent, "", label);
  for (; list; list = list->next)
    dump(c, list, out, indent + 2, NULL);
}

static void dump(Ctx *c, const Node *n, Buf *out, int indent, const char *label) {
  const char *name = (unsigned)n->kind < IR_KIND_COUNT && kinds[n->kind].name
                         ? kinds[n->kind].name : "?";
  buf_printf(out, "%*s%s%s%s", indent, "", label ? label : "", label ? ": " : "", name);
  put_fields(c, n, out);
  buf_putc(out, '\n');
  dump_list(c, n->decorators, out, indent + 2, "decorators");
  dump_list(c, n->params, out, indent + 2, "params");
  dump_list(c, n->targets, out, indent + 2, "targets");
  if (n->lhs)
    dump(c, n->lhs, out, indent + 2, "lhs");
  if (n->cond)
    dump(c, n->cond, out, indent + 2, "cond");
  if (n->step)
    dump(c, n->step, out, indent + 2, "step");
  if (n->ann)
    dump(c, n->ann, out, indent + 2, "ann");
  if (n->rhs)
    dump(c, n->rhs, out, indent + 2, "rhs");
  dump_list(c, n->args, out, indent + 2, "args");
  dump_list(c, n->then, out, indent + 2, "then");
  dump_list(c, n->body, out, indent + 2, "body");
  dump_list(c, n->els, out, indent + 2, "els");
}

void ast_dump(Ctx *c, const Node *n, Buf *out) {
  for (; n; n = n->next)
    dump(c, n, out, 0, NULL);
}
