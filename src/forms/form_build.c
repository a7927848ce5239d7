/*
 * form_build.c: CuPy's kernel forms (forms.h) from their calls. parse.c hands over each
 * `[TARGET =] cupy.X(...)` statement as an ND_FORM item; here the callee is resolved
 * through the imports (cupy's class, else host code that is none of our business), the
 * arguments are bound to CuPy's signature of X (form_args.c), the parameter specs parsed
 * (form_params.c), a RawModule's kernels read from its code by the runtime's CUDA C++
 * scanner (pykc_cuda_kernels), and the Form becomes one kernel Func (RawModule: one per
 * kernel it defines) with a synthetic ND_FUNCDEF whose parameters are the kernel's, so
 * --kernel, --sig and the runtime's KKernel see it as they see a DSL kernel. A form that
 * cannot be built waits until --kernel asks for it. Specialisation: form_spec.c.
 */
#include "form_int.h"
#include "cxx/cxxscan.h"

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

/* ---------------------------------------------------------------- RawModule's kernels */

/* The kernels of CUDA source S that a RawModule's get_function finds by name: its
   extern "C" __global__ functions, read by the one CUDA C++ scanner (runtime/cxx/cxxscan.c,
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

/* A RawModule's name_expressions that pykc cannot evaluate (built at run time: an
   f-string per dtype): the --kernel names that need one for its code (a template
   instance, a qualified name, a C++ __global__ function), as the program would list the
   kernel it gets. Without --kernel, none. */
static const char **requested_exprs(Sema *S, const Form *f, int *n) {
  const Options *opt = &S->c->opt;
  const char **e = arena_alloc(&S->c->arena, sizeof *e * (size_t)(opt->nkernels + 1));
  *n = 0;
  if (!opt->nkernels)
    return e;
  pykc_options o = {.cuda_options = f->options, .ncuda_options = f->noptions};
  pykc_cuda_scan *sc;
  if (pykc_cuda_kernels(f->code.s, &o, &sc) == PYKC_ERR_NOMEM)
    arena_oom();
  for (int i = 0; i < opt->nkernels; i++)
    if (cxx_needs_expr(sc, opt->kernels[i]))
      e[(*n)++] = arena_strndup(&S->c->arena, opt->kernels[i], strlen(opt->kernels[i]));
  pykc_cuda_scan_free(sc);
  return e;
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
    return sema_gives_kernels(m->module);
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
  f->in_spec = form_str_arg(b, EW_IN, "");
  f->out_spec = form_str_arg(b, EW_OUT, "");
  f->operation = form_str_arg(b, EW_OP, "");
  FormStr name = form_str_arg(b, EW_NAME, "kernel");
  f->name = intern(&S->c->names, name.s, name.len);
  f->reduce_dims = form_bool_arg(b, EW_REDUCE_DIMS, true);
  f->preamble = form_str_arg(b, EW_PREAMBLE, "");
  f->no_return = form_bool_arg(b, EW_NO_RETURN, false);
  f->return_tuple = form_bool_arg(b, EW_RETURN_TUPLE, false);
  f->loop_prep = form_str_arg(b, EW_LOOP_PREP, "");
  f->after_loop = form_str_arg(b, EW_AFTER_LOOP, "");
  f->options = form_strs_arg(S, b, EW_OPTIONS, &f->noptions);
  if (!form_check_name(S, &name) || !form_parse_specs(S, f, &f->in_spec, false, &f->nin) ||
      !form_parse_specs(S, f, &f->out_spec, true, &f->nout) || !form_check_params(S, f))
    return false;
  return true;
}

static bool build_reduction(Sema *S, Form *f, Bound *b) {
  f->in_spec = form_str_arg(b, RK_IN, "");
  f->out_spec = form_str_arg(b, RK_OUT, "");
  f->map_expr = form_str_arg(b, RK_MAP, "");
  f->reduce_expr = form_str_arg(b, RK_REDUCE, "");
  f->post_map_expr = form_str_arg(b, RK_POST, "");
  FVal *id = &b->v[RK_IDENTITY];                   /* '' if None else str(identity) */
  f->identity = id->kind == FV_NONE ? (FormStr){"", 0, id->loc, false, 0, 0, 0} : id->str;
  FormStr name = form_str_arg(b, RK_NAME, "reduce_kernel");
  f->name = intern(&S->c->names, name.s, name.len);
  f->reduce_type = form_str_arg(b, RK_REDUCE_TYPE, "");
  f->reduce_dims = form_bool_arg(b, RK_REDUCE_DIMS, true);
  f->preamble = form_str_arg(b, RK_PREAMBLE, "");
  f->options = form_strs_arg(S, b, RK_OPTIONS, &f->noptions);
  return form_check_name(S, &name) && form_parse_specs(S, f, &f->in_spec, false, &f->nin) &&
         form_parse_specs(S, f, &f->out_spec, true, &f->nout) && form_check_params(S, f);
}

static bool check_backend(Sema *S, Bound *b, int i, Form *f) {
  FormStr be = form_str_arg(b, i, "nvrtc");
  f->backend = intern(&S->c->names, be.s, be.len);
  if (!strcmp(be.s, "nvrtc") || !strcmp(be.s, "nvcc"))
    return true;
  diag_error(S->c, be.loc, "Invalid backend %s", be.s);
  return false;
}

/* translate_cucomplex=True (argument ARG): the code as CuPy compiles it, its
   `#include <cuComplex.h>` lines including <cupy/cuComplex_bridge.h> instead. */
static bool translate_cucomplex(Sema *S, Form *f, const Bound *b, int arg) {
  if (!b->given[arg] || b->v[arg].kind == FV_NONE || !b->v[arg].b)
    return true;
  char *t = pykc_translate_cucomplex(f->code.s);
  if (!t) {
    diag_error(S->c, f->loc, "out of memory");
    return false;
  }
  f->code.s = arena_strndup(&S->c->arena, t, strlen(t));
  f->code.len = strlen(t);
  free(t);
  return true;
}

/* jitify=True: CuPy's mark of a Jitify build among the options (cupy/cuda/compiler.py adds
   -DCUPY_USE_JITIFY), which the runtime's NVRTC step reads (runtime/gpu/jitify.c: the
   standard headers, a missing header left out) and the cache key includes. */
static void jitify_option(Sema *S, Form *f, Bound *b, int arg) {
  static const char mark[] = "-DCUPY_USE_JITIFY";
  f->jitify = b->given[arg] && b->v[arg].kind != FV_NONE && b->v[arg].b;
  for (int i = 0; f->jitify && i < f->noptions; i++)
    if (!strcmp(f->options[i], mark))
      return;
  if (!f->jitify)
    return;
  const char **o = arena_alloc(&S->c->arena, sizeof *o * (size_t)(f->noptions + 1));
  for (int i = 0; i < f->noptions; i++)
    o[i] = f->options[i];
  o[f->noptions++] = mark;
  f->options = o;
}

static bool build_raw_kernel(Sema *S, Form *f, Bound *b) {
  f->code = form_str_arg(b, RW_CODE, "");
  if (!translate_cucomplex(S, f, b, RW_CUCOMPLEX))
    return false;
  FormStr name = form_str_arg(b, RW_NAME, "");
  f->name = intern(&S->c->names, name.s, name.len);
  f->options = form_strs_arg(S, b, RW_OPTIONS, &f->noptions);
  jitify_option(S, f, b, RW_JITIFY);
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
  if (!translate_cucomplex(S, f, b, RM_CUCOMPLEX))
    return false;
  f->name = f->var;
  f->options = form_strs_arg(S, b, RM_OPTIONS, &f->noptions);
  if (b->given[RM_NAMES] && b->v[RM_NAMES].kind == FV_OTHER)
    f->name_exprs = requested_exprs(S, f, &f->nname_exprs);
  else
    f->name_exprs = form_strs_arg(S, b, RM_NAMES, &f->nname_exprs);
  jitify_option(S, f, b, RM_JITIFY);
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

void form_append(struct Sema *S, Form *f) {
  if (!S->forms_tail)
    S->forms_tail = &S->p->forms;
  while (*S->forms_tail)                           /* (amortised: each form passed once) */
    S->forms_tail = &(*S->forms_tail)->next;
  *S->forms_tail = f;
  S->forms_tail = &f->next;
}

/* A kernel Func for form f under its qualified NAME, CuPy's name PYNAME and the plain
   variable VAR: --kernel finds it by any of them (sema_find_kernel). */
static Func *form_func(Sema *S, Form *f, const char *name, const char *pyname, const char *var,
                       Func ***tail) {
  for (Func **pg = sema_map_get(&S->kernel_names, name) ? &S->p->funcs : NULL; pg && *pg;
       pg = &(*pg)->next) {
    Func *g = *pg;
    if (!g->is_kernel || g->name != name)
      continue;
    if (!g->form) {
      diag_error(S->c, f->loc, "'%s' is already defined as a kernel at line %u; give this one "
                 "another name", name, g->def->loc.line);
      return NULL;
    }
    /* a form bound again to the same name (`k = cp.RawKernel(...)` twice): as in Python,
       the later binding is the kernel, the earlier one is unreachable */
    *pg = g->next;
    if (*tail == &g->next)
      *tail = pg;
    break;
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
  sema_note_kernel(S, fn);
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
  bool invoked = call->lhs->kind == ND_CALL;      /* cp.ElementwiseKernel(...)(x, y) */
  if (invoked)
    call = call->lhs;
  if (call->lhs->kind == ND_ATTR && !strcmp(call->lhs->name, "get_function") &&
      call->lhs->lhs->kind == ND_CALL)             /* cp.RawModule(...).get_function(f) */
    call = call->lhs->lhs;
  int kind = callee_kind(S, call->lhs);
  if (kind < 0)
    return;                                        /* not cupy's class: host code */
  Form *f = arena_alloc(&S->c->arena, sizeof *f);
  f->kind = (FormKind)kind;
  bool returned = !invoked && item->rhs && item->rhs->kind == ND_RETURN;
  f->var = invoked ? NULL : returned ? returned_from(S) : item->name;   /* invoked: by name= */
  f->loc = call->loc;
  Bound b = {0};
  size_t mark = S->c->diags.len;
  int errs = S->c->nerrors;
  bool ok = form_bind_args(S, f->kind, call, &b);
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
  form_append(S, f);
  if (f->kind == FORM_RAW_MODULE) {
    for (int i = 0; i < f->nkernels; i++)
      form_func(S, f, f->kernels[i].name, f->kernels[i].name, NULL, tail);
    return;
  }
  form_func(S, f, form_qual(S, item, f, returned), f->name, f->var, tail);
}
