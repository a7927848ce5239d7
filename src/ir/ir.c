/*
 * ir.c: the nodes every phase builds (ast_new, lists through `next` with an O(1) append
 * hint, spans) and the --dump-ast / --dump-ir printer.
 *
 * ast_dump prints any tree, untyped or typed, from one table: a node per line as its kind
 * and its set scalar fields, then its children indented under their field's label.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir.h"


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

/* ---- IR predicates ---- */

bool ir_pure(const Node *n) {
  if (!n)
    return true;
  switch (n->kind) {
  case IR_CONST: case IR_VAR:
    return true;
  case IR_CAST: case IR_UNARY: case IR_ARRAY_ATTR: case IR_TUPLE_GET: case IR_DEREF:
  case IR_ADDR:
    return ir_pure(n->lhs);
  case IR_BINOP: case IR_LOGIC: case IR_COMPARE: case IR_HELPER:
    return ir_pure(n->lhs) && ir_pure(n->rhs);
  case IR_INDEX:
    for (const Node *a = n->args; a; a = a->next)
      if (!ir_pure(a))
        return false;
    return ir_pure(n->lhs);
  case IR_BUILTIN:
    return (n->bi->kind == BK_THREAD_IDX || n->bi->kind == BK_VALUE) && !n->args;
  case IR_LIB:                                     /* jit.thrust's iterator arithmetic */
    if (!(n->lib->flags & LIBF_PURE))
      return false;
    for (const Node *a = n->args; a; a = a->next)
      if (!ir_pure(a))
        return false;
    return true;
  default:
    return false;
  }
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
    [ND_PYDEF] = {"pydef", 0},
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
    [IR_LIB] = {"lib", 0},
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
  if (n->lib)
    buf_printf(out, " lib=%s", n->lib->cuda);
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
  if (n)
    diag_deep(c, n->loc, "statements or expressions");
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
