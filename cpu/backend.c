/*
 * cpu/backend.c: rt_cpu_backend, the operations of runtime/backend.h on the host. Code is
 * a unit's C emission (or C++ when a kernel form's CUDA C++ is in it) or CUDA C++ as
 * written, built by cpu.c into a shared object (its disk cache first), one per set of
 * specialisations, kept loaded until the module is freed; a function is the object's
 * entry trampoline, and a launch runs the grid now, on the calling thread (fiber.c), on
 * the marshalled arguments, which are already the entry's ABI: a kernel's failure (a
 * trap, an assertion, a --debug bounds check, a stuck barrier, a crash) is the launch's
 * status. Memory is host memory, 256-byte aligned like cuMemAlloc's and tracked in a
 * pointer set so that a stray free is an error, not a crash; streams are tokens (grids
 * run within the launch, there is nothing to order).
 */
#include "../runtime/backend.h"
#include "cpu.h"
#include "cxx/cxxscan.h"
#include "cpu_spawn.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct RtDev {
  PtrSet allocs, streams;                   /* pykc_malloc'd blocks, streams */
};

/* ---- context ---- */

static int cpu_open(int device, RtDev **out, char *err) {
  (void)device;                             /* no driver, no NVRTC: host memory */
  if (!(*out = calloc(1, sizeof **out))) {
    rt_errf(err, "out of memory");
    return PYKC_ERR_NOMEM;
  }
  return 0;
}

static void cpu_close(RtDev *d) {
  rt_ptrset_free_all(&d->allocs);
  rt_ptrset_free_all(&d->streams);
  free(d);
}

static int cpu_arch(const RtDev *d) {
  (void)d;
  return 0;
}

static int cpu_make_current(RtDev *d, char *err) {
  (void)d, (void)err;
  return 0;
}

static size_t cpu_max_shared(const RtDev *d) {
  (void)d;
  return RT_MAX_SHARED;
}

/* ---- code ---- */

/* The macro options of OPT[N] (cxx_macro_option) as #define/#undef lines in DEFS, in
   order: NVRTC's macros are the user code's, and on the host compiler's command line they
   would reach pykc's own preamble too (a program's -DN=3 broke it). */
static void macro_lines(const char *const *opt, int n, Buf *defs) {
  for (int i = 0; i < n; i++) {
    bool def;
    const char *text, *value;
    int k = cxx_macro_option(opt, n, i, &def, &text);
    if (!k)
      continue;
    i += k - 1;
    size_t name, head = cxx_macro_split(text, &value, &name);
    if (!defs->len)                                /* their errors: g++'s -D spelling, not */
      buf_puts(defs, "#line 1 \"<command-line>\"\n");  /* a line of a deleted temp file */
    if (def)
      buf_printf(defs, "#define %.*s %s\n", (int)head, text, value);
    else
      buf_printf(defs, "#undef %.*s\n", (int)name, text);
  }
}

/* CUDA C++ as written: the code with its trampolines (NAME__entry for an extern "C"
   kernel, pykc_nxI__entry for the I-th name expression); of the options, the macros are
   lines before the code (macro_lines), those that mean something to a host compiler
   pass (-I, -include, -std: cxx_host_flags), the
   rest (architecture, fast math, registers, debug info) are the GPU's code generation,
   and a word that is no NVRTC option is NVRTC's error. */
static int raw_load(RtRaw *r, const RtLog *log, RtCpuModule **out, char *err) {
  *out = NULL;
  int nk = rt_raw_nkernels(r), nextern = rt_raw_nextern(r), noptions;
  const char *const *options;
  rt_raw_options(r, &options, &noptions);
  RtCpuEntry *e = calloc(nk ? (size_t)nk : 1, sizeof *e);
  char (*names)[32] = calloc(nk ? (size_t)nk : 1, sizeof *names);
  char **flags = calloc(2 * (size_t)noptions + 1, sizeof *flags);
  int nflags = 0, st = e && names && flags ? 0 : -1;
  for (int i = 0; !st && i < nk; i++) {
    e[i].func = rt_raw_kernel(r, i)->name;
    e[i].entry = e[i].func;
    if (i >= nextern)
      e[i].entry = rt_raw_entry(r, i, names[i], sizeof names[i]);
  }
  int bad = st ? 0 : cxx_host_flags(options, noptions, true, flags, &nflags, err, RT_ERRLEN);
  if (bad) {
    st = bad > 0 ? RT_ESOURCE : PYKC_ERR_NOMEM;
    goto done;
  }
  Buf defs = {0};
  macro_lines(options, noptions, &defs);
  if (!st && !defs.oom) {
    RtCxx c = {.text = rt_raw_code(r), .file = rt_raw_file(r), .line = rt_raw_line(r),
               .entries = e, .nentries = nk, .flags = (const char *const *)flags,
               .defines = defs.data};
    st = rt_cpu_load_cxx(&c, log, out, err);
    buf_free(&defs);
  } else {
    buf_free(&defs);
    rt_errf(err, "out of memory");
    st = RT_EFAIL;
  }
done:
  for (int i = 0; i < nflags; i++)
    free(flags[i]);
  free(flags);
  free(names);
  free(e);
  return st;
}

/* A unit's C text (KSigs below COVERED): C, or C++ when a kernel form's CUDA C++ is in it
   (cxx.c adds the forms' entries; the DSL kernels' C entries are in the text). */
static int unit_load(const RtCode *c, RtCpuModule **out, char *err) {
  int n = 0;
  KMap map;
  for (int i = 0; i < c->covered; i++)                 /* (a form's map twin: its entry too) */
    n += (kc_sig(c->unit, i)->cxx && kc_sig(c->unit, i)->in_text) *
         (1 + kc_map(c->unit, kc_sig(c->unit, i), &map));
  if (!n)
    return rt_cpu_load(c->text, c->log, out, err);
  RtCpuEntry *e = malloc(n * sizeof *e);
  if (!e) {
    rt_errf(err, "out of memory");
    return PYKC_ERR_NOMEM;
  }
  n = 0;
  for (int i = 0; i < c->covered; i++) {
    const KSig *s = kc_sig(c->unit, i);
    if (s->cxx && s->in_text)
      e[n++] = (RtCpuEntry){.entry = s->cname, .func = s->cxx_entry};
    if (s->cxx && s->in_text && kc_map(c->unit, s, &map))
      e[n++] = (RtCpuEntry){.entry = map.cname, .func = map.cxx_entry};
  }
  /* the forms' options (their macros are in the text): -I and -include reach the host
     compiler, -std not (pykc's C++ is its own dialect), the rest are the GPU's */
  const char *opts[64];
  char *flags[2 * 64 + 1] = {0};
  int nopts = kc_form_options(c->unit, opts, 64), nflags = 0;
  int bad = cxx_host_flags(opts, nopts, false, flags, &nflags, err, RT_ERRLEN);
  if (bad) {
    for (int i = 0; i < nflags; i++)
      free(flags[i]);
    free(e);
    return bad > 0 ? RT_ESOURCE : PYKC_ERR_NOMEM;
  }
  Buf file = {0};
  buf_printf(&file, "%s (generated C++)", c->name);
  RtCxx cxx = {.text = c->text, .file = file.data && !file.oom ? file.data : c->name, .line = 1,
               .entries = e, .nentries = n, .flags = (const char *const *)flags};
  int st = rt_cpu_load_cxx(&cxx, c->log, out, err);
  buf_free(&file);
  free(e);
  for (int i = 0; i < nflags; i++)
    free(flags[i]);
  return st;
}

static _Thread_local int last_signal;              /* of this thread's last RT_EINTR */

static int cpu_interrupt_signal(RtDev *d) {
  (void)d;
  return last_signal;
}

static int cpu_load(RtDev *d, const RtCode *c, void **mod, char **log, char *err) {
  (void)d, (void)log;
  RtCpuModule *cm;
  int st = c->text ? unit_load(c, &cm, err) : raw_load(c->raw, c->log, &cm, err);
  last_signal = st == RT_EINTR ? rt_hold_last() : 0;
  *mod = st ? NULL : cm;
  return st;
}

static void cpu_unload(RtDev *d, void *mod) {
  (void)d;
  rt_cpu_unload(mod);
}

static void cpu_forget(RtDev *d, const RtModInfo *mi) { (void)d, (void)mi; }

static const char *cpu_raw_symbol(const RtRaw *raw, int i, char *buf, size_t n) {
  return rt_raw_entry(raw, i, buf, n);
}

/* The module's pykc_cpu and SYM's entry trampoline. */
static int cpu_function(RtDev *d, void *mod, const char *sym, RtFunc *f, char *err) {
  (void)d;
  RtGridRun g = {0};
  int st = rt_cpu_entry(mod, sym, &g, err);
  f->h = g.cpu;
  memcpy(&f->entry, &g.entry, sizeof f->entry);    /* function pointer -> object pointer */
  return st;
}

static int cpu_global(RtDev *d, void *mod, const char *name, void **ptr, size_t *bytes,
                      char *err) {
  (void)d;
  return rt_cpu_global(mod, name, ptr, bytes, err);
}

/* What a CUDA function or device has and the CPU backend has not (registers, PTX,
   occupancy, the copy bandwidth): RT_ENODEV, "needs a GPU". */
static int needs_gpu(const char *name, const char *what, char *err) {
  rt_errf(err, "kernel '%s': %s needs a GPU (this context runs on the CPU backend)", name, what);
  return RT_ENODEV;
}

/* The attributes that mean something on the CPU backend, from the signature (no
   compilation): the block size limit, and the static shared memory the kernel declares
   (the compiler's count, ksig.c) of its last launched or first declared specialisation. */
/* The settable attributes (max_dynamic_shared_size_bytes, preferred_shared_memory_carveout)
   are kept per function, so that a program that opts in to more dynamic shared memory
   before it launches (CuPy programs do, `k.max_dynamic_shared_size_bytes = smem`) runs on
   the CPU backend too: unset, they read what a GPU reads (48 KiB less the static shared
   memory the backend knows; -1), set, the value (the dynamic shared memory a launch may
   ask for stays the backend's limit, RT_MAX_SHARED). */
static int cpu_kernel_attr(RtDev *d, const RtAttrQuery *q, int *value, char *err) {
  (void)d;
  if (q->attr == PYKC_ATTR_MAX_THREADS_PER_BLOCK)
    return *value = 1024, 0;
  if (q->attr == PYKC_ATTR_SHARED_BYTES && !q->cxx)  /* a generic kernel not launched yet: */
    return q->sig ? (*value = (int)q->sig->static_shared, 0) : RT_NEED_CODE;  /* the API's */
  if (q->attr == PYKC_ATTR_MAX_DYNAMIC_SHARED_BYTES || q->attr == PYKC_ATTR_PREFERRED_SHARED_CARVEOUT) {
    if (!q->fn)
      return RT_NEED_CODE;
    if (q->attr == PYKC_ATTR_PREFERRED_SHARED_CARVEOUT)
      return *value = q->fn->carveout ? q->fn->carveout - 2 : -1, 0;
    size_t dflt = 48 * 1024 - (q->fn->static_smem < 48 * 1024 ? q->fn->static_smem : 48 * 1024);
    return *value = (int)(q->fn->dyn_shared ? q->fn->dyn_shared : dflt), 0;
  }
  return needs_gpu(q->name, rt_attr_name(q->attr), err);
}

static int cpu_kernel_set_attr(RtDev *d, RtFunc *f, const char *name, pykc_attr attr,
                               int value, char *err) {
  (void)d;
  if (!f)
    return RT_NEED_CODE;
  if (attr == PYKC_ATTR_PREFERRED_SHARED_CARVEOUT)
    return f->carveout = value + 2, 0;
  if ((size_t)value + f->static_smem > RT_MAX_SHARED) {   /* the GPU's cuFuncSetAttribute */
    rt_errf(err, "kernel '%s': max_dynamic_shared_size_bytes = %d: with %zu bytes of static "
            "shared memory, more than a block may have (%zu)", name, value, f->static_smem,
            RT_MAX_SHARED);
    return RT_EFAIL;
  }
  f->dyn_shared = value ? (unsigned)value : 0;
  return 0;
}

static int cpu_occupancy(RtDev *d, const RtFunc *f, const char *name, unsigned threads,
                         size_t smem, int *blocks, int *sm_threads, char *err) {
  (void)d, (void)f, (void)threads, (void)smem, (void)blocks, (void)sm_threads;
  return needs_gpu(name, "the occupancy", err);
}

/* The CPU runs a grid's blocks one after another on the calling thread: any two blocks
   keep it busy (a map twin's grid is then set by its trips per thread). */
static int cpu_fill_grid(RtDev *d, const RtFunc *f, unsigned block, unsigned *grid,
                         char *err) {
  (void)d, (void)f, (void)block, (void)err;
  *grid = 2;
  return 0;
}

static int cpu_copy_bandwidth(RtDev *d, double *bps, char *err) {
  (void)d, (void)bps;
  rt_errf(err, "the device's copy bandwidth needs a GPU (this context runs on the CPU "
          "backend)");
  return RT_ENODEV;
}

/* ---- running ---- */

static int cpu_hold_args(RtDev *d, pykc_arg *args, int nargs, void **held, char *err) {
  (void)d;
  *held = NULL;
  if (!rt_host_guard_on() || nargs <= 0)
    return 0;
  RtHostGuard *h = malloc(sizeof *h);
  if (!h) {
    rt_errf(err, "out of memory");
    return PYKC_ERR_NOMEM;
  }
  int st = rt_host_guard(h, args, nargs, err);
  if (st) {
    free(h);
    return st == RT_EUSAGE ? PYKC_ERR_USAGE : PYKC_ERR_NOMEM;
  }
  *held = h;
  return 0;
}

static int cpu_release_args(RtDev *d, void *held, const char *kernel, const char *const *names,
                            char *err) {
  (void)d;
  int st = rt_host_unguard(held, kernel, names, err);
  free(held);
  return st;
}

static int cpu_launch(RtDev *d, RtFunc *f, const char *name, const pykc_launch_cfg *cfg,
                      void **args, const RtStop *stop, char *err) {
  if (cfg->stream && !rt_ptrset_has(&d->streams, cfg->stream)) {
    rt_errf(err, "kernel '%s': the stream is not one of this context's", name);
    return RT_EUSAGE;
  }
  const pykc_dim3 *g = &cfg->grid, *b = &cfg->block;
  RtGridRun run = {.cpu = f->h, .args = args, .name = name, .debug = f->debug,
                   .shared_mem = cfg->shared_mem, .timeout_s = stop->timeout,
                   .stop_sigs = stop->sigs, .nstop = stop->nsigs, .coop = f->coop,
                   .static_smem = f->static_smem, .cxx = f->cxx};
  memcpy(&run.entry, &f->entry, sizeof run.entry);
  run.grid[0] = g->x ? g->x : 1, run.grid[1] = g->y ? g->y : 1, run.grid[2] = g->z ? g->z : 1;
  run.block[0] = b->x ? b->x : 1, run.block[1] = b->y ? b->y : 1, run.block[2] = b->z ? b->z : 1;
  int st = rt_fiber_run_grid(&run, err);
  last_signal = st == RT_EINTR ? rt_grid_last_signal() : 0;
  return st;
}

static int cpu_synchronize(RtDev *d, char *err) {
  (void)d, (void)err;                       /* grids ran within pykc_launch */
  return 0;
}

static int cpu_stream_create(RtDev *d, void **stream, char *err) {
  void *p = malloc(1);
  if (!p || !rt_ptrset_add(&d->streams, p)) {
    free(p);
    *stream = NULL;
    rt_errf(err, "out of memory");
    return PYKC_ERR_NOMEM;
  }
  *stream = p;
  return 0;
}

/* A stream argument of FN: NULL or one of the context's streams. */
static int check_stream(RtDev *d, const char *fn, void *stream, char *err) {
  if (!stream || rt_ptrset_has(&d->streams, stream))
    return 0;
  rt_errf(err, "%s: %p is not a stream of this context", fn, stream);
  return RT_EUSAGE;
}

static int cpu_stream_synchronize(RtDev *d, void *stream, char *err) {
  return check_stream(d, "pykc_stream_synchronize", stream, err);
}

static int cpu_stream_destroy(RtDev *d, void *stream, char *err) {
  int st = check_stream(d, "pykc_stream_destroy", stream, err);
  if (st)
    return st;
  rt_ptrset_remove(&d->streams, stream);
  free(stream);
  return 0;
}

/* ---- memory ---- */

static int cpu_malloc(RtDev *d, size_t bytes, void **dptr, char *err) {
  size_t n = bytes ? (bytes + 255) / 256 * 256 : 256;
  void *p = n >= bytes ? aligned_alloc(256, n) : NULL;
  if (p && !rt_ptrset_add(&d->allocs, p)) {
    free(p);
    p = NULL;
  }
  *dptr = p;
  if (p)
    return 0;
  rt_errf(err, "pykc_malloc: cannot allocate %zu bytes", bytes);
  return PYKC_ERR_NOMEM;
}

static int cpu_free(RtDev *d, void *p, char *err) {
  if (!rt_ptrset_remove(&d->allocs, p)) {
    rt_errf(err, "pykc_mem_free: %p was not allocated by pykc_malloc on this context (or was "
            "freed already)", p);
    return RT_EUSAGE;
  }
  free(p);
  return 0;
}

static int cpu_memcpy(RtDev *d, void *dst, const void *src, size_t bytes, bool htod, char *err) {
  (void)d, (void)htod, (void)err;
  memmove(dst, src, bytes);
  return 0;
}

static int cpu_memset(RtDev *d, void *p, int byte, size_t bytes, char *err) {
  (void)d, (void)err;
  memset(p, byte, bytes);
  return 0;
}

const RtBackend rt_cpu_backend = {
    .name = "CPU",
    .emits_c = true,
    .form_block = 32,
    .form_grid_cap = 16,
    .shared_limit_is = "of a GPU block (sm_90, sm_100)",
    .open = cpu_open,
    .close = cpu_close,
    .arch = cpu_arch,
    .make_current = cpu_make_current,
    .max_shared = cpu_max_shared,
    .load = cpu_load,
    .unload = cpu_unload,
    .forget = cpu_forget,
    .raw_symbol = cpu_raw_symbol,
    .function = cpu_function,
    .global = cpu_global,
    .kernel_attr = cpu_kernel_attr,
    .interrupt_signal = cpu_interrupt_signal,
    .hold_args = cpu_hold_args,
    .release_args = cpu_release_args,
    .kernel_set_attr = cpu_kernel_set_attr,
    .occupancy = cpu_occupancy,
    .fill_grid = cpu_fill_grid,
    .copy_bandwidth = cpu_copy_bandwidth,
    .launch = cpu_launch,
    .synchronize = cpu_synchronize,
    .stream_create = cpu_stream_create,
    .stream_synchronize = cpu_stream_synchronize,
    .stream_destroy = cpu_stream_destroy,
    .malloc = cpu_malloc,
    .free = cpu_free,
    .memcpy = cpu_memcpy,
    .memset = cpu_memset,
};
