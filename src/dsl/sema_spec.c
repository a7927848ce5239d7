/*
 * dsl/sema_spec.c: a kernel's or device function's parameter types (annotations,
 * --sig signatures) and its specialisations: one typed body per list of parameter
 * types, made once and found again.
 */
#include "sema_int.h"

#include <string.h>

#define T(k) ty_scalar(k)

/* ---------------------------------------------------------------- annotations, sigs */

/* Where source line `line` starts (lines end with \n, \r\n or \r, as the lexer counts
   them). Annotations come in source order, so the scan goes on from the last answer. */
static const char *line_start(Sema *S, uint32_t line) {
  const char *text = S->c->src->text, *end = text + S->c->src->len;
  if (!S->line_at || line < S->line_no) {
    S->line_at = text;
    S->line_no = 1;
  }
  const char *p = S->line_at;
  for (uint32_t l = S->line_no; l < line && p < end; p++)
    if (*p == '\n' || (*p == '\r' && p[1] != '\n'))
      S->line_no = ++l, S->line_at = p + 1;
  return S->line_no == line ? S->line_at : end;
}

/* The text between the '[' at or after loc and its matching ']'. */
static const char *bracket_text(Sema *S, Loc loc, size_t *len) {
  const char *p = line_start(S, loc.line), *end = S->c->src->text + S->c->src->len;
  p += loc.col ? loc.col - 1 : 0;
  while (p < end && *p != '[' && *p != '\n' && *p != '\r')
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

/* Index of the first --sig at or after `from` that names kernel f, or -1. Several
   --sig for one kernel give several specialisations (NAME__CODE). */
int sema_sig_index(Sema *S, Func *f, int from) {
  for (int i = from; i < S->c->opt.nsigs; i++)
    if (S->sig_names[i] && sema_find_kernel(S->p, S->sig_names[i]) == f)
      return i;
  return -1;
}

/* The kernel a --sig names: NAME in 'NAME(T, ...)' and 'NAME void(T, ...)'; numba's
   'void(T, ...)' names none, so it is the file's one kernel (or the one --kernel
   picks). NULL after a usage error. */
const char *sema_sig_kernel(Sema *S, const char *sig) {
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

/* The length of `NAME =` (not `==`) at the start of S, blanks included; 0 if none. */
static size_t key_len(const char *s, size_t *name_len) {
  size_t i = 0;
  while (s[i] == '_' || ((s[i] | 32) >= 'a' && (s[i] | 32) <= 'z') || (i && s[i] >= '0' && s[i] <= '9'))
    i++;
  *name_len = i;
  size_t j = i;
  while (s[j] == ' ')
    j++;
  return i && s[j] == '=' && s[j + 1] != '=' ? j + 1 : 0;
}

/* Parses "name(T, T)" into types; false after a diagnostic. With KEYS, an item may be
   `NAME=T` (a kernel form's --sig): keys[i] gets NAME (else NULL). */
static bool parse_sig(Sema *S, const char *sig, Type **out, const char **keys, int *n, int max) {
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
      while (start < c && *start == ' ')
        start++;
      size_t nl, kl = keys ? key_len(start, &nl) : 0;
      if (keys && *n < max)
        keys[*n] = kl ? intern(&S->c->names, start, nl) : NULL;
      char *one = arena_strndup(&S->c->arena, start + kl, (size_t)(c - start - (ptrdiff_t)kl));
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

/* The base of a function's C name (lower.c makes it unique and clear of C's names):
   its plain name, the qualified one with '_' for '.' when another function shares the
   plain name (Cls.k beside k: Cls_k), or the name of a factory's instance. */
static const char *c_base(Sema *S, Func *f) {
  if (!f->cbase) {
    f->cbase = f->pyname;
    if (f->shared_name) {
      char *q = arena_strndup(&S->c->arena, f->name, strlen(f->name));
      for (char *d = q; *d; d++)
        if (*d == '.')
          *d = '_';
      f->cbase = intern_cstr(&S->c->names, q);
    }
  }
  return f->cbase;
}

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
  sp->cname = c_base(S, f); /* NAME or NAME__CODE: lower.c names the specialisations */
  push(S, &S->made, &S->nmade, &S->made_cap, sp);
  return sp;
}

/* Ends a request (a kernel's specialisation, with the device functions it typed): the
   specialisations it made that failed, or that a fatal error left half-typed, leave
   their function's list, so that the next request for those types types them again and
   reports the errors again. Nothing half-typed is ever found, emitted or cached. */
static void settle(Sema *S) {
  for (int i = 0; i < S->nmade; i++) {
    Spec *sp = S->made[i];
    if (sp->done && !sp->failed)
      continue;
    for (Spec **at = &sp->fn->specs; *at; at = &(*at)->next)
      if (*at == sp) {
        *at = sp->next;
        break;
      }
  }
  S->nmade = 0;
}

static void type_spec(Sema *S, Spec *sp) {
  Func *f = sp->fn;
  FnState fs = {0};
  fs.fn = f;
  fs.spec = sp;
  fs.mode = f->mode;
  fs.outer = S->fs;
  S->fs = &fs;
  Scope *scope = S->scope;
  int at = S->at;
  S->scope = f->scope;
  S->at = f->seq;
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
    sema_index_var(S, v);
  }
  sp->body = sema_block(S, f->def->body, f->def->loc);
  if (!sp->ret)
    sp->ret = T(TY_VOID);
  sp->in_progress = false;
  sp->done = true;
  sp->failed = S->c->nerrors > errs || fs.tainted;
  if (!sp->failed)
    push(S, &S->p->emit_order, &S->p->nemit, &S->emit_cap, sp);
  S->fs = fs.outer;
  S->scope = scope;
  S->at = at;
}

static Spec *find_spec(Func *f, Type **ptypes, int n);

Spec *sema_form_spec(Sema *S, Func *f, Type **ptypes, int n) {
  Spec *sp = find_spec(f, ptypes, n);
  if (sp)
    return sp;
  sp = new_spec(S, f, ptypes, n);
  sp->done = true;
  push(S, &S->p->kernels, &S->p->nkernels, &S->kern_cap, sp);
  push(S, &S->p->emit_order, &S->p->nemit, &S->emit_cap, sp);
  return sp;
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
  diag_deep(S->c, loc, "device function calls");
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
  if (!sp) {
    sp = new_spec(S, f, ptypes, n);
    type_spec(S, sp);
  }
  if (sp->failed && S->fs)      /* reported where it was typed; the caller fails too */
    S->fs->tainted = true;
  return sp;
}

/* A kernel's specialisation for PTYPES: found (only complete ones are kept) or typed
   now; NULL when it has errors, every time it is asked for. */
Spec *sema_kernel_spec(Sema *S, Func *f, Type **ptypes, int n) {
  if (f->fe)
    return f->fe->specialise(S->c, S->p, f, ptypes, n);
  settle(S);                    /* a fatal error may have cut the last request short */
  Spec *sp = find_spec(f, ptypes, n);
  if (sp)
    return sp;
  int errs = S->c->nerrors;
  sp = new_spec(S, f, ptypes, n);
  type_spec(S, sp);
  settle(S);
  if (sp->failed || S->c->nerrors > errs)
    return NULL;
  push(S, &S->p->kernels, &S->p->nkernels, &S->kern_cap, sp);
  return sp;
}


bool sema_no_defaults(Sema *S, Func *f) {
  for (Node *p = f->def->params; p; p = p->next)
    if (p->rhs) {
      diag_error(S->c, p->rhs->loc, "kernel parameters cannot have default values");
      return false;
    }
  return true;
}

/* Parameter types of a kernel from one --sig. */
bool sema_sig_types(Sema *S, Func *f, const char *sig, Type **types, int *n) {
  int np = ast_count(f->def->params), got;
  const char *keys[64];
  bool form = f->fe && f->fe->sig_fill;            /* NAME=T items, the rest filled */
  *n = np;
  if (!parse_sig(S, sig, types, form ? keys : NULL, &got, 64))
    return false;
  if (form)
    return f->fe->sig_fill(S, f, sig, types, keys, got);
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
    return s->kind == SYM_MODULE && !sema_gives_jit(s->module) &&
           !builtin_lookup(s->module, ann->name) && !builtin_suggest(s->module, ann->name);
  }
  default:
    return false;
  }
}

/* Parameter types of a kernel from its annotations; *generic when it has none, or when
   one of them is foreign or missing (then all are ignored, with a warning: cupyx.jit
   types a kernel from its arguments). */
bool sema_kernel_types(Sema *S, Func *f, Type **types, int *n, bool *generic) {
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
  for (Node *p = f->def->params; p && annotated && annotated < np; p = p->next)
    if (!p->lhs) {
      diag_warning(S->c, p->loc, "parameter '%s' has no annotation; the annotations of kernel "
                   "'%s' are ignored (it is generic)", p->name, f->name);
      annotated = 0;
    }
  if (annotated == 0 && np > 0) {
    *generic = true;
    return true;
  }
  for (Node *p = f->def->params; p; p = p->next, i++) {
    types[i] = sema_annotation_type(S, p->lhs);
    if (!types[i])
      return false;
  }
  return true;
}

