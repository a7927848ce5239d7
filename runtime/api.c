/*
 * api.c: libpykc's public API (include/pykc.h) over the front end (src/driver.c's Unit),
 * NVRTC (nvrtc.c), the driver (driver.c) and argument marshalling (launch.c).
 *
 * A module is a Unit (or a .cu source). Kernels are looked up once by name; each keeps
 * the specialisations its launches selected (KSpec: the argument-type hash that selected
 * it, the parameter signature with its marshalled layout, the CUfunction), most recent
 * first. A launch hashes its argument types, finds the KSpec (normally the first one),
 * marshals into a stack buffer and calls cuLaunchKernel. A miss specialises the kernel
 * (generic kernels) or picks the matching declared specialisation, emits CUDA for the
 * whole unit, compiles it (disk cache first), loads the module and keeps it until the
 * module is freed. Compiling a source needs no GPU; preparing and launching do.
 * --debug: each loaded CUmodule with a pykc_debug record (debug.c) is remembered; after
 * pykc_synchronize / pykc_stream_synchronize the records of the context's modules are
 * read, and a failed bounds check or assert becomes PYKC_ERR_CUDA with its message,
 * naming the kernel launched last from that module.
 */
#include "rt.h"
#include "../include/pykc.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct KSpec {
  uint64_t key;                   /* rt_args_typehash of the arguments that selected it */
  Spec *spec;                     /* NULL for .cu kernels */
  RtSig sig;
  void *func;                     /* CUfunction */
  unsigned dyn_shared;            /* dynamic shared memory the function is allowed */
  struct KSpec *next;
} KSpec;

struct pykc_kernel {
  pykc_module *m;
  const char *name;
  Func *fn;                       /* kernel-language kernel */
  bool generic;                   /* no declared types: specialised per launch */
  RtCuKernel *cu;                 /* .cu kernel */
  KSpec *specs, *last;
  pykc_kernel *next;
};

struct pykc_module {
  pykc_context *cx;
  Unit *unit;                     /* kernel-language source, or NULL */
  char *cu_src;                   /* .cu source, or NULL */
  char *name;
  bool line_info;
  RtCuKernel *cuk;
  int ncuk;
  void **mods;                    /* every CUmodule loaded for this module */
  int nmods, capmods;
  void *cur;                      /* the latest one (covers the specs in `covered`) */
  Spec **covered;
  int ncovered;
  pykc_kernel *kernels;
  RtDevPtr *dbg;                  /* --debug records of its CUmodules (debug.c) */
  int ndbg;
  const char *dbg_kernel;         /* the kernel launched last, for their messages */
  pykc_module *dbg_next;          /* in the context's list of modules with records */
  pykc_module *next;              /* in the context's list of modules */
};

struct pykc_context {
  RtDevice dev;
  bool have_dev;
  int smem_optin;                 /* shared memory a block can opt in to (0: unknown) */
  pykc_module *modules;           /* every module, freed with the context */
  int arch;                       /* compile target: compute capability * 10 */
  bool cubin;                     /* NVRTC can build a cubin for the device */
  char *err;
  char last_kernel[128];          /* the kernel launched last (for asynchronous errors) */
  pykc_module *dbg_mods;          /* modules with --debug records */
  RtStats stats;
};

/* ---- errors ---- */

static pykc_status set_err(pykc_context *cx, pykc_status st, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static pykc_status set_err(pykc_context *cx, pykc_status st, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  Buf b = {0};
  buf_vprintf(&b, fmt, ap);
  va_end(ap);
  free(cx->err);
  cx->err = buf_detach(&b);
  return st;
}

static pykc_status cuda_err(pykc_context *cx, int r, const char *what) {
  char why[RT_ERRLEN];
  rt_cuda_errstr(r, why, sizeof why);
  if (rt_cuda_is_kernel_error(r) && cx->last_kernel[0])
    return set_err(cx, PYKC_ERR_CUDA, "kernel '%s' failed: %s", cx->last_kernel, why);
  return set_err(cx, PYKC_ERR_CUDA, "%s: %s", what, why);
}

static const RtCuda *cu_of(pykc_context *cx) {
  char err[RT_ERRLEN];
  return cx->have_dev ? rt_cuda(err) : NULL;
}

const char *pykc_version(void) { return PYKC_VERSION; }

const char *pykc_status_name(pykc_status s) {
  static const char *const names[] = {"ok", "source error", "bad usage", "CUDA failure",
                                      "no CUDA device", "out of memory"};
  return (unsigned)s < sizeof names / sizeof names[0] ? names[s] : "unknown status";
}

const char *pykc_errmsg(const pykc_context *cx) {
  if (!cx)
    return "no pykc_context (NULL: pykc_init was not called, or ran out of memory)";
  return cx->err ? cx->err : "";
}

/* A NULL handle or pointer argument: PYKC_ERR_USAGE, with a message where there is a
   context to hold it. */
static pykc_status null_arg(pykc_context *cx, const char *fn, const char *arg) {
  return cx ? set_err(cx, PYKC_ERR_USAGE, "%s: %s is NULL", fn, arg) : PYKC_ERR_USAGE;
}

/* ---- context ---- */

pykc_status pykc_init(int device, pykc_context **out) {
  if (!out)
    return PYKC_ERR_USAGE;
  pykc_context *cx = calloc(1, sizeof *cx);
  *out = cx;
  if (!cx)
    return PYKC_ERR_NOMEM;
  char err[RT_ERRLEN];
  int st = rt_device_open(device, &cx->dev, err);
  if (st)
    return set_err(cx, st == RT_ENODEV ? PYKC_ERR_NO_DEVICE : (pykc_status)st, "%s", err);
  cx->have_dev = true;
  const RtCuda *cu = rt_cuda(err);
  if (cu && cu->DeviceGetAttribute(&cx->smem_optin, RT_CU_DEV_SMEM_OPTIN, cx->dev.cudev))
    cx->smem_optin = 0;
  if (rt_nvrtc_load(err) == 0) {
    int best = rt_nvrtc_best_arch(cx->dev.arch, NULL, NULL);
    cx->cubin = best == cx->dev.arch;
    cx->arch = best ? best : cx->dev.arch;
  } else {
    cx->arch = cx->dev.arch;                      /* compiling will report NVRTC missing */
  }
  return PYKC_OK;
}

void pykc_free(pykc_context *cx) {
  if (!cx)
    return;
  while (cx->modules)
    pykc_module_free(cx->modules);
  if (cx->have_dev)
    rt_device_close(&cx->dev);
  free(cx->err);
  free(cx);
}

int pykc_device_arch(const pykc_context *cx) { return cx && cx->have_dev ? cx->dev.arch : 0; }
RtStats *rt_context_stats(pykc_context *cx) { return &cx->stats; }
int rt_context_arch(pykc_context *cx) { return cx->arch; }

/* ---- modules ---- */

bool rt_is_cu(const char *path) {
  size_t n = strlen(path);
  return n >= 3 && strcmp(path + n - 3, ".cu") == 0;
}

char *rt_read_text(const char *path) {
  Buf b = {0};
  if (buf_read_file(&b, path)) {
    buf_free(&b);
    return NULL;
  }
  return buf_detach(&b);
}

static pykc_status new_module(pykc_context *cx, const char *name, pykc_module **out) {
  pykc_module *m = calloc(1, sizeof *m);
  *out = m;
  if (!m || !(m->name = strdup(name))) {
    free(m);
    *out = NULL;
    return set_err(cx, PYKC_ERR_NOMEM, "out of memory");
  }
  m->cx = cx;
  m->next = cx->modules;
  cx->modules = m;
  return PYKC_OK;
}

static pykc_status raw_module(pykc_context *cx, const char *name, const char *src,
                              pykc_module **out) {
  pykc_status st = new_module(cx, name, out);
  if (st)
    return st;
  pykc_module *m = *out;
  m->cu_src = strdup(src);
  if (!m->cu_src || rt_cu_parse(src, &m->cuk, &m->ncuk)) {
    pykc_module_free(m);
    *out = NULL;
    return set_err(cx, PYKC_ERR_NOMEM, "out of memory");
  }
  return PYKC_OK;
}

static Options to_options(const pykc_options *o) {
  Options opt = {0};
  if (o) {
    opt.sigs = (const char **)o->sigs;
    opt.nsigs = o->nsigs;
    opt.defines = (const char **)o->defines;
    opt.ndefines = o->ndefines;
    opt.debug = o->debug;
    opt.line_info = o->line_info;
    opt.mode = o->numpy_mode ? MODE_NUMPY : MODE_CUDA;
  }
  return opt;
}

int rt_module_from_unit(pykc_context *cx, Unit *u, pykc_module **out) {
  pykc_status st = new_module(cx, u->src.name, out);
  if (st) {
    unit_free(u);
    return st;
  }
  (*out)->unit = u;
  (*out)->line_info = u->ctx.opt.line_info;
  return PYKC_OK;
}

static pykc_status unit_module(pykc_context *cx, Unit *u, pykc_module **out) {
  *out = NULL;
  if (u->status) {
    pykc_status st = set_err(cx, u->status == 2 ? PYKC_ERR_USAGE : PYKC_ERR_SOURCE, "%s",
                             unit_diags(u));
    unit_free(u);
    return st;
  }
  return rt_module_from_unit(cx, u, out);
}

/* Options from the caller: nsigs and sigs, ndefines and defines must agree. */
static bool bad_options(pykc_context *cx, const pykc_options *o) {
  if (o && (o->nsigs < 0 || (o->nsigs > 0 && !o->sigs))) {
    set_err(cx, PYKC_ERR_USAGE, "pykc_options: nsigs is %d but sigs is %s", o->nsigs,
            o->sigs ? "set" : "NULL");
    return true;
  }
  for (int i = 0; o && i < o->nsigs; i++)
    if (!o->sigs[i]) {
      set_err(cx, PYKC_ERR_USAGE, "pykc_options: sigs[%d] is NULL", i);
      return true;
    }
  if (o && (o->ndefines < 0 || (o->ndefines > 0 && !o->defines))) {
    set_err(cx, PYKC_ERR_USAGE, "pykc_options: ndefines is %d but defines is %s", o->ndefines,
            o->defines ? "set" : "NULL");
    return true;
  }
  for (int i = 0; o && i < o->ndefines; i++)
    if (!o->defines[i]) {
      set_err(cx, PYKC_ERR_USAGE, "pykc_options: defines[%d] is NULL", i);
      return true;
    }
  return false;
}

pykc_status pykc_compile_file(pykc_context *cx, const char *path, const pykc_options *opt,
                              pykc_module **out) {
  if (!out || !cx || !path)
    return null_arg(cx, "pykc_compile_file", !out ? "out" : "path");
  *out = NULL;
  if (bad_options(cx, opt))
    return PYKC_ERR_USAGE;
  if (rt_is_cu(path)) {
    char *text = rt_read_text(path);
    if (!text)
      return set_err(cx, PYKC_ERR_USAGE, "cannot open '%s'", path);
    pykc_status st = raw_module(cx, path, text, out);
    free(text);
    return st;
  }
  Options o = to_options(opt);
  return unit_module(cx, unit_from_file(path, &o), out);
}

pykc_status pykc_compile_string(pykc_context *cx, const char *name, const char *source,
                                const pykc_options *opt, pykc_module **out) {
  if (!out || !cx || !source)
    return null_arg(cx, "pykc_compile_string", !out ? "out" : "source");
  *out = NULL;
  if (bad_options(cx, opt))
    return PYKC_ERR_USAGE;
  if (!name)
    name = "<string>";
  if (rt_is_cu(name))
    return raw_module(cx, name, source, out);
  Options o = to_options(opt);
  return unit_module(cx, unit_from_string(name, source, strlen(source), &o), out);
}

static void free_kspecs(KSpec *s) {
  while (s) {
    KSpec *next = s->next;
    free(s->sig.params);
    free(s);
    s = next;
  }
}

void pykc_module_free(pykc_module *m) {
  if (!m)
    return;
  for (pykc_module **p = &m->cx->modules; *p; p = &(*p)->next)
    if (*p == m) {
      *p = m->next;
      break;
    }
  for (pykc_module **p = &m->cx->dbg_mods; *p; p = &(*p)->dbg_next)
    if (*p == m) {
      *p = m->dbg_next;
      break;
    }
  free(m->dbg);
  const RtCuda *cu = cu_of(m->cx);
  for (int i = 0; i < m->nmods; i++)
    if (cu)
      cu->ModuleUnload(m->mods[i]);
  for (pykc_kernel *k = m->kernels, *next; k; k = next) {
    next = k->next;
    free_kspecs(k->specs);
    free(k);
  }
  free(m->mods);
  free(m->covered);
  rt_cu_free(m->cuk, m->ncuk);
  unit_free(m->unit);
  free(m->cu_src);
  free(m->name);
  free(m);
}

/* ---- kernels ---- */

static void list_kernels(pykc_module *m, Buf *b) {
  int n = 0;
  if (m->unit)
    for (Func *f = m->unit->prog->funcs; f; f = f->next)
      if (f->is_kernel)
        buf_printf(b, "%s%s", n++ ? ", " : "", f->name);
  for (int i = 0; i < m->ncuk; i++)
    buf_printf(b, "%s%s", n++ ? ", " : "", m->cuk[i].name);
  if (!n)
    buf_puts(b, m->unit ? "none" : "none declared extern \"C\" __global__");
}

pykc_status pykc_get_kernel(pykc_module *m, const char *name, pykc_kernel **out) {
  if (!m || !name || !out)
    return null_arg(m ? m->cx : NULL, "pykc_get_kernel", !name ? "name" : "out");
  *out = NULL;
  for (pykc_kernel *k = m->kernels; k; k = k->next)
    if (strcmp(k->name, name) == 0)
      return *out = k, PYKC_OK;
  Func *fn = NULL;
  RtCuKernel *cuk = NULL;
  if (m->unit) {
    fn = sema_find_kernel(m->unit->prog, name);
  } else {
    for (int i = 0; i < m->ncuk && !cuk; i++)
      if (strcmp(m->cuk[i].name, name) == 0)
        cuk = &m->cuk[i];
  }
  if (!fn && !cuk) {
    Buf b = {0};
    list_kernels(m, &b);
    pykc_status st = set_err(m->cx, PYKC_ERR_USAGE, "no kernel '%s' in %s (kernels: %s)", name,
                             m->name, b.data);
    buf_free(&b);
    return st;
  }
  pykc_kernel *k = calloc(1, sizeof *k);
  if (!k)
    return set_err(m->cx, PYKC_ERR_NOMEM, "out of memory");
  k->m = m;
  k->fn = fn;
  k->cu = cuk;
  k->name = fn ? fn->name : cuk->name;
  k->generic = fn && !fn->specs;
  k->next = m->kernels;
  m->kernels = k;
  *out = k;
  return PYKC_OK;
}

int pykc_kernel_nparams(const pykc_kernel *k) {
  if (!k)
    return -1;
  return k->cu ? k->cu->nparams : ast_count(k->fn->def->params);
}

const char *pykc_kernel_param_name(const pykc_kernel *k, int i) {
  if (!k || i < 0 || i >= pykc_kernel_nparams(k))
    return NULL;
  if (k->cu)
    return k->cu->params[i].name;
  Node *p = k->fn->def->params;
  while (i-- > 0)
    p = p->next;
  return p->name;
}

int rt_kernel_param_dtype(const pykc_kernel *k, int i) {
  if (!k || !k->cu || i < 0 || i >= k->cu->nparams || k->cu->params[i].is_array)
    return -1;
  return k->cu->params[i].dtype;
}

/* Parameters of a specialisation; NULL with err for types the host cannot pass. */
static RtParam *spec_params(const Spec *s, char *err) {
  RtParam *ps = calloc(s->nparams ? s->nparams : 1, sizeof *ps);
  if (!ps) {
    snprintf(err, RT_ERRLEN, "out of memory");
    return NULL;
  }
  for (int i = 0; i < s->nparams; i++) {
    const Type *t = s->ptypes[i];
    RtParam *p = &ps[i];
    p->name = s->params[i]->name;
    if (t->kind == TY_ARRAY && t->elem->kind < TY_NSCALAR) {
      p->is_array = true, p->dtype = t->elem->kind, p->ndim = t->ndim, p->contig = t->contig;
    } else if (t->kind < TY_NSCALAR) {
      p->dtype = t->kind;
    } else {
      snprintf(err, RT_ERRLEN, "parameter '%s' of kernel '%s' cannot be passed from the host",
               p->name, s->fn->name);
      free(ps);
      return NULL;
    }
  }
  return ps;
}

/* Validates args against a parameter list without keeping the result. */
static int check_args(RtParam *ps, int n, const pykc_arg *args, int nargs, char *err) {
  RtSig sig = {.params = ps, .n = n};
  int st = rt_sig_layout(&sig, err);
  if (st)
    return st;
  void *buf = malloc(sig.size + 16), **ptrs = malloc((n + 1) * sizeof *ptrs);
  st = buf && ptrs ? rt_marshal(&sig, args, nargs, buf, ptrs, err) : RT_EFAIL;
  if (!buf || !ptrs)
    snprintf(err, RT_ERRLEN, "out of memory");
  free(buf);
  free(ptrs);
  return st;
}

static Spec *pick_spec(Unit *u, Func *f, bool generic, pykc_arg *args, int nargs, char *err) {
  size_t before = u->ctx.diags.len;
  if (!generic) {
    char first[RT_ERRLEN] = "";
    for (Spec *s = f->specs; s; s = s->next) {
      RtParam *ps = spec_params(s, err);
      if (!ps)
        return NULL;
      int st = check_args(ps, s->nparams, args, nargs, s == f->specs ? first : err);
      free(ps);
      if (st == 0)
        return s;
    }
    snprintf(err, RT_ERRLEN, "%s", first);
    return NULL;
  }
  int n = ast_count(f->def->params);
  if (nargs != n) {
    snprintf(err, RT_ERRLEN, "kernel '%s' takes %d argument%s, got %d", f->name, n,
             n == 1 ? "" : "s", nargs);
    return NULL;
  }
  Type **types = arena_alloc(&u->ctx.arena, (n ? n : 1) * sizeof *types);
  for (int i = 0; i < n; i++) {
    const pykc_arg *a = &args[i];
    if ((int)a->dtype < 0 || (int)a->dtype >= TY_NSCALAR || (a->is_array && (a->ndim < 0 ||
                                                                    a->ndim > RT_MAXDIM))) {
      snprintf(err, RT_ERRLEN, "argument %d: bad dtype or ndim", i + 1);
      return NULL;
    }
    Type *el = ty_scalar((TypeKind)a->dtype);
    types[i] = a->is_array ? ty_array(&u->ctx, el, a->ndim, rt_arg_contig(a)) : el;
  }
  Spec *s = unit_specialise(u, f->name, types, n);
  if (!s) {
    const char *d = unit_diags(u) + before;
    snprintf(err, RT_ERRLEN, "%s", *d ? d : "specialisation failed");
    size_t len = strlen(err);
    if (len && err[len - 1] == '\n')
      err[len - 1] = 0;
  }
  return s;
}

Spec *rt_pick_spec(Unit *u, Func *f, struct pykc_arg *args, int nargs, char *err) {
  return pick_spec(u, f, f->specs == NULL, args, nargs, err);
}

static pykc_status add_module(pykc_module *m, void *mod) {
  if (m->nmods == m->capmods) {
    int cap = m->capmods ? 2 * m->capmods : 4;
    void **p = realloc(m->mods, cap * sizeof *p);
    if (!p)
      return set_err(m->cx, PYKC_ERR_NOMEM, "out of memory");
    m->mods = p, m->capmods = cap;
  }
  m->mods[m->nmods++] = mod;
  return PYKC_OK;
}

/* --debug: remembers the CUmodule's failure record, if it has one. */
static pykc_status debug_attach(pykc_module *m, void *mod) {
  char err[RT_ERRLEN];
  RtDevPtr rec;
  int r = rt_debug_attach(mod, &rec, err);
  if (r == 0)
    return PYKC_OK;
  if (r != 1)
    return set_err(m->cx, PYKC_ERR_CUDA, "%s", err);
  RtDevPtr *p = realloc(m->dbg, (m->ndbg + 1) * sizeof *p);
  if (!p)
    return set_err(m->cx, PYKC_ERR_NOMEM, "out of memory");
  m->dbg = p;
  m->dbg[m->ndbg++] = rec;
  if (m->ndbg == 1) {
    m->dbg_next = m->cx->dbg_mods;
    m->cx->dbg_mods = m;
  }
  return PYKC_OK;
}

/* After a synchronisation: the first failure a --debug record holds, as an error. */
static pykc_status debug_check(pykc_context *cx) {
  char msg[RT_ERRLEN];
  for (pykc_module *m = cx->dbg_mods; m; m = m->dbg_next)
    for (int i = 0; i < m->ndbg; i++) {
      int r = rt_debug_take(m->dbg[i], m->name, m->dbg_kernel ? m->dbg_kernel : "?", msg);
      if (r)
        return set_err(cx, PYKC_ERR_CUDA, "%s", msg);
    }
  return PYKC_OK;
}

/* NVRTC (or the cache) then cuModuleLoadData; the module is kept until pykc_module_free. */
static pykc_status compile_load(pykc_module *m, const char *src, bool generated, void **mod) {
  pykc_context *cx = m->cx;
  const RtCuda *cu = cu_of(cx);
  char err[RT_ERRLEN];
  if (!cu)
    return set_err(cx, PYKC_ERR_NO_DEVICE, "%s", cx->err ? cx->err : "no CUDA device");
  RtCompile o = {.name = m->name, .arch = cx->arch, .cubin = cx->cubin,
                 .line_info = m->line_info, .generated = generated};
  RtBinary bin;
  char *log = NULL;
  int st = rt_compile(src, &o, &bin, &log, err);
  cx->stats.nvrtc_ms += bin.nvrtc_ms;
  cx->stats.cache_ms += bin.cache_ms;
  if (st) {
    pykc_status ps = set_err(cx, (pykc_status)st, "%s%s%s", err, log ? "\n" : "", log ? log : "");
    free(log);
    return ps;
  }
  free(log);
  cx->stats.compiles += !bin.cache_hit;
  cx->stats.cache_hits += bin.cache_hit;
  double t0 = rt_now_ms();
  int r = cu->ModuleLoadData(mod, bin.data);
  cx->stats.load_ms += rt_now_ms() - t0;
  rt_binary_free(&bin);
  if (r)
    return cuda_err(cx, r, "cuModuleLoadData");
  pykc_status added = add_module(m, *mod);
  return added || !generated || !m->unit->ctx.opt.debug ? added : debug_attach(m, *mod);
}

static bool covered(const pykc_module *m, const Spec *s) {
  for (int i = 0; i < m->ncovered; i++)
    if (m->covered[i] == s)
      return true;
  return false;
}

/* The CUfunction of S, compiling the unit's current program when S is new. */
static pykc_status spec_function(pykc_module *m, Spec *s, void **func) {
  pykc_context *cx = m->cx;
  if (!covered(m, s)) {
    Unit *u = m->unit;
    size_t before = u->ctx.diags.len;
    char *src = unit_emit(u, TARGET_CUDA);
    if (!src)
      return set_err(cx, PYKC_ERR_SOURCE, "%s", unit_diags(u) + before);
    void *mod;
    pykc_status st = compile_load(m, src, true, &mod);
    free(src);
    if (st)
      return st;
    m->cur = mod;
    int n = 0;
    for (Func *f = u->prog->funcs; f; f = f->next)
      for (Spec *sp = f->specs; sp; sp = sp->next)
        n++;
    Spec **cov = realloc(m->covered, (n ? n : 1) * sizeof *cov);
    if (!cov)
      return set_err(cx, PYKC_ERR_NOMEM, "out of memory");
    m->covered = cov;
    m->ncovered = 0;
    for (Func *f = u->prog->funcs; f; f = f->next)
      for (Spec *sp = f->specs; sp; sp = sp->next)
        if (f->is_kernel)
          cov[m->ncovered++] = sp;
  }
  int r = cu_of(cx)->ModuleGetFunction(func, m->cur, s->cname);
  return r ? cuda_err(cx, r, s->cname) : PYKC_OK;
}

static pykc_status raw_function(pykc_kernel *k, void **func) {
  pykc_module *m = k->m;
  if (!m->cur) {
    pykc_status st = compile_load(m, m->cu_src, false, &m->cur);
    if (st)
      return st;
  }
  int r = cu_of(m->cx)->ModuleGetFunction(func, m->cur, k->name);
  return r ? cuda_err(m->cx, r, k->name) : PYKC_OK;
}

/* Fills KS's signature and CUfunction from its specialisation. */
static pykc_status spec_kspec(pykc_kernel *k, KSpec *ks) {
  char err[RT_ERRLEN];
  ks->sig.n = ks->spec->nparams;
  ks->sig.params = spec_params(ks->spec, err);
  return ks->sig.params ? spec_function(k->m, ks->spec, &ks->func)
                        : set_err(k->m->cx, PYKC_ERR_USAGE, "%s", err);
}

/* After ST, the status of filling KS: lays out its arguments and puts it first in K's
   list, or frees it. */
static pykc_status add_kspec(pykc_kernel *k, KSpec *ks, pykc_status st) {
  char err[RT_ERRLEN];
  if (!st && (st = (pykc_status)rt_sig_layout(&ks->sig, err)))
    set_err(k->m->cx, st, "kernel '%s': %s", k->name, err);
  if (st) {
    free_kspecs(ks);
    return st;
  }
  ks->next = k->specs;
  k->specs = ks;
  return PYKC_OK;
}

/* Builds the KSpec these arguments select and puts it first. */
static pykc_status prepare(pykc_kernel *k, const pykc_arg *args, int nargs, uint64_t key,
                           KSpec **out) {
  pykc_context *cx = k->m->cx;
  char err[RT_ERRLEN];
  if (!cx->have_dev)
    return set_err(cx, PYKC_ERR_NO_DEVICE, "%s", cx->err ? cx->err : "no CUDA device");
  KSpec *ks = calloc(1, sizeof *ks);
  if (!ks)
    return set_err(cx, PYKC_ERR_NOMEM, "out of memory");
  ks->key = key;
  pykc_status st;
  if (k->cu) {
    ks->sig.n = k->cu->nparams;
    ks->sig.params = malloc((ks->sig.n ? ks->sig.n : 1) * sizeof *ks->sig.params);
    if (ks->sig.params)
      memcpy(ks->sig.params, k->cu->params, ks->sig.n * sizeof *ks->sig.params);
    st = ks->sig.params ? raw_function(k, &ks->func) : set_err(cx, PYKC_ERR_NOMEM, "out of memory");
  } else {
    pykc_arg *copy = malloc((nargs ? nargs : 1) * sizeof *copy);
    if (!copy) {
      free(ks);
      return set_err(cx, PYKC_ERR_NOMEM, "out of memory");
    }
    memcpy(copy, args, nargs * sizeof *copy);
    Unit *u = k->m->unit;
    int nerrors = u->ctx.nerrors;
    size_t dlen = u->ctx.diags.len;
    ks->spec = pick_spec(u, k->fn, k->generic, copy, nargs, err);
    free(copy);
    if (!ks->spec) {
      free(ks);
      if (u->ctx.nerrors > nerrors)             /* the specialisation has type errors */
        return set_err(cx, PYKC_ERR_SOURCE, "%s", unit_diags(u) + dlen);
      return set_err(cx, PYKC_ERR_USAGE, "%s", err);
    }
    st = spec_kspec(k, ks);
  }
  if ((st = add_kspec(k, ks, st)))
    return st;
  *out = ks;
  return PYKC_OK;
}

static pykc_status find_kspec(pykc_kernel *k, const pykc_arg *args, int nargs, KSpec **out) {
  if (k->cu && k->last)
    return *out = k->last, PYKC_OK;
  uint64_t key = k->cu ? 0 : rt_args_typehash(args, nargs);
  for (KSpec *s = k->specs; s; s = s->next)
    if (s->key == key)
      return k->last = *out = s, PYKC_OK;
  pykc_status st = prepare(k, args, nargs, key, out);
  if (!st)
    k->last = *out;
  return st;
}

/* The argument list of a prepare or launch call: nargs in range, args not NULL. */
static pykc_status bad_args(pykc_kernel *k, const char *fn, const pykc_arg *args, int nargs) {
  if (nargs < 0 || nargs > RT_MAXPARAMS)
    return set_err(k->m->cx, PYKC_ERR_USAGE, "%s: kernel '%s': nargs is %d", fn, k->name, nargs);
  if (nargs > 0 && !args)
    return null_arg(k->m->cx, fn, "args");
  return PYKC_OK;
}

pykc_status pykc_prepare(pykc_kernel *k, const pykc_arg *args, int nargs) {
  if (!k)
    return PYKC_ERR_USAGE;
  pykc_status bad = bad_args(k, "pykc_prepare", args, nargs);
  if (bad)
    return bad;
  KSpec *ks;
  return find_kspec(k, args, nargs, &ks);
}

pykc_status pykc_kernel_attr(pykc_kernel *k, pykc_attr attr, int *value) {
  if (!k || !value)
    return null_arg(k ? k->m->cx : NULL, "pykc_kernel_attr", "value");
  pykc_context *cx = k->m->cx;
  static const int cu_attr[] = {4, 1, 3, 2, 0, 5, 6};
  if ((unsigned)attr >= sizeof cu_attr / sizeof cu_attr[0])
    return set_err(cx, PYKC_ERR_USAGE, "unknown kernel attribute %d", (int)attr);
  if (!k->last && !k->generic && k->fn) {         /* declared types: prepare the first */
    if (!cx->have_dev)
      return set_err(cx, PYKC_ERR_NO_DEVICE, "%s", pykc_errmsg(cx));
    KSpec *ks = calloc(1, sizeof *ks);
    if (!ks)
      return set_err(cx, PYKC_ERR_NOMEM, "out of memory");
    ks->spec = k->fn->specs;
    ks->key = ~0ull;
    pykc_status st = add_kspec(k, ks, spec_kspec(k, ks));
    if (st)
      return st;
    k->last = ks;
  }
  if (!k->last && k->cu) {
    KSpec *ks;
    pykc_status st = prepare(k, NULL, 0, 0, &ks);
    if (st)
      return st;
    k->last = ks;
  }
  if (!k->last)
    return set_err(cx, PYKC_ERR_USAGE,
                   "kernel '%s' is generic: prepare or launch it (or give a signature) first",
                   k->name);
  int r = cu_of(cx)->FuncGetAttribute(value, cu_attr[attr], k->last->func);
  return r ? cuda_err(cx, r, "cuFuncGetAttribute") : PYKC_OK;
}

/* ---- launch ---- */

/* The launch shape (0 extents count as 1) against CUDA's limits; with KS, also the
   dynamic shared memory against what the device lets its function have (the opt-in
   limit less the function's static shared memory). */
static pykc_status check_launch(pykc_kernel *k, KSpec *ks, const pykc_launch_cfg *cfg) {
  pykc_context *cx = k->m->cx;
  char err[RT_ERRLEN];
  const pykc_dim3 *g = &cfg->grid, *b = &cfg->block;
  unsigned grid[3] = {g->x ? g->x : 1, g->y ? g->y : 1, g->z ? g->z : 1};
  unsigned block[3] = {b->x ? b->x : 1, b->y ? b->y : 1, b->z ? b->z : 1};
  if (rt_launch_check(grid, block, 0, 0, err))
    return set_err(cx, PYKC_ERR_USAGE, "kernel '%s': %s", k->name, err);
  if (!ks)
    return PYKC_OK;
  int stat = 0;
  const RtCuda *cu = cu_of(cx);
  if (cfg->shared_mem <= 48 * 1024 || cfg->shared_mem <= ks->dyn_shared || !cx->smem_optin ||
      !cu || cu->FuncGetAttribute(&stat, RT_CU_FUNC_SHARED_BYTES, ks->func))
    return PYKC_OK;
  size_t room = cx->smem_optin > stat ? (size_t)(cx->smem_optin - stat) : 0;
  if (rt_launch_check(grid, block, cfg->shared_mem, room ? room : 1, err))
    return set_err(cx, PYKC_ERR_USAGE, "kernel '%s': %s (the device's %d less %d bytes of "
                   "static shared memory)", k->name, err, cx->smem_optin, stat);
  return PYKC_OK;
}

pykc_status pykc_launch(pykc_kernel *k, const pykc_launch_cfg *cfg, const pykc_arg *args,
                        int nargs) {
  if (!k || !cfg)
    return null_arg(k ? k->m->cx : NULL, "pykc_launch", "cfg");
  pykc_status bad = bad_args(k, "pykc_launch", args, nargs);
  if (!bad)
    bad = check_launch(k, NULL, cfg);
  if (bad)
    return bad;
  KSpec *ks = k->last;
  if (!ks || (!k->cu && ks->key != rt_args_typehash(args, nargs))) {
    pykc_status st = find_kspec(k, args, nargs, &ks);
    if (st)
      return st;
  }
  pykc_context *cx = k->m->cx;
  _Alignas(16) unsigned char buf[RT_MAXPARAMS * (16 + 16 * RT_MAXDIM)];
  void *ptrs[RT_MAXPARAMS];
  char err[RT_ERRLEN];
  int st = rt_marshal(&ks->sig, args, nargs, buf, ptrs, err);
  if (st)
    return set_err(cx, (pykc_status)st, "%s", err);
  if ((st = check_launch(k, ks, cfg)))
    return (pykc_status)st;
  const RtCuda *cu = cu_of(cx);
  if (cfg->shared_mem > 48 * 1024 && cfg->shared_mem > ks->dyn_shared) {
    int r = cu->FuncSetAttribute(ks->func, RT_CU_FUNC_MAX_DYN_SHARED, (int)cfg->shared_mem);
    if (r) {
      char why[RT_ERRLEN];
      rt_cuda_errstr(r, why, sizeof why);
      return set_err(cx, PYKC_ERR_CUDA, "kernel '%s': %u bytes of dynamic shared memory: %s",
                     k->name, cfg->shared_mem, why);
    }
    ks->dyn_shared = cfg->shared_mem;
  }
  const pykc_dim3 *g = &cfg->grid, *b = &cfg->block;
  int r = cu->LaunchKernel(ks->func, g->x ? g->x : 1, g->y ? g->y : 1, g->z ? g->z : 1,
                           b->x ? b->x : 1, b->y ? b->y : 1, b->z ? b->z : 1, cfg->shared_mem,
                           cfg->stream, ptrs, NULL);
  if (r) {
    char why[RT_ERRLEN];
    rt_cuda_errstr(r, why, sizeof why);
    return set_err(cx, PYKC_ERR_CUDA, "kernel '%s': launch failed (grid %ux%ux%u, block %ux%ux%u): %s",
                   k->name, g->x, g->y, g->z, b->x, b->y, b->z, why);
  }
  if (k->name != cx->last_kernel && strncmp(cx->last_kernel, k->name, sizeof cx->last_kernel))
    snprintf(cx->last_kernel, sizeof cx->last_kernel, "%s", k->name);
  k->m->dbg_kernel = k->name;
  return PYKC_OK;
}

pykc_status pykc_synchronize(pykc_context *cx) {
  if (!cx)
    return PYKC_ERR_USAGE;
  const RtCuda *cu = cu_of(cx);
  if (!cu)
    return set_err(cx, PYKC_ERR_NO_DEVICE, "no CUDA device");
  int r = cu->CtxSynchronize();
  return r ? cuda_err(cx, r, "cuCtxSynchronize") : debug_check(cx);
}

/* ---- memory and streams ---- */

#define NEED_CU(cx, cu)                                                                    \
  if (!cx)                                                                                 \
    return PYKC_ERR_USAGE;                                                                 \
  const RtCuda *cu = cu_of(cx);                                                            \
  if (!cu)                                                                                 \
    return set_err(cx, PYKC_ERR_NO_DEVICE, "no CUDA device");

pykc_status pykc_malloc(pykc_context *cx, size_t bytes, void **dptr) {
  NEED_CU(cx, cu);
  if (!dptr)
    return null_arg(cx, "pykc_malloc", "dptr");
  RtDevPtr p = 0;
  int r = cu->MemAlloc(&p, bytes ? bytes : 1);
  *dptr = (void *)(uintptr_t)p;
  return r ? cuda_err(cx, r, "cuMemAlloc") : PYKC_OK;
}

pykc_status pykc_mem_free(pykc_context *cx, void *dptr) {
  NEED_CU(cx, cu);
  int r = dptr ? cu->MemFree((RtDevPtr)(uintptr_t)dptr) : 0;
  return r ? cuda_err(cx, r, "cuMemFree") : PYKC_OK;
}

pykc_status pykc_memcpy_htod(pykc_context *cx, void *dst, const void *src, size_t bytes) {
  NEED_CU(cx, cu);
  if (bytes && (!dst || !src))
    return null_arg(cx, "pykc_memcpy_htod", !dst ? "dst" : "src");
  int r = bytes ? cu->MemcpyHtoD((RtDevPtr)(uintptr_t)dst, src, bytes) : 0;
  return r ? cuda_err(cx, r, "cuMemcpyHtoD") : PYKC_OK;
}

pykc_status pykc_memcpy_dtoh(pykc_context *cx, void *dst, const void *src, size_t bytes) {
  NEED_CU(cx, cu);
  if (bytes && (!dst || !src))
    return null_arg(cx, "pykc_memcpy_dtoh", !dst ? "dst" : "src");
  int r = bytes ? cu->MemcpyDtoH(dst, (RtDevPtr)(uintptr_t)src, bytes) : 0;
  return r ? cuda_err(cx, r, "cuMemcpyDtoH") : PYKC_OK;
}

pykc_status pykc_memset(pykc_context *cx, void *dptr, int byte, size_t bytes) {
  NEED_CU(cx, cu);
  if (bytes && !dptr)
    return null_arg(cx, "pykc_memset", "dptr");
  int r = bytes ? cu->MemsetD8((RtDevPtr)(uintptr_t)dptr, (unsigned char)byte, bytes) : 0;
  return r ? cuda_err(cx, r, "cuMemsetD8") : PYKC_OK;
}

pykc_status pykc_stream_create(pykc_context *cx, void **stream) {
  NEED_CU(cx, cu);
  if (!stream)
    return null_arg(cx, "pykc_stream_create", "stream");
  int r = cu->StreamCreate(stream, 1 /* CU_STREAM_NON_BLOCKING */);
  return r ? cuda_err(cx, r, "cuStreamCreate") : PYKC_OK;
}

pykc_status pykc_stream_synchronize(pykc_context *cx, void *stream) {
  NEED_CU(cx, cu);
  int r = cu->StreamSynchronize(stream);
  return r ? cuda_err(cx, r, "cuStreamSynchronize") : debug_check(cx);
}

pykc_status pykc_stream_destroy(pykc_context *cx, void *stream) {
  NEED_CU(cx, cu);
  int r = stream ? cu->StreamDestroy(stream) : 0;
  return r ? cuda_err(cx, r, "cuStreamDestroy") : PYKC_OK;
}
