/*
 * sema_ufunc.c: a ufunc the program declares, `NAME = cupy._core.create_ufunc(name, ops,
 * routine=None, preamble='', ...)` at module level (CuPy's _kernel.pyx: create_ufunc,
 * _Ops.from_tuples), read into a UFunc of the compilation's arena (types/ufunc.h) that
 * @cupy.fuse calls (src/fuse/). Its arguments are constants pykc evaluates: strings, None,
 * tuples (lists) of ops, each 'ff->f' or ('ff->f', routine-or-None).
 */
#include "sema_int.h"

#include <string.h>

/* Does n denote module cupy._core (`cupy._core`, `from cupy import _core`,
   `import cupy._core as core`)? */
static bool names_core(Sema *S, const Node *n) {
  if (n->kind == ND_ATTR && !strcmp(n->name, "_core") && n->lhs->kind == ND_NAME) {
    Sym *s = sema_lookup_sym(S, n->lhs->name);
    return s && s->kind == SYM_MODULE && s->module && !strcmp(s->module, "cupy");
  }
  if (n->kind != ND_NAME)
    return false;
  Sym *s = sema_lookup_sym(S, n->name);
  if (!s || s->kind != SYM_OPAQUE || !s->from)
    return false;
  return s->is_module ? !strcmp(s->from, "cupy._core")
                      : !strcmp(s->from, "cupy") && s->attr && !strcmp(s->attr, "_core");
}

/* Does callee name cupy._core.create_ufunc? */
static bool is_create_ufunc(Sema *S, const Node *callee) {
  if (callee->kind == ND_ATTR)
    return !strcmp(callee->name, "create_ufunc") && names_core(S, callee->lhs);
  if (callee->kind != ND_NAME)
    return false;
  Sym *s = sema_lookup_sym(S, callee->name);     /* from cupy._core import create_ufunc */
  return s && s->kind == SYM_OPAQUE && !s->is_module && s->from && s->attr &&
         !strcmp(s->from, "cupy._core") && !strcmp(s->attr, "create_ufunc");
}

/* create_ufunc's parameters, in order (CuPy 14's signature). */
enum { P_NAME, P_OPS, P_ROUTINE, P_PREAMBLE, P_DOC, P_CASTING, P_LOOP_PREP, P_OUT_OPS,
       P_CUTENSOR, P_SCATTER, P_PROMOTE, NPARAMS };
static const char *const params[NPARAMS] = {
  "name", "ops", "routine", "preamble", "doc", "default_casting", "loop_prep", "out_ops",
  "cutensor_op", "scatter_op", "promote_types"};

/* A string argument (*s), or None when none_ok (*s NULL); false: neither. */
static bool str_arg(Sema *S, Node *e, bool none_ok, const char **s) {
  Val v = sema_const_eval(S, e);
  if (v.kind == VAL_NONE && none_ok) {
    *s = NULL;
    return true;
  }
  if (v.kind != VAL_STR || strlen(v.str) != v.slen)
    return false;
  *s = v.str;
  return true;
}

static bool is_ident(const char *s) {
  if (!*s || (*s >= '0' && *s <= '9'))
    return false;
  for (; *s; s++)
    if (!(*s == '_' || (*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
          (*s >= '0' && *s <= '9')))
      return false;
  return true;
}

/* The ufunc of create_ufunc's arguments (arg[P_*], NULL: not given), or NULL with *why. */
static UFunc *read_ufunc(Sema *S, Node **arg, const char **why) {
  Arena *a = &S->c->arena;
  const char *name, *routine = NULL, *preamble = "";
  if (!arg[P_NAME] || !arg[P_OPS]) {
    *why = arena_printf(a, "create_ufunc() missing required argument '%s'",
                        arg[P_NAME] ? "ops" : "name");
    return NULL;
  }
  if (!str_arg(S, arg[P_NAME], false, &name) || !is_ident(name)) {
    *why = "its name is not a string constant that is a C identifier (CuPy names the "
           "ufunc's device function so)";
    return NULL;
  }
  if (arg[P_ROUTINE] && !str_arg(S, arg[P_ROUTINE], true, &routine)) {
    *why = "its routine is not a string constant or None";
    return NULL;
  }
  if (arg[P_PREAMBLE] && !str_arg(S, arg[P_PREAMBLE], false, &preamble)) {
    *why = "its preamble is not a string constant";
    return NULL;
  }
  if (arg[P_PROMOTE] && sema_const_eval(S, arg[P_PROMOTE]).kind != VAL_NONE) {
    *why = "pykc's fuse takes no promote_types= of a ufunc";
    return NULL;
  }
  Node *ops = arg[P_OPS];
  if (ops->kind != ND_TUPLE || !ops->args) {
    *why = "its ops are not a tuple or list of loops ('ff->f' or ('ff->f', routine))";
    return NULL;
  }
  int n = ast_count(ops->args), i = 0;
  const char **routines = arena_alloc(a, sizeof *routines * (size_t)n);
  Buf loops = {0};
  for (Node *op = ops->args; op; op = op->next, i++) {
    const char *types, *rt = NULL;
    Node *t = op->kind == ND_TUPLE && !op->weak ? op->args : op;
    if (op->kind == ND_TUPLE && !op->weak &&
        (!t || !t->next || (t->next->next && t->next->next->next))) {
      *why = "an op of its ops is a tuple that is not (types, routine[, resolver])";
      break;
    }
    if (!str_arg(S, t, false, &types)) {
      *why = "an op's types are not a string ('ff->f'; pykc reads no list of dtypes)";
      break;
    }
    if (t != op && !str_arg(S, t->next, true, &rt)) {
      *why = "an op's routine is not a string or None (pykc reads no error function or "
             "tuple of routines)";
      break;
    }
    if (!rt && !routine) {
      *why = arena_printf(a, "op '%s' has no routine, and the ufunc has none", types);
      break;
    }
    routines[i] = rt;
    /* _Op: 'f' is 'f->f' */
    buf_printf(&loops, "%s%s%s%s", i ? " " : "", types, strstr(types, "->") ? "" : "->",
               strstr(types, "->") ? "" : types);
  }
  int nin = 0, nout = 0;
  const char *text = loops.data ? arena_strndup(a, loops.data, loops.len) : "";
  buf_free(&loops);
  if (i < n)
    return NULL;
  if (!ufunc_loops_valid(text, &nin, &nout)) {
    *why = arena_printf(a, "its ops '%s' are not loops of one number of inputs (1 to 3) and "
                        "outputs (1 or 2) of NumPy type characters pykc knows", text);
    return NULL;
  }
  UFunc *u = arena_alloc(a, sizeof *u);
  u->name = u->cname = name;
  u->nin = nin;
  u->nout = nout;
  u->loops = text;
  u->routine = routine ? routine : "";
  u->declared = true;
  u->loop_routines = routines;
  u->preamble = preamble;
  return u;
}

/* The ufunc of create_ufunc call CALL's arguments, or NULL with *why. */
UFunc *sema_read_ufunc(Sema *S, Node *call, const char **why_out) {
  Node *arg[NPARAMS] = {0};
  const char *why = NULL;
  int npos = 0;
  for (Node *a = call->args; a && !why; a = a->next) {
    int k = npos;
    if (a->kind == ND_KWARG)
      for (k = 0; k < NPARAMS && strcmp(params[k], a->name); k++)
        ;
    else if (a->kind == ND_STARRED || npos++ == NPARAMS)
      why = "create_ufunc() is called with more positional arguments than it takes";
    if (why)
      break;
    if (k == NPARAMS)
      why = arena_printf(&S->c->arena, "create_ufunc() got an unexpected keyword argument "
                         "'%s'", a->name);
    else if (arg[k])
      why = arena_printf(&S->c->arena, "create_ufunc() got multiple values for argument "
                         "'%s'", params[k]);
    else
      arg[k] = a->kind == ND_KWARG ? a->rhs : a;
  }
  UFunc *u = why ? NULL : read_ufunc(S, arg, &why);
  *why_out = why;
  return u;
}

bool sema_declare_ufunc(Sema *S, const char *name, Loc loc, Node *call) {
  if (call->kind != ND_CALL || !is_create_ufunc(S, call->lhs))
    return false;
  Sym *s = sema_bind_at(S, S->scope, name, SYM_UFUNC, loc);
  s->uf = sema_read_ufunc(S, call, &s->why);
  return true;
}
