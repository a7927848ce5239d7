/*
 * emit_stmt.c: statements of the lowered IR as C text: assignments (stores narrow to the
 * element type; lower.c's compound ones as `t op= v`), range loops (lower.c hoisted the
 * bounds and chose the counter and the step's sign), if/elif chains, print -> printf,
 * assert (--debug), and `#line` directives.
 */
#include "emit.h"

#include <stdio.h>

static void line_directive(Emitter *e, const Node *n) {
  if (!(e->c->opt.line_info || e->tg->always_line_info) || !n->loc.line ||
      n->loc.line == e->line)
    return;
  e->line = n->loc.line;
  buf_printf(e->out, "#line %u \"", n->loc.line);
  buf_put_cstring(e->out, e->c->src->name);
  buf_puts(e->out, "\"\n");
}

static void emit_assign(Emitter *e, const Node *n) {
  indent(e);
  emit_lvalue(e, n->lhs);
  const Node *r = n->rhs;
  bool shift = r->kind == IR_BINOP && (r->op == OP_LSHIFT || r->op == OP_RSHIFT);
  if (n->compound && !(shift && e->tg->shift_helpers)) { /* `t op= v` */
    putf(e, " %s= ", emit_ops[r->op].c);
    emit_expr(e, r->rhs, P_LOWEST);
    put(e, ";\n");
    return;
  }
  put(e, " = ");
  if (n->lhs->ty->kind == TY_FLOAT16 && emit_yields_storage(e, n->lhs))
    emit_storage_value(e, r);
  else
    emit_stored(e, n->lhs->ty, r);
  put(e, ";\n");
}

/* for v in range(...): `for (v = start; v < stop; v += step)`, the test chosen by the
   step's sign (lower.c settled it; 0: tested at run time). */
static void emit_for(Emitter *e, const Node *n) {
  const char *v = n->var->cname;
  const Node *stop = n->rhs, *step = n->step;
  int sign = n->stepsign;
  bool one = step->kind == IR_CONST && step->ival == 1 && sign > 0;
  e->tg->unroll(e, e->out, n->unroll);
  indent(e);
  putf(e, "for (%s = ", v);
  emit_expr(e, n->lhs, P_LOWEST);
  putf(e, "; ");
  if (sign > 0) {
    putf(e, "%s < ", v);
    emit_expr(e, stop, P_REL + 1);
  } else if (sign < 0) {
    putf(e, "%s > ", v);
    emit_expr(e, stop, P_REL + 1);
  } else {
    emit_expr(e, step, P_REL + 1);
    putf(e, " >= 0 ? %s < ", v);
    emit_expr(e, stop, P_REL + 1);
    putf(e, " : %s > ", v);
    emit_expr(e, stop, P_REL + 1);
  }
  if (one)
    putf(e, "; %s++) {\n", v);
  else if (emit_const_negative(step) && !type_is_float(step->ty->kind)) {
    putf(e, "; %s -= %lld) {\n", v, -(long long)step->ival);
  } else {
    putf(e, "; %s += ", v);
    emit_expr(e, step, P_LOWEST);
    put(e, ") {\n");
  }
  emit_block(e, n->body);
  indent(e);
  put(e, "}\n");
}

/* `KW (cond) {`, then body one level deeper, then the indent of the closing brace. */
static void cond_block(Emitter *e, const char *kw, const Node *cond, const Node *body) {
  putf(e, "%s (", kw);
  emit_expr(e, cond, P_LOWEST);
  put(e, ") {\n");
  emit_block(e, body);
  indent(e);
}

static void emit_if(Emitter *e, const Node *n, bool chained) {
  if (!chained)
    indent(e);
  cond_block(e, "if", n->cond, n->then);
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
    emit_block(e, els);
    indent(e);
    put(e, "}\n");
  }
}

/* printf arguments: floats as double, bool as Python spells it (sema's format has %s). */
static void print_arg(Emitter *e, const Node *a) {
  TypeKind k = a->ty->kind;
  if (k == TY_FLOAT32 || k == TY_FLOAT16) {
    put(e, "(double)");
    emit_expr(e, a, P_UNARY);
  } else if (k == TY_BOOL) {
    emit_expr(e, a, P_OR);
    put(e, " ? \"True\" : \"False\"");
  } else
    emit_expr(e, a, P_LOWEST);
}

/* A C string literal's body for text that is also a printf format. */
void emit_c_string(Buf *b, const char *s) {
  for (; *s; s++) {
    if (*s == '"' || *s == '\\')
      buf_printf(b, "\\%c", *s);
    else if (*s == '\n')
      buf_puts(b, "\\n");
    else if (*s == '%')
      buf_puts(b, "%%");
    else
      buf_putc(b, *s);
  }
}

/* assert (only with --debug): pykc_assert_fail(LINE, MSG or 0) reports the first failure
   of the grid (CPU backend: cpu_rt.h; CUDA: the debug record of emit_cuda.c's preamble). */
static void emit_assert(Emitter *e, const Node *n) {
  e->uses_assert = true;
  indent(e);
  put(e, "if (!(");
  emit_expr(e, n->cond, P_LOWEST);
  put(e, ")) {\n");
  e->indent++;
  indent(e);
  putf(e, "pykc_assert_fail(%u, %s);\n", n->loc.line, n->str ? n->str : "0");
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
  diag_deep(e->c, n->loc, "statements");
  if (n->kind != IR_BLOCK && n->kind != IR_SHARED && n->kind != IR_LOCALMEM)
    line_directive(e, n);
  switch (n->kind) {
  case IR_BLOCK:
    for (const Node *s = n->body; s; s = s->next)
      stmt(e, s);
    return;
  case IR_ASSIGN: emit_assign(e, n); return;
  case IR_IF: emit_if(e, n, false); return;
  case IR_WHILE:
    indent(e);
    cond_block(e, "while", n->cond, n->body);
    put(e, "}\n");
    return;
  case IR_FOR: emit_for(e, n); return;
  case IR_BREAK: indent(e); put(e, "break;\n"); return;
  case IR_CONTINUE: indent(e); put(e, "continue;\n"); return;
  case IR_RETURN:
    indent(e);
    if (n->lhs) {
      put(e, "return ");
      emit_stored(e, e->spec->ret, n->lhs);
      put(e, ";\n");
    } else
      put(e, "return;\n");
    return;
  case IR_EXPR:
    indent(e);
    emit_expr(e, n->lhs, P_LOWEST);
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

void emit_block(Emitter *e, const Node *n) {
  e->indent++;
  if (n && n->kind == IR_BLOCK)
    for (const Node *s = n->body; s; s = s->next)
      stmt(e, s);
  else if (n)
    for (const Node *s = n; s; s = s->next)
      stmt(e, s);
  e->indent--;
}
