/*
 * emit_stmt.c: statements of the typed IR as C text: assignments (stores narrow to the
 * element type), augmented assignments (C's compound operator when it computes the same,
 * else `t = (T)(t op v)` with the element's address taken once), range loops (bounds
 * hoisted when the body may change them, a hidden counter when the loop variable is
 * assigned or read after the loop), if/elif chains, print -> printf, assert (--debug),
 * and `#line` directives.
 */
#include "emit.h"

#include <stdio.h>

static void line_directive(Emitter *e, const Node *n) {
  if (!(e->c->opt.line_info || e->tg->always_line_info) || !n->loc.line ||
      n->loc.line == e->line)
    return;
  e->line = n->loc.line;
  buf_printf(e->out, "#line %u \"", n->loc.line);
  for (const char *s = e->c->src->name; *s; s++) { /* a string literal: escape " \ and controls */
    if (*s == '"' || *s == '\\')
      buf_printf(e->out, "\\%c", *s);
    else if ((unsigned char)*s < 0x20 || *s == 0x7f)
      buf_printf(e->out, "\\%03o", (unsigned char)*s);
    else
      buf_putc(e->out, *s);
  }
  buf_puts(e->out, "\"\n");
}

static const char *new_temp(Emitter *e, const Type *t) {
  const char *name = arena_printf(&e->c->arena, "_t%d", e->ntemps++);
  buf_printf(&e->temps, "  %s;\n", emit_decl(e, t, name));
  return name;
}

static void emit_assign(Emitter *e, const Node *n) {
  indent(e);
  emit_lvalue(e, n->lhs);
  put(e, " = ");
  if (n->lhs->ty->kind == TY_FLOAT16 && emit_yields_storage(e, n->lhs))
    emit_storage_value(e, n->rhs);
  else
    emit_stored(e, n->lhs->ty, n->rhs);
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
    plain_op = emit_prec(e, &probe) == P_MUL; /* range facts allow C's / and % */
  }
  if (plain_op && lk == ck && !(lk == TY_FLOAT16 && emit_yields_storage(e, t)) && lk != TY_BOOL) {
    indent(e);
    emit_lvalue(e, t);
    putf(e, " %s= ", emit_ops[n->op].c);
    emit_expr(e, n->rhs, P_LOWEST);
    put(e, ";\n");
    return;
  }
  Node ref = *t;
  if (t->kind == IR_INDEX && !emit_pure(t)) {
    /* evaluate the element's address once */
    const char *p = new_temp(e, ty_ptr(e->c, t->ty));
    indent(e);
    putf(e, "%s = ", p);
    emit_address(e, t);
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
  if (!emit_pure(x))
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
  emit_expr(e, x, P_LOWEST);
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
  else if (emit_const_negative(step) && !is_floatk(step->ty->kind)) {
    putf(e, "; %s -= %lld) {\n", v, -(long long)step->ival);
  } else {
    putf(e, "; %s += ", v);
    emit_expr(e, step, P_LOWEST);
    put(e, ") {\n");
  }
  if (hidden) {
    e->indent++;
    indent(e);
    putf(e, "%s = %s;\n", n->var->cname, v);
    e->indent--;
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
