/*
 * form_spec.c: CuPy's kernel forms (forms.h) from their calls. parse.c hands over each
 * `[TARGET =] cupy.X(...)` statement as an ND_FORM item; here the callee is resolved
 * through the imports (cupy's class, else host code that is none of our business), the
 * arguments are bound to CuPy's signature of X (positional and keyword, Cython's errors
 * for a wrong count or an unknown keyword) and evaluated as Python would (string
 * literals of every form, module-level string constants, `+` of strings, tuples and
 * lists, bools, None, numbers), the parameter specs are parsed as CuPy's
 * _get_param_info parses them, and what CuPy rejects is an error at the argument (inside
 * a one-line spec literal, at the offending word) with CuPy's reason. The Form becomes
 * one kernel Func (RawModule: one per kernel it defines) with a synthetic ND_FUNCDEF
 * whose parameters are the kernel's, so --kernel, --sig and the runtime's KKernel see it
 * as they see a DSL kernel. Specialisation (form_specialise) checks argument types with
 * CuPy's _decide_params_type rules and messages.
 */
#include "forms.h"
#include "../dsl/sema_int.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const form_kind_names[FORM_KIND_COUNT] = {
    [FORM_ELEMENTWISE] = "ElementwiseKernel", [FORM_REDUCTION] = "ReductionKernel",
    [FORM_RAW_KERNEL] = "RawKernel",          [FORM_RAW_MODULE] = "RawModule",
    [FORM_FUSE] = "fuse",
};

int form_class_kind(const char *name) {
  for (int k = 0; k < FORM_FUSE; k++)
    if (!strcmp(name, form_kind_names[k]))
      return k;
  return -1;
}

const Form *form_of(const Func *f) { return f ? f->form : NULL; }

/* ---------------------------------------------------------------- argument values */

/* What an argument evaluates to. */
typedef enum { FV_STR, FV_BOOL, FV_NONE, FV_NUM, FV_SEQ, FV_OTHER } FValKind;
typedef struct FVal {
  FValKind kind;
  FormStr str;                                     /* FV_STR; FV_NUM: str(number) */
  bool b;                                          /* FV_BOOL, and a number's truth */
  struct FVal *items;                              /* FV_SEQ */
  int n;
  bool list;                                       /* FV_SEQ: a list (else a tuple) */
  const char *pytype;                              /* Python's name of its type */
  const char *why;                                 /* FV_OTHER: why pykc cannot evaluate it */
  Loc loc;
} FVal;

/* The column where a one-line string literal's text starts, or 0 when its decoded text
   does not map 1:1 onto the source (escapes, concatenation, several lines). */
static uint32_t literal_col0(const Node *nd, size_t decoded_len) {
  const char *raw = nd->str;
  size_t n = strlen(raw), pre = strspn(raw, "rRuUbBfF");
  if (strchr(raw, '\\') || strchr(raw, '\n') || n != nd->loc.len || pre >= n)
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
  double d = sema_const_f64(v);
  if (isnan(d))
    return "nan";
  if (isinf(d))
    return d < 0 ? "-inf" : "inf";
  char buf[40];
  for (int prec = 1; prec <= 17; prec++) {         /* repr: the shortest that reads back */
    snprintf(buf, sizeof buf, "%.*g", prec, d);
    if (strtod(buf, NULL) == d)
      break;
  }
  if (!strpbrk(buf, ".en"))
    strcat(buf, ".0");
  return arena_strndup(&S->c->arena, buf, strlen(buf));
}

static FVal eval(Sema *S, Node *nd, int depth);

/* A name: a module-level (or enclosing function's) binding whose value we can read. */
static FVal eval_name(Sema *S, Node *nd, int depth) {
  Sym *s = sema_lookup_sym(S, nd->name);
  if (!s)
    return fv_other(nd, NULL, arena_printf(&S->c->arena, "'%s' is not defined", nd->name));
  if (s->kind == SYM_NONE)
    return (FVal){.kind = FV_NONE, .pytype = "NoneType", .loc = nd->loc};
  if (s->rhs && s->rhs->kind == ND_UNSUPPORTED)    /* host code: `N = [f(x) for x in ...]` */
    return fv_other(nd, NULL, arena_printf(&S->c->arena, "'%s' is bound at line %u to an "
                                           "expression pykc cannot evaluate (it needs literals, "
                                           "constants, or tuples or lists of them)", nd->name,
                                           s->rhs->loc.line));
  if (s->rhs && depth < 64) {
    FVal v = eval(S, s->rhs, depth + 1);
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

static FVal eval(Sema *S, Node *nd, int depth) {
  Arena *a = &S->c->arena;
  switch (nd->kind) {
  case ND_STR: {
    size_t len;
    const char *s = sema_str_literal(S, nd, &len);
    if (!s)
      return fv_other(nd, "str", "the string literal cannot be decoded");
    if (nd->str[strspn(nd->str, "rRuUfF")] != '\'' && nd->str[strspn(nd->str, "rRuUfF")] != '"')
      return fv_other(nd, "bytes", NULL);
    FVal v = {.kind = FV_STR, .pytype = "str", .loc = nd->loc};
    v.str = (FormStr){s, len, nd->loc, true, literal_col0(nd, len), nd->loc.line};
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
  case ND_BINOP:
    if (nd->op == OP_ADD) {                        /* 'a' + 'b' */
      FVal l = eval(S, nd->lhs, depth + 1), r = eval(S, nd->rhs, depth + 1);
      if (l.kind == FV_STR && r.kind == FV_STR) {
        FVal v = l;
        v.str.s = arena_printf(a, "%s%s", l.str.s, r.str.s);
        v.str.len = l.str.len + r.str.len;
        v.str.loc = v.loc = nd->loc;
        v.str.col0 = 0;
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
    v.str = (FormStr){s, strlen(s), nd->loc, true, 0, nd->loc.line};
    return v;
  }
  return fv_other(nd, NULL, "it is no literal, module-level constant, or tuple or list of them");
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

enum { REQ = 1, KWONLY = 2 };

typedef struct ArgSpec {
  const char *name;
  ArgKind kind;
  unsigned flags;
} ArgSpec;

/* The rows' order is the signature's; the builders below index them by these enums. */
enum { EW_IN, EW_OUT, EW_OP, EW_NAME, EW_REDUCE_DIMS, EW_PREAMBLE, EW_NO_RETURN,
       EW_RETURN_TUPLE, EW_LOOP_PREP, EW_AFTER_LOOP, EW_OPTIONS, EW_N };
static const ArgSpec ew_args[EW_N] = {
    {"in_params", A_STR, REQ},     {"out_params", A_STR, REQ},   {"operation", A_STR, REQ},
    {"name", A_STR, 0},            {"reduce_dims", A_BOOL, 0},   {"preamble", A_STR, 0},
    {"no_return", A_BOOL, 0},      {"return_tuple", A_BOOL, 0},
    /* **kwargs, passed on to _get_elementwise_kernel */
    {"loop_prep", A_STR, KWONLY},  {"after_loop", A_STR, KWONLY}, {"options", A_TUPLE, KWONLY},
};

enum { RK_IN, RK_OUT, RK_MAP, RK_REDUCE, RK_POST, RK_IDENTITY, RK_NAME, RK_REDUCE_TYPE,
       RK_REDUCE_DIMS, RK_PREAMBLE, RK_OPTIONS, RK_N };
static const ArgSpec rk_args[RK_N] = {
    {"in_params", A_STR, REQ},      {"out_params", A_STR, REQ},    {"map_expr", A_STR, REQ},
    {"reduce_expr", A_STR, REQ},    {"post_map_expr", A_STR, REQ}, {"identity", A_IDENTITY, REQ},
    {"name", A_STR, 0},             {"reduce_type", A_STR_NONE, 0}, {"reduce_dims", A_BOOL, 0},
    {"preamble", A_STR, 0},         {"options", A_TUPLE, 0},
};

enum { RW_CODE, RW_NAME, RW_OPTIONS, RW_BACKEND, RW_CUCOMPLEX, RW_COOP, RW_JITIFY, RW_N };
static const ArgSpec rw_args[RW_N] = {
    {"code", A_STR, REQ},       {"name", A_STR, REQ},         {"options", A_TUPLE, 0},
    {"backend", A_STR, 0},      {"translate_cucomplex", A_BOOL, KWONLY},
    {"enable_cooperative_groups", A_BOOL, KWONLY},            {"jitify", A_ANY, KWONLY},
};

enum { RM_CODE, RM_PATH, RM_OPTIONS, RM_BACKEND, RM_CUCOMPLEX, RM_COOP, RM_NAMES, RM_JITIFY,
       RM_N };
static const ArgSpec rm_args[RM_N] = {
    {"code", A_STR_NONE, KWONLY},     {"path", A_STR_NONE, KWONLY},
    {"options", A_TUPLE, KWONLY},     {"backend", A_STR, KWONLY},
    {"translate_cucomplex", A_BOOL, KWONLY}, {"enable_cooperative_groups", A_BOOL, KWONLY},
    {"name_expressions", A_SEQ_NONE, KWONLY}, {"jitify", A_ANY, KWONLY},
};

static const struct {
  const ArgSpec *args;
  int n;
} signatures[FORM_FUSE] = {
    [FORM_ELEMENTWISE] = {ew_args, EW_N}, [FORM_REDUCTION] = {rk_args, RK_N},
    [FORM_RAW_KERNEL] = {rw_args, RW_N},  [FORM_RAW_MODULE] = {rm_args, RM_N},
};

enum { MAX_ARGS = 16 };

typedef struct Bound {
  FVal v[MAX_ARGS];
  bool given[MAX_ARGS];
} Bound;

static const char *plural(int n) { return n == 1 ? "" : "s"; }

/* Checks v against the row's kind; false after a diagnostic (Cython's TypeError). */
static bool check_kind(Sema *S, const char *cls, const ArgSpec *as, FVal *v) {
  if (v->kind == FV_OTHER && v->why) {
    diag_error(S->c, v->loc, "%s(): pykc cannot evaluate the argument '%s': %s", cls,
               as->name, v->why);
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
static bool bind_args(Sema *S, FormKind kind, Node *call, Bound *b) {
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
                   maxpos == req ? "exactly" : "at most", maxpos, plural(maxpos), total);
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
                 "'%s' is missing", cls, req, plural(req), npos, args[i].name);
      return false;
    }
  for (int i = 0; i < n; i++)
    if (b->given[i] && !check_kind(S, cls, &args[i], &b->v[i]))
      ok = false;
  return ok;
}

/* A bound string argument, or DFLT when it was not given (or None). */
static FormStr str_arg(Bound *b, int i, const char *dflt) {
  if (b->given[i] && b->v[i].kind == FV_STR)
    return b->v[i].str;
  return (FormStr){dflt, strlen(dflt), {0, 0, 0}, false, 0, 0};
}

static bool bool_arg(Bound *b, int i, bool dflt) { return b->given[i] ? b->v[i].b : dflt; }

/* The items of a sequence argument as strings; *n their count. */
static const char **strs_arg(Sema *S, Bound *b, int i, int *n) {
  *n = b->given[i] && b->v[i].kind == FV_SEQ ? b->v[i].n : 0;
  const char **s = arena_alloc(&S->c->arena, sizeof *s * (size_t)(*n + 1));
  for (int k = 0; k < *n; k++)
    s[k] = b->v[i].items[k].str.s;
  return s;
}

/* ---------------------------------------------------------------- parameter specs */

static bool is_space(char ch) { return ch == ' ' || (ch >= '\t' && ch <= '\r'); }

static bool is_alpha(char ch) { return ch == '_' || ((ch | 32) >= 'a' && (ch | 32) <= 'z'); }

static bool is_c_name(const char *s, size_t n) {
  if (!n || !is_alpha(s[0]))
    return false;
  for (size_t i = 1; i < n; i++)
    if (!is_alpha(s[i]) && !(s[i] >= '0' && s[i] <= '9'))
      return false;
  return true;
}

/* Where bytes [off, off + len) of the spec string are, for a caret. */
static Loc spec_loc(const FormStr *fs, size_t off, size_t len) {
  if (!fs->col0)
    return fs->loc;
  return (Loc){fs->loc.line, fs->col0 + (uint32_t)off, (uint32_t)(len ? len : 1)};
}

typedef struct Word {
  size_t off, len;
} Word;

/* One comma-separated piece [off, off + len) of spec fs as CuPy's ParameterInfo reads
   it; false after a diagnostic. */
static bool parse_param(Sema *S, const FormStr *fs, size_t off, size_t len, bool is_out,
                        FormParam *p) {
  const char *s = fs->s;
  Word w[64];
  int nw = 0;
  for (size_t i = off; i < off + len;) {
    while (i < off + len && is_space(s[i]))
      i++;
    size_t st = i;
    while (i < off + len && !is_space(s[i]))
      i++;
    if (i > st && nw < 64)
      w[nw++] = (Word){st, i - st};
  }
  if (nw < 2) {
    if (nw)
      diag_error(S->c, spec_loc(fs, off, len), "Syntax error: %.*s (a parameter is "
                 "'[raw] TYPE NAME')", (int)len, s + off);
    else
      diag_error(S->c, spec_loc(fs, off, len), "Syntax error: an empty parameter (a "
                 "parameter is '[raw] TYPE NAME')");
    return false;
  }
  Word t = w[nw - 2], nm = w[nw - 1];
  memset(p, 0, sizeof *p);
  p->is_out = is_out;
  p->is_const = !is_out;
  p->dtype = -1;
  p->loc = spec_loc(fs, nm.off, nm.len);
  for (int k = 0; k < nw - 2; k++) {
    if (w[k].len == 3 && !memcmp(s + w[k].off, "raw", 3))
      p->raw = true;
    else if (w[k].len == 10 && !memcmp(s + w[k].off, "_non_const", 10))
      p->is_const = false;
    else {
      diag_error(S->c, spec_loc(fs, w[k].off, w[k].len), "Unknown keyword \"%.*s\"",
                 (int)w[k].len, s + w[k].off);
      return false;
    }
  }
  const char *ts = s + t.off;
  if (t.len == 8 && !memcmp(ts, "CIndexer", 8)) {
    diag_error(S->c, spec_loc(fs, t.off, t.len), "CIndexer parameters are not supported");
    return false;
  }
  if (t.len == 1) {
    p->ph = intern(&S->c->names, ts, 1);
  } else {
    int k = ty_parse_dtype(ts, t.len);
    if (k < 0) {
      diag_error(S->c, spec_loc(fs, t.off, t.len), "data type '%.*s' not understood",
                 (int)t.len, ts);
      return false;
    }
    p->dtype = k;
  }
  const char *ns = s + nm.off;
  if (!is_c_name(ns, nm.len)) {
    diag_error(S->c, p->loc, "parameter name '%.*s' is not a C identifier (CuPy's generated "
               "code would not compile)", (int)nm.len, ns);
    return false;
  }
  p->name = intern(&S->c->names, ns, nm.len);
  return true;
}

/* CuPy's _get_param_info(s): an empty string is no parameters; otherwise s.strip()
   split at every comma, each piece a parameter. Appends to f->params. */
static bool parse_specs(Sema *S, Form *f, const FormStr *fs, bool is_out, int *count) {
  *count = 0;
  if (fs->len == 0)
    return true;
  size_t b = 0, e = fs->len;
  while (b < e && is_space(fs->s[b]))
    b++;
  while (e > b && is_space(fs->s[e - 1]))
    e--;
  int n = 1;
  for (size_t i = b; i < e; i++)
    n += fs->s[i] == ',';
  int base = f->nin + f->nout;
  FormParam *ps = arena_alloc(&S->c->arena, sizeof *ps * (size_t)(base + n));
  if (base)
    memcpy(ps, f->params, sizeof *ps * (size_t)base);
  f->params = ps;
  bool ok = true;
  for (size_t st = b; ok;) {
    size_t en = st;
    while (en < e && fs->s[en] != ',')
      en++;
    ok = parse_param(S, fs, st, en - st, is_out, &ps[base + (*count)++]);
    if (en >= e)
      break;
    st = en + 1;
  }
  return ok;
}

enum { FORM_MAX_PARAMS = 64 };                    /* as --sig and DSL kernels */

/* The checks CuPy's constructor (or the compiler, later) makes of the parameters. */
static bool check_params(Sema *S, Form *f) {
  int n = f->nin + f->nout;
  if (n > FORM_MAX_PARAMS) {
    diag_error(S->c, f->params[FORM_MAX_PARAMS].loc, "kernel '%s' has %d parameters; pykc "
               "takes at most %d", f->name, n, FORM_MAX_PARAMS);
    return false;
  }
  for (int i = 0; i < n; i++) {
    FormParam *p = &f->params[i];
    if (f->kind == FORM_ELEMENTWISE && !strcmp(p->name, "i")) {
      diag_error(S->c, p->loc, "Can not use 'i' as a parameter name");
      return false;
    }
    for (int j = 0; j < i; j++)
      if (f->params[j].name == p->name) {
        diag_error(S->c, p->loc, "parameter '%s' is declared twice (CuPy's generated code "
                   "would not compile)", p->name);
        return false;
      }
  }
  const char **phs = arena_alloc(&S->c->arena, sizeof *phs * (size_t)(n + 1));
  int nphs = 0;
  for (int i = 0; i < n; i++) {
    const char *ph = f->params[i].ph;
    bool seen = !ph;
    for (int k = 0; k < nphs && !seen; k++)
      seen = phs[k] == ph;
    if (!seen)
      phs[nphs++] = ph;
  }
  f->phs = phs;
  f->nphs = nphs;
  return true;
}

/* compiler.is_valid_kernel_name: ^[a-zA-Z_][a-zA-Z_0-9]*$ */
static bool check_name(Sema *S, const FormStr *name) {
  if (is_c_name(name->s, name->len))
    return true;
  diag_error(S->c, name->given ? name->loc : (Loc){0, 0, 0}, "Invalid kernel name: \"%s\"",
             name->s);
  return false;
}

/* ---------------------------------------------------------------- RawModule's kernels */

/* The kernels of CUDA source S that a RawModule's get_function finds by name: its
   extern "C" __global__ functions, read by the one CUDA C++ scanner (runtime/cxxscan.c,
   through the public API) with the module's options (its -D for #if). Code the scanner
   cannot read (a parameter list cut short) lists what it can: the runtime reports it. */
static FormKernel *global_names(Sema *S, const Form *f, int *n) {
  *n = 0;
  pykc_options o = {.cuda_options = f->options, .ncuda_options = f->noptions};
  pykc_cuda_scan *sc;
  pykc_status st = pykc_cuda_kernels(f->code.s, &o, &sc);
  if (st == PYKC_ERR_NOMEM)
    arena_oom();
  FormKernel *ks = arena_alloc(&S->c->arena, sizeof *ks * (size_t)(sc->nkernels + 1));
  for (int i = 0; i < sc->nkernels; i++)
    if (sc->kernels[i].extern_c && !sc->kernels[i].is_template)
      ks[(*n)++] = (FormKernel){intern_cstr(&S->c->names, sc->kernels[i].name), false};
  pykc_cuda_scan_free(sc);
  return ks;
}

/* ---------------------------------------------------------------- building forms */

/* The kind of cupy class the callee names, or -1 when it is not cupy's. */
/* May BASE of `BASE[.x...].ElementwiseKernel(...)` be cupy: the module, a module of
   cupy's (`import cupy._core as core`), or a name bound to what pykc cannot know, which a
   program that calls a kernel class on it means to be cupy (`cp = _get_module()`, a
   parameter `xp`)? A known module that is not cupy (numpy, math, jit) is not. */
static bool cupy_like(Sema *S, const Node *base) {
  Sym *m = sema_lookup_sym(S, base->name);
  if (!m)
    return false;
  if (m->kind == SYM_MODULE)
    return !strcmp(m->module, "cupy");
  if (m->kind == SYM_OPAQUE)
    return m->from ? !strncmp(m->from, "cupy", 4) && (!m->from[4] || m->from[4] == '.')
                   : !m->is_module;
  return m->kind == SYM_CONST && !m->value;
}

static int callee_kind(Sema *S, Node *fn) {
  if (fn->kind == ND_ATTR) {
    const Node *base = fn->lhs;
    while (base->kind == ND_ATTR)
      base = base->lhs;
    return base->kind == ND_NAME && cupy_like(S, base) ? form_class_kind(fn->name) : -1;
  }
  if (fn->kind == ND_NAME) {
    Sym *s = sema_lookup_sym(S, fn->name);
    return s && s->form_class ? form_class_kind(s->form_class) : -1;
  }
  return -1;
}

static bool build_elementwise(Sema *S, Form *f, Bound *b) {
  f->in_spec = str_arg(b, EW_IN, "");
  f->out_spec = str_arg(b, EW_OUT, "");
  f->operation = str_arg(b, EW_OP, "");
  FormStr name = str_arg(b, EW_NAME, "kernel");
  f->name = intern(&S->c->names, name.s, name.len);
  f->reduce_dims = bool_arg(b, EW_REDUCE_DIMS, true);
  f->preamble = str_arg(b, EW_PREAMBLE, "");
  f->no_return = bool_arg(b, EW_NO_RETURN, false);
  f->return_tuple = bool_arg(b, EW_RETURN_TUPLE, false);
  f->loop_prep = str_arg(b, EW_LOOP_PREP, "");
  f->after_loop = str_arg(b, EW_AFTER_LOOP, "");
  f->options = strs_arg(S, b, EW_OPTIONS, &f->noptions);
  if (!check_name(S, &name) || !parse_specs(S, f, &f->in_spec, false, &f->nin) ||
      !parse_specs(S, f, &f->out_spec, true, &f->nout) || !check_params(S, f))
    return false;
  f->sized = true;                                 /* no loop array can be passed */
  for (int i = 0; i < f->nin + f->nout; i++)
    f->sized &= f->params[i].raw;
  return true;
}

static bool build_reduction(Sema *S, Form *f, Bound *b) {
  f->in_spec = str_arg(b, RK_IN, "");
  f->out_spec = str_arg(b, RK_OUT, "");
  f->map_expr = str_arg(b, RK_MAP, "");
  f->reduce_expr = str_arg(b, RK_REDUCE, "");
  f->post_map_expr = str_arg(b, RK_POST, "");
  FVal *id = &b->v[RK_IDENTITY];                   /* '' if None else str(identity) */
  f->identity = id->kind == FV_NONE ? (FormStr){"", 0, id->loc, false, 0, 0} : id->str;
  FormStr name = str_arg(b, RK_NAME, "reduce_kernel");
  f->name = intern(&S->c->names, name.s, name.len);
  f->reduce_type = str_arg(b, RK_REDUCE_TYPE, "");
  f->reduce_dims = bool_arg(b, RK_REDUCE_DIMS, true);
  f->preamble = str_arg(b, RK_PREAMBLE, "");
  f->options = strs_arg(S, b, RK_OPTIONS, &f->noptions);
  return check_name(S, &name) && parse_specs(S, f, &f->in_spec, false, &f->nin) &&
         parse_specs(S, f, &f->out_spec, true, &f->nout) && check_params(S, f);
}

static bool check_backend(Sema *S, Bound *b, int i, Form *f) {
  FormStr be = str_arg(b, i, "nvrtc");
  f->backend = intern(&S->c->names, be.s, be.len);
  if (!strcmp(be.s, "nvrtc") || !strcmp(be.s, "nvcc"))
    return true;
  diag_error(S->c, be.loc, "Invalid backend %s", be.s);
  return false;
}

static bool build_raw_kernel(Sema *S, Form *f, Bound *b) {
  f->code = str_arg(b, RW_CODE, "");
  FormStr name = str_arg(b, RW_NAME, "");
  f->name = intern(&S->c->names, name.s, name.len);
  f->options = strs_arg(S, b, RW_OPTIONS, &f->noptions);
  f->jitify = b->given[RW_JITIFY] && b->v[RW_JITIFY].kind != FV_NONE && b->v[RW_JITIFY].b;
  f->kernels = arena_alloc(&S->c->arena, sizeof *f->kernels);
  f->kernels[0] = (FormKernel){f->name, false};
  f->nkernels = 1;
  return check_backend(S, b, RW_BACKEND, f);
}

static bool build_raw_module(Sema *S, Form *f, Bound *b, Loc call) {
  if (b->given[RM_PATH] && b->v[RM_PATH].kind == FV_STR) {
    diag_error(S->c, b->v[RM_PATH].loc, "RawModule(path=...) loads a compiled file at run "
               "time; pykc compiles RawModule(code=...) only");
    return false;
  }
  if (!b->given[RM_CODE] || b->v[RM_CODE].kind != FV_STR) {
    diag_error(S->c, call, "Exactly one of `code` and `path` keyword arguments must be given.");
    return false;
  }
  f->code = b->v[RM_CODE].str;
  f->name = f->var;
  f->options = strs_arg(S, b, RM_OPTIONS, &f->noptions);
  f->name_exprs = strs_arg(S, b, RM_NAMES, &f->nname_exprs);
  f->jitify = b->given[RM_JITIFY] && b->v[RM_JITIFY].kind != FV_NONE && b->v[RM_JITIFY].b;
  if (!check_backend(S, b, RM_BACKEND, f))
    return false;
  if (f->nname_exprs && strcmp(f->backend, "nvrtc")) {
    diag_error(S->c, b->v[RM_BACKEND].loc, "nvrtc backend is required when name_expressions "
               "is given");
    return false;
  }
  int n;
  FormKernel *ks = global_names(S, f, &n);
  f->kernels = arena_alloc(&S->c->arena, sizeof *f->kernels * (size_t)(n + f->nname_exprs + 1));
  if (n)
    memcpy(f->kernels, ks, sizeof *ks * (size_t)n);
  int nplain = n;
  for (int i = 0; i < f->nname_exprs; i++) {
    const char *name = intern_cstr(&S->c->names, f->name_exprs[i]);
    int k = 0;                                     /* a plain C++ kernel named by its name */
    while (k < nplain && f->kernels[k].name != name)
      k++;
    if (k < nplain)
      f->kernels[k].is_name_expr = true;
    else
      f->kernels[n++] = (FormKernel){name, true};
  }
  f->nkernels = n;
  return true;
}

/* NAME qualified by the scope the form sits in (`outer.k`); an attribute target
   (`self.k = ...` in a method) by the class around it (`Cls.k`). */
static const char *qualify(Sema *S, const char *name, bool attr) {
  const Scope *sc = S->scope;
  if (attr)
    for (const Scope *c = sc; c; c = c->parent)
      if (c->is_class) {
        sc = c;
        break;
      }
  if (!sc->qual)
    return name;
  return intern_cstr(&S->c->names, arena_printf(&S->c->arena, "%s.%s", sc->qual, name));
}

/* The plain name of the host function the form is returned from (its scope's last
   component: `make.get_kernel` gives `get_kernel`). */
static const char *returned_from(Sema *S) {
  const char *q = S->scope->qual, *dot = q ? strrchr(q, '.') : NULL;
  return q ? intern_cstr(&S->c->names, dot ? dot + 1 : q) : NULL;
}

/* A kernel Func for form f under its qualified NAME, CuPy's name PYNAME and the plain
   variable VAR: --kernel finds it by any of them (sema_find_kernel). */
static Func *form_func(Sema *S, Form *f, const char *name, const char *pyname, const char *var,
                       Func ***tail) {
  for (Func *g = S->p->funcs; g; g = g->next)
    if (g->is_kernel && g->name == name) {
      diag_error(S->c, f->loc, "'%s' is already defined as a kernel at line %u; give this one "
                 "another name", name, g->def->loc.line);
      return NULL;
    }
  Node *def = ast_new(S->c, ND_FUNCDEF, f->loc);
  def->name = pyname;
  for (int i = 0; i < f->nin + f->nout; i++) {
    Node *p = ast_new(S->c, ND_PARAM, f->params[i].loc);
    p->name = f->params[i].name;
    def->params = ast_append(def->params, p);
  }
  Func *fn = arena_alloc(&S->c->arena, sizeof *fn);
  fn->name = name;
  fn->pyname = pyname;
  fn->var = var;
  fn->def = def;
  fn->is_kernel = true;
  fn->mode = S->c->opt.mode;
  fn->scope = S->scope;
  fn->seq = S->seq;
  fn->form = f;
  fn->fe = &form_front_end;
  **tail = fn;
  *tail = &fn->next;
  return fn;
}

/* The form's qualified name (--kernel's exact match). */
static const char *form_qual(Sema *S, Node *item, Form *f, bool returned) {
  if (returned)
    return S->scope->qual ? intern_cstr(&S->c->names, S->scope->qual) : f->name;
  return qualify(S, f->var ? f->var : f->name, item->rhs && item->rhs->kind == ND_ATTR);
}

/* Is a kernel of these names one this run asks for (--kernel; none: every kernel)? */
static bool wanted(Sema *S, const char *const *names, int n) {
  if (S->c->opt.nkernels == 0)
    return true;
  for (int i = 0; i < S->c->opt.nkernels; i++)
    for (int j = 0; j < n; j++)
      if (names[j] && !strcmp(S->c->opt.kernels[i], names[j]))
        return true;
  return false;
}

/* A form that could not be built: when the run asks for other kernels, its diagnostics
   since MARK (ERRS errors before) wait in S->unbuilt, so that a program's other kernels
   do not fail with it (`add_mix(y_len)` building code from a parameter); --kernel naming
   it gives them (sema_no_kernel). */
static void unbuilt(Sema *S, Node *item, Form *f, const Bound *b, bool returned, size_t mark,
                    int errs) {
  static const int name_arg[] = {[FORM_ELEMENTWISE] = EW_NAME, [FORM_REDUCTION] = RK_NAME,
                                 [FORM_RAW_KERNEL] = RW_NAME, [FORM_RAW_MODULE] = -1};
  int ni = f->kind <= FORM_RAW_MODULE ? name_arg[f->kind] : -1;
  Unbuilt *u = arena_alloc(&S->c->arena, sizeof *u);
  f->name = ni >= 0 && b->given[ni] && b->v[ni].kind == FV_STR
                ? intern(&S->c->names, b->v[ni].str.s, b->v[ni].str.len)
                : NULL;
  u->names[0] = f->var || f->name || returned ? form_qual(S, item, f, returned) : NULL;
  u->names[1] = f->var;
  u->names[2] = f->name;
  Ctx *c = S->c;
  if (!wanted(S, u->names, 3) && c->diags.len >= mark && !c->nusage) {
    u->diags = arena_strndup(&c->arena, c->diags.data + mark, c->diags.len - mark);
    c->diags.len = mark;                           /* (else reported: diags NULL) */
    c->nerrors = errs;
  }
  u->next = S->unbuilt;
  S->unbuilt = u;
}

void sema_form(struct Sema *S, Node *item, Func ***tail) {
  Node *call = item->lhs;
  if (call->kind != ND_CALL)
    return;
  int kind = callee_kind(S, call->lhs);
  if (kind < 0)
    return;                                        /* not cupy's class: host code */
  Form *f = arena_alloc(&S->c->arena, sizeof *f);
  f->kind = (FormKind)kind;
  bool returned = item->rhs && item->rhs->kind == ND_RETURN;
  f->var = returned ? returned_from(S) : item->name;
  f->loc = call->loc;
  Bound b = {0};
  size_t mark = S->c->diags.len;
  int errs = S->c->nerrors;
  bool ok = bind_args(S, f->kind, call, &b);
  switch (ok ? f->kind : FORM_FUSE) {
  case FORM_ELEMENTWISE: ok = build_elementwise(S, f, &b); break;
  case FORM_REDUCTION: ok = build_reduction(S, f, &b); break;
  case FORM_RAW_KERNEL: ok = build_raw_kernel(S, f, &b); break;
  case FORM_RAW_MODULE: ok = build_raw_module(S, f, &b, call->loc); break;
  default: break;
  }
  if (!ok) {
    unbuilt(S, item, f, &b, returned, mark, errs);
    return;
  }
  if (item->rhs && item->rhs->kind == ND_NAME)     /* the variable is no constant now */
    sema_bind(S, item->name, SYM_OPAQUE)->line = item->loc.line;
  Form **fp = &S->p->forms;
  while (*fp)
    fp = &(*fp)->next;
  *fp = f;
  if (f->kind == FORM_RAW_MODULE) {
    for (int i = 0; i < f->nkernels; i++)
      form_func(S, f, f->kernels[i].name, f->kernels[i].name, NULL, tail);
    return;
  }
  form_func(S, f, form_qual(S, item, f, returned), f->name, f->var, tail);
}

/* ---------------------------------------------------------------- specialisation */

static const char *dtype_name(int k) { return dtype_info[k].name; }

/* The dtypes of a call's parameters by CuPy's _decide_params_type rules: the arrays'
   dtypes decide the placeholders (outputs first, then inputs; scalars decide nothing and
   are cast to their parameter's type), declared dtypes must match. ptypes[i] NULL: an
   output not given (to be allocated). With spec set, the arguments are a kernel
   specialisation's: every non-raw array has the loop's ndim. dtypes[np] receives each
   parameter's dtype; false with *err set. */
static bool resolve(Sema *S, Func *fn, Type **ptypes, int n, bool spec, int *dtypes,
                    int *ph_dtypes, const char **err) {
  Form *f = fn->form;
  Arena *a = &S->c->arena;
  int np = f->nin + f->nout;
  *err = NULL;
  if (n != np) {
    *err = arena_printf(a, "kernel '%s' takes %d argument%s, got %d", fn->name, np, plural(np), n);
    return false;
  }
  for (int k = 0; k < f->nphs; k++)
    ph_dtypes[k] = -1;
  int loop_ndim = -1;
  bool loop = false;                               /* a non-raw array is given */
  const char *loop_param = NULL;
  for (int pass = 0; pass < 2; pass++)             /* outputs, then inputs */
    for (int i = pass ? 0 : f->nin; i < (pass ? f->nin : np); i++) {
      FormParam *p = &f->params[i];
      Type *t = ptypes[i];
      if (!t)
        continue;
      if (t->kind != TY_ARRAY && !ty_is_scalar(t)) {
        *err = arena_printf(a, "argument '%s' of kernel '%s' must be an array or a scalar",
                            p->name, fn->name);
        return false;
      }
      if (t->kind != TY_ARRAY) {
        if (p->is_out) {
          *err = arena_printf(a, "Output arguments type must be cupy.ndarray ('%s' of kernel "
                              "'%s' is a scalar)", p->name, fn->name);
          return false;
        }
        continue;
      }
      int dt = (int)t->elem->kind;
      if (!p->raw) {                               /* reductions: reduce_spec_check */
        if (spec && f->kind != FORM_REDUCTION && loop_ndim >= 0 && t->ndim != loop_ndim) {
          *err = arena_printf(a, "the non-raw arrays of kernel '%s' take the loop's shape: "
                              "'%s' has %d dimension%s, '%s' has %d", fn->name, loop_param,
                              loop_ndim, plural(loop_ndim), p->name, t->ndim);
          return false;
        }
        loop = true, loop_ndim = t->ndim, loop_param = p->name;
      }
      if (p->dtype >= 0) {
        if (dt != p->dtype) {
          *err = arena_printf(a, "Type is mismatched. %s %s %s", p->name, dtype_name(dt),
                              dtype_name(p->dtype));
          return false;
        }
        continue;
      }
      int k = 0;
      while (f->phs[k] != p->ph)
        k++;
      if (ph_dtypes[k] >= 0 && ph_dtypes[k] != dt) {
        *err = arena_printf(a, "Type is mismatched. %s %s %s %s", p->name, dtype_name(dt),
                            dtype_name(ph_dtypes[k]), p->ph);
        return false;
      }
      ph_dtypes[k] = dt;
    }
  if (!loop && f->kind != FORM_REDUCTION && !f->sized) {
    *err = arena_printf(a, "Loop size is undecided. (kernel '%s' needs an array argument "
                        "that is not raw)", fn->name);
    return false;
  }
  for (int i = 0; i < np; i++) {
    FormParam *p = &f->params[i];
    int dt = p->dtype;
    if (dt < 0) {
      int k = 0;
      while (f->phs[k] != p->ph)
        k++;
      dt = ph_dtypes[k];
      if (dt < 0) {
        *err = arena_printf(a, "kernel '%s': the type placeholder %s of '%s' is decided by "
                            "no array argument (CuPy raises KeyError: '%s')", fn->name, p->ph,
                            p->name, p->ph);
        return false;
      }
    }
    dtypes[i] = dt;
  }
  return true;
}

bool form_dtypes(Ctx *c, Program *p, Func *f, Type **ptypes, int n, int *dtypes,
                 const char **err) {
  Sema *S = p->sema;
  S->c = c;
  int *ph = arena_alloc(&c->arena, sizeof *ph * (size_t)(f->form->nphs + 1));
  return resolve(S, f, ptypes, n, false, dtypes, ph, err);
}

/* The specialisation of form kernel fn for ptypes; NULL with *err set. */
static Spec *make_spec(Sema *S, Func *fn, Type **ptypes, int n, const char **err) {
  Form *f = fn->form;
  if (f->kind != FORM_ELEMENTWISE && f->kind != FORM_REDUCTION) {
    *err = arena_printf(&S->c->arena, "kernel '%s' is a %s, which pykc does not compile yet",
                        fn->name, form_kind_names[f->kind]);
    return NULL;
  }
  int nf = f->nin + f->nout;                       /* a sized form's loop length follows */
  if (f->sized && (n == nf + 1 ? ptypes[n - 1]->kind != TY_INT64 : n != nf)) {
    *err = arena_printf(&S->c->arena, "kernel '%s' takes %d argument%s and the loop's length "
                        "(int64)", fn->name, nf, plural(nf));
    return NULL;
  }
  n = nf;
  int *ph = arena_alloc(&S->c->arena, sizeof *ph * (size_t)(f->nphs + 1));
  int *dts = arena_alloc(&S->c->arena, sizeof *dts * (size_t)(n + 1));
  for (int i = 0; i < n; i++)
    if (!ptypes[i]) {
      *err = arena_printf(&S->c->arena, "kernel '%s': argument '%s' is missing", fn->name,
                          f->params[i].name);
      return NULL;
    }
  if (!resolve(S, fn, ptypes, n, true, dts, ph, err))
    return NULL;
  Type **types = arena_alloc(&S->c->arena, sizeof *types * (size_t)(n + 2));
  for (int i = 0; i < n; i++)                      /* scalars cast; arrays by strides */
    types[i] = ptypes[i]->kind == TY_ARRAY
                   ? ty_array(S->c, ty_scalar((TypeKind)dts[i]), ptypes[i]->ndim, false)
                   : ty_scalar((TypeKind)dts[i]);
  if (f->kind == FORM_REDUCTION && (*err = reduce_spec_check(S->c, f, types, n)))
    return NULL;
  if (f->sized)
    types[n] = ty_scalar(TY_INT64);
  Spec *sp = sema_form_spec(S, fn, types, n + f->sized);
  if (sp->finfo)
    return sp;
  FormSpecInfo *fi = arena_alloc(&S->c->arena, sizeof *fi);
  fi->form = f;
  fi->ph_dtypes = ph;
  fi->ndim = -1;
  for (int i = 0; i < n; i++) {
    Var *v = arena_alloc(&S->c->arena, sizeof *v);
    v->name = v->cname = f->params[i].name;
    v->ty = types[i];
    v->first = f->params[i].loc;
    v->is_param = v->read = true;
    sp->params[i] = v;
    if (types[i]->kind == TY_ARRAY && !f->params[i].raw && fi->ndim < 0)
      fi->ndim = types[i]->ndim;
  }
  if (f->sized) {                                  /* a 1-d loop of the given length */
    Var *v = arena_alloc(&S->c->arena, sizeof *v);
    v->name = v->cname = "_loop_size";
    v->ty = types[n];
    v->first = f->loc;
    v->is_param = v->read = true;
    sp->params[n] = v;
    fi->ndim = 1;
  }
  sp->finfo = fi;
  return sp;
}

Spec *form_specialise(Ctx *c, Program *p, Func *f, Type **ptypes, int n) {
  Sema *S = p->sema;
  S->c = c;
  const char *err;
  Spec *sp = make_spec(S, f, ptypes, n, &err);
  if (!sp)
    diag_plain(c, "%s", err);
  return sp;
}

const FormSpecInfo *form_spec_info(const Spec *s) { return s->finfo; }

void form_sig_spec(struct Sema *S, Func *f, Type **types, int n, const char *sig) {
  const char *err;
  if (!make_spec(S, f, types, n, &err))
    S->c->nusage++, diag_plain(S->c, "--sig '%s': %s", sig, err);
}

static bool sig_usage(Sema *S, const char *sig, const char *msg) {
  S->c->nusage++;
  diag_plain(S->c, "--sig '%s': %s", sig, msg);
  return false;
}

/* Binds --sig item T to parameter I (its dtype to its placeholder) or to placeholder K. */
static bool sig_bind(Sema *S, Form *f, const char *sig, Type **types, int *ph, const char *key,
                     Type *t, int i, bool pos) {
  Arena *a = &S->c->arena;
  if (i >= 0 && types[i])
    return sig_usage(S, sig, arena_printf(a, "parameter '%s' is given twice", f->params[i].name));
  if (i >= 0) {
    types[i] = t;
    return true;
  }
  int k = 0;
  while (k < f->nphs && strcmp(f->phs[k], key))
    k++;
  if (pos || k == f->nphs)
    return sig_usage(S, sig, arena_printf(a, "'%s' is no parameter or type placeholder of "
                                          "kernel '%s'", key, f->name));
  if (t->kind == TY_ARRAY || !ty_is_scalar(t))
    return sig_usage(S, sig, arena_printf(a, "the placeholder %s takes a dtype (%s=float32)",
                                          key, key));
  ph[k] = (int)t->kind;
  return true;
}

bool form_sig_fill(struct Sema *S, Func *fn, const char *sig, Type **types, const char **keys,
                   int got) {
  Form *f = fn->form;
  Arena *a = &S->c->arena;
  int np = f->nin + f->nout;
  bool keyed = false;
  for (int j = 0; j < got; j++)
    keyed |= keys[j] != NULL;
  if (!keyed && got != np)                         /* positional: one type per parameter */
    return sig_usage(S, sig, arena_printf(a, "kernel '%s' takes %d parameter%s, the signature "
                                          "has %d (or name them: x=float32[:], T=float64)",
                                          fn->name, np, plural(np), got));
  Type *given[64] = {0};
  int ph[64];
  for (int k = 0; k < f->nphs; k++)
    ph[k] = -1;
  for (int j = 0; j < got; j++) {
    int i = -1;
    if (!keys[j] && j < np)
      i = j;
    for (int p = 0; keys[j] && p < np; p++)
      if (!strcmp(f->params[p].name, keys[j]))
        i = p;
    if (!keys[j] && j >= np)
      return sig_usage(S, sig, arena_printf(a, "kernel '%s' takes %d parameter%s", fn->name,
                                            np, plural(np)));
    if (!sig_bind(S, f, sig, given, ph, keys[j], types[j], i, !keys[j]))
      return false;
  }
  for (int i = 0; i < np; i++) {                   /* placeholders from the given types */
    const FormParam *p = &f->params[i];
    Type *t = given[i];
    int k = 0;
    while (p->dtype < 0 && t && k < f->nphs && f->phs[k] != p->ph)
      k++;
    if (p->dtype < 0 && t && ph[k] < 0)
      ph[k] = (int)(t->kind == TY_ARRAY ? t->elem->kind : t->kind);
  }
  int ndim = 1;                                    /* the loop's: a given non-raw array's */
  for (int i = 0; i < np; i++)
    if (given[i] && given[i]->kind == TY_ARRAY && !f->params[i].raw &&
        !(f->kind == FORM_REDUCTION && f->params[i].is_out))
      ndim = given[i]->ndim;
  for (int i = 0; i < np; i++) {                   /* the rest: arrays of that ndim */
    const FormParam *p = &f->params[i];
    int k = 0;
    while (p->dtype < 0 && k < f->nphs && f->phs[k] != p->ph)
      k++;
    int dt = p->dtype >= 0 ? p->dtype : ph[k];
    if (!given[i] && dt < 0)
      return sig_usage(S, sig, arena_printf(a, "the type of '%s' is not given: name it "
                                            "(%s=float32[:]) or its placeholder (%s=float32)",
                                            p->name, p->name, p->ph));
    int nd = p->raw || (f->kind == FORM_REDUCTION && p->is_out) ? 1 : ndim;
    types[i] = given[i] ? given[i] : ty_array(S->c, ty_scalar((TypeKind)dt), nd, false);
  }
  return true;
}

void form_default_spec(struct Sema *S, Func *fn) {
  Form *f = fn->form;
  if (f->kind != FORM_ELEMENTWISE && f->kind != FORM_REDUCTION)
    return;                                        /* the other forms wire their own */
  int np = f->nin + f->nout;
  if (f->nphs) {
    if (S->c->opt.need_sigs)
      diag_error(S->c, f->loc, "kernel '%s' needs a signature: its parameters use the type "
                 "placeholder%s %s; pass --sig '%s(...)'", fn->name, plural(f->nphs),
                 f->phs[0], fn->name);
    return;
  }
  Type **types = f->kind == FORM_REDUCTION ? reduce_default_types(S->c, f)
                 : arena_alloc(&S->c->arena, sizeof *types * (size_t)(np + 1));
  for (int i = 0; i < np && f->kind != FORM_REDUCTION; i++)  /* every parameter 1-d */
    types[i] = ty_array(S->c, ty_scalar((TypeKind)f->params[i].dtype), 1, false);
  const char *err;
  if (!make_spec(S, fn, types, np, &err))
    diag_error(S->c, f->loc, "%s", err);
}

const FrontEnd form_front_end = {
    .specialise = form_specialise,
    .sig_fill = form_sig_fill,
    .sig_spec = form_sig_spec,
    .default_spec = form_default_spec,
};
