/*
 * spec.c: a kernel's specialisations (KSpec). A miss specialises the kernel (generic
 * kernels) or picks the matching declared specialisation, emits the whole unit, compiles
 * it (disk cache first), loads it and keeps it until the module is freed; a .cu kernel's
 * code is compiled at its first launch. --debug records of loaded CUDA modules are read
 * after a synchronisation (api_debug_check).
 */
#include "api.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static RtParam *sig_params(const KSig *s, char *err) {
  RtParam *ps = calloc(s->nparams ? s->nparams : 1, sizeof *ps);
  if (!ps) {
    snprintf(err, RT_ERRLEN, "out of memory");
    return NULL;
  }
  for (int i = 0; i < s->nparams; i++) {
    const KParam *kp = &s->params[i];
    if (kp->dtype < 0) {
      snprintf(err, RT_ERRLEN, "parameter '%s' of kernel '%s' cannot be passed from the host",
               kp->name, s->kernel);
      free(ps);
      return NULL;
    }
    ps[i] = (RtParam){.name = kp->name, .dtype = kp->dtype, .ndim = kp->ndim,
                      .is_array = kp->is_array, .contig = kp->contig};
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

const KSig *rt_pick_sig(Unit *u, const KKernel *k, const pykc_arg *args, int nargs,
                        bool *source_error, char *err) {
  *source_error = false;
  if (!k->generic) {
    char first[RT_ERRLEN] = "";
    for (int i = 0;; i++) {
      const KSig *s = kc_declared(u, k, i);
      if (!s)
        break;
      RtParam *ps = sig_params(s, err);
      if (!ps)
        return NULL;
      int st = check_args(ps, s->nparams, args, nargs, i == 0 ? first : err);
      free(ps);
      if (st == 0)
        return s;
    }
    snprintf(err, RT_ERRLEN, "%s", first);
    return NULL;
  }
  KParam types[RT_MAXPARAMS];
  if (nargs > RT_MAXPARAMS) {
    snprintf(err, RT_ERRLEN, "kernel '%s' takes %d argument%s, got %d", k->name, k->nparams,
             k->nparams == 1 ? "" : "s", nargs);
    return NULL;
  }
  for (int i = 0; i < nargs; i++)
    types[i] = (KParam){.is_array = args[i].is_array != 0, .dtype = (int)args[i].dtype,
                        .ndim = args[i].ndim, .contig = args[i].is_array != 0 && rt_arg_contig(&args[i])};
  return kc_specialise(u, k, types, nargs, source_error, err);
}

static pykc_status add_module(pykc_module *m, void *mod) {
  if (m->nmods == m->capmods) {
    int cap = m->capmods ? 2 * m->capmods : 4;
    void **p = realloc(m->mods, cap * sizeof *p);
    if (!p)
      return api_set_err(m->cx, PYKC_ERR_NOMEM, "out of memory");
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
    return api_set_err(m->cx, PYKC_ERR_CUDA, "%s", err);
  RtDevPtr *p = realloc(m->dbg, (m->ndbg + 1) * sizeof *p);
  if (!p)
    return api_set_err(m->cx, PYKC_ERR_NOMEM, "out of memory");
  m->dbg = p;
  m->dbg[m->ndbg++] = rec;
  if (m->ndbg == 1) {
    m->dbg_next = m->cx->dbg_mods;
    m->cx->dbg_mods = m;
  }
  return PYKC_OK;
}

/* After a synchronisation: the first failure a --debug record holds, as an error. */
pykc_status api_debug_check(pykc_context *cx) {
  char msg[RT_ERRLEN];
  for (pykc_module *m = cx->dbg_mods; m; m = m->dbg_next)
    for (int i = 0; i < m->ndbg; i++) {
      int r = rt_debug_take(m->dbg[i], m->name, m->dbg_kernel ? m->dbg_kernel : "?", msg);
      if (r)
        return api_set_err(cx, PYKC_ERR_CUDA, "%s", msg);
    }
  return PYKC_OK;
}

/* NVRTC (or the cache) then cuModuleLoadData; the module is kept until pykc_module_free.
   RAW: the source is that CUDA C++ as written (with its options and name expressions,
   whose lowered names it gets), else the unit's emission. */
static pykc_status compile_load(pykc_module *m, const char *src, RtRaw *raw, void **mod) {
  pykc_context *cx = m->cx;
  const RtCuda *cu = api_cu_of(cx);
  char err[RT_ERRLEN];
  bool generated = !raw;
  if (!cu)
    return api_no_device(cx, m->name);
  RtCompile o = {.name = m->name, .arch = cx->arch, .cubin = cx->cubin,
                 .line_info = m->line_info, .generated = generated,
                 .user_code = generated && kc_user_code(m->unit)};
  if (raw)
    rt_raw_compile_opts(raw, &o);
  RtBinary bin;
  char *log = NULL;
  int st = rt_compile(src, &o, &bin, &log, err);
  if (!st && raw && (st = rt_raw_set_lowered(raw, bin.lowered, err)))
    rt_binary_free(&bin);
  cx->stats.nvrtc_ms += bin.nvrtc_ms;
  cx->stats.cache_ms += bin.cache_ms;
  if (st) {
    pykc_status ps = api_set_err(cx, (pykc_status)st, "%s%s%s", err, log ? "\n" : "", log ? log : "");
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
    return api_cuda_err(cx, r, "cuModuleLoadData");
  pykc_status added = add_module(m, *mod);
  return added || !generated || !kc_debug(m->unit) ? added : debug_attach(m, *mod);
}

/* KS's static shared memory, as the driver reports it for its function. */
static pykc_status static_smem(pykc_context *cx, KSpec *ks) {
  int bytes = 0;
  int r = api_cu_of(cx)->FuncGetAttribute(&bytes, RT_CU_FUNC_SHARED_BYTES, ks->func);
  ks->static_smem = bytes > 0 ? (size_t)bytes : 0;
  return r ? api_cuda_err(cx, r, "cuFuncGetAttribute") : PYKC_OK;
}

/* The CPU backend's object (its disk cache first) for the C text SRC, else the C++ CXX,
   else the CUDA C++ as written RAW; kept until pykc_module_free. */
static pykc_status cpu_load(pykc_module *m, const char *src, const RtCxx *cxx, const RtRaw *raw,
                            void **mod) {
  char err[RT_ERRLEN];
  RtCpuModule *cm;
  const RtLog *log = m->cx->log.fn ? &m->cx->log : NULL;
  int st = src ? rt_cpu_load(src, log, &cm, err)
           : cxx ? rt_cpu_load_cxx(cxx, log, &cm, err)
                 : rt_raw_cpu_load(raw, log, &cm, err);
  if (st)
    return api_set_err(m->cx, (pykc_status)st, "%s", err);
  pykc_status added = add_module(m, cm);
  if (added)
    rt_cpu_unload(cm);
  *mod = cm;
  return added;
}

/* The CPU backend's object for a unit's C text SRC (KSigs below COVERED): C, or C++
   when a kernel form's CUDA C++ is in it (cxx.c adds the forms' entries; the DSL
   kernels' C entries are in the text). */
static pykc_status cpu_load_unit(pykc_module *m, const char *src, int covered, void **mod) {
  int n = 0;
  for (int i = 0; i < covered; i++)
    n += kc_sig(m->unit, i)->cxx;
  if (!n)
    return cpu_load(m, src, NULL, NULL, mod);
  RtCpuEntry *e = malloc(n * sizeof *e);
  if (!e)
    return api_set_err(m->cx, PYKC_ERR_NOMEM, "out of memory");
  n = 0;
  for (int i = 0; i < covered; i++) {
    const KSig *s = kc_sig(m->unit, i);
    if (s->cxx)
      e[n++] = (RtCpuEntry){.entry = s->cname, .func = s->cxx_entry};
  }
  Buf file = {0};
  buf_printf(&file, "%s (generated C++)", m->name);
  RtCxx cxx = {.text = src, .file = file.data && !file.oom ? file.data : m->name, .line = 1,
               .entries = e, .nentries = n};
  pykc_status st = cpu_load(m, NULL, &cxx, NULL, mod);
  buf_free(&file);
  free(e);
  return st;
}

/* KS's CUfunction (CPU: its entry), compiling the unit's current program for the
   context's target when KS's specialisation is new. */
static pykc_status spec_function(pykc_module *m, KSpec *ks) {
  pykc_context *cx = m->cx;
  const KSig *s = ks->ksig;
  if (s->serial >= m->ncovered) {
    Unit *u = m->unit;
    size_t mark = kc_diag_mark(u);
    int covered;
    char *src = kc_emit(u, cx->cpu, &covered);
    if (!src)
      return api_unit_err(cx, u, PYKC_ERR_SOURCE, kc_diags_since(u, mark));
    void *mod;
    pykc_status st = cx->cpu ? cpu_load_unit(m, src, covered, &mod)
                             : compile_load(m, src, NULL, &mod);
    free(src);
    if (st)
      return st;
    m->cur = mod;
    m->ncovered = covered;
  }
  if (cx->cpu) {
    char err[RT_ERRLEN];
    int st = rt_cpu_entry(m->cur, s->cname, &ks->run, err);
    ks->run.name = s->kernel;
    ks->run.debug = kc_debug(m->unit);
    ks->static_smem = (size_t)s->static_shared;
    return st ? api_set_err(cx, (pykc_status)st, "%s", err) : PYKC_OK;
  }
  int r = api_cu_of(cx)->ModuleGetFunction(&ks->func, m->cur, s->cname);
  return r ? api_cuda_err(cx, r, s->cname) : static_smem(cx, ks);
}

/* The CUfunction (CPU: the entry) of a kernel of CUDA C++ as written, compiling its code
   at the first. The static shared memory of such a kernel on the CPU is unknown (0): only
   the dynamic shared memory is held to the limit there. */
static pykc_status raw_function(pykc_kernel *k, KSpec *ks) {
  pykc_module *m = k->m;
  RawUse *u = k->ru;
  if (!u->mod) {
    char *src = m->cx->cpu ? NULL : rt_raw_gpu_source(u->r);
    if (!m->cx->cpu && !src)
      return api_set_err(m->cx, PYKC_ERR_NOMEM, "out of memory");
    pykc_status st = m->cx->cpu ? cpu_load(m, NULL, NULL, u->r, &u->mod)
                                : compile_load(m, src, u->r, &u->mod);
    free(src);
    if (st)
      return st;
  }
  if (m->cx->cpu) {
    char err[RT_ERRLEN], entry[256];
    rt_raw_entry(u->r, k->ri, entry, sizeof entry);
    int st = rt_cpu_entry(u->mod, entry, &ks->run, err);
    ks->run.name = k->name;
    return st ? api_set_err(m->cx, (pykc_status)st, "%s", err) : PYKC_OK;
  }
  const char *sym = rt_raw_symbol(u->r, k->ri);
  int r = api_cu_of(m->cx)->ModuleGetFunction(&ks->func, u->mod, sym);
  return r ? api_cuda_err(m->cx, r, sym) : static_smem(m->cx, ks);
}

/* Fills KS's signature and CUfunction from its specialisation. */
pykc_status api_spec_kspec(pykc_kernel *k, KSpec *ks) {
  char err[RT_ERRLEN];
  ks->sig.n = ks->ksig->nparams;
  ks->sig.params = sig_params(ks->ksig, err);
  return ks->sig.params ? spec_function(k->m, ks)
                        : api_set_err(k->m->cx, PYKC_ERR_USAGE, "%s", err);
}

/* After ST, the status of filling KS: lays out its arguments and puts it first in K's
   list, or frees it. */
pykc_status api_add_kspec(pykc_kernel *k, KSpec *ks, pykc_status st) {
  char err[RT_ERRLEN];
  if (!st && (st = (pykc_status)rt_sig_layout(&ks->sig, err)))
    api_set_err(k->m->cx, st, "kernel '%s': %s", k->name, err);
  if (st) {
    api_free_kspecs(ks);
    return st;
  }
  ks->next = k->specs;
  k->specs = ks;
  return PYKC_OK;
}

/* Builds the KSpec these arguments select and puts it first. */
pykc_status api_prepare(pykc_kernel *k, const pykc_arg *args, int nargs, uint64_t key,
                           KSpec **out) {
  pykc_context *cx = k->m->cx;
  char err[RT_ERRLEN];
  bool nodev = !cx->have_dev && !cx->cpu;         /* (arguments are checked first) */
  if (nodev && k->cu)
    return api_no_device(cx, k->name);
  KSpec *ks = calloc(1, sizeof *ks);
  if (!ks)
    return api_set_err(cx, PYKC_ERR_NOMEM, "out of memory");
  ks->key = key;
  pykc_status st;
  if (k->cu) {
    ks->sig.n = k->cu->nparams;
    ks->sig.params = malloc((ks->sig.n ? ks->sig.n : 1) * sizeof *ks->sig.params);
    if (ks->sig.params)
      memcpy(ks->sig.params, k->cu->params, ks->sig.n * sizeof *ks->sig.params);
    st = ks->sig.params ? raw_function(k, ks) : api_set_err(cx, PYKC_ERR_NOMEM, "out of memory");
  } else {
    Unit *u = k->m->unit;
    size_t mark = kc_diag_mark(u);
    bool source_error;
    ks->ksig = rt_pick_sig(u, k->kk, args, nargs, &source_error, err);
    if (!ks->ksig) {
      free(ks);
      if (source_error)                         /* the specialisation has type errors */
        return api_unit_err(cx, u, PYKC_ERR_SOURCE, kc_diags_since(u, mark));
      return api_unit_err(cx, u, PYKC_ERR_USAGE, err);
    }
    if (nodev) {
      free(ks);
      return api_no_device(cx, k->name);
    }
    st = api_spec_kspec(k, ks);
  }
  if ((st = api_add_kspec(k, ks, st)))
    return st;
  *out = ks;
  return PYKC_OK;
}


void api_free_kspecs(KSpec *s) {
  while (s) {
    KSpec *next = s->next;
    free(s->sig.params);
    free(s);
    s = next;
  }
}
