/*
 * gpu/backend.c: rt_gpu_backend, the operations of runtime/backend.h over one CUDA
 * device: its retained primary context (driver.c), code compiled by NVRTC (nvrtc.c, the
 * disk cache first) and loaded with cuModuleLoadData, launches with cuLaunchKernel,
 * memory and streams of the driver.
 * A device remembers the kernel launched last: a kernel's asynchronous fault (an illegal
 * address, a trap) surfaces at a later call, and its message names that kernel.
 * --debug: each loaded CUmodule with a pykc_debug record (debug.c) is remembered with its
 * pykc_module (RtModInfo); after a synchronisation the records are read, and a failed
 * bounds check or assert becomes PYKC_ERR_CUDA with its message, naming the kernel
 * launched last from that module. Modules are kept in the order their first record came,
 * newest first, and each module's records oldest first.
 */
#include "../backend.h"
#include "gpu.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct DbgRec {
  void *mod;                                /* the CUmodule */
  RtDevPtr rec;
} DbgRec;

typedef struct DbgMod {                     /* a pykc_module's records */
  const RtModInfo *mi;
  DbgRec *recs;
  int n;
  struct DbgMod *next;
} DbgMod;

struct RtDev {
  RtDevice dev;
  int smem_optin;                           /* shared memory a block can opt in to (0: unknown) */
  int arch;                                 /* compile target: compute capability * 10 */
  bool cubin;                               /* NVRTC can build a cubin for the device */
  char last_kernel[128];                    /* the kernel launched last (asynchronous errors) */
  DbgMod *dbg;                              /* modules with --debug records */
};

static const RtCuda *cu_of(void) {
  char err[RT_ERRLEN];
  return rt_cuda(err);                      /* loaded by gpu_open: never NULL here */
}

/* A CUDA error R of WHAT; a kernel's asynchronous fault names the kernel launched last. */
static int cuda_err(const RtDev *d, int r, const char *what, char *err) {
  char why[RT_ERRLEN];
  rt_cuda_errstr(r, why, sizeof why);
  if (rt_cuda_is_kernel_error(r) && d->last_kernel[0])
    rt_errf(err, "kernel '%s' failed: %s", d->last_kernel, why);
  else
    rt_errf(err, "%s: %s", what, why);
  return RT_EFAIL;
}

/* ---- context ---- */

static int gpu_open(int device, RtDev **out, char *err) {
  RtDev *d = calloc(1, sizeof *d);
  *out = NULL;
  if (!d) {
    rt_errf(err, "out of memory");
    return PYKC_ERR_NOMEM;
  }
  int st = rt_device_open(device, &d->dev, err);
  if (st) {
    free(d);
    return st;
  }
  if (cu_of()->DeviceGetAttribute(&d->smem_optin, RT_CU_DEV_SMEM_OPTIN, d->dev.cudev))
    d->smem_optin = 0;
  char why[RT_ERRLEN];
  if (rt_nvrtc_load(why) == 0) {
    int best = rt_nvrtc_best_arch(d->dev.arch, NULL, NULL);
    d->cubin = best == d->dev.arch;
    d->arch = best ? best : d->dev.arch;
  } else {
    d->arch = d->dev.arch;                  /* compiling will report NVRTC missing */
  }
  *out = d;
  return 0;
}

static void gpu_close(RtDev *d) {
  for (DbgMod *m = d->dbg, *next; m; m = next) {
    next = m->next;
    free(m->recs);
    free(m);
  }
  rt_device_close(&d->dev);
  free(d);
}

static int gpu_arch(const RtDev *d) { return d->dev.arch; }

static int gpu_make_current(RtDev *d, char *err) {
  int r = cu_of()->CtxSetCurrent(d->dev.ctx);
  return r ? cuda_err(d, r, "cuCtxSetCurrent", err) : 0;
}

static size_t gpu_max_shared(const RtDev *d) { return (size_t)d->smem_optin; }

/* ---- --debug records ---- */

/* Remembers MOD's failure record, if it has one, under MI. */
static int debug_attach(RtDev *d, const RtModInfo *mi, void *mod, char *err) {
  RtDevPtr rec;
  int r = rt_debug_attach(mod, &rec, err);
  if (r != 1)
    return r ? RT_EFAIL : 0;
  DbgMod *m = d->dbg;
  while (m && m->mi != mi)
    m = m->next;
  if (!m && (m = calloc(1, sizeof *m))) {
    m->mi = mi;
    m->next = d->dbg;
    d->dbg = m;
  }
  DbgRec *p = m ? realloc(m->recs, (m->n + 1) * sizeof *p) : NULL;
  if (!p) {
    rt_errf(err, "out of memory");
    return PYKC_ERR_NOMEM;
  }
  m->recs = p;
  m->recs[m->n++] = (DbgRec){mod, rec};
  return 0;
}

/* After a synchronisation: the first failure a --debug record holds, as an error. */
static int debug_check(RtDev *d, char *err) {
  for (DbgMod *m = d->dbg; m; m = m->next)
    for (int i = 0; i < m->n; i++) {
      const char *k = m->mi->last_kernel ? m->mi->last_kernel : "?";
      if (rt_debug_take(m->recs[i].rec, m->mi->name, k, err))
        return RT_EFAIL;
    }
  return 0;
}

static void gpu_forget(RtDev *d, const RtModInfo *mi) {
  for (DbgMod **p = &d->dbg; *p; p = &(*p)->next)
    if ((*p)->mi == mi) {
      DbgMod *m = *p;
      *p = m->next;
      free(m->recs);
      free(m);
      return;
    }
}

/* ---- code ---- */

void rt_raw_compile_opts(const RtRaw *r, RtCompile *o) {
  rt_raw_options(r, &o->options, &o->noptions);
  rt_raw_exprs(r, &o->exprs, &o->nexprs);
}

/* The NVRTC options of C: pykc's for its own emission and its kernel forms' options, the
   user's for CUDA C++. FORMS: room for the forms' (MAX_FORM_OPTIONS). */
enum { MAX_FORM_OPTIONS = 64 };
static RtCompile compile_opts(const RtCode *c, const char **forms) {
  RtCompile o = {.name = c->name, .line_info = c->line_info, .generated = c->unit != NULL,
                 .user_code = c->unit && c->user_code, .cccl = c->unit && kc_cccl(c->unit)};
  if (c->raw)
    rt_raw_compile_opts(c->raw, &o);
  else if (c->unit)
    o.options = forms, o.noptions = kc_form_options(c->unit, forms, MAX_FORM_OPTIONS);
  return o;
}

/* NVRTC (or the cache) then cuModuleLoadData. CUDA C++ as written gets the lowered names
   of its name expressions. */
static int gpu_load(RtDev *d, const RtCode *c, void **mod, char **log, char *err) {
  char *text = c->text ? NULL : rt_raw_gpu_source(c->raw);
  if (!c->text && !text) {
    rt_errf(err, "out of memory");
    return PYKC_ERR_NOMEM;
  }
  const char *forms[MAX_FORM_OPTIONS];
  RtCompile o = compile_opts(c, forms);
  o.arch = d->arch, o.cubin = d->cubin;
  RtBinary bin;
  int st = rt_compile(c->text ? c->text : text, &o, &bin, log, err);
  free(text);
  if (!st && c->raw && (st = rt_raw_set_lowered(c->raw, bin.lowered, err)))
    rt_binary_free(&bin);
  c->stats->nvrtc_ms += bin.nvrtc_ms;
  c->stats->cache_ms += bin.cache_ms;
  if (st)
    return st;                              /* NVRTC's warnings stay in *log: the API keeps
                                               them for pykc_module_log */
  c->stats->compiles += !bin.cache_hit;
  c->stats->cache_hits += bin.cache_hit;
  double t0 = rt_now_ms();
  if (c->raw && rt_link_needed(o.options, o.noptions)) {   /* dynamic parallelism */
    st = rt_link_devrt(cu_of(), &bin, mod, err);
    c->stats->load_ms += rt_now_ms() - t0;
    rt_binary_free(&bin);
    if (st)
      return st;
  } else {
    int r = cu_of()->ModuleLoadData(mod, bin.data);
    c->stats->load_ms += rt_now_ms() - t0;
    rt_binary_free(&bin);
    if (r)
      return cuda_err(d, r, "cuModuleLoadData", err);
  }
  if (!c->unit || !c->debug || !(st = debug_attach(d, c->mi, *mod, err)))
    return 0;
  cu_of()->ModuleUnload(*mod);
  return st;
}

static int gpu_global(RtDev *d, void *mod, const char *name, void **ptr, size_t *bytes,
                      char *err) {
  RtDevPtr p = 0;
  int r = cu_of()->ModuleGetGlobal(&p, bytes, mod, name);
  if (r == RT_CU_NOT_FOUND) {
    rt_errf(err, "no __device__ or __constant__ variable '%s' (CUDA_ERROR_NOT_FOUND: named "
            "symbol not found)", name);
    return RT_EUSAGE;
  }
  if (r)
    return cuda_err(d, r, "cuModuleGetGlobal", err);
  *ptr = (void *)(uintptr_t)p;
  return 0;
}

static void gpu_unload(RtDev *d, void *mod) {
  for (DbgMod *m = d->dbg; m; m = m->next)    /* its records go with it */
    for (int i = 0; i < m->n; i++)
      if (m->recs[i].mod == mod)
        m->recs[i--] = m->recs[--m->n];
  cu_of()->ModuleUnload(mod);
}

static const char *gpu_raw_symbol(const RtRaw *raw, int i, char *buf, size_t n) {
  (void)buf, (void)n;
  return rt_raw_symbol(raw, i);
}

/* The CUfunction SYM and its static shared memory, as the driver reports it. */
static int gpu_function(RtDev *d, void *mod, const char *sym, RtFunc *f, char *err) {
  const RtCuda *cu = cu_of();
  int r = cu->ModuleGetFunction(&f->h, mod, sym);
  if (r)
    return cuda_err(d, r, sym, err);
  int bytes = 0;
  r = cu->FuncGetAttribute(&bytes, RT_CU_FUNC_SHARED_BYTES, f->h);
  f->static_smem = bytes > 0 ? (size_t)bytes : 0;
  return r ? cuda_err(d, r, "cuFuncGetAttribute", err) : 0;
}

/* pykc_attr's CUfunction_attribute. */
static const int cu_attr[] = {
    [PYKC_ATTR_NUM_REGS] = 4, [PYKC_ATTR_SHARED_BYTES] = 1, [PYKC_ATTR_LOCAL_BYTES] = 3,
    [PYKC_ATTR_CONST_BYTES] = 2, [PYKC_ATTR_MAX_THREADS_PER_BLOCK] = 0,
    [PYKC_ATTR_PTX_VERSION] = 5, [PYKC_ATTR_BINARY_VERSION] = 6, [PYKC_ATTR_CACHE_MODE_CA] = 7,
    [PYKC_ATTR_MAX_DYNAMIC_SHARED_BYTES] = RT_CU_FUNC_MAX_DYN_SHARED,
    [PYKC_ATTR_PREFERRED_SHARED_CARVEOUT] = 9};

/* The driver's answer, once the kernel is compiled. */
static int gpu_kernel_attr(RtDev *d, const RtAttrQuery *q, int *value, char *err) {
  if (!q->fn)
    return RT_NEED_CODE;
  int r = cu_of()->FuncGetAttribute(value, cu_attr[q->attr], q->fn->h);
  return r ? cuda_err(d, r, "cuFuncGetAttribute", err) : 0;
}

/* cuFuncSetAttribute; the launches of F know the dynamic shared memory it allows now. */
static int gpu_kernel_set_attr(RtDev *d, RtFunc *f, const char *name, pykc_attr attr,
                               int value, char *err) {
  (void)d;
  if (!f)
    return RT_NEED_CODE;
  int r = cu_of()->FuncSetAttribute(f->h, cu_attr[attr], value);
  if (r) {
    char why[RT_ERRLEN];
    rt_cuda_errstr(r, why, sizeof why);
    rt_errf(err, "kernel '%s': %s = %d: cuFuncSetAttribute: %s", name, rt_attr_name(attr),
            value, why);
    return RT_EFAIL;
  }
  if (attr == PYKC_ATTR_MAX_DYNAMIC_SHARED_BYTES)
    f->dyn_shared = (unsigned)value;
  return 0;
}

static int gpu_occupancy(RtDev *d, const RtFunc *f, const char *name, unsigned threads,
                         size_t smem, int *blocks, int *sm_threads, char *err) {
  (void)name;
  if (!f)
    return RT_NEED_CODE;
  const RtCuda *cu = cu_of();
  int r = cu->OccupancyMaxActiveBlocksPerMultiprocessor(blocks, f->h, (int)threads, smem);
  if (r)
    return cuda_err(d, r, "cuOccupancyMaxActiveBlocksPerMultiprocessor", err);
  r = cu->DeviceGetAttribute(sm_threads, RT_CU_DEV_THREADS_PER_SM, d->dev.cudev);
  return r ? cuda_err(d, r, "cuDeviceGetAttribute", err) : 0;
}

static int gpu_fill_grid(RtDev *d, const RtFunc *f, unsigned block, unsigned *grid,
                         char *err) {
  const RtCuda *cu = cu_of();
  int per_sm = 0, sms = 0;
  int r = cu->OccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, f->h, (int)block, 0);
  if (r)
    return cuda_err(d, r, "cuOccupancyMaxActiveBlocksPerMultiprocessor", err);
  if ((r = cu->DeviceGetAttribute(&sms, RT_CU_DEV_SM_COUNT, d->dev.cudev)))
    return cuda_err(d, r, "cuDeviceGetAttribute", err);
  *grid = (unsigned)(per_sm > 0 ? per_sm : 1) * (unsigned)(sms > 0 ? sms : 1);
  return 0;
}

static int gpu_copy_bandwidth(RtDev *d, double *bps, char *err) {
  return rt_gpu_copy_bandwidth(&d->dev, bps, err);
}

/* ---- running ---- */

/* A kernel that syncs its grid (jit.cg) is launched cooperatively: every block must be
   resident at once, so a larger grid is refused here, naming the limit, rather than
   hanging or failing inside CUDA (cuLaunchCooperativeKernel's own check says only
   CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE). */
static int coop_check(RtDev *d, RtFunc *f, const char *name, const pykc_launch_cfg *cfg,
                      char *err) {
  const RtCuda *cu = cu_of();
  const pykc_dim3 *g = &cfg->grid, *b = &cfg->block;
  int ok = 0, sms = 0, per_sm = 0, r;
  if ((r = cu->DeviceGetAttribute(&ok, RT_CU_DEV_COOPERATIVE_LAUNCH, d->dev.cudev)) ||
      (r = cu->DeviceGetAttribute(&sms, RT_CU_DEV_SM_COUNT, d->dev.cudev)))
    return cuda_err(d, r, "cuDeviceGetAttribute", err);
  if (!ok) {
    rt_errf(err, "kernel '%s' syncs its grid (jit.cg.this_grid().sync()), which needs a "
            "cooperative launch; device %d (%s) cannot launch cooperatively", name,
            d->dev.ordinal, d->dev.name);
    return RT_EFAIL;
  }
  unsigned long long threads = (unsigned long long)(b->x ? b->x : 1) * (b->y ? b->y : 1) *
                               (b->z ? b->z : 1);
  r = cu->OccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, f->h, (int)threads,
                                                    cfg->shared_mem);
  if (r)
    return cuda_err(d, r, "cuOccupancyMaxActiveBlocksPerMultiprocessor", err);
  unsigned long long blocks = (unsigned long long)(g->x ? g->x : 1) * (g->y ? g->y : 1) *
                              (g->z ? g->z : 1);
  if (blocks > (unsigned long long)per_sm * (unsigned long long)sms) {
    rt_errf(err, "kernel '%s' syncs its grid, so all its blocks must be resident at once: "
            "grid %ux%ux%u is %llu blocks, more than the %d per multiprocessor x %d "
            "multiprocessors = %lld that fit (block %ux%ux%u, %u bytes of dynamic shared "
            "memory)", name, g->x ? g->x : 1, g->y ? g->y : 1, g->z ? g->z : 1, blocks,
            per_sm, sms, (long long)per_sm * sms, b->x ? b->x : 1, b->y ? b->y : 1,
            b->z ? b->z : 1, cfg->shared_mem);
    return RT_EUSAGE;
  }
  return 0;
}

static int gpu_launch(RtDev *d, RtFunc *f, const char *name, const pykc_launch_cfg *cfg,
                      void **args, const RtStop *stop, char *err) {
  (void)stop;
  const RtCuda *cu = cu_of();
  char why[RT_ERRLEN];
  if (cfg->shared_mem + f->static_smem > 48 * 1024 && cfg->shared_mem > f->dyn_shared) {
    int r = cu->FuncSetAttribute(f->h, RT_CU_FUNC_MAX_DYN_SHARED, (int)cfg->shared_mem);
    if (r) {
      rt_cuda_errstr(r, why, sizeof why);
      rt_errf(err, "kernel '%s': %u bytes of dynamic shared memory: %s", name, cfg->shared_mem,
              why);
      return RT_EFAIL;
    }
    f->dyn_shared = cfg->shared_mem;
  }
  const pykc_dim3 *g = &cfg->grid, *b = &cfg->block;
  int r;
  if (f->coop) {
    int bad = coop_check(d, f, name, cfg, err);
    if (bad)
      return bad;
    r = cu->LaunchCooperativeKernel(f->h, g->x ? g->x : 1, g->y ? g->y : 1, g->z ? g->z : 1,
                                    b->x ? b->x : 1, b->y ? b->y : 1, b->z ? b->z : 1,
                                    cfg->shared_mem, cfg->stream, args);
  } else
    r = cu->LaunchKernel(f->h, g->x ? g->x : 1, g->y ? g->y : 1, g->z ? g->z : 1,
                         b->x ? b->x : 1, b->y ? b->y : 1, b->z ? b->z : 1, cfg->shared_mem,
                         cfg->stream, args, NULL);
  if (r) {
    rt_cuda_errstr(r, why, sizeof why);
    if (rt_cuda_is_kernel_error(r) && d->last_kernel[0])  /* an earlier kernel's fault */
      rt_errf(err, "kernel '%s' failed: %s (reported when launching '%s')", d->last_kernel, why,
              name);
    else
      rt_errf(err, "kernel '%s': launch failed (grid %ux%ux%u, block %ux%ux%u): %s", name, g->x,
              g->y, g->z, b->x, b->y, b->z, why);
    return RT_EFAIL;
  }
  if (name != d->last_kernel && strncmp(d->last_kernel, name, sizeof d->last_kernel))
    snprintf(d->last_kernel, sizeof d->last_kernel, "%s", name);
  return 0;
}

static int gpu_synchronize(RtDev *d, char *err) {
  int r = cu_of()->CtxSynchronize();
  return r ? cuda_err(d, r, "cuCtxSynchronize", err) : debug_check(d, err);
}

static int gpu_stream_create(RtDev *d, void **stream, char *err) {
  int r = cu_of()->StreamCreate(stream, 1 /* CU_STREAM_NON_BLOCKING */);
  return r ? cuda_err(d, r, "cuStreamCreate", err) : 0;
}

static int gpu_stream_synchronize(RtDev *d, void *stream, char *err) {
  int r = cu_of()->StreamSynchronize(stream);
  return r ? cuda_err(d, r, "cuStreamSynchronize", err) : debug_check(d, err);
}

static int gpu_stream_destroy(RtDev *d, void *stream, char *err) {
  int r = cu_of()->StreamDestroy(stream);
  return r ? cuda_err(d, r, "cuStreamDestroy", err) : 0;
}

/* ---- memory ---- */

static int gpu_malloc(RtDev *d, size_t bytes, void **p, char *err) {
  RtDevPtr dp = 0;
  int r = cu_of()->MemAlloc(&dp, bytes ? bytes : 1);
  *p = (void *)(uintptr_t)dp;
  return r ? cuda_err(d, r, "cuMemAlloc", err) : 0;
}

static int gpu_free(RtDev *d, void *p, char *err) {
  int r = cu_of()->MemFree((RtDevPtr)(uintptr_t)p);
  return r ? cuda_err(d, r, "cuMemFree", err) : 0;
}

static int gpu_memcpy(RtDev *d, void *dst, const void *src, size_t bytes, bool htod, char *err) {
  const RtCuda *cu = cu_of();
  int r = htod ? cu->MemcpyHtoD((RtDevPtr)(uintptr_t)dst, src, bytes)
               : cu->MemcpyDtoH(dst, (RtDevPtr)(uintptr_t)src, bytes);
  return r ? cuda_err(d, r, htod ? "cuMemcpyHtoD" : "cuMemcpyDtoH", err) : 0;
}

static int gpu_memset(RtDev *d, void *p, int byte, size_t bytes, char *err) {
  int r = cu_of()->MemsetD8((RtDevPtr)(uintptr_t)p, (unsigned char)byte, bytes);
  return r ? cuda_err(d, r, "cuMemsetD8", err) : 0;
}

/* ---- binaries ---- */

static int gpu_binary_target(const char *arch, int dev_arch, RtArch *t, char *err) {
  if (rt_nvrtc_load(err))
    return RT_EFAIL;
  *t = (RtArch){.cubin = true};
  if (!arch) {
    int dev = dev_arch ? dev_arch : rt_device_arch0();
    t->arch = rt_nvrtc_best_arch(dev ? dev : 90, NULL, NULL);
    return 0;
  }
  if (rt_parse_arch(arch, &t->arch, &t->suffix, &t->cubin)) {
    rt_errf(err, "bad arch '%s' (expected sm_NN or compute_NN, e.g. sm_90)", arch);
    return RT_EUSAGE;
  }
  if (rt_nvrtc_best_arch(t->arch, NULL, NULL) != t->arch) {
    int lo = 0, hi = 0, ma = 0, mi = 0;
    rt_nvrtc_best_arch(t->arch, &lo, &hi);
    rt_nvrtc_version(&ma, &mi);
    rt_errf(err, "NVRTC %d.%d does not support '%s' (sm_%d .. sm_%d)", ma, mi, arch, lo, hi);
    return RT_EUSAGE;
  }
  return 0;
}

static int gpu_binary(const RtCode *c, const RtArch *t, void **data, size_t *len, char **log,
                      char *err) {
  const char *forms[MAX_FORM_OPTIONS];
  RtCompile o = compile_opts(c, forms);
  o.arch = t->arch, o.arch_suffix = t->suffix, o.cubin = t->cubin;
  RtBinary bin = {0};
  int st = rt_compile(c->text, &o, &bin, log, err);
  if (st)
    return st;
  *len = bin.is_cubin ? bin.len : strlen(bin.data);
  *data = bin.data;
  bin.data = NULL;
  rt_binary_free(&bin);
  return 0;
}

const RtBackend rt_gpu_backend = {
    .name = "CUDA",
    .emits_c = false,
    .form_block = 256,
    .form_grid_cap = 1 << 16,
    .shared_limit_is = "the device allows",
    .open = gpu_open,
    .close = gpu_close,
    .arch = gpu_arch,
    .make_current = gpu_make_current,
    .max_shared = gpu_max_shared,
    .load = gpu_load,
    .unload = gpu_unload,
    .forget = gpu_forget,
    .raw_symbol = gpu_raw_symbol,
    .function = gpu_function,
    .global = gpu_global,
    .kernel_attr = gpu_kernel_attr,
    .kernel_set_attr = gpu_kernel_set_attr,
    .occupancy = gpu_occupancy,
    .fill_grid = gpu_fill_grid,
    .copy_bandwidth = gpu_copy_bandwidth,
    .launch = gpu_launch,
    .synchronize = gpu_synchronize,
    .stream_create = gpu_stream_create,
    .stream_synchronize = gpu_stream_synchronize,
    .stream_destroy = gpu_stream_destroy,
    .malloc = gpu_malloc,
    .free = gpu_free,
    .memcpy = gpu_memcpy,
    .memset = gpu_memset,
    .binary_target = gpu_binary_target,
    .binary = gpu_binary,
};
