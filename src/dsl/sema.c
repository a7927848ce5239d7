/*
 * sema.c: the scopes (the module, host functions and classes: imports, constants,
 * rawkernel functions, device-function factories), kernel names (qualified
 * `Cls.k`, or plain where unique) and the entry points (sema_program, sema_specialise).
 * Its parts by job: decorators (sema_decorators.c), names and locals (sema_names.c), annotations, signatures and
 * specialisation (sema_spec.c), factories' instances (sema_factory.c).
 *
 * Every binding is kept in source order (Sym.older), and a kernel's body sees, for each
 * name, the last binding before its definition; names are hashed (NameMap), locals too.
 *
 * A function is typed once per specialisation (parameter types); its statements are
 * typed by sema_stmt.c, expressions by sema_expr.c and sema_ops.c, calls by sema_call.c.
 * Locals are listed in Spec.locals and declared at the function top by the emitters.
 */
#include "sema_int.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

#define T(k) ty_scalar(k)

/* ---------------------------------------------------------------- module scope */

static const char *module_of(const char *dotted) {
  static const struct {
    const char *name, *module;
  } mods[] = {{"cupy", "cupy"}, {"numpy", "numpy"}, {"math", "math"}, {"cupyx", "cupyx"},
              {"cupyx.jit", "jit"}, {"pykc", "pykc"}, {"pykc.jit", "jit"},
              {"cupyx.jit.cg", "cg"}, {"cupyx.jit.cub", "cub"}, {"cupyx.jit.thrust", "thrust"}};
  for (size_t i = 0; i < sizeof mods / sizeof *mods; i++)
    if (!strcmp(dotted, mods[i].name))
      return mods[i].module;
  return NULL;
}

/* The package pykc is read as the Python program sees it: `pykc.jit` is cupyx.jit, and
   pykc.ElementwiseKernel ... and pykc.fuse are cupy's; so one kernel file serves the
   program and the command line. */
bool sema_gives_jit(const char *m) { return !strcmp(m, "cupyx") || !strcmp(m, "pykc"); }
bool sema_gives_kernels(const char *m) { return !strcmp(m, "cupy") || !strcmp(m, "pykc"); }

static void do_import(Sema *S, Node *nd) {
  const char *m = module_of(nd->str);
  /* `import cupyx.jit` binds "cupyx"; `import cupyx.jit as jit` binds the jit module
     (pykc.jit likewise); `import cupyx.scipy.special as sp` binds a module pykc does not
     read, whose path fuse reads (sema_special.c) */
  if (!m && !strncmp(nd->str, "cupyx.", 6) && !strcmp(nd->name, "cupyx"))
    m = "cupyx";
  if (!m && !strncmp(nd->str, "pykc.", 5))
    m = "pykc";
  if (m && !strcmp(m, "jit") && (!strcmp(nd->name, "cupyx") || !strcmp(nd->name, "pykc")))
    m = nd->name[0] == 'c' ? "cupyx" : "pykc";
  size_t top = strcspn(nd->str, ".");
  if (!m && strlen(nd->name) == top && !strncmp(nd->name, nd->str, top))
    m = module_of(nd->name); /* `import numpy.linalg` binds numpy */
  if (m)
    sema_bind(S, nd->name, SYM_MODULE)->module = m;
  else { /* a module pykc does not read: its attributes need --define */
    sema_bind_foreign(S, nd->name, nd->str, nd->loc.line);
    sema_lookup_sym(S, nd->name)->is_module = true;
  }
}

/* NAME of `from MODULE import A as NAME`, a module pykc does not read: opaque (its value
   needs --define), A kept for @cupy.fuse (cupyx's ufuncs). */
static void bind_imported(Sema *S, const Node *a, const char *module) {
  sema_bind_foreign(S, a->name, module, a->loc.line);
  Sym *s = sema_lookup_sym(S, a->name);
  if (s->kind == SYM_OPAQUE && s->from == module)
    s->attr = a->str;
}

static void do_from_import(Sema *S, Node *nd) {
  const char *m = module_of(nd->str);
  if (nd->body && !strcmp(nd->body->str, "*")) {  /* `from m import *` */
    if (m && S->nstar_known < (int)(sizeof S->star_known / sizeof *S->star_known))
      S->star_known[S->nstar_known++] = m;
    else if (!m)
      S->star_unread = nd;
    return;
  }
  if (!m) {
    for (Node *a = nd->body; a; a = a->next)
      bind_imported(S, a, nd->str);
    return;
  }
  for (Node *a = nd->body; a; a = a->next) {
    if (sema_gives_jit(m) && !strcmp(a->str, "jit")) {
      sema_bind(S, a->name, SYM_MODULE)->module = "jit";
      continue;
    }
    if (builtin_submodule(m, a->str)) {             /* from cupyx.jit import cg */
      sema_bind(S, a->name, SYM_MODULE)->module = builtin_submodule(m, a->str);
      continue;
    }
    if (!strcmp(m, "cupyx")) {                      /* from cupyx import rsqrt */
      bind_imported(S, a, "cupyx");
      continue;
    }
    if (!strcmp(m, "jit") && !strcmp(a->str, "rawkernel")) {
      sema_bind(S, a->name, SYM_DECORATOR)->maker = true;
      continue;
    }
    if (sema_gives_kernels(m) && !strcmp(a->str, "fuse")) {
      sema_bind(S, a->name, SYM_DECORATOR)->fuse = true;
      continue;
    }
    if (sema_gives_kernels(m) && S->fronts->form_class_kind(a->str) >= 0) {   /* a form's class */
      sema_bind_foreign(S, a->name, nd->str, a->loc.line);
      sema_lookup_sym(S, a->name)->form_class = a->str;
      continue;
    }
    const Builtin *b = builtin_lookup(m, a->str);
    const char *later = b ? NULL : builtin_later(m, a->str);
    if (b) {
      Sym *s = sema_bind(S, a->name, SYM_BUILTIN);
      s->bi = b;
      s->bimod = m;
    } else if (later)
      sema_bind(S, a->name, SYM_LATER)->later = later;
    else
      bind_imported(S, a, nd->str);
  }
}


/* An Unbuilt note: `NAME = DECO(f)` that pykc does not read, said when NAME is asked for. */
static void note_unbuilt(Sema *S, const char *name, const char *kn, const char *why) {
  Unbuilt *u = arena_alloc(&S->c->arena, sizeof *u);
  u->names[0] = name;
  u->names[1] = kn;
  u->diags = why;
  u->next = S->unbuilt;
  S->unbuilt = u;
}

static void do_funcdef(Sema *S, Node *nd, const char *own, Func ***tail);

/* `NAME = cp.fuse(f)`, `cp.fuse()(f)`, `cp.fuse(kernel_name='k')(f)`, `jit.rawkernel()(f)`,
   `jit.rawkernel(device=True)(f)`, `kern(f)` with `kern = jit.rawkernel(...)` (any import
   alias): CuPy's decorator called on a plain def f that the name reaches (sema_pydef), at
   module level or in a function (a kernel factory's instances too). pykc reads f as if it
   were decorated so there (the decorator recognised as sema_decorators.c does), the
   kernel bound to NAME; a fuse kernel is named as CuPy names it, kernel_name= or f's
   __name__. false: e is no call of a decorator on something. In a class body, or of
   what is no plain def, a note given when NAME is asked for. */
static bool decorator_call(Sema *S, Node *nd, Func ***tail) {
  Node *e = nd->rhs, *dec = e->lhs, *fn = e->args;
  const char *kn = NULL;
  bool device = false, mode_set = false;
  Mode mode = S->c->opt.mode;
  bool fuse = false, raw = false;
  if (!fn || fn->kind == ND_KWARG || fn->kind == ND_STR || fn->kind == ND_NONE)
    return false;                                  /* `kern = jit.rawkernel(mode=...)` */
  if (dec->kind != ND_CALL) {                      /* `jit.rawkernel(f)`: keywords only */
    Sym *s = dec->kind == ND_NAME ? sema_lookup_sym(S, dec->name) : NULL;
    bool maker = s ? s->kind == SYM_DECORATOR && s->maker
                   : dec->kind == ND_ATTR && !strcmp(dec->name, "rawkernel");
    if (maker && sema_rawkernel_decorator(S, e, &device, &mode, &mode_set))
      return true;                                 /* (its TypeError: said at the argument) */
  }
  if (sema_fuse_decorator(S, dec, &kn))
    fuse = true;
  else
    raw = sema_rawkernel_decorator(S, dec, &device, &mode, &mode_set);
  if (!fuse && !raw)
    return false;
  const char *deco = fuse ? "cupy.fuse" : "jit.rawkernel";
  bool one = fn && !fn->next && fn->kind == ND_NAME;
  Sym *prev = one ? sema_lookup_sym(S, fn->name) : NULL;
  if (one && prev && prev->kind == SYM_FUNC && !prev->fn->is_factory) {
    diag_error(S->c, fn->loc, "'%s' is already a %s (decorated at line %u): calling %s on it "
               "decorates it a second time; decorate the plain def once", fn->name,
               prev->fn->form ? "@cupy.fuse function" : "@jit.rawkernel kernel",
               prev->fn->def->loc.line, deco);
    return true;
  }
  Node *pd = one ? sema_pydef(S, S->scope->qual, fn->name) : NULL;
  if (S->scope->is_class || !pd || pd->ival) {
    const char *why = S->scope->is_class ? "at module level or in a function (not in a class body)"
                      : pd ? "without decorators of its own"
                           : "of the program, named (not an expression or an imported function)";
    note_unbuilt(S, nd->name, kn, arena_printf(
        &S->c->arena, "%s:%u: `%s = %s%s(%s)` is not read: pykc reads %s called on a "
        "plain def %s\n", S->c->src->name, nd->loc.line, nd->name, deco,
        dec->kind == ND_CALL ? "(...)" : "", one ? fn->name : "...", deco, why));
    return true;
  }
  DecoDef *made = S->deco_defs;                    /* a factory's instances share it, */
  while (made && made->at != nd)                   /* as they share a decorated def */
    made = made->next;
  if (!made) {
    Node *def = raw ? parse_pydef_kernel(S->c, pd) : parse_pydef(S->c, pd);
    if (!def)                                      /* (its syntax errors: said) */
      return true;
    Node *d = ast_new(S->c, ND_FUNCDEF, def->loc);
    *d = *def;
    d->next = NULL;
    d->name = nd->name;
    d->str = S->scope->qual ? intern_cstr(&S->c->names, arena_printf(&S->c->arena, "%s.%s",
                                          S->scope->qual, nd->name)) : NULL;
    d->decorators = dec;
    made = arena_alloc(&S->c->arena, sizeof *made);
    *made = (DecoDef){.at = nd, .def = d, .own = def->name, .next = S->deco_defs};
    S->deco_defs = made;
  }
  do_funcdef(S, made->def, fuse ? made->own : NULL, tail);
  return true;
}

/* Is e `types.SimpleNamespace(...)` (`from types import SimpleNamespace` too)? */
static bool namespace_call(Sema *S, Node *e) {
  Node *c = e->lhs;
  if (c->kind == ND_NAME) {
    Sym *s = sema_lookup_sym(S, c->name);
    return s && s->kind == SYM_OPAQUE && s->from && !strcmp(s->from, "types") &&
           s->attr && !strcmp(s->attr, "SimpleNamespace");
  }
  if (c->kind != ND_ATTR || strcmp(c->name, "SimpleNamespace") || c->lhs->kind != ND_NAME)
    return false;
  Sym *m = sema_lookup_sym(S, c->lhs->name);
  return m && m->kind == SYM_OPAQUE && m->is_module && m->from && !strcmp(m->from, "types");
}

/* NAME = types.SimpleNamespace(a=..., b=...): a scope of those names, read as a class's
   (`NAME.a` in a kernel: a constant, a cupy function, a device function), each bound to
   its value as sema_const.c evaluates it, or to "no constant". false: e is no such call
   (positional arguments: a mapping SimpleNamespace copies, which pykc does not read). */
static bool bind_namespace(Sema *S, const char *name, Loc loc, Node *e) {
  if (!namespace_call(S, e))
    return false;
  for (Node *a = e->args; a; a = a->next)
    if (a->kind != ND_KWARG)
      return false;
  Scope *sc = arena_alloc(&S->c->arena, sizeof *sc);
  sc->parent = S->scope;
  sc->qual = name;
  sc->is_class = true;
  sc->is_namespace = true;
  for (Node *a = e->args; a; a = a->next) {
    Val v = sema_const_eval(S, a->rhs);
    Scope *saved = S->scope;
    S->scope = sc;
    if (!sema_bind_val(S, a->name, v))
      sema_bind_at(S, sc, a->name, SYM_CONST, a->loc)->why =
          "its value in the SimpleNamespace is not one pykc can evaluate";
    S->scope = saved;
  }
  sema_bind_at(S, S->scope, name, SYM_CLASS, loc)->cls = sc;
  return true;
}

/* Binds NAME to the value of e as sema_const.c evaluates it (a decorator bound to a name
   is one too: `kern = jit.rawkernel(mode="cuda")`); e NULL: to "no compile-time
   constant", `why` saying why, so that a kernel that reads it is told. */
static void bind_value(Sema *S, const char *name, Loc loc, Node *e, const char *why) {
  bool device = false, mode_set = false;
  Mode mode = S->c->opt.mode;
  const char *fuse_name = NULL;
  if (e && e->kind == ND_CALL && sema_fuse_decorator(S, e, &fuse_name)) {
    Sym *s = sema_bind_at(S, S->scope, name, SYM_DECORATOR, loc);
    s->fuse = true;
    s->fuse_name = fuse_name;
  } else if (e && e->kind == ND_CALL && sema_rawkernel_decorator(S, e, &device, &mode, &mode_set)) {
    Sym *s = sema_bind_at(S, S->scope, name, SYM_DECORATOR, loc);
    s->device = device;
    s->mode = mode;
    s->mode_set = mode_set;
  } else if (e && e->kind == ND_CALL && bind_namespace(S, name, loc, e)) {
  } else if (e && e->kind == ND_CALL && sema_declare_ufunc(S, name, loc, e)) {
  } else if (e) {
    sema_bind_value(S, name, e, loc.line);
  } else
    sema_bind_at(S, S->scope, name, SYM_CONST, loc)->why = why;
}

/* ---- module-level if chains: the arm Python takes ---- */

/* A module-level if chain being read: an item in an arm not taken does not exist; an arm
   after a condition pykc cannot evaluate may or may not run (its constants are no
   constants, and a name defined in two of its arms is one of two alternatives). */
typedef struct Branch {
  Node *head;                                      /* the `if` item */
  Node *unknown;                                   /* the chain's first condition pykc
                                                      could not evaluate */
  int arm;                                         /* the current arm, from 0 */
  bool taken;                                      /* a later arm cannot run */
  bool active;                                     /* the current arm can run */
  struct Branch *up;
} Branch;

typedef struct Untaken {                           /* a function in an arm not taken */
  const char *name;
  uint32_t line;
  struct Untaken *next;
} Untaken;

static bool branch_skipping(Sema *S) {
  for (Branch *b = S->branch; b; b = b->up)
    if (!b->active)
      return true;
  return false;
}

/* The innermost chain whose current arm may or may not run. */
static Branch *branch_maybe(Sema *S) {
  for (Branch *b = S->branch; b; b = b->up)
    if (b->unknown)
      return b;
  return NULL;
}

/* An arm's header (`if` starts a chain; elif and else, weak, go on with it); the chain's
   end (ND_SCOPE_END, weak) closes it. A condition is evaluated only where Python would:
   not in an arm not taken, nor after an arm taken. */
static void do_arm(Sema *S, Node *nd) {
  Branch *b = S->branch;
  if (nd->kind == ND_SCOPE_END) {
    if (b)
      S->branch = b->up;
    return;
  }
  if (!nd->weak) {
    b = arena_alloc(&S->c->arena, sizeof *b);
    b->head = nd;
    b->up = S->branch;
    b->active = true;
    S->branch = b;
  } else if (!b)
    return;
  else
    b->arm++;
  bool outer = true;
  for (Branch *o = b->up; o; o = o->up)
    outer &= o->active;
  if (!outer || b->taken) {
    b->active = false;
    return;
  }
  if (!nd->cond) {                                 /* else */
    b->active = true;
    b->taken = true;
    return;
  }
  Val v = sema_const_eval(S, nd->cond);
  int truth = v.kind == VAL_NONE ? 0
              : v.kind == VAL_MODULE ? 1
              : v.kind == VAL_EXPR && sema_is_const(v.n) ? sema_const_truth(v.n) : -1;
  if (truth < 0 && !b->unknown)
    b->unknown = nd->cond;
  b->active = truth != 0;
  b->taken = truth > 0;
}

/* A function defined in an arm not taken: remembered for --kernel's message. */
static void note_untaken(Sema *S, Node *nd) {
  if (nd->kind != ND_FUNCDEF)
    return;
  Untaken *u = arena_alloc(&S->c->arena, sizeof *u);
  u->name = nd->name;
  u->line = nd->loc.line;
  u->next = S->untaken;
  S->untaken = u;
}

/* The names in condition e that --define could give values ("A=..., B=..."). */
static void define_names(Sema *S, Node *e, Buf *b, int *n) {
  if (!e)
    return;
  if (e->kind == ND_NAME) {
    Sym *s = sema_lookup_sym(S, e->name);
    if (s && (s->kind == SYM_MODULE || s->kind == SYM_BUILTIN || s->is_module))
      return;
    char *item = arena_printf(&S->c->arena, "--define %s=...", e->name);
    if (b->data && strstr(b->data, item))
      return;
    buf_printf(b, "%s%s", (*n)++ ? ", " : "", item);
    return;
  }
  define_names(S, e->lhs, b, n);
  define_names(S, e->rhs, b, n);
  define_names(S, e->cond, b, n);
  define_names(S, e->then, b, n);
  define_names(S, e->els, b, n);
  for (Node *a = e->args; a; a = a->next)
    define_names(S, a, b, n);
}

/* "the condition at line L ... (pass --define NAME=...)" for an undecided function. */
static const char *undecided_why(Sema *S, Func *f) {
  Buf b = {0};
  int n = 0;
  buf_printf(&b, "'%s' is defined in more than one branch of an if whose condition at line "
             "%u pykc cannot evaluate", f->name, f->undecided->loc.line);
  size_t at = b.len;
  buf_puts(&b, " (pass ");
  define_names(S, f->undecided, &b, &n);
  if (n)
    buf_puts(&b, ")");
  else
    b.len = at;
  const char *msg = arena_strndup(&S->c->arena, b.data, b.len);
  buf_free(&b);
  return msg;
}

/* NAME = constant expression (host code that is no constant binds "not a constant"). */
static void do_const(Sema *S, Node *nd, Func ***tail) {
  if (nd->weak || branch_maybe(S)) {              /* `else: jit = None`, a fallback: the */
    Sym *old = sema_lookup_sym(S, nd->name);       /* module or decorator stays */
    if (old && (old->kind == SYM_MODULE || old->kind == SYM_DECORATOR))
      return;
  }
  bool weak = nd->weak || branch_maybe(S);
  bool list = nd->rhs->kind == ND_TUPLE && nd->rhs->weak;  /* kernels take no lists */
  if (!weak && S->scope == S->module && sema_kernel_factory(S, nd->name, nd->rhs, tail))
    return;
  if (!list && nd->rhs->kind == ND_CALL && decorator_call(S, nd, tail))
    return;
  bind_value(S, nd->name, nd->loc, weak || list ? NULL : nd->rhs,
             nd->weak ? "it is assigned under an if, for or while of host code"
             : weak  ? "it is assigned under an if whose condition pykc cannot evaluate"
             : list  ? "it is a list, which kernels do not take (a tuple is a constant)"
                     : "its value is not one pykc can evaluate");
  Sym *bound = sema_scope_get(S->scope, nd->name);
  if (bound && !weak && bound->seq == S->seq)
    bound->rhs = nd->rhs;
}

/* The scope a function defined in sc reads: a class's names are not visible to it. */
static Scope *body_scope(Scope *sc) {
  while (sc && sc->is_class)
    sc = sc->parent;
  return sc;
}

/* Does the body call a method of a traced value that only CuPy's new fusion has
   (x.sum(), x.max() ...)? */
static bool calls_method_reduction(Sema *S, Node *n) {
  if (!n)
    return false;
  if (n->kind == ND_CALL && n->lhs->kind == ND_ATTR) {
    static const char *const m[] = {"sum", "prod", "max", "min", "all", "any"};
    for (size_t i = 0; i < sizeof m / sizeof *m; i++)
      if (!strcmp(n->lhs->name, m[i]) && sema_const_eval(S, n->lhs->lhs).kind != VAL_MODULE)
        return true;
  }
  Node *kids[] = {n->lhs, n->rhs, n->cond, n->then, n->els, n->body, n->args, n->targets};
  for (size_t i = 0; i < sizeof kids / sizeof *kids; i++)
    for (Node *k = kids[i]; k; k = k->next)
      if (calls_method_reduction(S, k))
        return true;
  return false;
}

/* A def with decorators (nd->decorators): a @cupy.fuse function or a @jit.rawkernel kernel
   (else host code). OWN: a fuse kernel's name when no kernel_name= gives one (the def's
   __name__ for `NAME = cp.fuse(f)`; NULL: nd's name). */
static void do_funcdef(Sema *S, Node *nd, const char *own, Func ***tail) {
  bool device = false, mode_set = false, is = false, fuse = false;
  Mode mode = S->c->opt.mode;
  const char *fuse_name = NULL;
  for (Node *d = nd->decorators; d; d = d->next) {
    if (sema_fuse_decorator(S, d, &fuse_name))
      fuse = true;
    else
      is = sema_rawkernel_decorator(S, d, &device, &mode, &mode_set) || is;
  }
  if (fuse && is) {
    diag_error(S->c, nd->loc, "'%s' is decorated both @cupy.fuse and @jit.rawkernel",
               nd->name);
    return;
  }
  if (fuse) {
    bool method = false;                          /* (every statement of the body) */
    for (Node *st = nd->body; st && !method; st = st->next)
      method = calls_method_reduction(S, st);
    S->fronts->fuse_def(S, nd, fuse_name ? fuse_name : own, method, body_scope(S->scope), tail);
    return;
  }
  if (!is)
    return;
  Sym *prev = sema_scope_get(S->scope, nd->name);       /* Cls.k beside k is fine */
  Branch *maybe = S->scope == S->module ? branch_maybe(S) : NULL;
  Node *alt = NULL;                                /* k in two arms of an undecided if */
  for (Branch *b = maybe; b && prev && prev->kind == SYM_FUNC && !alt; b = b->up)
    if (b->unknown && prev->fn->branch_if == b->head && prev->fn->branch_arm != b->arm)
      alt = prev->fn->undecided = b->unknown;
  if (prev && prev->kind == SYM_FUNC && !prev->fn->is_factory && !alt) {
    /* one C name per kernel: no silent rebinding */
    diag_error(S->c, nd->loc, "'%s' is already defined as a %s at line %u; give this one "
               "another name", nd->name, prev->fn->is_kernel ? "kernel" : "device function",
               prev->fn->def->loc.line);
    return;
  }
  Func *f = arena_alloc(&S->c->arena, sizeof *f);
  f->name = nd->str ? intern_cstr(&S->c->names, nd->str) : nd->name;
  f->pyname = nd->name;
  f->def = nd;
  f->is_kernel = !device;
  f->is_device = device;
  f->mode = S->c->opt.mode_given || !mode_set ? S->c->opt.mode : mode;
  f->scope = body_scope(S->scope);
  f->seq = S->seq;
  f->branch_if = maybe ? maybe->head : NULL;
  f->branch_arm = maybe ? maybe->arm : 0;
  f->undecided = alt;
  **tail = f;
  *tail = &f->next;
  sema_note_kernel(S, f);
  sema_bind_at(S, S->scope, nd->name, SYM_FUNC, nd->loc)->fn = f;
}


/* Binds a host function's parameter to v (its argument or default value) in sc, or to
   "no constant" when v is none (`why` completes the message). */
void sema_bind_param(Sema *S, Scope *sc, Node *p, Val v, const char *why) {
  Scope *scope = S->scope;
  S->scope = sc;
  if (!sema_bind_val(S, p->name, v))
    sema_bind_at(S, sc, p->name, SYM_CONST, p->loc)->why = why;
  S->scope = scope;
}

Scope *sema_new_scope(Sema *S, Node *nd, Scope *parent) {
  Scope *sc = arena_alloc(&S->c->arena, sizeof *sc);
  sc->parent = parent;
  sc->qual = nd->str;
  sc->is_class = nd->kind == ND_CLASSDEF;
  return sc;
}

Val sema_defined(Sema *S, const char *name, Loc loc) {
  Sym *d = sema_scope_get(S->module, name);
  if (!d || !d->pinned)
    return (Val){.kind = VAL_ERROR};
  Node *nm = ast_new(S->c, ND_NAME, loc);
  nm->name = name;
  Scope *scope = S->scope;
  S->scope = S->module;
  Val v = sema_const_eval(S, nm);
  S->scope = scope;
  return v;
}

/* A host function or class that holds routed items: a scope of its own. A function's
   parameters are bound to their default values (evaluated where the def is, as Python
   does); one without a default is the value --define gives its name, else no constant.
   A host function is also bound to its name as a possible device-function factory
   (sema_factory_call). */
static void do_scope(Sema *S, Node *nd, Func ***tail) {
  Scope *sc = sema_new_scope(S, nd, S->scope);
  for (Node *p = nd->params; p; p = p->next)
    if (p->kind == ND_PARAM)
      sema_bind_param(S, sc, p, p->rhs ? sema_const_eval(S, p->rhs) : sema_defined(S, p->name, p->loc),
                 p->rhs ? arena_printf(&S->c->arena, "it is a parameter of '%s' whose default "
                                       "pykc cannot evaluate", nd->str)
                        : arena_printf(&S->c->arena, "it is a parameter of '%s' without a "
                                       "default value; pass --define %s=...", nd->str, p->name));
  bool defines = false;                            /* a factory defines what it returns */
  for (Node *it = nd->body; it; it = it->next)    /* (or `k = jit.rawkernel()(f)` of a */
    defines |= it->kind == ND_FUNCDEF ||           /* plain def f: decorator_call) */
               (it->kind == ND_CONST_ASSIGN && it->rhs->kind == ND_CALL && it->rhs->args &&
                it->rhs->args->kind == ND_NAME && !it->rhs->args->next &&
                sema_pydef(S, nd->str, it->rhs->args->name));
  if (nd->kind == ND_CLASSDEF)                     /* Cls.kernel, Cls.CONST in kernels */
    sema_bind_at(S, S->scope, nd->name, SYM_CLASS, nd->loc)->cls = sc;
  if (nd->kind == ND_HOSTDEF && defines) {
    Func *f = arena_alloc(&S->c->arena, sizeof *f);
    f->name = intern_cstr(&S->c->names, nd->str);
    f->pyname = nd->name;
    f->def = nd;
    f->is_factory = true;
    f->scope = S->scope;
    f->seq = S->seq;
    sema_bind_at(S, S->scope, nd->name, SYM_FUNC, nd->loc)->fn = f;
  }
  sema_do_items(S, sc, nd->body, tail);
}

void sema_do_items(Sema *S, Scope *sc, Node *items, Func ***tail) {
  Scope *saved = S->scope;
  S->scope = sc;
  for (Node *nd = items; nd; nd = nd->next) {
    S->seq++;
    if (nd->kind == ND_IF || (nd->kind == ND_SCOPE_END && nd->weak)) {
      do_arm(S, nd);
      continue;
    }
    if (branch_skipping(S)) {
      note_untaken(S, nd);
      continue;
    }
    switch (nd->kind) {
    case ND_IMPORT: do_import(S, nd); break;
    case ND_FROM_IMPORT: do_from_import(S, nd); break;
    case ND_CONST_ASSIGN: do_const(S, nd, tail); break;
    case ND_FUNCDEF: do_funcdef(S, nd, NULL, tail); break;
    case ND_HOSTDEF:
    case ND_CLASSDEF: do_scope(S, nd, tail); break;
    case ND_RETURN: sc->ret = nd; break;
    case ND_FORM: S->fronts->form(S, nd, tail); break;
    default: break;
    }
  }
  S->scope = saved;
}

static bool plain_name(const Func *f, const char *name);

/* A device function asked for as a kernel (--kernel, --sig, a launch) is one: cupyx.jit
   compiles whatever rawkernel is launched as a __global__ function, device=True or not
   (its __call__ never looks at device=), each launch in a module of its own. */
static void launch_device_function(Program *p, const char *name) {
  Func *dev = NULL;
  int n = 0;
  if (!name || sema_find_kernel(p, name))
    return;
  for (Func *f = p->funcs; f; f = f->next)
    if (f->is_device && !f->is_factory && !f->undecided &&
        (!strcmp(f->name, name) || plain_name(f, name)))
      dev = f, n++;
  if (n == 1)
    dev->is_kernel = true, dev->is_device = false;
}

static bool wanted(Sema *S, Func *f) {
  if (!S->c->opt.kernels)
    return true;
  for (int i = 0; i < S->c->opt.nkernels; i++)
    if (sema_find_kernel(S->p, S->c->opt.kernels[i]) == f)
      return true;
  return false;
}

Program *sema_program(Ctx *c, Node *module, const SemaFronts *fronts) {
  if (!module)
    return NULL;
  Sema *S = arena_alloc(&c->arena, sizeof *S);
  S->c = c;
  S->fronts = fronts;
  Program *p = arena_alloc(&c->arena, sizeof *p);
  p->module = module;
  p->sema = S;
  S->p = p;
  int errs = c->nerrors;
  S->module = S->scope = arena_alloc(&c->arena, sizeof *S->scope);
  S->at = INT_MAX;
  if (!sema_bind_defines(S))
    return NULL;
  Func **tail = &p->funcs;
  sema_do_items(S, S->module, module->body, &tail);
  Scope seen = {0};                                /* plain names used twice */
  for (Func *f = p->funcs; f; f = f->next) {
    Sym *s = sema_scope_get(&seen, f->pyname);
    if (s)
      s->fn->shared_name = f->shared_name = true;
    else
      sema_bind_at(S, &seen, f->pyname, SYM_FUNC, f->def->loc)->fn = f;
  }
  S->sig_names = arena_alloc(&c->arena, sizeof(char *) * (size_t)(c->opt.nsigs + 1));
  for (int i = 0; i < c->opt.nsigs; i++)
    S->sig_names[i] = sema_sig_kernel(S, c->opt.sigs[i]);
  for (int i = 0; i < c->opt.nkernels; i++)
    launch_device_function(p, c->opt.kernels[i]);
  for (int i = 0; i < c->opt.nsigs; i++)
    launch_device_function(p, S->sig_names[i]);
  for (int i = 0; i < c->opt.nkernels; i++) {
    Func *f = sema_find_kernel(p, c->opt.kernels[i]);
    if (!f)
      diag_plain(c, "%s", sema_no_kernel(c, p, c->opt.kernels[i])), c->nusage++;
  }
  for (int i = 0; i < c->opt.nsigs; i++) {
    const char *name = S->sig_names[i];
    if (name && !sema_find_kernel(p, name))
      diag_plain(c, "--sig '%s': %s", c->opt.sigs[i], sema_no_kernel(c, p, name)), c->nusage++;
  }
  for (Func *f = p->funcs; f; f = f->next) {
    if (!f->is_kernel || !wanted(S, f) || (f->instanced && !c->opt.kernels))
      continue;
    if (f->fe) {                                   /* a kernel form or @cupy.fuse: its
                                                      --sig types; without one a form's
                                                      declared dtypes, and fuse is compiled
                                                      per call, as CuPy does */
      int si = sema_sig_index(S, f, 0), n;
      Type *types[64];
      for (; si >= 0; si = sema_sig_index(S, f, si + 1))
        if (sema_sig_types(S, f, c->opt.sigs[si], types, &n)) {
          if (f->fe->sig_spec)
            f->fe->sig_spec(S, f, types, n, c->opt.sigs[si]);
          else
            sema_kernel_spec(S, f, types, n);
        }
      if (sema_sig_index(S, f, 0) < 0 && f->fe->default_spec)
        f->fe->default_spec(S, f);
      continue;
    }
    if (f->undecided) {                            /* one warning per name */
      Func *g = p->funcs;
      while (g != f && !(g->undecided && !strcmp(g->name, f->name)))
        g = g->next;
      if (g == f)
        diag_warning(c, f->def->loc, "kernel left out: %s", undecided_why(S, f));
      continue;
    }
    Type *types[64];
    int n;
    bool generic;
    if (ast_count(f->def->params) > (int)(sizeof types / sizeof *types)) {
      diag_error(c, f->def->loc, "kernel '%s' has %d parameters, more than the %d that pykc "
                 "takes", f->name, ast_count(f->def->params), (int)(sizeof types / sizeof *types));
      continue;
    }
    if (!sema_no_defaults(S, f))
      continue;
    int si = sema_sig_index(S, f, 0);
    if (si >= 0) { /* --sig given: one specialisation per signature */
      for (; si >= 0; si = sema_sig_index(S, f, si + 1))
        if (sema_sig_types(S, f, c->opt.sigs[si], types, &n))
          sema_kernel_spec(S, f, types, n);
      continue;
    }
    if (!sema_kernel_types(S, f, types, &n, &generic))
      continue;
    if (generic) {
      if (c->opt.check_untyped)
        sema_check_untyped(S, f);
      else if (c->opt.need_sigs)
        diag_error(c, f->def->loc,
                   "kernel '%s' needs a signature: annotate its parameters or pass --sig%s",
                   f->name, sema_sig_hint(c));
      continue;
    }
    sema_kernel_spec(S, f, types, n);
  }
  return c->nerrors > errs ? NULL : p;
}

Spec *sema_specialise(Ctx *c, Program *p, Func *f, Type **ptypes, int n) {
  Sema *S = p->sema;
  S->c = c;
  S->fs = NULL;                 /* a fatal error may have left the last request's */
  S->instantiating = 0;
  S->host = false;
  if (f->fe)
    return f->fe->specialise(c, p, f, ptypes, n);
  int np = ast_count(f->def->params);
  if (n != np) {
    diag_plain(c, "kernel '%s' takes %d argument%s, got %d", f->name, np, np == 1 ? "" : "s", n);
    return NULL;
  }
  return sema_kernel_spec(S, f, ptypes, n);
}

/* Is NAME one of f's plain names: the def's own, or a kernel form's CuPy name or
   variable? */
static bool plain_name(const Func *f, const char *name) {
  return !strcmp(f->pyname, name) || (f->var && !strcmp(f->var, name));
}

/* The kernel forms pykc could not read (their text built when the program runs, say),
   whose diagnostics wait: the kernel asked for may be one of them (a RawModule's kernels
   are named by its code), so a failed lookup gives them. After a question ("did you mean
   'fill'?") they are the other possibility. */
static void unbuilt_forms(Program *p, Buf *b, bool asked) {
  int n = 0;
  const char *first = asked ? " Or it may be a kernel of a form pykc cannot read:\n"
                            : "; it may be a kernel of a form pykc cannot read:\n";
  for (Unbuilt *u = p->sema ? ((Sema *)p->sema)->unbuilt : NULL; u; u = u->next)
    if (u->diags) {
      size_t len = strlen(u->diags);
      buf_printf(b, "%s%.*s", n++ ? "\n" : first,
                 (int)(len && u->diags[len - 1] == '\n' ? len - 1 : len), u->diags);
    }
}

const char *sema_sig_hint(const Ctx *c) {
  return c->opt.nsigs && !c->opt.nkernels ? " (or --kernel NAME: compile only the kernels "
                                            "named)" : "";
}

const char *sema_no_kernel(Ctx *c, Program *p, const char *name) {
  Buf b = {0};
  Func *same = NULL;
  int nsame = 0;
  for (Func *f = p->funcs; f; f = f->next) {
    if (!strcmp(f->name, name) || plain_name(f, name))
      same = f;
    nsame += f->is_kernel && !f->undecided && plain_name(f, name);
  }
  if (nsame > 1) {
    buf_printf(&b, "kernel name '%s' is ambiguous in %s: name one of", name, c->src->name);
    int n = 0;
    for (Func *f = p->funcs; f; f = f->next)
      if (f->is_kernel && !f->undecided && plain_name(f, name))
        buf_printf(&b, "%s%s", n++ ? ", " : " ", f->name);
    char *msg = arena_strndup(&c->arena, b.data, b.len);
    buf_free(&b);
    return msg;
  }
  for (Unbuilt *u = p->sema ? ((Sema *)p->sema)->unbuilt : NULL; u; u = u->next)
    for (int i = 0; i < 3; i++)
      if (u->names[i] && !strcmp(u->names[i], name)) {
        if (!u->diags)
          return arena_printf(&c->arena, "kernel '%s' cannot be built (the errors above)", name);
        size_t n = strlen(u->diags);
        return arena_printf(&c->arena, "kernel '%s' cannot be built:\n%.*s", name,
                            (int)(n && u->diags[n - 1] == '\n' ? n - 1 : n), u->diags);
      }
  Untaken *gone = NULL;
  for (Untaken *u = p->sema ? ((Sema *)p->sema)->untaken : NULL; u && !same; u = u->next)
    if (!strcmp(u->name, name))
      gone = u;
  if (same && same->undecided)
    return arena_printf(&c->arena, "kernel %s", undecided_why(p->sema, same));
  if (same && same->is_device)
    buf_printf(&b, "'%s' is a device function, not a kernel", name);
  else if (gone)
    buf_printf(&b, "kernel '%s' is defined in a branch not taken, at line %u", name, gone->line);
  else
    buf_printf(&b, "no kernel named '%s' in %s", name, c->src->name);
  int n = 0, bestd = (int)strlen(name) <= 3 ? 2 : (int)strlen(name) / 3 + 1;
  const char *best = NULL;                         /* a typo's kernel: "did you mean" */
  for (Func *f = p->funcs; f; f = f->next)
    if (f->is_kernel) {
      buf_printf(&b, "%s%s", n++ ? ", " : " (kernels: ", f->name);
      int d = name_distance(name, f->name);
      if (!same && !gone && d < bestd)
        bestd = d, best = f->name;
    }
  buf_puts(&b, n ? ")" : " (it has no kernels)");
  if (best)
    buf_printf(&b, "; did you mean '%s'?", best);
  bool bare = false;
  uint32_t line = !same && !gone && p->sema ? sema_host_binding(p->sema, name, &bare) : 0;
  if (line && !bare)                               /* `a, b = make(...)`, `k = obj.get()` */
    buf_printf(&b, "; '%s' is bound at line %u by host code pykc does not evaluate (it "
               "follows `NAME = factory(args)` where the factory ends with `return K` of a "
               "kernel it defines)", name, line);
  if (!same && !gone)
    unbuilt_forms(p, &b, best && !(line && !bare));
  char *msg = arena_strndup(&c->arena, b.data, b.len);
  buf_free(&b);
  return msg;
}

Func *sema_find_kernel(Program *p, const char *name) {
  Func *plain = NULL;
  int nplain = 0;
  for (Func *f = p->funcs; f; f = f->next) {
    if (!f->is_kernel || f->undecided)
      continue;
    if (!strcmp(f->name, name))
      return f;
    if (plain_name(f, name))
      plain = f, nplain++;
  }
  return nplain == 1 ? plain : NULL;
}

