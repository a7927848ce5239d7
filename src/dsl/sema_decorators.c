/*
 * sema_decorators.c: which decorator makes a function a kernel: cupyx.jit's rawkernel
 * (however it is spelt or imported, called or not, conditional decorators included, with
 * its device= and mode keywords) and cupy's fuse (kernel_name= too). A decorator that
 * spells rawkernel through a name never bound is an error that names the import.
 */
#include "sema_int.h"

#include <string.h>

/* The import that binds `name` as a decorator word would need. */
static const char *missing_import(const char *name) {
  static const struct {
    const char *name, *import;
  } imports[] = {{"jit", "from cupyx import jit"},
                 {"cupyx", "import cupyx"},
                 {"rawkernel", "from cupyx.jit import rawkernel"}};
  for (size_t i = 0; i < sizeof imports / sizeof *imports; i++)
    if (!strcmp(name, imports[i].name))
      return imports[i].import;
  return NULL;
}

/* Is this decorator a rawkernel? Sets *device and *mode from its keywords. A conditional
   decorator (`jit.rawkernel() if jit else (lambda f: f)`) is the branch its condition
   picks (a module is true; a condition pykc cannot evaluate picks the first). A decorator
   that spells rawkernel through a name never bound is an error at the decorator. */
bool sema_rawkernel_decorator(Sema *S, Node *d, bool *device, Mode *mode, bool *mode_set) {
  if (d->kind == ND_IFEXP) {
    bool take_then = true;
    Node *c = d->cond;
    Sym *cs = c->kind == ND_NAME ? sema_lookup_sym(S, c->name) : NULL;
    if (!cs || cs->kind != SYM_MODULE) {
      Val v = sema_const_eval(S, c);
      if (v.kind == VAL_EXPR && sema_is_const(v.n))
        take_then = sema_const_truth(v.n);
    }
    return sema_rawkernel_decorator(S, take_then ? d->then : d->els, device, mode, mode_set);
  }
  Node *callee = d->kind == ND_CALL ? d->lhs : d;
  bool is = false;
  const char *unbound = NULL;
  Loc at = callee->loc;
  if (callee->kind == ND_NAME) {
    Sym *s = sema_lookup_sym(S, callee->name);
    is = s && s->kind == SYM_DECORATOR && !s->fuse;
    if (is && s->mode_set) {                       /* kern = jit.rawkernel(mode=...) */
      *mode = s->mode;
      *mode_set = true;
    }
    if (is)
      *device = s->device;
    if (!s && !strcmp(callee->name, "rawkernel"))
      unbound = callee->name;
  } else if (callee->kind == ND_ATTR && !strcmp(callee->name, "rawkernel")) {
    Node *m = callee->lhs;
    if (m->kind == ND_NAME) {
      Sym *s = sema_lookup_sym(S, m->name);
      is = s && s->kind == SYM_MODULE && !strcmp(s->module, "jit");
      if (!s)
        unbound = m->name, at = m->loc;
    } else if (m->kind == ND_ATTR && m->lhs->kind == ND_NAME && !strcmp(m->name, "jit")) {
      Sym *s = sema_lookup_sym(S, m->lhs->name);
      is = s && s->kind == SYM_MODULE && sema_gives_jit(s->module);
      if (!s)
        unbound = m->lhs->name, at = m->lhs->loc;
    }
  }
  if (unbound) {
    const char *imp = missing_import(unbound);
    if (imp)
      diag_error(S->c, at, "'%s' is not defined: add '%s'", unbound, imp);
    else
      diag_error(S->c, at, "'%s' is not defined", unbound);
    return false;
  }
  if (is && d->kind != ND_CALL &&
      (callee->kind == ND_ATTR || sema_lookup_sym(S, callee->name)->maker))
    diag_warning(S->c, callee->loc, "'@%s' without parentheses: cupyx.jit (and `from pykc "
                 "import jit`) raise TypeError here; write @%s()", sema_dotted(S, callee),
                 sema_dotted(S, callee));
  if (!is || d->kind != ND_CALL)
    return is;
  for (Node *a = d->args; a; a = a->next) {
    if (a->kind != ND_KWARG) {
      diag_error(S->c, a->loc, "rawkernel() takes keyword arguments only (mode=, device=)");
      continue;
    }
    Node *v = a->rhs;
    if (!strcmp(a->name, "device")) {              /* cupyx tests its truth: "cuda" is */
      size_t len = 0;
      Val dv = v->kind == ND_STR ? (Val){0} : sema_const_eval(S, v);
      if (v->kind == ND_STR)
        *device = sema_str_literal(S, v, &len) && len > 0;
      else if (dv.kind == VAL_NONE || (dv.kind == VAL_EXPR && sema_is_const(dv.n)))
        *device = dv.kind == VAL_EXPR && sema_const_truth(dv.n);
      else
        diag_error(S->c, v->loc, "device= must be a constant (cupyx.jit tests its truth)");
    } else if (!strcmp(a->name, "mode")) {
      size_t len;
      const char *s = v->kind == ND_STR ? sema_str_literal(S, v, &len) : NULL;
      if (s && (!strcmp(s, "cuda") || !strcmp(s, "numpy"))) {
        *mode = !strcmp(s, "cuda") ? MODE_CUDA : MODE_NUMPY;
        *mode_set = true;
      } else
        diag_error(S->c, v->loc, "mode= must be 'cuda' or 'numpy'");
    } else if (strcmp(a->name, "debug")) {         /* (pykc's debug=: the package's) */
                                                   /* cupyx: a TypeError */
      const char *near = name_distance(a->name, "device") <= 2 ? "device"
                         : name_distance(a->name, "mode") <= 2 ? "mode" : NULL;
      diag_error(S->c, a->loc, "rawkernel() got an unexpected keyword argument '%s'%s%s%s "
                 "(it takes mode=, device= and pykc's debug=)", a->name,
                 near ? ": did you mean '" : "", near ? near : "", near ? "='?" : "");
    }
  }
  return true;
}

/* Is this decorator cupy.fuse (`@cp.fuse`, `@cp.fuse()`, `@cupy.fuse(kernel_name='k')`,
   `@fuse` from `from cupy import fuse`, a name bound to cp.fuse(...))? Sets *name from
   kernel_name= (CuPy's wrapper also takes it positionally). */
bool sema_fuse_decorator(Sema *S, Node *d, const char **name) {
  Node *callee = d->kind == ND_CALL ? d->lhs : d;
  bool is = false;
  if (callee->kind == ND_NAME) {
    Sym *s = sema_lookup_sym(S, callee->name);
    is = s && s->kind == SYM_DECORATOR && s->fuse;
    if (is && s->fuse_name)
      *name = s->fuse_name;
  } else if (callee->kind == ND_ATTR && !strcmp(callee->name, "fuse") &&
             callee->lhs->kind == ND_NAME) {
    Sym *s = sema_lookup_sym(S, callee->lhs->name);
    is = s && s->kind == SYM_MODULE && sema_gives_kernels(s->module);
  }
  if (!is || d->kind != ND_CALL)
    return is;
  for (Node *a = d->args; a; a = a->next)          /* cp.fuse(func): a fused function */
    if (a->kind != ND_KWARG && a->kind != ND_STR && a->kind != ND_NONE)   /* (host code) */
      return false;
  int npos = 0;
  for (Node *a = d->args; a; a = a->next) {
    Node *v = a->kind == ND_KWARG ? a->rhs : a;
    if (a->kind == ND_KWARG && (!strcmp(a->name, "pykc_memory") ||   /* (the fuse front */
                                !strcmp(a->name, "pykc_new_fusion")))  /* end's: traces) */
      continue;
    if (a->kind == ND_KWARG && strcmp(a->name, "kernel_name")) {
      diag_error(S->c, a->loc, "fuse() got an unexpected keyword argument '%s'", a->name);
      continue;
    }
    if (a->kind != ND_KWARG && npos++) {
      diag_error(S->c, a->loc, "fuse() takes kernel_name only");
      continue;
    }
    size_t len;
    const char *s = v->kind == ND_STR ? sema_str_literal(S, v, &len) : NULL;
    if (v->kind == ND_NONE)
      continue;
    if (!s || !len || strlen(s) != len) {
      diag_error(S->c, v->loc, "kernel_name must be a string literal");
      continue;
    }
    bool ident = !(s[0] >= '0' && s[0] <= '9');
    for (const char *p = s; *p && ident; p++)
      ident = (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || *p == '_' ||
              (*p >= '0' && *p <= '9');
    if (!ident) {
      diag_error(S->c, v->loc, "kernel_name '%s' is not a C identifier (CuPy names the CUDA "
                 "function after it)", s);
      continue;
    }
    *name = intern_cstr(&S->c->names, s);
  }
  return true;
}
