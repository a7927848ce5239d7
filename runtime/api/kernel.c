/*
 * kernel.c: kernels of a module, looked up once by name; their parameters, attributes,
 * launches, and context synchronisation. A launch hashes its argument types, finds the
 * KSpec (normally the first one, spec.c makes the others), marshals into a stack buffer
 * (launch.c) and launches.
 */
#include "api.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- kernels ---- */

static void list_kernels(pykc_module *m, Buf *b) {
  int n = 0;
  if (m->unit && *kc_kernel_list(m->unit))
    buf_printf(b, "%s", kc_kernel_list(m->unit)), n++;
  for (int i = 0; !m->unit && i < rt_raw_nkernels(m->raws->r); i++)
    buf_printf(b, "%s%s", n++ ? ", " : "", rt_raw_kernel(m->raws->r, i)->name);
  if (!n)
    buf_puts(b, m->unit ? "none" : "none declared extern \"C\" __global__");
}

pykc_status pykc_get_kernel(pykc_module *m, const char *name, pykc_kernel **out) {
  if (!m || !name || !out)
    return api_null_arg(m ? m->cx : NULL, "pykc_get_kernel", !name ? "name" : "out");
  *out = NULL;
  api_clear_err(m->cx);
  for (pykc_kernel *k = m->kernels; k; k = k->next)
    if (strcmp(k->name, name) == 0)
      return *out = k, PYKC_OK;
  const KKernel *kk = NULL;
  RtCuKernel *cuk = NULL;
  RawUse *ru = NULL;
  int ri = -1;
  if (m->unit) {
    kk = kc_kernel(m->unit, name);
    const KRaw *kr = kk ? kc_raw(m->unit, kk) : NULL;
    if (kr) {                                     /* a RawKernel's or RawModule's */
      RtRawSpec spec = {.code = kr->code, .file = kc_name(m->unit), .line = kr->line,
                        .options = kr->options, .noptions = kr->noptions,
                        .exprs = kr->exprs, .nexprs = kr->nexprs};
      pykc_status st = api_raw_use(m, &spec, kr->id, &ru);
      if (st)
        return st;
      if ((ri = rt_raw_find(ru->r, kr->cname)) < 0)
        return api_set_err(m->cx, PYKC_ERR_SOURCE, "%s: kernel '%s': the code of its %s has no "
                       "extern \"C\" __global__ function '%s'", m->name, name, kr->what,
                       kr->cname);
      cuk = rt_raw_kernel(ru->r, ri);
    }
  } else if ((ri = rt_raw_find(m->raws->r, name)) >= 0) {
    ru = m->raws;
    cuk = rt_raw_kernel(ru->r, ri);
  }
  if (!kk && m->unit && kc_status(m->unit) == 3)
    return api_unit_err(m->cx, m->unit, PYKC_ERR_NOMEM, "");
  if (!kk && !cuk) {
    Buf b = {0};
    list_kernels(m, &b);
    pykc_status st = api_set_err(m->cx, PYKC_ERR_USAGE, "no kernel '%s' in %s (kernels: %s)", name,
                             m->name, b.data);
    buf_free(&b);
    return st;
  }
  pykc_kernel *k = calloc(1, sizeof *k);
  if (!k)
    return api_set_err(m->cx, PYKC_ERR_NOMEM, "out of memory");
  k->m = m;
  k->kk = kk;
  k->cu = cuk;
  k->ru = ru;
  k->ri = ri;
  k->name = kk ? kk->name : cuk->name;
  k->next = m->kernels;
  m->kernels = k;
  *out = k;
  return PYKC_OK;
}

int pykc_kernel_nparams(const pykc_kernel *k) {
  if (!k)
    return -1;
  return k->cu ? k->cu->nparams : k->kk->nparams;
}

const char *pykc_kernel_param_name(const pykc_kernel *k, int i) {
  if (!k || i < 0 || i >= pykc_kernel_nparams(k))
    return NULL;
  return k->cu ? k->cu->params[i].name : k->kk->pnames[i];
}

const KKernel *rt_kernel_kk(const pykc_kernel *k) { return k->kk; }
Unit *rt_kernel_unit(const pykc_kernel *k) { return k->m->unit; }

/* The kernel's name in messages: a form's name= (CuPy's kernel name; the variable holding
   it may be any, and is 'kernel_form' in the Python package), else its own. */
const char *rt_kernel_name(const pykc_kernel *k) {
  return k->kk && k->kk->form && k->kk->form->name ? k->kk->form->name : k->name;
}
const RtBackend *rt_kernel_backend(const pykc_kernel *k) { return k->m->cx->be; }
void rt_kernel_clear_err(pykc_kernel *k) { api_clear_err(k->m->cx); }

static pykc_status kernel_err(pykc_kernel *k, pykc_status st, pykc_usage usage,
                              const char *fmt, va_list ap) {
  Buf b = {0};
  buf_vprintf(&b, fmt, ap);
  st = api_set_err(k->m->cx, st, "%s", b.data && !b.oom ? b.data : "out of memory");
  k->m->cx->usage = usage;
  buf_free(&b);
  return st;
}

pykc_status rt_kernel_err(pykc_kernel *k, pykc_status st, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  st = kernel_err(k, st, PYKC_USAGE_TYPE, fmt, ap);
  va_end(ap);
  return st;
}

pykc_status rt_kernel_err_as(pykc_kernel *k, pykc_usage usage, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  pykc_status st = kernel_err(k, PYKC_ERR_USAGE, usage, fmt, ap);
  va_end(ap);
  return st;
}

int rt_kernel_param_dtype(const pykc_kernel *k, int i) {
  if (!k || !k->cu || i < 0 || i >= k->cu->nparams || k->cu->params[i].is_array)
    return -1;
  return k->cu->params[i].dtype;
}

bool rt_kernel_param_opaque(const pykc_kernel *k, int i) {
  return k && k->cu && i >= 0 && i < k->cu->nparams && !k->cu->params[i].is_array &&
         k->cu->params[i].dtype < 0;
}

/* The KSpec these arguments select (made if new), K's last from now on. */
pykc_status api_find_kspec(pykc_kernel *k, const pykc_arg *args, int nargs, KSpec **out) {
  if (k->cu && k->last)
    return *out = k->last, PYKC_OK;
  uint64_t key = k->cu ? 0 : rt_args_typehash(args, nargs);
  for (KSpec *s = k->specs; s; s = s->next)
    if (s->key == key)
      return k->last = *out = s, PYKC_OK;
  pykc_status st = api_prepare(k, args, nargs, key, out);
  if (!st)
    k->last = *out;
  return st;
}

/* The argument list of a prepare or launch call: nargs in range and the kernel's count
   (checked before anything needs the device), args not NULL. */
static pykc_status bad_args(pykc_kernel *k, const char *fn, const pykc_arg *args, int nargs) {
  if (nargs < 0)
    return api_set_err(k->m->cx, PYKC_ERR_USAGE, "%s: kernel '%s': nargs is %d", fn,
                       rt_kernel_name(k), nargs);
  if (nargs > RT_MAXPARAMS)
    return api_set_err(k->m->cx, PYKC_ERR_USAGE, "kernel '%s': %d arguments, more than the %d "
                       "that pykc passes to a kernel", rt_kernel_name(k), nargs, RT_MAXPARAMS);
  if (nargs > 0 && !args)
    return api_null_arg(k->m->cx, fn, "args");
  int np = pykc_kernel_nparams(k);
  if (k->kk && !k->cu ? kc_kernel_nargs_ok(k->kk, nargs) : nargs == np)
    return PYKC_OK;
  Buf b = {0};
  for (int i = 0; i < np; i++)
    buf_printf(&b, "%s%s", i ? ", " : "", pykc_kernel_param_name(k, i));
  if (k->kk && !k->cu && kc_kernel_nargs_ok(k->kk, np + 1))   /* size='s loop length */
    buf_printf(&b, "%s[_loop_size]", np ? ", " : "");
  pykc_status st = api_set_err(k->m->cx, PYKC_ERR_USAGE, "kernel '%s' takes %d argument%s (%s), got %d",
                           rt_kernel_name(k), np, np == 1 ? "" : "s",
                           b.data && !b.oom ? b.data : "", nargs);
  buf_free(&b);
  return st;
}

pykc_status pykc_prepare(pykc_kernel *k, const pykc_arg *args, int nargs) {
  if (!k)
    return PYKC_ERR_USAGE;
  api_clear_err(k->m->cx);
  KSpec *ks;
  if (k->cu && !args && !nargs)                    /* CUDA C++: its code, whatever the types */
    return api_prepare(k, NULL, 0, 0, &ks);
  pykc_status bad = bad_args(k, "pykc_prepare", args, nargs);
  if (bad)
    return bad;
  return api_find_kspec(k, args, nargs, &ks);
}

/* The specialisation attributes describe: K's last one; else, prepared here, the first
   declared one (a kernel with types) or the code's (CUDA C++). */
static pykc_status attr_kspec(pykc_kernel *k, KSpec **out) {
  pykc_context *cx = k->m->cx;
  if (!k->last && k->kk && !k->kk->generic) {    /* declared types: prepare the first */
    if (!cx->dev)
      return api_no_device(cx, rt_kernel_name(k));
    KSpec *ks = calloc(1, sizeof *ks);
    if (!ks)
      return api_set_err(cx, PYKC_ERR_NOMEM, "out of memory");
    ks->ksig = kc_declared(k->m->unit, k->kk, 0);
    ks->key = ~0ull;
    pykc_status ps = api_add_kspec(k, ks, api_spec_kspec(k, ks));
    if (ps)
      return ps;
    k->last = ks;
  }
  if (!k->last && k->cu) {
    KSpec *ks;
    pykc_status ps = api_prepare(k, NULL, 0, 0, &ks);
    if (ps)
      return ps;
    k->last = ks;
  }
  if (!k->last)
    return api_set_err(cx, PYKC_ERR_USAGE,
                   "kernel '%s' is generic: prepare or launch it (or give a signature) first",
                   rt_kernel_name(k));
  return *out = k->last, PYKC_OK;
}

/* The backend answers what it knows without compiling (the CPU backend: everything it
   can answer); else the kernel's last specialisation is asked, the first declared one
   prepared if there is none. */
pykc_status pykc_kernel_attr(pykc_kernel *k, pykc_attr attr, int *value) {
  if (!k || !value)
    return api_null_arg(k ? k->m->cx : NULL, "pykc_kernel_attr", "value");
  pykc_context *cx = k->m->cx;
  api_clear_err(cx);
  if (!rt_attr_name(attr))
    return api_set_err(cx, PYKC_ERR_USAGE, "unknown kernel attribute %d", (int)attr);
  RtAttrQuery q = {.attr = attr, .name = k->name, .cxx = k->cu != NULL};
  if (attr == PYKC_ATTR_SHARED_BYTES && cx->dev && !k->cu)   /* the compiler's count */
    q.sig = k->last ? k->last->ksig
            : !k->kk->generic ? kc_declared(k->m->unit, k->kk, 0) : NULL;
  char err[RT_ERRLEN];
  int st = cx->dev ? cx->be->kernel_attr(cx->dev, &q, value, err) : RT_NEED_CODE;
  if (st != RT_NEED_CODE)
    return api_be_err(cx, st, err);
  KSpec *ks;
  pykc_status ps = attr_kspec(k, &ks);
  if (ps)
    return ps;
  q.fn = &ks->fn;
  return api_be_err(cx, cx->be->kernel_attr(cx->dev, &q, value, err), err);
}

const char *pykc_attr_name(pykc_attr attr) { return rt_attr_name(attr); }

pykc_status pykc_kernel_set_attr(pykc_kernel *k, pykc_attr attr, int value) {
  if (!k)
    return api_null_arg(NULL, "pykc_kernel_set_attr", "k");
  pykc_context *cx = k->m->cx;
  api_clear_err(cx);
  const char *name = rt_attr_name(attr);
  bool dyn = attr == PYKC_ATTR_MAX_DYNAMIC_SHARED_BYTES;
  if (!dyn && attr != PYKC_ATTR_PREFERRED_SHARED_CARVEOUT)
    return api_set_err(cx, PYKC_ERR_USAGE, "kernel '%s': %s%s cannot be set (CUDA lets "
                       "max_dynamic_shared_size_bytes and preferred_shared_memory_carveout be)",
                       rt_kernel_name(k), name ? name : "attribute ", name ? "" : "(unknown)");
  if (dyn ? value < 0 : value < -1 || value > 100)
    return rt_kernel_err_as(k, PYKC_USAGE_VALUE, "kernel '%s': %s must be %s, not %d",
                            rt_kernel_name(k),
                            name, dyn ? ">= 0" : "-1 (the driver's choice) or a percentage "
                            "0 .. 100", value);
  if (!cx->dev)
    return api_no_device(cx, rt_kernel_name(k));
  char err[RT_ERRLEN];
  int st = cx->be->kernel_set_attr(cx->dev, NULL, k->name, attr, value, err);
  if (st != RT_NEED_CODE)
    return api_be_err(cx, st, err);
  KSpec *ks;
  pykc_status ps = attr_kspec(k, &ks);
  return ps ? ps : api_be_err(cx, cx->be->kernel_set_attr(cx->dev, &ks->fn, k->name, attr,
                                                          value, err), err);
}

pykc_status pykc_kernel_occupancy(pykc_kernel *k, unsigned block_threads, size_t dyn_smem,
                                  int *blocks_per_sm, int *threads_per_sm) {
  if (!k)
    return api_null_arg(NULL, "pykc_kernel_occupancy", "k");
  pykc_context *cx = k->m->cx;
  api_clear_err(cx);
  if (block_threads == 0 || block_threads > 1024)
    return api_set_err(cx, PYKC_ERR_USAGE, "kernel '%s': a block of %u threads (1 .. 1024)",
                       rt_kernel_name(k), block_threads);
  if (!cx->dev)
    return api_no_device(cx, rt_kernel_name(k));
  int blocks = 0, sm = 0;
  char err[RT_ERRLEN];
  int st = cx->be->occupancy(cx->dev, NULL, k->name, block_threads, dyn_smem, &blocks, &sm, err);
  if (st == RT_NEED_CODE) {
    KSpec *ks;
    pykc_status ps = attr_kspec(k, &ks);
    if (ps)
      return ps;
    st = cx->be->occupancy(cx->dev, &ks->fn, k->name, block_threads, dyn_smem, &blocks, &sm,
                           err);
  }
  if (!st && blocks_per_sm)
    *blocks_per_sm = blocks;
  if (!st && threads_per_sm)
    *threads_per_sm = sm;
  return api_be_err(cx, st, err);
}

/* ---- launch ---- */

/* The launch shape (0 extents count as 1) against CUDA's limits; with KS, also the
   dynamic shared memory against what a block of its function can have: the backend's
   limit (the device's opt-in limit; the CPU backend: RT_MAX_SHARED, the GPUs') less its
   static shared memory. */
static pykc_status check_launch(pykc_kernel *k, KSpec *ks, const pykc_launch_cfg *cfg) {
  pykc_context *cx = k->m->cx;
  char err[RT_ERRLEN];
  const pykc_dim3 *g = &cfg->grid, *b = &cfg->block;
  unsigned grid[3] = {g->x ? g->x : 1, g->y ? g->y : 1, g->z ? g->z : 1};
  unsigned block[3] = {b->x ? b->x : 1, b->y ? b->y : 1, b->z ? b->z : 1};
  if (rt_launch_check(grid, block, 0, 0, err))           /* values out of range */
    return rt_kernel_err_as(k, PYKC_USAGE_VALUE, "kernel '%s': %s", rt_kernel_name(k), err);
  size_t stat = ks ? ks->fn.static_smem : 0, limit = ks ? cx->be->max_shared(cx->dev) : 0;
  if (!ks || !limit || cfg->shared_mem + stat <= 48 * 1024)
    return PYKC_OK;
  size_t room = limit > stat ? limit - stat : 0;
  if (rt_launch_check(grid, block, cfg->shared_mem, room ? room : 1, err) == 0)
    return PYKC_OK;
  if (!stat)
    return rt_kernel_err_as(k, PYKC_USAGE_VALUE, "kernel '%s': %s", rt_kernel_name(k), err);
  return rt_kernel_err_as(k, PYKC_USAGE_VALUE, "kernel '%s': %s (the %zu bytes %s less its "
                          "%zu bytes of static shared memory)", rt_kernel_name(k), err, limit,
                          cx->be->shared_limit_is, stat);
}

/* Marshals ARGS and has the backend launch KS (checked already), or its map twin when
   the launch may go there (map.c: the twin's grid, and its thread count argument). */
static pykc_status launch_now(pykc_kernel *k, KSpec *ks, const pykc_launch_cfg *cfg,
                              const pykc_arg *args, int nargs) {
  pykc_context *cx = k->m->cx;
  _Alignas(16) unsigned char buf[RT_MAXPARAMS * (16 + 16 * RT_MAXDIM)];
  void *ptrs[RT_MAXPARAMS + 1];
  char err[RT_ERRLEN];
  int st = rt_marshal(&ks->sig, args, nargs, buf, ptrs, err);
  if (st)
    return api_set_err(cx, (pykc_status)st, "%s", err);
  pykc_launch_cfg mcfg;
  int64_t nthreads;
  RtFunc *fn = &ks->fn;
  if (ks->has_map && api_map_plan(k, ks, cfg, args, nargs, &mcfg, &nthreads)) {
    fn = &ks->mapfn;
    cfg = &mcfg;
    if (ks->map.nthreads)
      ptrs[ks->sig.n] = &nthreads;
  }
  st = cx->be->launch(cx->dev, fn, rt_kernel_name(k), cfg, ptrs, &cx->stop, err);
  api_note_interrupt(cx, st);
  if (st && fn == &ks->mapfn && strstr(err, ", block ("))   /* the twin's block and thread */
    return api_set_err(cx, (pykc_status)st, "%s (the launch ran as the kernel's map twin, "
                       "whose block and thread these are: PYKC_MAP=0 runs it as written)", err);
  if (st)
    return api_set_err(cx, (pykc_status)st, "%s", err);
  k->m->info.last_kernel = rt_kernel_name(k);
  return PYKC_OK;
}

pykc_status pykc_launch(pykc_kernel *k, const pykc_launch_cfg *cfg, const pykc_arg *args,
                        int nargs) {
  if (!k || !cfg)
    return api_null_arg(k ? k->m->cx : NULL, "pykc_launch", "cfg");
  api_clear_err(k->m->cx);
  pykc_status bad = bad_args(k, "pykc_launch", args, nargs);
  if (!bad)
    bad = check_launch(k, NULL, cfg);
  if (bad)
    return bad;
  KSpec *ks = k->last;
  if (!ks || (!k->cu && ks->key != rt_args_typehash(args, nargs))) {
    pykc_status st = api_find_kspec(k, args, nargs, &ks);
    if (st)
      return st;
  }
  pykc_status st = check_launch(k, ks, cfg);
  if (st)
    return st;
  pykc_context *cx = k->m->cx;
  if (!cx->be->hold_args || nargs <= 0)
    return launch_now(k, ks, cfg, args, nargs);
  pykc_arg held_args[RT_MAXPARAMS];                /* the arrays as the backend holds them */
  void *held;
  char err[RT_ERRLEN];
  memcpy(held_args, args, sizeof *args * (size_t)nargs);
  int hs = cx->be->hold_args(cx->dev, held_args, nargs, &held, err);
  if (hs)
    return api_set_err(cx, (pykc_status)hs, "kernel '%s': %s", rt_kernel_name(k), err);
  st = launch_now(k, ks, cfg, held ? held_args : args, nargs);
  if (held) {
    const char *names[RT_MAXPARAMS];
    for (int i = 0; i < nargs; i++)
      names[i] = i < pykc_kernel_nparams(k) ? pykc_kernel_param_name(k, i) : "_loop_size";
    int rs = cx->be->release_args(cx->dev, held, st ? NULL : rt_kernel_name(k), names, err);
    if (rs && !st)
      st = rs == RT_EUSAGE ? rt_kernel_err_as(k, PYKC_USAGE_VALUE, "%s", err)
                           : api_set_err(cx, (pykc_status)rs, "%s", err);
  }
  return st;
}

pykc_status pykc_synchronize(pykc_context *cx) {
  if (!cx)
    return PYKC_ERR_USAGE;
  api_clear_err(cx);
  if (!cx->dev)
    return api_no_device(cx, "pykc_synchronize");
  char err[RT_ERRLEN];
  return api_be_err(cx, cx->be->synchronize(cx->dev, err), err);
}
