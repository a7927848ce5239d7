/*
 * form_args.c: a kernel form call's arguments (form_int.h), evaluated as Python would
 * (string literals of every form, module-level string constants, `+` of strings, tuples
 * and lists, bools, None, numbers, and text built from them: str.format, f-strings, %,
 * string.Template, str methods, which src/dsl/sema_str*.c and sema_fstring.c compute)
 * and bound to CuPy's signature of the class (positional and keyword, Cython's errors for a wrong count, an unknown keyword or a wrong type).
 */
#include "form_int.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- argument values */


/* The column where a string literal's text starts, or 0 when its decoded text does not
   map 1:1 onto the source (escapes, concatenation; several lines unless LINES). */
static uint32_t literal_col(const Node *nd, size_t decoded_len, bool lines) {
  const char *raw = nd->str;
  size_t n = strlen(raw), pre = strspn(raw, "rRuUbBfF");
  if (strchr(raw, '\\') || (!lines && (strchr(raw, '\n') || n != nd->loc.len)) || pre >= n)
    return 0;
  size_t q = n - pre >= 6 && (raw[pre + 1] == raw[pre] && raw[pre + 2] == raw[pre]) ? 3 : 1;
  if (n < pre + 2 * q || n - pre - 2 * q != decoded_len)
    return 0;
  return nd->loc.col + (uint32_t)(pre + q);
}

static FVal fv_other(Node *nd, const char *pytype, const char *why) {
  return (FVal){.kind = FV_OTHER, .pytype = pytype, .why = why, .loc = nd->loc};
}

/* Python's str() of a constant number. */
static const char *num_str(Sema *S, Node *v) {
  if (v->ty->kind == TY_BOOL)
    return sema_const_truth(v) ? "True" : "False";
  if (!sema_is_fconst(v))
    return arena_printf(&S->c->arena, "%lld", (long long)sema_const_i128(v));
  return sema_float_repr(&S->c->arena, sema_const_f64(v));
}

static FVal eval(Sema *S, Node *nd, int depth);

/* How expression nd builds text when the program runs (`a call of .substitute()`,
   `an f-string`, `%-formatting`), or NULL: what only the running program has (issue 19
   §4: the Python package's constructors receive that text). */
static const char *runtime_text(Sema *S, const Node *nd) {
  switch (nd->kind) {
  case ND_STR:
    return strpbrk(nd->str, "fF") && strpbrk(nd->str, "fF") < strpbrk(nd->str, "'\"")
               ? "an f-string" : NULL;
  case ND_CALL:
    if (nd->lhs->kind == ND_ATTR)
      return arena_printf(&S->c->arena, "a call of .%s()", nd->lhs->name);
    return nd->lhs->kind == ND_NAME ? arena_printf(&S->c->arena, "a call of %s()", nd->lhs->name)
                                    : NULL;
  case ND_BINOP:
    if (nd->op == OP_MOD)
      return "%-formatting";
    if (nd->op == OP_ADD) {
      const char *l = runtime_text(S, nd->lhs);
      return l ? l : runtime_text(S, nd->rhs);
    }
    return NULL;
  default:
    return NULL;
  }
}

static FVal fv_runtime(Node *nd, const char *why, const char *how) {
  FVal v = fv_other(nd, NULL, why);
  v.runtime = how;
  return v;
}

/* A name: a module-level (or enclosing function's) binding whose value we can read. */
static FVal eval_name(Sema *S, Node *nd, int depth) {
  Sym *s = sema_lookup_sym(S, nd->name);
  if (!s)
    return fv_other(nd, NULL, arena_printf(&S->c->arena, "'%s' is not defined", nd->name));
  if (s->kind == SYM_NONE)
    return (FVal){.kind = FV_NONE, .pytype = "NoneType", .loc = nd->loc};
  if (s->rhs && s->rhs->kind == ND_UNSUPPORTED && !strcmp(s->rhs->str, AST_AUGMENTED))
    return fv_runtime(nd, arena_printf(&S->c->arena, "'%s' is extended at line %u by `%s %s ...`: "
                                       "its text is computed when the program runs", nd->name,
                                       s->rhs->loc.line, nd->name, s->rhs->name),
                      s->rhs->name);
  if (s->rhs && s->rhs->kind == ND_UNSUPPORTED)    /* host code: `N = [f(x) for x in ...]` */
    return fv_other(nd, NULL, arena_printf(&S->c->arena, "'%s' is bound at line %u to an "
                                           "expression pykc cannot evaluate (it needs literals, "
                                           "constants, or tuples or lists of them)", nd->name,
                                           s->rhs->loc.line));
  if (s->rhs && depth < 64) {
    int at = S->at;                                /* its right side sees the bindings */
    if (s->seq < S->at)                            /* before it (`code = code.replace(...)`) */
      S->at = s->seq;
    FVal v = eval(S, s->rhs, depth + 1);
    S->at = at;
    if (v.kind == FV_OTHER && v.runtime && s->rhs->kind != ND_NAME)
      v.why = arena_printf(&S->c->arena, "'%s' is bound at line %u to a value computed when the "
                           "program runs (%s)%s%s", nd->name, s->rhs->loc.line, v.runtime,
                           v.detail ? ": " : "", v.detail ? v.detail : "");
    v.loc = nd->loc;
    v.str.loc = nd->loc;
    v.str.col0 = 0;
    return v;
  }
  Val val = sema_const_eval(S, nd);
  if (val.kind == VAL_EXPR && sema_is_const(val.n) && !sema_is_cconst(val.n))
    return eval(S, nd, 99);                        /* a number: evaluated below */
  return fv_other(nd, NULL,
                  arena_printf(&S->c->arena, "'%s' is bound to a value pykc cannot evaluate",
                               nd->name));
}

static FVal fold_fstring(Sema *S, Node *nd, int depth);
static bool folds_call(Sema *S, Node *nd);
static FVal fold_call(Sema *S, Node *nd, int depth);
static bool fold_binop(Sema *S, Node *nd, int depth, FVal *res);

static FVal eval(Sema *S, Node *nd, int depth) {
  Arena *a = &S->c->arena;
  switch (nd->kind) {
  case ND_STR: {
    if (sema_str_is_fstring(nd))
      return fold_fstring(S, nd, depth);
    size_t len;
    const char *s = sema_str_literal(S, nd, &len);
    if (!s)
      return fv_other(nd, "str", "the string literal cannot be decoded");
    if (nd->str[strspn(nd->str, "rRuUfF")] != '\'' && nd->str[strspn(nd->str, "rRuUfF")] != '"')
      return fv_other(nd, "bytes", NULL);
    FVal v = {.kind = FV_STR, .pytype = "str", .loc = nd->loc};
    v.str = (FormStr){s, len, nd->loc, true, literal_col(nd, len, false), nd->loc.line,
                       literal_col(nd, len, true)};
    return v;
  }
  case ND_TRUE:
  case ND_FALSE:
    return (FVal){.kind = FV_BOOL, .b = nd->kind == ND_TRUE, .pytype = "bool", .loc = nd->loc};
  case ND_NONE:
    return (FVal){.kind = FV_NONE, .pytype = "NoneType", .loc = nd->loc};
  case ND_TUPLE: {
    FVal v = {.kind = FV_SEQ, .list = nd->weak, .pytype = nd->weak ? "list" : "tuple",
              .loc = nd->loc};
    v.n = ast_count(nd->args);
    v.items = arena_alloc(a, sizeof *v.items * (size_t)(v.n ? v.n : 1));
    int i = 0;
    for (Node *it = nd->args; it; it = it->next)
      v.items[i++] = eval(S, it, depth + 1);
    return v;
  }
  case ND_NAME:
    if (depth < 99)
      return eval_name(S, nd, depth);
    break;
  case ND_CALL:
    if (folds_call(S, nd))
      return fold_call(S, nd, depth);
    break;
  case ND_BINOP:
    if (nd->op == OP_MOD || nd->op == OP_MUL) {    /* 'x * %d' % N, '-' * 8 */
      FVal v;
      if (fold_binop(S, nd, depth, &v))
        return v;
    }
    if (nd->op == OP_ADD) {                        /* 'a' + 'b' */
      FVal l = eval(S, nd->lhs, depth + 1), r = eval(S, nd->rhs, depth + 1);
      if (l.kind == FV_OTHER && (l.raises || l.runtime))
        return l;
      if (r.kind == FV_OTHER && (r.raises || r.runtime) && l.kind == FV_STR)
        return r;
      if (l.kind == FV_STR && r.kind == FV_STR) {
        FVal v = l;
        v.str.s = arena_printf(a, "%s%s", l.str.s, r.str.s);
        v.str.len = l.str.len + r.str.len;
        v.str.loc = v.loc = nd->loc;
        v.str.col0 = v.str.tcol = 0;
        return v;
      }
    }
    break;
  case ND_UNSUPPORTED:
    return fv_other(nd, NULL, arena_printf(a, "%s cannot be evaluated", nd->str));
  default:
    break;
  }
  Val val = sema_const_eval(S, nd);               /* numbers, np.float32(1), ... */
  if (val.kind == VAL_EXPR && sema_is_const(val.n) && !sema_is_cconst(val.n)) {
    FVal v = {.kind = FV_NUM, .loc = nd->loc};
    v.pytype = val.n->ty->kind == TY_BOOL ? "bool" : sema_is_fconst(val.n) ? "float" : "int";
    v.b = sema_const_truth(val.n);
    if (val.n->ty->kind == TY_BOOL)
      v.kind = FV_BOOL;
    const char *s = num_str(S, val.n);
    v.str = (FormStr){s, strlen(s), nd->loc, true, 0, nd->loc.line, 0};
    v.num = val.n;
    return v;
  }
  const char *how = runtime_text(S, nd);
  if (how)
    return fv_runtime(nd, arena_printf(a, "it is computed when the program runs (%s)", how),
                      how);
  return fv_other(nd, NULL, "it is no literal, module-level constant, or tuple or list of them");
}

/* ---------------------------------------------------------------- text computed from
   constants: str.format, f-strings, %, Template, str methods (sema_str*.c, sema_fstring.c) */

/* v as Python's value; false when it is none pykc formats (a list, a NumPy scalar). */
static bool to_py(Sema *S, const FVal *v, PyVal *p, bool lists) {
  *p = (PyVal){.kind = PV_NONE};
  switch (v->kind) {
  case FV_STR:
    *p = (PyVal){.kind = PV_STR, .s = v->str.s, .len = v->str.len};
    return true;
  case FV_BOOL:
    *p = (PyVal){.kind = PV_BOOL, .i = v->b};
    return true;
  case FV_NONE:
    return true;
  case FV_NUM:
    if (!v->num || !v->num->weak)
      return false;
    if (sema_is_fconst(v->num))
      *p = (PyVal){.kind = PV_FLOAT, .f = sema_const_f64(v->num)};
    else
      *p = (PyVal){.kind = PV_INT, .i = sema_const_i128(v->num)};
    return true;
  case FV_SEQ: {
    if (v->list && !lists)
      return false;
    PyVal *it = arena_alloc(&S->c->arena, sizeof *it * (size_t)(v->n ? v->n : 1));
    for (int i = 0; i < v->n; i++)
      if (!to_py(S, &v->items[i], &it[i], false))
        return false;
    *p = (PyVal){.kind = PV_TUPLE, .items = it, .n = v->n};
    return true;
  }
  case FV_OTHER:
    return false;
  }
  return false;
}

/* The FVal of a fold's result: the text, Python's exception, or (undecided) what the
   program computes when it runs, HOW, with WHY pykc does not. */
static FVal fold_result(Sema *S, Node *nd, StrFold r, PyVal *out, const char *msg,
                        const char *how) {
  if (r == SF_OK) {
    FVal v = {.kind = FV_STR, .pytype = "str", .loc = nd->loc};
    v.str = (FormStr){out->s, out->len, nd->loc, true, 0, nd->loc.line, 0};
    return v;
  }
  if (r == SF_RAISES) {
    FVal v = fv_other(nd, NULL, msg);
    v.raises = arena_printf(&S->c->arena, "%s (%s at line %u)", msg, how, nd->loc.line);
    return v;
  }
  FVal v = fv_runtime(nd, arena_printf(&S->c->arena, "it is computed when the program runs "
                                       "(%s): %s", how, msg), how);
  v.detail = msg;
  return v;
}

/* Why operand v stops the fold: its own reason, or that it is no constant pykc formats. */
static const char *operand_why(Sema *S, const FVal *v) {
  if (v->kind == FV_OTHER && v->why)
    return v->why;
  if (v->kind == FV_SEQ && !v->list)
    for (int i = 0; i < v->n; i++) {
      PyVal p;
      if (!to_py(S, &v->items[i], &p, false))
        return operand_why(S, &v->items[i]);
    }
  return arena_printf(&S->c->arena, "an operand is %s, which pykc does not format",
                      v->kind == FV_SEQ && v->list ? "a list" : "a NumPy scalar");
}

/* Evaluates operand nd into *p; false with *bad set (the FVal to return) when it stops
   the fold. */
static bool operand(Sema *S, Node *nd, int depth, PyVal *p, bool lists, const char *how,
                    Node *whole, FVal *bad) {
  FVal v = eval(S, nd, depth + 1);
  if (to_py(S, &v, p, lists))
    return true;
  if (v.kind == FV_OTHER && v.raises) {
    *bad = v;
    return false;
  }
  *bad = fold_result(S, whole, SF_UNDECIDED, NULL, operand_why(S, &v), how);
  return false;
}

typedef struct FieldCtx {
  Sema *S;
  int depth;
} FieldCtx;

static StrFold fstring_field(void *ctx, Node *expr, PyVal *out, const char **msg) {
  FieldCtx *fc = ctx;
  FVal v = eval(fc->S, expr, fc->depth + 1);
  if (to_py(fc->S, &v, out, false))
    return SF_OK;
  if (v.kind == FV_OTHER && v.raises) {
    *msg = v.why;
    return SF_RAISES;
  }
  *msg = operand_why(fc->S, &v);
  return SF_UNDECIDED;
}

static FVal fold_fstring(Sema *S, Node *nd, int depth) {
  FieldCtx fc = {S, depth};
  PyVal out;
  const char *msg = NULL;
  StrFold r = sema_fstring(S, nd, fstring_field, &fc, &out, &msg);
  if (r == SF_UNDECIDED) {
    FVal v = fv_runtime(nd, arena_printf(&S->c->arena, "it is an f-string, computed when the "
                                         "program runs: %s", msg), "an f-string");
    v.detail = msg;
    return v;
  }
  return fold_result(S, nd, r, &out, msg, "an f-string");
}

/* Is callee `string.Template` (or Template imported from string)? */
static bool is_template(Sema *S, Node *callee) {
  const char *name = callee->kind == ND_NAME ? callee->name : NULL;
  if (callee->kind == ND_ATTR && callee->lhs->kind == ND_NAME &&
      !strcmp(callee->name, "Template")) {
    Sym *m = sema_lookup_sym(S, callee->lhs->name);
    return m && m->kind == SYM_OPAQUE && m->is_module && m->from && !strcmp(m->from, "string");
  }
  Sym *s = name ? sema_lookup_sym(S, name) : NULL;
  return s && s->kind == SYM_OPAQUE && !s->is_module && s->from &&
         !strcmp(s->from, "string") && !strcmp(s->attr ? s->attr : name, "Template");
}

/* The `string.Template(s)` call that nd is or names (`_T = string.Template(...)`), or
   NULL. */
static Node *template_call(Sema *S, Node *nd) {
  if (nd->kind == ND_NAME) {
    Sym *s = sema_lookup_sym(S, nd->name);
    nd = s && s->rhs ? s->rhs : nd;
  }
  return nd->kind == ND_CALL && is_template(S, nd->lhs) ? nd : NULL;
}

/* A call eval folds: a str method of ours, or Template(...).substitute(...). */
static bool folds_call(Sema *S, Node *nd) {
  Node *f = nd->lhs;
  if (f->kind == ND_NAME && (!strcmp(f->name, "str") || !strcmp(f->name, "repr")))
    return !sema_lookup_sym(S, f->name) && nd->args && !nd->args->next &&
           nd->args->kind != ND_KWARG && nd->args->kind != ND_UNSUPPORTED;
  if (f->kind != ND_ATTR)
    return false;
  if (!strcmp(f->name, "substitute") || !strcmp(f->name, "safe_substitute"))
    return template_call(S, f->lhs) != NULL;
  return sema_str_has_method(f->name);
}

static FVal fold_call(Sema *S, Node *nd, int depth) {
  Arena *a = &S->c->arena;
  Node *f = nd->lhs;
  FVal bad;
  PyVal self;
  if (f->kind == ND_NAME) {                        /* str(x), repr(x) */
    const char *how = arena_printf(a, "a call of %s()", f->name);
    if (!operand(S, nd->args, depth, &self, false, how, nd, &bad))
      return bad;
    PyVal out = sema_pystr(a, &self, f->name[0] == 'r');
    return fold_result(S, nd, SF_OK, &out, NULL, how);
  }
  Node *tc = !strcmp(f->name, "substitute") || !strcmp(f->name, "safe_substitute")
                 ? template_call(S, f->lhs) : NULL;
  bool tmpl = tc != NULL;
  const char *how = arena_printf(a, "a call of .%s()", f->name);
  int n = ast_count(nd->args), np = 0, nk = 0;
  PyVal *pos = arena_alloc(a, sizeof *pos * (size_t)(n + 1));
  PyVal *kw = arena_alloc(a, sizeof *kw * (size_t)(n + 1));
  const char **names = arena_alloc(a, sizeof *names * (size_t)(n + 1));
  Node *recv = tmpl ? tc->args : f->lhs;
  if (tmpl && (!recv || recv->next || recv->kind == ND_KWARG || recv->kind == ND_UNSUPPORTED))
    return fold_result(S, nd, SF_UNDECIDED, NULL, "Template() takes one template string", how);
  if (!operand(S, recv, depth, &self, false, how, nd, &bad))
    return bad;
  if (self.kind != PV_STR)
    return fold_result(S, nd, tmpl ? SF_UNDECIDED : SF_RAISES, NULL, tmpl ?
                       "the template is no str" : arena_printf(a, "AttributeError: '%s' "
                       "object has no attribute '%s'", sema_pystr(a, &self, false).kind ==
                       PV_STR && self.kind == PV_INT ? "int" : "object", f->name), how);
  for (Node *x = nd->args; x; x = x->next) {
    if (x->kind == ND_UNSUPPORTED)
      return fold_result(S, nd, SF_UNDECIDED, NULL, arena_printf(a, "%s in its arguments",
                                                                 x->str), how);
    bool k = x->kind == ND_KWARG;
    if (!operand(S, k ? x->rhs : x, depth, k ? &kw[nk] : &pos[np],
                 !strcmp(f->name, "join"), how, nd, &bad))
      return bad;
    if (k)
      names[nk++] = x->name;
    else
      np++;
  }
  PyVal out;
  const char *msg = NULL;
  StrFold r;
  if (tmpl) {
    if (np)
      return fold_result(S, nd, SF_UNDECIDED, NULL, "a mapping argument", how);
    r = sema_str_template(a, &self, names, kw, nk, !strcmp(f->name, "safe_substitute"), &out,
                          &msg);
  } else if (!strcmp(f->name, "format"))
    r = sema_str_format(a, &self, pos, np, names, kw, nk, &out, &msg);
  else if (nk)
    r = SF_RAISES, msg = arena_printf(a, "TypeError: str.%s() takes no keyword arguments",
                                      f->name);
  else
    r = sema_str_method(a, f->name, &self, pos, np, &out, &msg);
  return fold_result(S, nd, r, &out, msg, how);
}

/* `fmt % args` and `s * n` of str; false when nd is none of them (numbers). */
static bool fold_binop(Sema *S, Node *nd, int depth, FVal *res) {
  FVal l = eval(S, nd->lhs, depth + 1);
  bool pct = nd->op == OP_MOD;
  if (l.kind != FV_STR && (pct || l.kind != FV_NUM))
    return false;
  const char *how = pct ? "%-formatting" : "a repetition of a str";
  PyVal lp, rp, out;
  if (!to_py(S, &l, &lp, false))
    return false;
  if (!operand(S, nd->rhs, depth, &rp, false, how, nd, res))
    return l.kind == FV_STR;
  const char *msg = NULL;
  if (pct) {
    StrFold r = sema_str_percent(&S->c->arena, &lp, &rp, &out, &msg);
    *res = fold_result(S, nd, r, &out, msg, how);
    return true;
  }
  const PyVal *str = lp.kind == PV_STR ? &lp : &rp, *cnt = lp.kind == PV_STR ? &rp : &lp;
  if (str->kind != PV_STR || (cnt->kind != PV_INT && cnt->kind != PV_BOOL))
    return false;
  StrFold r = sema_str_repeat(&S->c->arena, str, cnt->i, &out, &msg);
  *res = fold_result(S, nd, r, &out, msg, how);
  return true;
}

/* ---------------------------------------------------------------- CuPy's signatures */

typedef enum {
  A_STR,                                           /* str */
  A_STR_NONE,                                      /* str or None */
  A_BOOL,                                          /* bint: any bool or number */
  A_TUPLE,                                         /* tuple of str (options) */
  A_SEQ_NONE,                                      /* sequence of str, or None */
  A_IDENTITY,                                      /* None or anything with a str() */
  A_ANY,                                           /* evaluated, not checked */
} ArgKind;

enum {
  REQ = 1,
  KWONLY = 2,
  CALLER = 4,                                      /* a value pykc cannot evaluate is the
                                                      caller's: build_raw_module takes the
                                                      --kernel names (name_expressions) */
};

typedef struct ArgSpec {
  const char *name;
  ArgKind kind;
  unsigned flags;
} ArgSpec;

/* The rows' order is the signature's; the builders below index them by these enums. */
static const ArgSpec ew_args[EW_N] = {
    {"in_params", A_STR, REQ},     {"out_params", A_STR, REQ},   {"operation", A_STR, REQ},
    {"name", A_STR, 0},            {"reduce_dims", A_BOOL, 0},   {"preamble", A_STR, 0},
    {"no_return", A_BOOL, 0},      {"return_tuple", A_BOOL, 0},
    /* **kwargs, passed on to _get_elementwise_kernel */
    {"loop_prep", A_STR, KWONLY},  {"after_loop", A_STR, KWONLY}, {"options", A_TUPLE, KWONLY},
};

static const ArgSpec rk_args[RK_N] = {
    {"in_params", A_STR, REQ},      {"out_params", A_STR, REQ},    {"map_expr", A_STR, REQ},
    {"reduce_expr", A_STR, REQ},    {"post_map_expr", A_STR, REQ}, {"identity", A_IDENTITY, REQ},
    {"name", A_STR, 0},             {"reduce_type", A_STR_NONE, 0}, {"reduce_dims", A_BOOL, 0},
    {"preamble", A_STR, 0},         {"options", A_TUPLE, 0},
};

static const ArgSpec rw_args[RW_N] = {
    {"code", A_STR, REQ},       {"name", A_STR, REQ},         {"options", A_TUPLE, 0},
    {"backend", A_STR, 0},      {"translate_cucomplex", A_BOOL, KWONLY},
    {"enable_cooperative_groups", A_BOOL, KWONLY},            {"jitify", A_ANY, KWONLY},
};

static const ArgSpec rm_args[RM_N] = {
    {"code", A_STR_NONE, KWONLY},     {"path", A_STR_NONE, KWONLY},
    {"options", A_TUPLE, KWONLY},     {"backend", A_STR, KWONLY},
    {"translate_cucomplex", A_BOOL, KWONLY}, {"enable_cooperative_groups", A_BOOL, KWONLY},
    {"name_expressions", A_SEQ_NONE, KWONLY | CALLER}, {"jitify", A_ANY, KWONLY},
};

static const struct {
  const ArgSpec *args;
  int n;
} signatures[FORM_FUSE] = {
    [FORM_ELEMENTWISE] = {ew_args, EW_N}, [FORM_REDUCTION] = {rk_args, RK_N},
    [FORM_RAW_KERNEL] = {rw_args, RW_N},  [FORM_RAW_MODULE] = {rm_args, RM_N},
};


const char *form_plural(int n) { return n == 1 ? "" : "s"; }

/* A str with a NUL character ('\\x00' in the literal): the C++ text it becomes would end
   there (NVRTC's source is a C string), so the rest would be dropped without a word. */
static bool nul_in_str(Sema *S, const char *cls, const ArgSpec *as, const FVal *v) {
  if (v->kind != FV_STR || strlen(v->str.s) == v->str.len)
    return false;
  diag_error(S->c, v->loc, "%s(): argument '%s' has a NUL character at offset %zu (its text "
             "goes into C++ source, which ends at a NUL)", cls, as->name, strlen(v->str.s));
  return true;
}

/* Checks v against the row's kind; false after a diagnostic (Cython's TypeError). */
static bool check_kind(Sema *S, const char *cls, const ArgSpec *as, FVal *v) {
  if (nul_in_str(S, cls, as, v))
    return false;
  if (v->kind == FV_SEQ)
    for (int i = 0; i < v->n; i++)
      if (nul_in_str(S, cls, as, &v->items[i]))
        return false;
  if (v->kind == FV_OTHER && v->raises) {
    diag_error(S->c, v->loc, "%s(): computing the argument '%s', Python raises %s", cls,
               as->name, v->raises);
    return false;
  }
  if (v->kind == FV_OTHER && v->why && (as->flags & CALLER))
    return true;
  if (v->kind == FV_OTHER && v->why) {
    diag_error(S->c, v->loc, "%s(): pykc cannot evaluate the argument '%s': %s%s%s%s", cls,
               as->name, v->why, v->runtime ? "; pykc reads the file, not the running "
               "program: the Python package's pykc." : "", v->runtime ? cls : "",
               v->runtime ? " receives what the program computes" : "");
    return false;
  }
  const char *want = NULL;
  switch (as->kind) {
  case A_STR:
    want = v->kind == FV_STR ? NULL : "str";
    break;
  case A_STR_NONE:
    want = v->kind == FV_STR || v->kind == FV_NONE ? NULL : "str";
    break;
  case A_BOOL:
    want = v->kind == FV_BOOL || v->kind == FV_NUM ? NULL : "bool";
    break;
  case A_TUPLE:
  case A_SEQ_NONE:
    if (as->kind == A_TUPLE ? v->kind != FV_SEQ || v->list
                            : v->kind != FV_SEQ && v->kind != FV_NONE) {
      want = as->kind == A_TUPLE ? "tuple" : "list";
      break;
    }
    for (int i = 0; i < v->n; i++)
      if (v->items[i].kind != FV_STR) {
        FVal *it = &v->items[i];
        if (it->kind == FV_OTHER && it->why)
          diag_error(S->c, it->loc, "%s(): pykc cannot evaluate this item of '%s': %s", cls,
                     as->name, it->why);
        else
          diag_error(S->c, it->loc, "%s(): the items of '%s' must be str, not %s", cls,
                     as->name, it->pytype ? it->pytype : "this");
        return false;
      }
    return true;
  case A_IDENTITY:
    want = v->kind == FV_SEQ || v->kind == FV_OTHER ? "str" : NULL;
    break;
  case A_ANY:
    return true;
  }
  if (!want)
    return true;
  if (v->kind == FV_NONE && (as->kind == A_STR || as->kind == A_TUPLE))
    diag_error(S->c, v->loc, "%s(): argument '%s' must not be None", cls, as->name);
  else
    diag_error(S->c, v->loc, "%s(): argument '%s' has incorrect type (expected %s, got %s)",
               cls, as->name, want, v->pytype ? v->pytype : "an expression");
  return false;
}

/* Binds the call's arguments to the signature of kind; false after diagnostics. */
bool form_bind_args(Sema *S, FormKind kind, Node *call, Bound *b) {
  const ArgSpec *args = signatures[kind].args;
  int n = signatures[kind].n, maxpos = 0, req = 0, npos = 0;
  const char *cls = form_kind_names[kind];
  for (int i = 0; i < n; i++) {
    maxpos += !(args[i].flags & KWONLY);
    req += (args[i].flags & REQ) && !(args[i].flags & KWONLY);
  }
  bool ok = true;
  for (Node *a = call->args; a; a = a->next) {
    if (a->kind == ND_UNSUPPORTED) {               /* *args, **kwargs */
      diag_error(S->c, a->loc, "%s(): pykc cannot evaluate %s in its arguments", cls, a->str);
      return false;
    }
    if (a->kind != ND_KWARG) {
      if (npos >= maxpos) {
        int total = ast_count(call->args);
        for (Node *k = call->args; k; k = k->next)
          total -= k->kind == ND_KWARG;
        diag_error(S->c, a->loc, "%s() takes %s %d positional argument%s (%d given)", cls,
                   maxpos == req ? "exactly" : "at most", maxpos, form_plural(maxpos), total);
        return false;
      }
      b->v[npos] = eval(S, a, 0);
      b->given[npos++] = true;
      continue;
    }
    int at = -1;
    for (int i = 0; i < n; i++)
      if (!strcmp(args[i].name, a->name))
        at = i;
    if (at < 0) {
      diag_error(S->c, a->loc, "%s() got an unexpected keyword argument '%s'", cls, a->name);
      ok = false;
      continue;
    }
    if (b->given[at]) {
      diag_error(S->c, a->loc, "%s() got multiple values for argument '%s'", cls, a->name);
      ok = false;
      continue;
    }
    b->v[at] = eval(S, a->rhs, 0);
    b->given[at] = true;
  }
  if (!ok)
    return false;
  for (int i = 0; i < n; i++)
    if ((args[i].flags & REQ) && !b->given[i]) {
      diag_error(S->c, call->loc, "%s() takes at least %d positional argument%s (%d given): "
                 "'%s' is missing", cls, req, form_plural(req), npos, args[i].name);
      return false;
    }
  for (int i = 0; i < n; i++)
    if (b->given[i] && !check_kind(S, cls, &args[i], &b->v[i]))
      ok = false;
  return ok;
}

/* A bound string argument, or DFLT when it was not given (or None). */
FormStr form_str_arg(Bound *b, int i, const char *dflt) {
  if (b->given[i] && b->v[i].kind == FV_STR)
    return b->v[i].str;
  return (FormStr){dflt, strlen(dflt), {0, 0, 0}, false, 0, 0, 0};
}

bool form_bool_arg(Bound *b, int i, bool dflt) { return b->given[i] ? b->v[i].b : dflt; }

/* The items of a sequence argument as strings; *n their count. */
const char **form_strs_arg(Sema *S, Bound *b, int i, int *n) {
  *n = b->given[i] && b->v[i].kind == FV_SEQ ? b->v[i].n : 0;
  const char **s = arena_alloc(&S->c->arena, sizeof *s * (size_t)(*n + 1));
  for (int k = 0; k < *n; k++)
    s[k] = b->v[i].items[k].str.s;
  return s;
}
