/*
 * sema_fstring.c: f-strings of compile-time constants: the body's literal text and its
 * fields `{expr[=][!c][:spec]}`, whose expression sema evaluates (names, attribute
 * chains, numbers and their arithmetic, read by the small reader below).
 */
#include "strval.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


/* The expression of an f-string field as a node: names and attribute chains (`N`,
   `cfg.BLOCK`), numbers, parentheses and the arithmetic operators (`N * 2 + 1`), which
   the caller evaluates as it evaluates any constant expression; NULL for anything else. */
typedef struct XP {
  Sema *S;
  const char *p, *end;
  Loc loc;
} XP;

static const struct {
  const char *op;
  Op kind;
  int prec;
} xp_ops[] = {                                     /* longest spelling first */
    {"**", OP_POW, 8},   {"//", OP_FLOORDIV, 6}, {"<<", OP_LSHIFT, 4}, {">>", OP_RSHIFT, 4},
    {"*", OP_MUL, 6},    {"/", OP_DIV, 6},       {"%", OP_MOD, 6},     {"+", OP_ADD, 5},
    {"-", OP_SUB, 5},    {"&", OP_BITAND, 3},    {"^", OP_BITXOR, 2},  {"|", OP_BITOR, 1},
};
enum { PREC_UNARY = 7 };

static void xp_space(XP *x) {
  while (x->p < x->end && sv_is_space(*x->p))
    x->p++;
}

static Node *xp_expr(XP *x, int min);

static Node *xp_number(XP *x) {
  const char *st = x->p;
  while (x->p < x->end && (sv_id_char(*x->p) || *x->p == '.' ||
                           ((*x->p == '+' || *x->p == '-') && (x->p[-1] | 32) == 'e')))
    x->p++;
  char *t = arena_strndup(&x->S->c->arena, st, (size_t)(x->p - st)), *e;
  size_t n = strlen(t);
  if (strspn(t, "0123456789") == n) {
    if (n > 18 || (n > 1 && t[0] == '0'))
      return NULL;
    Node *nd = ast_new(x->S->c, ND_INT, x->loc);
    nd->ival = strtoll(t, &e, 10);
    nd->uval = (uint64_t)nd->ival;
    return nd;
  }
  if (strpbrk(t, "_xXoObBjJ"))
    return NULL;
  double d = strtod(t, &e);
  if (*e)
    return NULL;
  Node *nd = ast_new(x->S->c, ND_FLOAT, x->loc);
  nd->fval = d;
  return nd;
}

static Node *xp_atom(XP *x) {
  xp_space(x);
  if (x->p >= x->end)
    return NULL;
  char c = *x->p;
  if (c == '(') {
    x->p++;
    Node *e = xp_expr(x, 0);
    xp_space(x);
    if (!e || x->p >= x->end || *x->p != ')')
      return NULL;
    x->p++;
    return e;
  }
  if (c == '-' || c == '+' || c == '~') {
    x->p++;
    Node *u = ast_new(x->S->c, ND_UNARY, x->loc);
    u->op = c == '-' ? OP_NEG : c == '+' ? OP_POS : OP_INVERT;
    u->lhs = xp_expr(x, PREC_UNARY);
    return u->lhs ? u : NULL;
  }
  if ((c >= '0' && c <= '9') || c == '.')
    return xp_number(x);
  Node *cur = NULL;
  for (;;) {
    const char *st = x->p;
    if (x->p >= x->end || !sv_id_start(*x->p))
      return NULL;
    while (x->p < x->end && sv_id_char(*x->p))
      x->p++;
    Node *nd = ast_new(x->S->c, cur ? ND_ATTR : ND_NAME, x->loc);
    nd->name = name_intern(x->S->c, st, (size_t)(x->p - st));
    nd->lhs = cur;
    cur = nd;
    if (x->p >= x->end || *x->p != '.')
      return cur;
    x->p++;
  }
}

static Node *xp_expr(XP *x, int min) {
  Node *l = xp_atom(x);
  while (l) {
    xp_space(x);
    size_t i = 0, n = sizeof xp_ops / sizeof *xp_ops;
    while (i < n && ((size_t)(x->end - x->p) < strlen(xp_ops[i].op) ||
                     strncmp(x->p, xp_ops[i].op, strlen(xp_ops[i].op))))
      i++;
    if (x->p >= x->end || i == n || xp_ops[i].prec < min)
      return l;
    x->p += strlen(xp_ops[i].op);
    Node *b = ast_new(x->S->c, ND_BINOP, x->loc);
    b->op = xp_ops[i].kind;
    b->lhs = l;
    /* ** is right-associative and binds its right operand's unary minus */
    b->rhs = xp_expr(x, xp_ops[i].kind == OP_POW ? PREC_UNARY : xp_ops[i].prec + 1);
    l = b->rhs ? b : NULL;
  }
  return NULL;
}

static Node *field_expr(Sema *S, const char *s, size_t n, Loc loc) {
  XP x = {S, s, s + n, loc};
  Node *e = xp_expr(&x, 0);
  xp_space(&x);
  return x.p == x.end ? e : NULL;
}

/* A field `{expr[=][!c][:spec]}` of an f-string body at s (after the '{'), n bytes
   up to its closing brace. */
static StrFold f_field(Sema *S, StrOut *o, const char *s, size_t n, Loc loc, SemaFieldEval ev,
                       void *ctx, int depth) {
  size_t e = 0;
  int nest = 0;
  char q = 0;
  for (; e < n; e++) {
    char c = s[e];
    if (q) {
      q = c == q ? 0 : q;
      continue;
    }
    if (c == '\'' || c == '"')
      q = c;
    else if (strchr("([{", c) && c)
      nest++;
    else if (strchr(")]}", c) && c)
      nest--;
    else if (!nest && (c == ':' || (c == '!' && (e + 1 >= n || s[e + 1] != '='))))
      break;
  }
  size_t xe = e;
  while (xe && sv_is_space(s[xe - 1]))
    xe--;
  bool self_doc = false;                           /* {N=}, {N = } */
  if (xe && s[xe - 1] == '=' && (xe < 2 || !strchr("=!<>", s[xe - 2]))) {
    self_doc = true;
    xe--;
  } else
    xe = e;
  Node *x = field_expr(S, s, xe, loc);
  if (!x)
    return sv_undecided(o, arena_printf(o->a, "the f-string's field {%.*s} is no name, number "
                                     "or arithmetic of them", (int)xe, s));
  PyVal v;
  StrFold r = ev(ctx, x, &v, o->msg);
  if (r != SF_OK)
    return r;
  if (self_doc)
    buf_putn(&o->b, s, e);
  char conv = 0;
  if (e < n && s[e] == '!') {
    conv = e + 1 < n ? s[e + 1] : 0;
    e += 2;
  }
  if (!conv && self_doc && (e >= n || s[e] != ':'))
    conv = 'r';
  PyVal tmp;
  r = sv_convert(o, &v, conv, &tmp);
  if (r != SF_OK)
    return r;
  const PyVal *pv = conv ? &tmp : &v;
  const char *spec = e < n ? s + e + 1 : "";
  size_t sn = e < n ? n - e - 1 : 0;
  if (!memchr(spec, '{', sn))
    return sv_format_value(o, pv, spec, sn);
  if (depth >= 1)
    return sv_undecided(o, "an f-string nested this deep");
  StrOut in = {{0}, o->msg, o->a};
  r = SF_OK;                                       /* the spec's own fields */
  for (size_t i = 0; r == SF_OK && i < sn;) {
    if (spec[i] != '{') {
      buf_putc(&in.b, spec[i++]);
      continue;
    }
    const char *cl = memchr(spec + i, '}', sn - i);
    if (!cl) {
      r = sv_undecided(o, "an unbalanced brace in an f-string");
      break;
    }
    r = f_field(S, &in, spec + i + 1, (size_t)(cl - spec - i - 1), loc, ev, ctx, depth + 1);
    i = (size_t)(cl - spec) + 1;
  }
  if (r == SF_OK)
    r = sv_format_value(o, pv, in.b.data ? in.b.data : "", in.b.len);
  buf_free(&in.b);
  return r;
}

/* One token's body (between its quotes): literal text with escapes, and fields if it is
   an f-string. */
static StrFold f_body(Sema *S, StrOut *o, const char *s, size_t n, bool raw, bool fstr, Loc loc,
                      SemaFieldEval ev, void *ctx) {
  size_t lit = 0;
  for (size_t i = 0; i <= n;) {
    bool brace = fstr && i < n && (s[i] == '{' || s[i] == '}');
    if (i < n && !brace) {
      i += s[i] == '\\' && i + 1 < n ? 2 : 1;
      continue;
    }
    sema_unescape(s + lit, i - lit, raw, &o->b);
    if (i == n)
      break;
    if (i + 1 < n && s[i + 1] == s[i]) {           /* {{ }} */
      buf_putc(&o->b, s[i]);
      lit = i += 2;
      continue;
    }
    if (s[i] == '}')
      return sv_undecided(o, "a single '}' in an f-string");
    size_t j = i + 1;
    int nest = 1;
    for (char q = 0; j < n; j++) {
      if (q) {
        q = s[j] == q ? 0 : q;
        continue;
      }
      q = s[j] == '\'' || s[j] == '"' ? s[j] : 0;
      nest += s[j] == '{';
      nest -= s[j] == '}';
      if (!nest)
        break;
    }
    if (j >= n)
      return sv_undecided(o, "an unbalanced brace in an f-string");
    StrFold r = f_field(S, o, s + i + 1, j - i - 1, loc, ev, ctx, 0);
    if (r != SF_OK)
      return r;
    lit = i = j + 1;
  }
  return SF_OK;
}

/* The literal's tokens (space-joined), each: prefix, quote, body; calls fn on each. */
static const char *next_token(const char *p, const char **pre, const char **body,
                              size_t *n) {
  while (*p == ' ')
    p++;
  *pre = p;
  while (*p && *p != '\'' && *p != '"')
    p++;
  if (!*p)
    return NULL;
  char q = *p;
  size_t qn = p[1] == q && p[2] == q ? 3 : 1;
  const char *b = p + qn, *e = b;
  while (*e && !(*e == q && (qn == 1 || (e[1] == q && e[2] == q))))
    e += *e == '\\' && e[1] ? 2 : 1;
  *body = b;
  *n = (size_t)(e - b);
  return *e ? e + qn : e;
}

bool sema_str_is_fstring(const Node *str) {
  const char *pre, *body;
  size_t n;
  for (const char *p = str->str; p && *p;) {
    const char *next = next_token(p, &pre, &body, &n);
    if (!next)
      break;
    for (const char *c = pre; c < body; c++)
      if (*c == 'f' || *c == 'F')
        return true;
    p = next;
  }
  return false;
}

StrFold sema_fstring(Sema *S, Node *str, SemaFieldEval ev, void *ctx, PyVal *out,
                     const char **msg) {
  StrOut o = {{0}, msg, &S->c->arena};
  StrFold r = SF_OK;
  const char *pre, *body;
  size_t n;
  for (const char *p = str->str; r == SF_OK && p && *p;) { /* adjacent literals */
    const char *next = next_token(p, &pre, &body, &n);
    if (!next)
      break;
    bool raw = false, fstr = false;
    for (const char *c = pre; c < body; c++) {
      raw |= *c == 'r' || *c == 'R';
      fstr |= *c == 'f' || *c == 'F';
      if (*c == 'b' || *c == 'B')
        r = sv_undecided(&o, "bytes");
    }
    if (r == SF_OK)
      r = f_body(S, &o, body, n, raw, fstr, str->loc, ev, ctx);
    p = next;
  }
  return sv_done(&o, r, out);
}
