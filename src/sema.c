/*
 * sema.c: the module scope (imports, constants, rawkernel functions), annotations and
 * signatures, and specialisation of kernels and device functions.
 *
 * A function is typed once per specialisation (parameter types); its statements are
 * typed by sema_stmt.c, expressions by sema_expr.c and sema_ops.c, calls by sema_call.c.
 * Locals are listed in Spec.locals and declared at the function top by the emitters.
 */
#include "sema_int.h"

#include <stdio.h>
#include <string.h>

#define T(k) ty_scalar(k)

/* ---------------------------------------------------------------- names */

/* C names (Var.cname, Spec.cname) start as the Python names; lower.c's naming pass makes
   them unique and clear of C's reserved names once the program is typed. */

Sym *sema_lookup_sym(Sema *S, const char *name) {
  for (Sym *s = S->syms; s; s = s->next)
    if (s->name == name)
      return s;
  return NULL;
}

Sym *sema_bind(Sema *S, const char *name, SymKind k) {
  Sym *s = sema_lookup_sym(S, name);
  if (s && s->pinned) { /* --define wins over the file's own binding */
    Sym *scratch = arena_alloc(&S->c->arena, sizeof *scratch);
    scratch->name = name;
    scratch->kind = k;
    return scratch;
  }
  if (!s) {
    s = arena_alloc(&S->c->arena, sizeof *s);
    s->name = name;
    s->next = S->syms;
    S->syms = s;
  }
  Sym *next = s->next;
  memset(s, 0, sizeof *s);
  s->name = name;
  s->next = next;
  s->kind = k;
  return s;
}

Var *sema_lookup_var(Sema *S, const char *name) {
  if (!S->fs)
    return NULL;
  Spec *sp = S->fs->spec;
  for (int i = 0; i < sp->nparams; i++)
    if (sp->params[i]->name == name)
      return sp->params[i];
  for (Var *v = sp->locals; v; v = v->next)
    if (v->name == name && !v->is_temp)
      return v;
  return NULL;
}

static Var *add_var(Sema *S, const char *name, const char *cname, Type *ty, Loc loc) {
  FnState *fs = S->fs;
  Var *v = arena_alloc(&S->c->arena, sizeof *v);
  v->name = name;
  v->cname = cname;
  v->ty = ty;
  v->first = loc;
  v->index = fs->nvars++;
  if (fs->tail)
    fs->tail->next = v;
  else
    fs->spec->locals = v;
  fs->tail = v;
  return v;
}

Var *sema_new_var(Sema *S, const char *name, Type *ty, Loc loc) {
  return add_var(S, name, name, ty, loc);
}

Var *sema_new_temp(Sema *S, Type *ty, Loc loc) {
  const char *n = intern_cstr(&S->c->names, arena_printf(&S->c->arena, "_t%d", S->fs->spec->ntemps++));
  Var *v = add_var(S, n, n, ty, loc);
  v->is_temp = true;
  return v;
}

void sema_list_add(List *l, Node *n) {
  if (!n)
    return;
  n->next = NULL;
  if (l->tail)
    l->tail->next = n;
  else
    l->head = n;
  l->tail = n;
}
/* ---------------------------------------------------------------- annotations, sigs */

/* The text between the '[' at or after loc and its matching ']'. */
static const char *bracket_text(Sema *S, Loc loc, size_t *len) {
  const char *p = S->c->src->text, *end = p + S->c->src->len;
  for (uint32_t l = 1; l < loc.line && p < end; p++)
    if (*p == '\n')
      l++;
  p += loc.col ? loc.col - 1 : 0;
  while (p < end && *p != '[' && *p != '\n')
    p++;
  if (p >= end || *p != '[')
    return NULL;
  const char *s = ++p;
  int depth = 0;
  for (; p < end; p++) {
    if (*p == '[' || *p == '(')
      depth++;
    else if (*p == ')')
      depth--;
    else if (*p == ']' && depth-- == 0)
      break;
  }
  if (p >= end)
    return NULL;
  *len = (size_t)(p - s);
  return s;
}

static Type *annotation_dtype(Sema *S, Node *ann) {
  FnState *saved = S->fs;
  S->fs = NULL;
  Type *t = NULL;
  if (ann->kind == ND_NAME && !sema_lookup_sym(S, ann->name)) {
    int k = ty_parse_dtype(ann->name, strlen(ann->name));
    if (k >= 0 && (!strcmp(ann->name, "int") || !strcmp(ann->name, "float") ||
                   !strcmp(ann->name, "bool")))
      t = T((TypeKind)k);
  }
  if (!t && (ann->kind == ND_NAME || ann->kind == ND_ATTR)) {
    Val v = sema_expr(S, ann);
    if (v.kind == VAL_ERROR) {
      S->fs = saved;
      return T(TY_ERROR);
    }
    t = sema_dtype_of(S, v);
  }
  S->fs = saved;
  return t;
}

Type *sema_annotation_type(Sema *S, Node *ann) {
  const char *err = NULL;
  if (ann->kind == ND_STR) {
    size_t len;
    const char *s = sema_str_literal(S, ann, &len);
    Type *t = s ? ty_parse(S->c, s, &err) : NULL;
    if (!t && s)
      diag_error(S->c, ann->loc, "bad type annotation '%s': %s", s, err);
    return t;
  }
  Node *base = ann->kind == ND_SUBSCRIPT ? ann->lhs : ann;
  Type *elem = annotation_dtype(S, base);
  if (elem && elem->kind == TY_ERROR)
    return NULL;
  if (!elem) {
    diag_error(S->c, ann->loc,
               "unsupported annotation; expected a dtype such as cp.float32 or an array "
               "type such as cp.float32[:]");
    return NULL;
  }
  if (ann->kind != ND_SUBSCRIPT)
    return elem;
  size_t len;
  const char *dims = bracket_text(S, base->loc.line == ann->loc.line && base->loc.col < ann->loc.col
                                         ? base->loc : ann->loc, &len);
  if (!dims) {
    diag_error(S->c, ann->loc, "bad array annotation");
    return NULL;
  }
  const char *spelled = arena_printf(&S->c->arena, "%s[%.*s]", dtype_info[elem->kind].name,
                                     (int)len, dims);
  Type *t = ty_parse(S->c, spelled, &err);
  if (!t)
    diag_error(S->c, ann->loc, "bad array annotation: %s", err);
  return t;
}

/* Index of the first --sig at or after `from` that names kernel `name`, or -1. Several
   --sig for one kernel give several specialisations (NAME__CODE). */
static int sig_index(Sema *S, const char *name, int from) {
  for (int i = from; i < S->c->opt.nsigs; i++)
    if (S->sig_names[i] == name)
      return i;
  return -1;
}

/* The kernel a --sig names: NAME in 'NAME(T, ...)' and 'NAME void(T, ...)'; numba's
   'void(T, ...)' names none, so it is the file's one kernel (or the one --kernel
   picks). NULL after a usage error. */
static const char *sig_kernel(Sema *S, const char *sig) {
  Ctx *c = S->c;
  const char *s = sig;
  while (*s == ' ')
    s++;
  size_t n = strcspn(s, "( ");
  const char *name = intern(&c->names, s, n);
  if (strcmp(name, "void") || sema_find_kernel(S->p, name))
    return name;
  const char *only = NULL;
  int count = 0;
  if (c->opt.nkernels == 1)
    only = c->opt.kernels[0], count = 1;
  else
    for (Func *f = S->p->funcs; f; f = f->next)
      if (f->is_kernel)
        only = f->name, count++;
  if (count == 1)
    return intern_cstr(&c->names, only);
  c->nusage++;
  diag_plain(c, "--sig '%s': numba's void(...) form names no kernel and %s has %s; write "
             "'NAME(...)' or pick one with --kernel", sig, c->src->name,
             count ? "several" : "none");
  return NULL;
}

/* Parses "name(T, T)" into types; false after a diagnostic. */
static bool parse_sig(Sema *S, const char *sig, Type **out, int *n, int max) {
  const char *p = strchr(sig, '('), *q = strrchr(sig, ')');
  *n = 0;
  if (!p || !q || q < p) {
    S->c->nusage++, diag_plain(S->c, "bad --sig '%s': expected name(type, ...)", sig);
    return false;
  }
  const char *s = p + 1;
  while (*s == ' ')
    s++;
  if (s == q)
    return true;
  int depth = 0;
  const char *start = p + 1;
  for (const char *c = p + 1; c <= q; c++) {
    if (*c == '[' || (*c == '(' && c != p))
      depth++;
    else if (*c == ']' || (*c == ')' && c != q))
      depth--;
    else if ((*c == ',' && depth == 0) || c == q) {
      const char *err = NULL;
      char *one = arena_strndup(&S->c->arena, start, (size_t)(c - start));
      if (*n == max) {
        S->c->nusage++, diag_plain(S->c, "bad --sig '%s': too many parameters", sig);
        return false;
      }
      Type *t = ty_parse(S->c, one, &err);
      if (!t) {
        S->c->nusage++, diag_plain(S->c, "bad --sig '%s': %s", sig, err);
        return false;
      }
      out[(*n)++] = t;
      start = c + 1;
    }
  }
  return true;
}

/* ---------------------------------------------------------------- specialisation */

static void push(Sema *S, Spec ***arr, int *n, int *cap, Spec *sp) {
  if (*n == *cap) {
    int nc = *cap ? *cap * 2 : 8;
    Spec **a = arena_alloc(&S->c->arena, sizeof(Spec *) * (size_t)nc);
    if (*n)
      memcpy(a, *arr, sizeof(Spec *) * (size_t)*n);
    *arr = a;
    *cap = nc;
  }
  (*arr)[(*n)++] = sp;
}

/* Sema with the capacities of the Program arrays it grows (Program.sema points here). */
typedef struct SemaState {
  Sema S;
  int emit_cap, kern_cap;
} SemaState;

static Spec *new_spec(Sema *S, Func *f, Type **ptypes, int n) {
  Spec *sp = arena_alloc(&S->c->arena, sizeof *sp);
  sp->fn = f;
  sp->nparams = n;
  sp->ptypes = arena_alloc(&S->c->arena, sizeof(Type *) * (size_t)(n ? n : 1));
  sp->params = arena_alloc(&S->c->arena, sizeof(Var *) * (size_t)(n ? n : 1));
  for (int i = 0; i < n; i++)
    sp->ptypes[i] = ptypes[i];
  sp->ret = f->is_kernel ? T(TY_VOID) : NULL;
  Spec **tail = &f->specs;
  while (*tail)
    tail = &(*tail)->next;
  *tail = sp;
  sp->cname = f->name; /* NAME or NAME__CODE: lower.c names the specialisations */
  return sp;
}

static void type_spec(Sema *S, Spec *sp) {
  Func *f = sp->fn;
  FnState fs = {0};
  fs.fn = f;
  fs.spec = sp;
  fs.mode = f->mode;
  fs.outer = S->fs;
  S->fs = &fs;
  sp->in_progress = true;
  int errs = S->c->nerrors, i = 0;
  for (Node *p = f->def->params; p && i < sp->nparams; p = p->next, i++) {
    Var *v = arena_alloc(&S->c->arena, sizeof *v);
    v->name = p->name;
    v->cname = p->name;
    v->ty = sp->ptypes[i];
    v->first = p->loc;
    v->is_param = true;
    v->index = fs.nvars++;
    sp->params[i] = v;
  }
  sp->body = sema_block(S, f->def->body, f->def->loc);
  if (!sp->ret)
    sp->ret = T(TY_VOID);
  sp->in_progress = false;
  sp->done = true;
  sp->failed = S->c->nerrors > errs;
  SemaState *st = (SemaState *)S;
  push(S, &S->p->emit_order, &S->p->nemit, &st->emit_cap, sp);
  S->fs = fs.outer;
}

static Spec *find_spec(Func *f, Type **ptypes, int n) {
  for (Spec *s = f->specs; s; s = s->next) {
    bool same = s->nparams == n;
    for (int i = 0; same && i < n; i++)
      same = ty_equal(s->ptypes[i], ptypes[i]);
    if (same)
      return s;
  }
  return NULL;
}

Spec *sema_device_spec(Sema *S, Func *f, Type **ptypes, int n, Loc loc) {
  Spec *sp = find_spec(f, ptypes, n);
  if (sp && sp->in_progress) {
    diag_error(S->c, loc, "recursive call to '%s' is not supported", f->name);
    return NULL;
  }
  for (FnState *fs = S->fs; fs; fs = fs->outer)
    if (fs->fn == f) {
      diag_error(S->c, loc, "recursive call to '%s' is not supported", f->name);
      return NULL;
    }
  if (sp)
    return sp;
  sp = new_spec(S, f, ptypes, n);
  type_spec(S, sp);
  return sp;
}

static Spec *kernel_spec(Sema *S, Func *f, Type **ptypes, int n) {
  Spec *sp = find_spec(f, ptypes, n);
  if (sp)
    return sp;
  int errs = S->c->nerrors;
  sp = new_spec(S, f, ptypes, n);
  type_spec(S, sp);
  SemaState *st = (SemaState *)S;
  push(S, &S->p->kernels, &S->p->nkernels, &st->kern_cap, sp);
  return S->c->nerrors > errs ? NULL : sp;
}

/* ---------------------------------------------------------------- module scope */

static const char *module_of(const char *dotted) {
  static const struct {
    const char *name, *module;
  } mods[] = {{"cupy", "cupy"}, {"numpy", "numpy"}, {"math", "math"}, {"cupyx", "cupyx"},
              {"cupyx.jit", "jit"}};
  for (size_t i = 0; i < sizeof mods / sizeof *mods; i++)
    if (!strcmp(dotted, mods[i].name))
      return mods[i].module;
  return NULL;
}

static void do_import(Sema *S, Node *nd) {
  const char *m = module_of(nd->str);
  /* `import cupyx.jit` binds "cupyx"; `import cupyx.jit as jit` binds the jit module */
  if (!m && !strncmp(nd->str, "cupyx.", 6))
    m = "cupyx";
  if (m && !strcmp(m, "jit") && !strcmp(nd->name, "cupyx"))
    m = "cupyx";
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

static void do_from_import(Sema *S, Node *nd) {
  const char *m = module_of(nd->str);
  if (!m) {
    for (Node *a = nd->body; a; a = a->next)
      sema_bind_foreign(S, a->name, nd->str, a->loc.line);
    return;
  }
  for (Node *a = nd->body; a; a = a->next) {
    if (!strcmp(m, "cupyx")) {
      if (!strcmp(a->str, "jit"))
        sema_bind(S, a->name, SYM_MODULE)->module = "jit";
      continue;
    }
    if (!strcmp(m, "jit") && !strcmp(a->str, "rawkernel")) {
      sema_bind(S, a->name, SYM_DECORATOR);
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
      sema_bind_foreign(S, a->name, nd->str, a->loc.line);
  }
}

/* NAME = expression: a constant, a dtype, a module alias, None... (sema_const.c). */
static void do_const(Sema *S, Node *nd) { sema_bind_value(S, nd->name, nd->rhs, nd->loc.line); }

/* Is this decorator a rawkernel? Sets *device and *mode from its keywords. */
static bool rawkernel_decorator(Sema *S, Node *d, bool *device, Mode *mode, bool *mode_set) {
  Node *callee = d->kind == ND_CALL ? d->lhs : d;
  bool is = false;
  if (callee->kind == ND_NAME) {
    Sym *s = sema_lookup_sym(S, callee->name);
    is = s && s->kind == SYM_DECORATOR;
  } else if (callee->kind == ND_ATTR && !strcmp(callee->name, "rawkernel")) {
    Node *m = callee->lhs;
    if (m->kind == ND_NAME) {
      Sym *s = sema_lookup_sym(S, m->name);
      is = s && s->kind == SYM_MODULE && !strcmp(s->module, "jit");
    } else if (m->kind == ND_ATTR && m->lhs->kind == ND_NAME && !strcmp(m->name, "jit")) {
      Sym *s = sema_lookup_sym(S, m->lhs->name);
      is = s && s->kind == SYM_MODULE && !strcmp(s->module, "cupyx");
    }
  }
  if (!is || d->kind != ND_CALL)
    return is;
  for (Node *a = d->args; a; a = a->next) {
    if (a->kind != ND_KWARG) {
      diag_error(S->c, a->loc, "rawkernel() takes keyword arguments only (mode=, device=)");
      continue;
    }
    Node *v = a->rhs;
    if (!strcmp(a->name, "device")) {
      if (v->kind != ND_TRUE && v->kind != ND_FALSE)
        diag_error(S->c, v->loc, "device= must be True or False");
      *device = v->kind == ND_TRUE;
    } else if (!strcmp(a->name, "mode")) {
      size_t len;
      const char *s = v->kind == ND_STR ? sema_str_literal(S, v, &len) : NULL;
      if (s && (!strcmp(s, "cuda") || !strcmp(s, "numpy"))) {
        *mode = !strcmp(s, "cuda") ? MODE_CUDA : MODE_NUMPY;
        *mode_set = true;
      } else
        diag_error(S->c, v->loc, "mode= must be 'cuda' or 'numpy'");
    }
  }
  return true;
}

static void do_funcdef(Sema *S, Node *nd, Func ***tail) {
  bool device = false, mode_set = false, is = false;
  Mode mode = S->c->opt.mode;
  for (Node *d = nd->decorators; d; d = d->next)
    is = rawkernel_decorator(S, d, &device, &mode, &mode_set) || is;
  if (!is)
    return;
  Sym *prev = sema_lookup_sym(S, nd->name);
  if (prev && prev->kind == SYM_FUNC) { /* one C name per kernel: no silent rebinding */
    diag_error(S->c, nd->loc, "'%s' is already defined as a %s at line %u; give this one "
               "another name", nd->name, prev->fn->is_kernel ? "kernel" : "device function",
               prev->fn->def->loc.line);
    return;
  }
  Func *f = arena_alloc(&S->c->arena, sizeof *f);
  f->name = nd->name;
  f->def = nd;
  f->is_kernel = !device;
  f->is_device = device;
  f->mode = S->c->opt.mode_given || !mode_set ? S->c->opt.mode : mode;
  **tail = f;
  *tail = &f->next;
  sema_bind(S, nd->name, SYM_FUNC)->fn = f;
}

static bool wanted(Sema *S, Func *f) {
  if (!S->c->opt.kernels)
    return true;
  for (int i = 0; i < S->c->opt.nkernels; i++)
    if (!strcmp(S->c->opt.kernels[i], f->name))
      return true;
  return false;
}

static bool no_defaults(Sema *S, Func *f) {
  for (Node *p = f->def->params; p; p = p->next)
    if (p->rhs) {
      diag_error(S->c, p->rhs->loc, "kernel parameters cannot have default values");
      return false;
    }
  return true;
}

/* Parameter types of a kernel from one --sig. */
static bool sig_types(Sema *S, Func *f, const char *sig, Type **types, int *n) {
  int np = ast_count(f->def->params), got;
  *n = np;
  if (!parse_sig(S, sig, types, &got, 64))
    return false;
  if (got != np) {
    S->c->nusage++, diag_plain(S->c, "--sig '%s': kernel '%s' takes %d parameter%s, the signature has %d", sig,
               f->name, np, np == 1 ? "" : "s", got);
    return false;
  }
  return true;
}

/* An annotation that is no type spelling at all (`ArrayLike`, `cp.ndarray`, "Tensor",
   `NDArray[np.float32]`): cupyx ignores annotations, so such a kernel stays generic.
   A near miss of a dtype (`cp.flaot32`) is not foreign: it gets its error. */
static bool foreign_annotation(Sema *S, Node *ann) {
  const char *err;
  switch (ann->kind) {
  case ND_STR: {
    size_t len;
    const char *s = sema_str_literal(S, ann, &len);
    return s && !ty_parse(S->c, s, &err);
  }
  case ND_SUBSCRIPT:
    return foreign_annotation(S, ann->lhs);
  case ND_NAME: {
    Sym *s = sema_lookup_sym(S, ann->name);
    return ty_parse_dtype(ann->name, strlen(ann->name)) < 0 && (!s || s->kind == SYM_OPAQUE);
  }
  case ND_ATTR: {
    Node *root = ann->lhs;
    if (root->kind != ND_NAME)
      return foreign_annotation(S, root);
    Sym *s = sema_lookup_sym(S, root->name);
    if (!s || s->kind == SYM_OPAQUE)
      return true;
    return s->kind == SYM_MODULE && strcmp(s->module, "cupyx") &&
           !builtin_lookup(s->module, ann->name) && !builtin_suggest(s->module, ann->name);
  }
  default:
    return false;
  }
}

/* Parameter types of a kernel from its annotations; *generic when it has none, or when
   one of them is foreign (then all are ignored, with a warning). */
static bool kernel_types(Sema *S, Func *f, Type **types, int *n, bool *generic) {
  int np = ast_count(f->def->params);
  *generic = false;
  *n = np;
  int annotated = 0, i = 0;
  for (Node *p = f->def->params; p; p = p->next)
    annotated += p->lhs != NULL;
  for (Node *p = f->def->params; p && annotated; p = p->next)
    if (p->lhs && foreign_annotation(S, p->lhs)) {
      diag_warning(S->c, p->lhs->loc, "annotation of '%s' is not a pykc type; the annotations "
                   "of kernel '%s' are ignored (it is generic)", p->name, f->name);
      annotated = 0;
    }
  if (annotated == 0 && np > 0) {
    *generic = true;
    return true;
  }
  for (Node *p = f->def->params; p; p = p->next, i++) {
    if (!p->lhs) {
      diag_error(S->c, p->loc, "parameter '%s' of kernel '%s' has no annotation (annotate all "
                 "parameters or none)", p->name, f->name);
      return false;
    }
    types[i] = sema_annotation_type(S, p->lhs);
    if (!types[i])
      return false;
  }
  return true;
}

Program *sema_program(Ctx *c, Node *module) {
  if (!module)
    return NULL;
  SemaState *st = arena_alloc(&c->arena, sizeof *st);
  Sema *S = &st->S;
  S->c = c;
  Program *p = arena_alloc(&c->arena, sizeof *p);
  p->module = module;
  p->sema = S;
  S->p = p;
  int errs = c->nerrors;
  if (!sema_bind_defines(S))
    return NULL;
  Func **tail = &p->funcs;
  for (Node *nd = module->body; nd; nd = nd->next) {
    switch (nd->kind) {
    case ND_IMPORT: do_import(S, nd); break;
    case ND_FROM_IMPORT: do_from_import(S, nd); break;
    case ND_CONST_ASSIGN: do_const(S, nd); break;
    case ND_FUNCDEF: do_funcdef(S, nd, &tail); break;
    default: break;
    }
  }
  for (int i = 0; i < c->opt.nkernels; i++) {
    Func *f = sema_find_kernel(p, c->opt.kernels[i]);
    if (!f)
      diag_plain(c, "%s", sema_no_kernel(c, p, c->opt.kernels[i])), c->nusage++;
  }
  S->sig_names = arena_alloc(&c->arena, sizeof(char *) * (size_t)(c->opt.nsigs + 1));
  for (int i = 0; i < c->opt.nsigs; i++) {
    const char *name = S->sig_names[i] = sig_kernel(S, c->opt.sigs[i]);
    if (name && !sema_find_kernel(p, name))
      diag_plain(c, "--sig '%s': %s", c->opt.sigs[i], sema_no_kernel(c, p, name)), c->nusage++;
  }
  for (Func *f = p->funcs; f; f = f->next) {
    if (!f->is_kernel || !wanted(S, f))
      continue;
    Type *types[64];
    int n;
    bool generic;
    if (ast_count(f->def->params) > 64) {
      diag_error(c, f->def->loc, "kernel '%s' has too many parameters", f->name);
      continue;
    }
    if (!no_defaults(S, f))
      continue;
    int si = sig_index(S, f->name, 0);
    if (si >= 0) { /* --sig given: one specialisation per signature */
      for (; si >= 0; si = sig_index(S, f->name, si + 1))
        if (sig_types(S, f, c->opt.sigs[si], types, &n))
          kernel_spec(S, f, types, n);
      continue;
    }
    if (!kernel_types(S, f, types, &n, &generic))
      continue;
    if (generic) {
      if (c->opt.need_sigs)
        diag_error(c, f->def->loc,
                   "kernel '%s' needs a signature: annotate its parameters or pass --sig",
                   f->name);
      continue;
    }
    kernel_spec(S, f, types, n);
  }
  return c->nerrors > errs ? NULL : p;
}

Spec *sema_specialise(Ctx *c, Program *p, Func *f, Type **ptypes, int n) {
  Sema *S = p->sema;
  S->c = c;
  int np = ast_count(f->def->params);
  if (n != np) {
    diag_plain(c, "kernel '%s' takes %d argument%s, got %d", f->name, np, np == 1 ? "" : "s", n);
    return NULL;
  }
  return kernel_spec(S, f, ptypes, n);
}

const char *sema_no_kernel(Ctx *c, Program *p, const char *name) {
  Buf b = {0};
  Func *same = NULL;
  for (Func *f = p->funcs; f; f = f->next)
    if (strcmp(f->name, name) == 0)
      same = f;
  if (same && same->is_device)
    buf_printf(&b, "'%s' is a device function, not a kernel", name);
  else
    buf_printf(&b, "no kernel named '%s' in %s", name, c->src->name);
  int n = 0;
  for (Func *f = p->funcs; f; f = f->next)
    if (f->is_kernel)
      buf_printf(&b, "%s%s", n++ ? ", " : " (kernels: ", f->name);
  buf_puts(&b, n ? ")" : " (it has no kernels)");
  char *msg = arena_strndup(&c->arena, b.data, b.len);
  buf_free(&b);
  return msg;
}

Func *sema_find_kernel(Program *p, const char *name) {
  for (Func *f = p->funcs; f; f = f->next)
    if (f->is_kernel && !strcmp(f->name, name))
      return f;
  return NULL;
}
