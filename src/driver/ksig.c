/*
 * ksig.c: the compiler as the runtime sees it (ksig.h). Wraps driver.c's Unit: finds
 * kernels, describes their specialisations as KSigs (parameters, emitted name, static
 * shared memory) and makes new ones for generic kernels from argument types, so that
 * the runtime never touches Type, Spec or Func. KKernels and KSigs are made once per
 * kernel and specialisation, in the unit's arena, and kept in the unit's registry
 * (Unit.kreg); a KSig's serial is the order in which it was first emitted or asked for.
 * Static shared memory is what the kernel's IR declares (shared_memory with a size)
 * plus what the device functions it calls declare, each array once, aligned to its
 * element size or its alignment= (the GPU reports its own figure; the CPU backend uses
 * this one for the launch limit).
 */
#include "driver.h"
#include "../forms/forms.h"
#include "../fuse/fuse.h"
#include "../types/promote.h"
#include "cxx/cxxscan.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

_Static_assert((int)TY_NSCALAR == KC_NDTYPES && (int)PYKC_BOOL == (int)TY_BOOL &&
                   (int)PYKC_INT32 == (int)TY_INT32 && (int)PYKC_FLOAT16 == (int)TY_FLOAT16 &&
                   (int)PYKC_COMPLEX128 == (int)TY_COMPLEX128,
               "pykc_dtype follows TypeKind");

typedef struct KRec KRec;
typedef struct KReg {
  KKernel **kernels;
  int nkernels, capkernels;
  KSig **sigs;
  int nsigs, capsigs;
  bool twins;                                      /* make_twins has run */
  KRec *recs;                                      /* the void dtypes met, each read once */
} KReg;

/* A void dtype's description and what record.c made of it (a Record, or CuPy's error). */
struct KRec {
  const char *descr;
  const Record *rec;
  const char *err;
  bool value_error;
  KRec *next;
};

/* The arena array ARR of *CAP elements of SIZE bytes, grown (copied) to hold one more
   than its N. */
static void *grow(Arena *a, void *arr, int n, int *cap, size_t size) {
  if (n < *cap)
    return arr;
  int ncap = *cap ? 2 * *cap : 8;
  void *q = arena_alloc(a, (size_t)ncap * size);
  if (n)
    memcpy(q, arr, (size_t)n * size);
  *cap = ncap;
  return q;
}

static KReg *reg(Unit *u) {
  if (!u->kreg)
    u->kreg = arena_alloc(&u->ctx.arena, sizeof *u->kreg);
  return u->kreg;
}

/* ---------------------------------------------------------------- units */

Unit *kc_compile(const char *name, const char *text, const pykc_options *o) {
  Options opt = {0};
  if (o) {
    opt.sigs = (const char **)o->sigs;
    opt.nsigs = o->nsigs;
    opt.defines = (const char **)o->defines;
    opt.ndefines = o->ndefines;
    opt.debug = o->debug;
    opt.line_info = o->line_info;
    opt.no_map_twins = o->no_map_twins;
    opt.mode = o->numpy_mode ? MODE_NUMPY : MODE_CUDA;
  }
  return text ? unit_from_string(name, text, strlen(text), &opt) : unit_from_file(name, &opt);
}

int kc_status(const Unit *u) { return u->status; }
const char *kc_name(const Unit *u) { return u->src.name; }
bool kc_debug(const Unit *u) { return u->ctx.opt.debug; }
bool kc_line_info(const Unit *u) { return u->ctx.opt.line_info; }
const char *kc_diags(const Unit *u) { return unit_diags(u); }
size_t kc_diag_mark(const Unit *u) { return u->ctx.diags.len; }
const char *kc_diags_since(const Unit *u, size_t mark) {
  return mark <= u->ctx.diags.len ? unit_diags(u) + mark : "";
}
void kc_free(Unit *u) { unit_free(u); }
const char *kc_version(void) { return PYKC_VERSION; }

char *kc_complex_header(void) { return emit_complex_header(); }
char *kc_cupy_header(const char *name) { return form_cupy_header(name); }

_Static_assert((int)PYKC_PY_BOOL + 1 == (int)PY_BOOL && (int)PYKC_PY_COMPLEX + 1 == (int)PY_COMPLEX,
               "pykc_pyscalar follows PyKind");

int kc_scalar_dtype(int kind, bool negative, uint64_t magnitude, bool numpy_mode) {
  if (kind < PYKC_PY_BOOL || kind > PYKC_PY_COMPLEX)
    return -1;
  TypeKind k = type_py_scalar((PyKind)(kind + 1), negative, magnitude,
                              numpy_mode ? MODE_NUMPY : MODE_CUDA);
  return k == TY_ERROR ? -1 : (int)k;
}

int kc_fuse_loop(const char *name, const char *in, const char *weak, char dtype,
                 bool new_fusion, char out[4], const char **err) {
  return fuse_loop_query(name, in, weak, dtype, new_fusion, out, err);
}

bool kc_user_code(const Unit *u) {
  for (const Func *f = u->prog ? u->prog->funcs : NULL; f; f = f->next)
    if (f->form && f->specs)
      return true;
  return false;
}

int kc_form_options(const Unit *u, const char **opts, int cap) {
  int n = 0;
  for (const Func *f = u->prog ? u->prog->funcs : NULL; f; f = f->next) {
    const Form *m = f->form;                       /* (those in the text: specialised) */
    if (!m || (m->kind != FORM_ELEMENTWISE && m->kind != FORM_REDUCTION) || !f->specs)
      continue;
    for (int i = 0; i < m->noptions; i++) {
      bool def;
      const char *text;
      int k = cxx_macro_option(m->options, m->noptions, i, &def, &text);
      if (k) {
        i += k - 1;
        continue;
      }
      bool seen = false;
      for (int j = 0; j < n && !seen; j++)
        seen = !strcmp(opts[j], m->options[i]);
      if (!seen && n < cap)
        opts[n++] = m->options[i];
    }
  }
  return n;
}

bool kc_cccl(const Unit *u) {
  return u->prog && (u->prog->lib_flags & LIBF_CG);
}

const KSig *kc_sig(Unit *u, int i) {
  KReg *g = reg(u);
  return i >= 0 && i < g->nsigs ? g->sigs[i] : NULL;
}

/* ---------------------------------------------------------------- kernels */

typedef struct KernelReq {
  const char *name;
  const KKernel *out;
} KernelReq;

static void find_kernel(Unit *u, void *arg) {
  KernelReq *r = arg;
  KReg *g = reg(u);
  for (int i = 0; i < g->nkernels; i++)
    if (strcmp(g->kernels[i]->name, r->name) == 0) {
      r->out = g->kernels[i];
      return;
    }
  Func *f = sema_find_kernel(u->prog, r->name);
  if (!f)
    return;
  KKernel *k = arena_alloc(&u->ctx.arena, sizeof *k);
  k->name = f->name;
  k->nparams = f->form ? f->form->nin + f->form->nout : ast_count(f->def->params);
  const char **names = arena_alloc(&u->ctx.arena, (size_t)(k->nparams + 1) * sizeof *names);
  int i = 0;
  if (f->form)                                     /* a form's: its inputs and outputs */
    for (; i < k->nparams; i++)
      names[i] = f->form->params[i].name;
  else
    for (Node *p = f->def->params; p; p = p->next)
      names[i++] = p->name;
  k->pnames = names;
  k->generic = !f->specs || f->form;              /* forms: specialised per launch */
  if (f->form) {
    const Form *fm = f->form;
    KForm *kf = arena_alloc(&u->ctx.arena, sizeof *kf);
    KFormParam *ps = arena_alloc(&u->ctx.arena, sizeof *ps * (size_t)(fm->nin + fm->nout + 1));
    for (int j = 0; j < fm->nin + fm->nout; j++)
      ps[j] = (KFormParam){fm->params[j].name, fm->params[j].raw, fm->params[j].is_out,
                           fm->params[j].dflt};
    *kf = (KForm){(int)fm->kind, fm->name, fm->nin, fm->nout, ps, fm->reduce_dims,
                  fm->no_return, fm->return_tuple,
                  fm->identity.given && (!fm->fuse_stage || fm->fuse_identity)};
    k->form = kf;
  }
  k->numpy_mode = f->mode == MODE_NUMPY;
  k->fn = f;
  g->kernels = grow(&u->ctx.arena, g->kernels, g->nkernels, &g->capkernels, sizeof *g->kernels);
  g->kernels[g->nkernels++] = k;
  r->out = k;
}

const KKernel *kc_kernel(Unit *u, const char *name) {
  KernelReq r = {name, NULL};
  if (u->status || !u->prog || unit_protect(u, find_kernel, &r))
    return NULL;
  return r.out;
}

/* ---------------------------------------------------------------- raw code */

typedef struct RawReq {
  const KKernel *k;
  const KRaw *out;
} RawReq;

/* The line where TEXT starts in the source: where it appears verbatim (a raw or plain
   literal, or a module constant's), else the argument's line AT. Code that
   translate_cucomplex=True opened with CuPy's headers (pykc_cupy_header) starts that
   many lines before its text, so that the text keeps its lines (when the literal
   starts below them). */
static int code_line(const Unit *u, const char *text, unsigned at) {
  size_t head = strlen(pykc_cupy_header);
  int before = 0;
  if (!strncmp(text, pykc_cupy_header, head))
    text += head, before = PYKC_CUPY_HEADER_LINES;
  const char *hit = *text ? strstr(u->src.text, text) : NULL;
  int line = 1;
  for (const char *p = u->src.text; hit && p < hit; p++)
    line += *p == '\n';
  line = hit ? line : (int)at;
  return line > before ? line - before : line;
}

static bool is_raw(const Form *f) {
  return f && (f->kind == FORM_RAW_KERNEL || f->kind == FORM_RAW_MODULE);
}

/* The KRaw of form F (CNAME: the kernel in its code). */
static const KRaw *make_raw(Unit *u, const Form *f, const char *cname) {
  KRaw *k = arena_alloc(&u->ctx.arena, sizeof *k);
  k->code = f->code.s;
  k->line = code_line(u, f->code.s, f->code.loc.line);
  k->options = f->options;
  k->noptions = f->noptions;
  k->exprs = f->name_exprs;
  k->nexprs = f->nname_exprs;
  k->id = f;
  k->cname = cname;
  k->what = form_kind_names[f->kind];
  return k;
}

static void raw_of(Unit *u, void *arg) {
  RawReq *r = arg;
  const Func *fn = r->k->fn;
  const Form *f = form_of(fn);
  if (is_raw(f))
    r->out = make_raw(u, f, f->kind == FORM_RAW_KERNEL ? f->name : fn->name);
}

typedef struct RawAtReq {
  int i;
  bool others;
  const KRaw *out;
} RawAtReq;

static void raw_at(Unit *u, void *arg) {
  RawAtReq *r = arg;
  for (Func *fn = u->prog->funcs; fn; fn = fn->next)
    r->others |= fn->is_kernel && !is_raw(form_of(fn));
  int i = 0;
  for (const Form *f = u->prog->forms; f && !r->out; f = f->next)
    if (is_raw(f) && i++ == r->i && f->nkernels)
      r->out = make_raw(u, f, f->kernels[0].name);
}

const KRaw *kc_raw_at(Unit *u, int i, bool *others) {
  RawAtReq r = {i, false, NULL};
  if (u->status || !u->prog || unit_protect(u, raw_at, &r))
    r.out = NULL;
  if (others)
    *others = r.others;
  return r.out;
}

const KRaw *kc_raw(Unit *u, const KKernel *k) {
  RawReq r = {k, NULL};
  if (u->status || !u->prog || !k || unit_protect(u, raw_of, &r))
    return NULL;
  return r.out;
}

static void kernel_list(Unit *u, void *arg) {
  Buf b = {0};
  for (Func *f = u->prog->funcs; f; f = f->next)
    if (f->is_kernel && !(f->form && f->form->fuse_stage))   /* (a staged fuse's kernels) */
      buf_printf(&b, "%s%s", b.len ? ", " : "", f->name);
  *(const char **)arg = arena_strndup(&u->ctx.arena, b.data ? b.data : "", b.len);
  buf_free(&b);
}

const char *kc_kernel_list(Unit *u) {
  const char *s = "";
  if (!u->status && u->prog && unit_protect(u, kernel_list, &s))
    s = "";
  return s;
}

const char *kc_no_kernel(Unit *u, const char *name) { return unit_no_kernel(u, name); }


/* ---------------------------------------------------------------- static shared memory */

/* Bytes of static shared memory in the IR of S and of the device functions it calls,
   each array once. Iterative: the IR can be as deep as the longest expression. */
static int64_t static_shared(Unit *u, const Spec *s, unsigned *libs) {
  Arena *a = &u->ctx.arena;
  const Node **stack = NULL;
  const void **seen = NULL;                        /* Vars of arrays and Specs of callees */
  int sp = 0, capstack = 0, nseen = 0, capseen = 0;
  int64_t bytes = 0;
  stack = grow(a, stack, sp, &capstack, sizeof *stack);
  stack[sp++] = s->body;
  while (sp) {
    for (const Node *n = stack[--sp]; n; n = n->next) {
      const void *key = n->kind == IR_SHARED && n->ival >= 0 && n->var ? (const void *)n->var
                        : n->kind == IR_CALL && n->callee           ? (const void *)n->callee
                                                                     : NULL;
      if (n->kind == IR_LIB)
        *libs |= n->lib->flags;
      bool fresh = key != NULL;
      for (int i = 0; i < nseen && fresh; i++)
        fresh = seen[i] != key;
      if (fresh) {
        seen = grow(a, seen, nseen, &capseen, sizeof *seen);
        seen[nseen++] = key;
        if (n->kind == IR_SHARED) {
          const Type *et = n->var->ty->elem;
          int64_t esz = et->kind == TY_OBJ ? lib_temp_bytes(et) : dtype_info[et->kind].size;
          int64_t align = n->align > esz ? n->align : esz;
          bytes = (bytes + align - 1) / align * align + n->ival * esz;
        }
      }
      const Node *kids[] = {n->lhs, n->rhs, n->cond, n->step, n->then, n->els, n->body,
                            n->args, n->targets,
                            fresh && n->kind == IR_CALL ? n->callee->body : NULL};
      for (size_t i = 0; i < sizeof kids / sizeof kids[0]; i++)
        if (kids[i]) {
          stack = grow(a, stack, sp, &capstack, sizeof *stack);
          stack[sp++] = kids[i];
        }
    }
  }
  return bytes;
}

/* ---------------------------------------------------------------- signatures */


/* The KSig of kernel specialisation S (made on first use). */
static const KSig *sig_of(Unit *u, const Spec *s) {
  KReg *g = reg(u);
  for (int i = 0; i < g->nsigs; i++)
    if (g->sigs[i]->spec == s)
      return g->sigs[i];
  Arena *a = &u->ctx.arena;
  KSig *k = arena_alloc(a, sizeof *k);
  KParam *ps = arena_alloc(a, (size_t)(s->nparams + 1) * sizeof *ps);
  for (int i = 0; i < s->nparams; i++) {
    const Type *t = s->ptypes[i];
    KParam *p = &ps[i];
    p->name = s->params[i]->name;
    p->dtype = -1;
    if (t->kind == TY_ARRAY && t->elem->kind < TY_NSCALAR)
      p->is_array = true, p->dtype = (int)t->elem->kind, p->ndim = t->ndim, p->contig = t->contig;
    else if (t->kind == TY_ARRAY && t->elem->kind == TY_RECORD)
      p->is_array = true, p->dtype = PYKC_RECORD, p->record = t->elem->rec->descr,
      p->ndim = t->ndim, p->contig = t->contig;
    else if (t->kind < TY_NSCALAR)
      p->dtype = (int)t->kind;
  }
  k->kernel = s->fn->name;
  k->cname = s->cname;
  k->nparams = s->nparams;
  k->params = ps;
  unsigned libs = 0;
  k->static_shared = static_shared(u, s, &libs);
  k->coop = (libs & LIBF_GRID_SYNC) != 0;
  k->twinned = s->shadowed;
  k->serial = g->nsigs;
  k->spec = s;
  if (s->finfo) {                                  /* form_emit.c's namespace */
    k->cxx = true;
    k->cxx_entry = arena_printf(a, "form_%s::%s", s->cname, s->cname);
  }
  g->sigs = grow(a, g->sigs, g->nsigs, &g->capsigs, sizeof *g->sigs);
  g->sigs[g->nsigs++] = k;
  return k;
}

_Static_assert((int)KC_MAP_READ == (int)MAP_READ && (int)KC_MAP_WRITE == (int)MAP_WRITE &&
               (int)KC_MAP_ELSEWHERE == (int)MAP_ELSEWHERE, "ksig.h's KC_MAP_* are ir.h's MAP_*");

bool kc_map(Unit *u, const KSig *s, KMap *m) {
  const Spec *sp = s->spec;
  if (sp && sp->finfo) {                           /* form_emit.c's twin */
    Arena *a = &u->ctx.arena;
    uint8_t *access = arena_alloc(a, (size_t)sp->nparams + 1);
    if (!form_map_trips(&u->ctx, sp, access))
      return false;
    int loop = 0;                                  /* (form_emit.c's _ind) */
    while (sp->ptypes[loop]->kind != TY_ARRAY || sp->finfo->form->params[loop].raw)
      loop++;
    *m = (KMap){.cname = arena_printf(a, "%s__map", sp->cname), .access = access,
                .cxx_entry = arena_printf(a, "form_%s::%s__map", sp->cname, sp->cname),
                .size_arg = loop, .dims = 1};
    return true;
  }
  if (!sp || !sp->lowered || !sp->map || !sp->map->lowered)
    return false;
  *m = (KMap){.cname = sp->map->cname, .access = sp->map->map_access, .nthreads = true,
              .size_arg = -1, .dims = sp->map->map_dims, .xinner = sp->map->map_xinner};
  return true;
}

typedef struct SigReq {
  const KKernel *k;
  int index;                                       /* kc_declared */
  const KParam *args;                              /* kc_specialise */
  int n;
  Type **types;
  const Spec *spec;                                /* kc_specialise's, to describe */
  const KSig *out;
} SigReq;

static void declared(Unit *u, void *arg) {
  SigReq *r = arg;
  const Spec *s = ((const Func *)r->k->fn)->specs;
  for (int i = 0; s && i < r->index; i++)
    s = s->next;
  r->out = s ? sig_of(u, s) : NULL;
}

const KSig *kc_declared(Unit *u, const KKernel *k, int i) {
  SigReq r = {.k = k, .index = i};
  if (i < 0 || unit_protect(u, declared, &r))
    return NULL;
  return r.out;
}

/* Whether A's dtype and ndim are ones kernel K can take: a table dtype, or (arrays of an
   Elementwise or ReductionKernel) a void dtype with its description. */
static bool dtype_ok(const KKernel *k, const KParam *a) {
  if (a->is_array && (a->ndim < 0 || a->ndim > PYKC_MAX_DIMS))
    return false;
  if (a->dtype == PYKC_RECORD)
    return a->record && a->is_array && k->form &&
           (k->form->kind == KC_FORM_ELEMENTWISE || k->form->kind == KC_FORM_REDUCTION);
  return a->dtype >= 0 && a->dtype < KC_NDTYPES;
}

/* Why dtype_ok refused argument I (A) into err[KC_ERRLEN]. */
static void dtype_err(const KParam *a, int i, char *err) {
  if (a->dtype == PYKC_RECORD && a->record && a->is_array && a->ndim >= 0 && a->ndim <= PYKC_MAX_DIMS)
    snprintf(err, KC_ERRLEN, "argument %d: an array of a structured (void) dtype, which only "
             "an ElementwiseKernel or a ReductionKernel takes", i + 1);
  else
    snprintf(err, KC_ERRLEN, "argument %d: bad dtype or ndim", i + 1);
}

/* The unit's reading of void dtype DESCR (record.c), made at its first use. */
static KRec *unit_record(Unit *u, const char *descr) {
  KReg *g = reg(u);
  for (KRec *r = g->recs; r; r = r->next)
    if (!strcmp(r->descr, descr))
      return r;
  Arena *a = &u->ctx.arena;
  KRec *r = arena_alloc(a, sizeof *r);
  r->descr = arena_strndup(a, descr, strlen(descr));
  r->rec = rec_parse(a, r->descr, form_ctype, &r->err, &r->value_error);
  r->next = g->recs;
  g->recs = r;
  return r;
}

typedef struct RecReq {
  const KParam *args;
  int n;
  const char *err;                                 /* the first void dtype's error */
  bool value_error;
} RecReq;

static void check_records(Unit *u, void *arg) {
  RecReq *r = arg;
  for (int i = 0; i < r->n && !r->err; i++)
    if (r->args[i].dtype == PYKC_RECORD) {
      KRec *k = r->args[i].record ? unit_record(u, r->args[i].record) : NULL;
      r->err = !k ? "a void dtype without its description" : k->err;
      r->value_error = k && k->value_error;
    }
}

/* 0 when the void dtypes among ARGS are ones a kernel takes; else 1 (a bad description)
   or 4 (CuPy's ValueError) with the message in err[KC_ERRLEN]. */
static int records_ok(Unit *u, const KParam *args, int n, char *err) {
  RecReq r = {args, n, NULL, false};
  if (unit_protect(u, check_records, &r)) {
    snprintf(err, KC_ERRLEN, "out of memory");
    return 1;
  }
  if (r.err)
    snprintf(err, KC_ERRLEN, "%s", r.err);
  return !r.err ? 0 : r.value_error ? 4 : 1;
}

/* The Type of argument a (a fuse kernel's NumPy scalar: a strong one; a texture's
   handle: ty_handle; a void dtype's array: its elements' TY_RECORD, which records_ok
   checked). */
static Type *param_type(Unit *u, const KKernel *k, const KParam *a, bool contig) {
  if (a->dtype == PYKC_RECORD)
    return ty_array(&u->ctx, ty_record(&u->ctx, unit_record(u, a->record)->rec), a->ndim,
                    contig);
  Type *el = ty_scalar((TypeKind)a->dtype);
  if (a->is_array)
    return ty_array(&u->ctx, el, a->ndim, contig);
  if (a->handle)
    return ty_handle(&u->ctx, (TypeKind)a->dtype);
  return a->strong && k->fn && ((const Func *)k->fn)->fe == &fuse_front_end
             ? ty_strong_scalar(&u->ctx, (TypeKind)a->dtype) : el;
}

static void arg_types(Unit *u, void *arg) {
  SigReq *r = arg;
  r->types = arena_alloc(&u->ctx.arena, (size_t)(r->n + 1) * sizeof *r->types);
  for (int i = 0; i < r->n; i++)
    r->types[i] = param_type(u, r->k, &r->args[i], r->args[i].contig);
}

static void sig_of_spec(Unit *u, void *arg) {
  SigReq *r = arg;
  r->out = sig_of(u, r->spec);
}

const KSig *kc_specialise(Unit *u, const KKernel *k, const KParam *args, int n,
                          bool *source_error, char *err) {
  *source_error = false;
  if (!kc_kernel_nargs_ok(k, n)) {
    snprintf(err, KC_ERRLEN, "kernel '%s' takes %d argument%s, got %d", k->name,
             k->nparams, k->nparams == 1 ? "" : "s", n);
    return NULL;
  }
  for (int i = 0; i < n; i++)
    if (!dtype_ok(k, &args[i])) {
      dtype_err(&args[i], i, err);
      return NULL;
    }
  if (records_ok(u, args, n, err))
    return NULL;
  SigReq r = {.k = k, .args = args, .n = n};
  size_t mark = kc_diag_mark(u);
  int nerrors = u->ctx.nerrors;
  Spec *s = unit_protect(u, arg_types, &r) ? NULL : unit_specialise(u, k->name, r.types, n);
  if (!s) {
    *source_error = u->ctx.nerrors > nerrors;
    const char *d = kc_diags_since(u, mark);
    snprintf(err, KC_ERRLEN, "%s", *d ? d : "specialisation failed");
    size_t len = strlen(err);
    if (len && err[len - 1] == '\n')
      err[len - 1] = 0;
    return NULL;
  }
  r.spec = s;
  if (unit_protect(u, sig_of_spec, &r)) {
    snprintf(err, KC_ERRLEN, "%s", kc_diags_since(u, mark));
    return NULL;
  }
  return r.out;
}

/* ---------------------------------------------------------------- kernel forms */

/* A call's answers, kept per kernel and argument types: a form's calls then cost no
   memory after the first with their types (issue 18: 100k calls grew the arena by
   23-55 MB). A kernel keeps at most KMEMO_MAX; past that, answers are worked out per
   call again (in the unit's arena). */
enum { KMEMO_MAX = 256 };
typedef struct KMemo {
  int what, n;                                     /* 0: kc_form_dtypes, 1: kc_fuse_axes */
  KParam *args;                                    /* the types (names NULL) */
  int *out;                                        /* dtypes[n], or axes[*naxes] */
  const char **records;                            /* kc_form_dtypes' records[n] */
  int nout, result;                                /* naxes; the call's result */
  bool identity;
  FuseViews views;                                 /* kc_fuse_axes' views */
  const char *err;                                 /* the message of a failed call */
  struct KMemo *next;
} KMemo;

static bool same_types(const KParam *a, const KParam *b, int n) {
  for (int i = 0; i < n; i++)
    if (a[i].is_array != b[i].is_array || a[i].dtype != b[i].dtype ||
        (a[i].dtype == PYKC_RECORD && strcmp(a[i].record, b[i].record)) ||
        (a[i].is_array && a[i].ndim != b[i].ndim) ||
        (!a[i].is_array && (a[i].strong != b[i].strong || a[i].handle != b[i].handle)))
      return false;
  return true;
}

static KMemo *memo_find(const KKernel *k, int what, const KParam *args, int n, int *count) {
  *count = 0;
  for (KMemo *m = k->memo; m; m = m->next, ++*count)
    if (m->what == what && m->n == n && same_types(m->args, args, n))
      return m;
  return NULL;
}

typedef struct MemoReq {
  KKernel *k;
  KMemo m;
  const KParam *args;
  const int *out;
} MemoReq;

static void memo_add(Unit *u, void *arg) {
  MemoReq *r = arg;
  Arena *a = &u->ctx.arena;
  KMemo *m = arena_alloc(a, sizeof *m);
  *m = r->m;
  m->args = arena_alloc(a, sizeof *m->args * (size_t)(m->n + 1));
  for (int i = 0; i < m->n; i++)
    m->args[i] = (KParam){.is_array = r->args[i].is_array, .dtype = r->args[i].dtype,
                          .record = r->args[i].dtype == PYKC_RECORD
                                        ? unit_record(u, r->args[i].record)->descr : NULL,
                          .ndim = r->args[i].ndim, .strong = r->args[i].strong,
                          .handle = r->args[i].handle};
  if (m->records) {                                /* (the unit's copies: they stay) */
    const char **rs = arena_alloc(a, sizeof *rs * (size_t)(m->n + 1));
    memcpy(rs, m->records, sizeof *rs * (size_t)m->n);
    m->records = rs;
  }
  m->out = arena_alloc(a, sizeof *m->out * (size_t)(m->nout + 1));
  memcpy(m->out, r->out, sizeof *m->out * (size_t)m->nout);
  if (m->err)
    m->err = arena_strndup(a, m->err, strlen(m->err));
  m->next = r->k->memo;
  r->k->memo = m;
}

/* Keeps an answer (when the kernel has room; out of memory: not kept). */
static void memo_keep(Unit *u, const KKernel *k, int count, KMemo m, const KParam *args,
                      const int *out) {
  if (count >= KMEMO_MAX)
    return;
  MemoReq r = {(KKernel *)k, m, args, out};
  unit_protect(u, memo_add, &r);
}

typedef struct DtypesReq {
  const KKernel *k;
  const KParam *args;
  int n;
  int *dtypes;
  const char **records;
  const char *err;
  int status;                                      /* kc_form_dtypes' */
} DtypesReq;

/* The argument types as the compiler's Types, in a scratch array of N + 1. */
static Type **call_types(Unit *u, const KKernel *k, const KParam *args, int n) {
  Type **types = arena_alloc(&u->ctx.arena, (size_t)(n + 1) * sizeof *types);
  for (int i = 0; i < n; i++)
    if (args[i].dtype >= 0)                        /* (else an output to allocate) */
      types[i] = param_type(u, k, &args[i], false);
  return types;
}

static void form_dtypes_of(Unit *u, void *arg) {
  DtypesReq *r = arg;
  Type **types = call_types(u, r->k, r->args, r->n);
  Func *f = (Func *)r->k->fn;
  const Record **recs = arena_alloc(&u->ctx.arena, sizeof *recs * (size_t)(r->n + 1));
  r->records = arena_alloc(&u->ctx.arena, sizeof *r->records * (size_t)(r->n + 1));
  r->status = f->fe == &fuse_front_end
                  ? fuse_dtypes(&u->ctx, u->prog, f, types, r->n, r->dtypes, &r->err)
                  : !form_dtypes(&u->ctx, u->prog, f, types, r->n, r->dtypes, recs, &r->err);
  for (int i = 0; i < r->n; i++)
    r->records[i] = !r->status && r->dtypes[i] == PYKC_RECORD ? recs[i]->descr : NULL;
}

int kc_form_dtypes(Unit *u, const KKernel *k, const KParam *args, int n, int *dtypes,
                   const char **records, char *err) {
  for (int i = 0; i < n; i++)
    if (args[i].dtype >= 0 && !dtype_ok(k, &args[i])) {
      dtype_err(&args[i], i, err);
      return 1;
    }
  int count;
  const KMemo *hit = k->form ? memo_find(k, 0, args, n, &count) : NULL;
  if (hit) {
    memcpy(dtypes, hit->out, sizeof *dtypes * (size_t)n);
    for (int i = 0; records && i < n; i++)
      records[i] = hit->records ? hit->records[i] : NULL;
    if (hit->err)
      snprintf(err, KC_ERRLEN, "%s", hit->err);
    return hit->result;
  }
  int bad = records_ok(u, args, n, err);
  if (bad)
    return bad;
  DtypesReq r = {k, args, n, dtypes, NULL, NULL, 1};
  size_t mark = kc_diag_mark(u);
  int failed = k->form ? unit_protect(u, form_dtypes_of, &r) : 0;
  if (!k->form || failed) {                        /* a fatal error: its diagnostics */
    snprintf(err, KC_ERRLEN, "%s", !k->form ? "not a kernel form" : failed == UNIT_OOM
                                   ? "out of memory" : kc_diags_since(u, mark));
    return k->form && failed != UNIT_OOM ? 2 : 1;
  }
  if (r.status)
    snprintf(err, KC_ERRLEN, "%s", r.err);
  for (int i = 0; records && i < n; i++)
    records[i] = r.status ? NULL : r.records[i];
  memo_keep(u, k, count, (KMemo){.what = 0, .n = n, .nout = n, .result = r.status,
                                 .records = r.status ? NULL : r.records,
                                 .err = r.status ? err : NULL}, args, dtypes);
  return r.status;
}

typedef struct FuseAxesReq {
  const KKernel *k;
  const KParam *args;
  int nin;
  int *axes, *naxes;
  bool *identity;
  FuseViews *views;
  const char *err;
  int result;
} FuseAxesReq;

static void fuse_axes_of(Unit *u, void *arg) {
  FuseAxesReq *r = arg;
  Type **types = call_types(u, r->k, r->args, r->nin);
  r->result = fuse_axes(&u->ctx, u->prog, (Func *)r->k->fn, types, r->nin, r->axes, r->naxes,
                        r->identity, r->views, &r->err);
}

int kc_fuse_axes(Unit *u, const KKernel *k, const KParam *args, int nin, int *axes,
                 int *naxes, bool *identity, FuseViews *views, char *err) {
  *views = (FuseViews){0};
  for (int i = 0; i < nin; i++)
    if (!dtype_ok(k, &args[i])) {
      dtype_err(&args[i], i, err);
      return -1;
    }
  int count;
  const KMemo *hit = k->form ? memo_find(k, 1, args, nin, &count) : NULL;
  if (hit) {
    memcpy(axes, hit->out, sizeof *axes * (size_t)hit->nout);
    *naxes = hit->nout;
    *identity = hit->identity;
    *views = hit->views;
    if (hit->err)
      snprintf(err, KC_ERRLEN, "%s", hit->err);
    return hit->result;
  }
  *naxes = 0;
  FuseAxesReq r = {k, args, nin, axes, naxes, identity, views, NULL, -1};
  if (!k->form || k->form->kind != KC_FORM_FUSE || unit_protect(u, fuse_axes_of, &r)) {
    snprintf(err, KC_ERRLEN, "%s", k->form ? "out of memory" : "not a fuse kernel");
    return -1;
  }
  if (r.result < 0)
    snprintf(err, KC_ERRLEN, "%s", r.err);
  memo_keep(u, k, count, (KMemo){.what = 1, .n = nin, .nout = r.result == 1 ? *naxes : 0,
                                 .result = r.result, .identity = *identity,
                                 .views = *views,
                                 .err = r.result < 0 ? err : NULL}, args, axes);
  return r.result;
}

/* ---------------------------------------------------------------- emission */

/* ---- C-contiguous twins of the declared specialisations */

/* Launches (kc_twins, at the first pick of a declared specialisation) give each
   specialisation the source declares (types or --sig; a form's declared dtypes) whose
   arrays may be strided a twin that takes them C-contiguous and indexes them by shape.
   A launch on C-contiguous arrays takes the twin (rt_pick_sig asks kc_specialise for
   it: specialisations are cached by contiguity too), and the declared one is left out
   of kc_emit's text (shadowed) until a launch takes it (kc_take), so the first compile
   has one kernel per declared one, as before. A twin that does not type-check is left
   out. Listings and binaries of a module no launch has used are the declared code. */
static bool in_a_text(Unit *u, const Spec *s) {
  for (int i = 0; i < reg(u)->nsigs; i++)
    if (reg(u)->sigs[i]->spec == s)
      return reg(u)->sigs[i]->in_text;
  return false;
}

static void make_twins(Unit *u, void *arg) {
  (void)arg;
  Program *p = u->prog;
  int n = p->nkernels;                             /* (twins are appended) */
  for (int i = 0; i < n; i++) {
    Spec *s = p->kernels[i];
    if (in_a_text(u, s))                           /* loaded already: it stays */
      continue;
    Type **t = arena_alloc(&u->ctx.arena, (size_t)(s->nparams + 1) * sizeof *t);
    bool any = false;
    for (int j = 0; j < s->nparams; j++) {        /* (a form's raw array too: its */
      Type *ty = s->ptypes[j];                     /* CArray type says C-contiguous) */
      any |= ty->kind == TY_ARRAY && !ty->contig;
      t[j] = ty->kind == TY_ARRAY ? ty_array(&u->ctx, ty->elem, ty->ndim, true) : ty;
    }
    int errs = u->ctx.nerrors;
    Spec *tw = any ? sema_specialise(&u->ctx, p, s->fn, t, s->nparams) : NULL;
    if (tw && tw != s && u->ctx.nerrors == errs)
      s->shadowed = true;
    else if (tw && tw != s)
      tw->shadowed = true;
    if (s->guessed) {          /* a form's default (no call's types): neither it nor its */
      s->shadowed = true;      /* twin is compiled until a launch takes it (its code may */
      if (tw && tw != s)       /* hold only for the types CuPy gives: a raw 2-d CArray */
        tw->shadowed = tw->guessed = true;   /* passed to a preamble's function) */
    }
  }
  lower_program(&u->ctx, p);
}

static void register_all(Unit *u, void *arg) {
  (void)arg;
  for (Func *f = u->prog->funcs; f; f = f->next)
    for (Spec *s = f->specs; s && f->is_kernel; s = s->next)
      sig_of(u, s);
  for (int i = 0; i < reg(u)->nsigs; i++) {        /* (names change as specs come) */
    KSig *k = reg(u)->sigs[i];
    k->cname = ((const Spec *)k->spec)->cname;
    k->twinned |= ((const Spec *)k->spec)->shadowed;
  }
}

int kc_twins(Unit *u) {
  if (reg(u)->twins || u->status || !u->prog)
    return 0;
  reg(u)->twins = true;
  return unit_protect(u, make_twins, NULL);
}

void kc_take(Unit *u, const KSig *s) {
  (void)u;
  Spec *sp = (Spec *)s->spec;
  if (sp->shadowed && !sp->failed)
    sp->shadowed = false;
}

char *kc_emit(Unit *u, bool c_target, int *covered) {
  *covered = 0;
  if (u->status || !u->prog || unit_protect(u, register_all, NULL))
    return NULL;
  char *text = unit_emit(u, c_target ? TARGET_C : TARGET_CUDA);
  if (!text)
    return NULL;
  *covered = reg(u)->nsigs;
  for (int i = 0; i < reg(u)->nsigs; i++)
    reg(u)->sigs[i]->in_text = !((const Spec *)reg(u)->sigs[i]->spec)->shadowed;
  return text;
}
