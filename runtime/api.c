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
 * CPU contexts (PYKC_DEVICE_CPU): the same specialisation and marshalling, but the unit
 * is emitted as C (TARGET_C) and built by the CPU backend (cpu.c) into a shared object,
 * one per set of specialisations like the CUmodules, kept loaded until the module is
 * freed; a KSpec holds the object's entry trampoline, and a launch runs the grid
 * (fiber.c) on the marshalled arguments, which are already the CPU entry's ABI. Memory
 * is host memory, tracked in a pointer set so that a stray pykc_mem_free is an error.
 * Every call with a context clears the message of an earlier failure.
 */
#include "rt.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct KSpec {
  uint64_t key;                   /* rt_args_typehash of the arguments that selected it */
  const KSig *ksig;               /* NULL for .cu kernels */
  RtSig sig;
  void *func;                     /* CUfunction (GPU) */
  RtGridRun run;                  /* CPU: the module's pykc_cpu and the entry trampoline */
  unsigned dyn_shared;            /* dynamic shared memory the function is allowed (0:
                                     the default, 48 KiB less its static shared memory) */
  size_t static_smem;             /* its static shared memory (the driver's or ksig.c's) */
  struct KSpec *next;
} KSpec;

/* CUDA C++ compiled as written (raw.c): a .cu module's source, or the code of a
   RawKernel/RawModule in a unit, compiled at its first launch and kept. */
typedef struct RawUse {
  RtRaw *r;
  const void *id;                 /* the form (KRaw.id); NULL for a .cu module */
  void *mod;                      /* its CUmodule / RtCpuModule once loaded (in mods) */
  struct RawUse *next;
} RawUse;

struct pykc_kernel {
  pykc_module *m;
  const char *name;
  const KKernel *kk;              /* kernel-language kernel (or a raw form's) */
  RtCuKernel *cu;                 /* kernel of CUDA C++ as written: ru's ri-th */
  RawUse *ru;
  int ri;
  KSpec *specs, *last;
  pykc_kernel *next;
};

struct pykc_module {
  pykc_context *cx;
  Unit *unit;                     /* kernel-language source, or NULL */
  RawUse *raws;                   /* .cu source (one, id NULL), or the unit's raw forms */
  char *name;
  bool line_info;
  void **mods;                    /* every CUmodule (CPU: RtCpuModule) loaded for it */
  int nmods, capmods;
  void *cur;                      /* the latest one: it has the KSigs of serial < ncovered */
  int ncovered;
  pykc_kernel *kernels;
  RtDevPtr *dbg;                  /* --debug records of its CUmodules (debug.c) */
  int ndbg;
  const char *dbg_kernel;         /* the kernel launched last, for their messages */
  pykc_module *dbg_next;          /* in the context's list of modules with records */
  char *cuda_text;                /* pykc_module_cuda's answer */
  RtBinary bin;                   /* pykc_module_binary's answer */
  pykc_module *next;              /* in the context's list of modules */
};

/* A set of pointers (open addressing; NULL empty, TOMB removed): what a CPU context
   handed out as memory or streams, so that freeing anything else is an error, not a
   crash, and pykc_free releases what is left. */
typedef struct PtrSet {
  void **slots;
  size_t cap, count, used;        /* used: count plus tombstones */
} PtrSet;

struct pykc_context {
  RtDevice dev;
  bool have_dev;
  bool cpu;                       /* PYKC_DEVICE_CPU: kernels run on the CPU backend */
  PtrSet allocs, streams;         /* CPU: pykc_malloc'd blocks, streams */
  int smem_optin;                 /* shared memory a block can opt in to (0: unknown) */
  pykc_module *modules;           /* every module, freed with the context */
  int arch;                       /* compile target: compute capability * 10 */
  bool cubin;                     /* NVRTC can build a cubin for the device */
  char *err;                      /* the last failed call's message; "" after a success */
  bool err_lost;                  /* the last failure's message found no memory */
  char *nodev;                    /* why pykc_init found no device (NO_DEVICE contexts) */
  char last_kernel[128];          /* the kernel launched last (for asynchronous errors) */
  pykc_module *dbg_mods;          /* modules with --debug records */
  RtStats stats;
  RtLog log;                      /* pykc_set_log */
  double timeout;                 /* pykc_set_timeout: CPU launches stop after (0: none) */
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
  cx->err = buf_detach(&b);                       /* NULL: out of memory (pykc_errmsg) */
  cx->err_lost = !cx->err;
  return st;
}

/* Each call with a context starts by clearing the message of an earlier failure. */
static void clear_err(pykc_context *cx) {
  if (cx && cx->err)
    cx->err[0] = 0;
  if (cx)
    cx->err_lost = false;
}

/* A call that needs the device, on a context pykc_init opened without one. */
static pykc_status no_device(pykc_context *cx, const char *fn) {
  return set_err(cx, PYKC_ERR_NO_DEVICE, "%s: %s", fn, cx->nodev ? cx->nodev : "no CUDA device");
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

const char *pykc_version(void) { return kc_version(); }

const char *pykc_status_name(pykc_status s) {
  static const char *const names[] = {"ok", "source error", "bad usage", "CUDA failure",
                                      "no CUDA device", "out of memory"};
  return (unsigned)s < sizeof names / sizeof names[0] ? names[s] : "unknown status";
}

const char *pykc_errmsg(const pykc_context *cx) {
  if (!cx)
    return "no pykc_context (NULL: pykc_init was not called, or ran out of memory)";
  return cx->err ? cx->err : cx->err_lost ? "out of memory (for the message)" : "";
}

/* A NULL handle or pointer argument: PYKC_ERR_USAGE, with a message where there is a
   context to hold it. */
static pykc_status null_arg(pykc_context *cx, const char *fn, const char *arg) {
  return cx ? set_err(cx, PYKC_ERR_USAGE, "%s: %s is NULL", fn, arg) : PYKC_ERR_USAGE;
}

/* ---- pointer sets (CPU contexts) ---- */

#define TOMB ((void *)&ptrset_tomb)
static char ptrset_tomb;

static size_t ptr_hash(const void *p) {
  uint64_t x = (uint64_t)(uintptr_t)p;
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdull;
  return (size_t)(x ^ x >> 33);
}

/* The slot holding P, or the empty slot where it would go. */
static void **ptrset_slot(const PtrSet *s, const void *p) {
  void **tomb = NULL;
  for (size_t i = ptr_hash(p) & (s->cap - 1);; i = (i + 1) & (s->cap - 1)) {
    void **sl = &s->slots[i];
    if (*sl == p)
      return sl;
    if (!*sl)
      return tomb ? tomb : sl;
    if (*sl == TOMB && !tomb)
      tomb = sl;
  }
}

static bool ptrset_has(const PtrSet *s, const void *p) {
  return s->cap && p && *ptrset_slot(s, p) == p;
}

/* Adds P (not NULL, not yet in S); false when out of memory. */
static bool ptrset_add(PtrSet *s, void *p) {
  if ((s->used + 1) * 2 > s->cap) {
    PtrSet n = {.cap = 16};
    while (n.cap < s->count * 4)                   /* a power of two */
      n.cap *= 2;
    if (!(n.slots = calloc(n.cap, sizeof *n.slots)))
      return false;
    for (size_t i = 0; i < s->cap; i++)
      if (s->slots[i] && s->slots[i] != TOMB)
        *ptrset_slot(&n, s->slots[i]) = s->slots[i], n.count++;
    n.used = n.count;
    free(s->slots);
    *s = n;
  }
  void **sl = ptrset_slot(s, p);
  s->used += !*sl;
  *sl = p;
  s->count++;
  return true;
}

/* Removes P; false if it was not there. */
static bool ptrset_remove(PtrSet *s, const void *p) {
  if (!ptrset_has(s, p))
    return false;
  *ptrset_slot(s, p) = TOMB;
  s->count--;
  return true;
}

/* Frees every pointer in S, and S. */
static void ptrset_free_all(PtrSet *s) {
  for (size_t i = 0; i < s->cap; i++)
    if (s->slots[i] && s->slots[i] != TOMB)
      free(s->slots[i]);
  free(s->slots);
  memset(s, 0, sizeof *s);
}

/* ---- context ---- */

pykc_status pykc_init(int device, pykc_context **out) {
  if (!out)
    return PYKC_ERR_USAGE;
  pykc_context *cx = calloc(1, sizeof *cx);
  *out = cx;
  if (!cx)
    return PYKC_ERR_NOMEM;
  if (device == PYKC_DEVICE_CPU) {                /* no driver, no NVRTC: host memory */
    cx->cpu = true;
    return PYKC_OK;
  }
  char err[RT_ERRLEN];
  int st = rt_device_open(device, &cx->dev, err);
  if (st) {
    if (st == RT_ENODEV && !(cx->nodev = strdup(err)))
      return set_err(cx, PYKC_ERR_NOMEM, "out of memory");
    return set_err(cx, st == RT_ENODEV ? PYKC_ERR_NO_DEVICE : (pykc_status)st, "%s", err);
  }
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
  ptrset_free_all(&cx->allocs);
  ptrset_free_all(&cx->streams);
  free(cx->err);
  free(cx->nodev);
  free(cx);
}

pykc_status pykc_set_log(pykc_context *cx, pykc_log_fn fn, void *user) {
  if (!cx)
    return PYKC_ERR_USAGE;
  clear_err(cx);
  cx->log = (RtLog){fn, user};
  return PYKC_OK;
}

pykc_status pykc_set_timeout(pykc_context *cx, double seconds) {
  if (!cx)
    return PYKC_ERR_USAGE;
  clear_err(cx);
  if (!(seconds >= 0 && seconds <= 1e6))
    return set_err(cx, PYKC_ERR_USAGE, "timeout %g s: expected 0 (none) to 1e6 seconds", seconds);
  cx->timeout = seconds;
  return PYKC_OK;
}

int pykc_device_arch(const pykc_context *cx) { return cx && cx->have_dev ? cx->dev.arch : 0; }

pykc_status pykc_make_current(pykc_context *cx) {
  if (!cx)
    return PYKC_ERR_USAGE;
  if (cx->cpu)
    return PYKC_OK;
  const RtCuda *cu = cu_of(cx);
  if (!cu)
    return set_err(cx, PYKC_ERR_NO_DEVICE, "no CUDA device");
  int r = cu->CtxSetCurrent(cx->dev.ctx);
  return r ? cuda_err(cx, r, "cuCtxSetCurrent") : PYKC_OK;
}
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

/* M's use of the raw code S (ID: its form; NULL for a .cu module), made at the first
   ask. */
static pykc_status raw_use(pykc_module *m, const RtRawSpec *s, const void *id, RawUse **out) {
  for (RawUse *u = m->raws; u; u = u->next)
    if (u->id == id)
      return *out = u, PYKC_OK;
  char err[RT_ERRLEN];
  RawUse *u = calloc(1, sizeof *u);
  int st = u ? rt_raw_new(s, &u->r, err) : -1;
  if (st) {
    free(u);
    if (st > 0)
      return set_err(m->cx, PYKC_ERR_SOURCE, "%s: %s", s->file, err);
    return set_err(m->cx, PYKC_ERR_NOMEM, "out of memory");
  }
  u->id = id;
  u->next = m->raws;
  m->raws = u;
  *out = u;
  return PYKC_OK;
}

static pykc_status raw_module(pykc_context *cx, const char *name, const char *src,
                              const pykc_options *o, pykc_module **out) {
  pykc_status st = new_module(cx, name, out);
  if (st)
    return st;
  RtRawSpec spec = {.code = src, .file = name, .line = 1};
  if (o) {
    spec.options = o->cuda_options, spec.noptions = o->ncuda_options;
    spec.exprs = o->name_expressions, spec.nexprs = o->nname_expressions;
  }
  RawUse *u;
  if ((st = raw_use(*out, &spec, NULL, &u))) {
    pykc_module_free(*out);
    *out = NULL;
  }
  return st;
}

int rt_module_from_unit(pykc_context *cx, Unit *u, pykc_module **out) {
  pykc_status st = new_module(cx, kc_name(u), out);
  if (st) {
    kc_free(u);
    return st;
  }
  (*out)->unit = u;
  (*out)->line_info = kc_line_info(u);
  return PYKC_OK;
}

/* A failed call into the compiler: PYKC_ERR_NOMEM when the unit ran out of memory
   (ksig.h: status 3), else ST with MSG. */
static pykc_status unit_err(pykc_context *cx, const Unit *u, pykc_status st, const char *msg) {
  if (kc_status(u) == 3)
    return set_err(cx, PYKC_ERR_NOMEM, "%s: out of memory", kc_name(u));
  return set_err(cx, st, "%s", msg);
}

static pykc_status unit_module(pykc_context *cx, Unit *u, pykc_module **out) {
  *out = NULL;
  if (!u)
    return set_err(cx, PYKC_ERR_NOMEM, "out of memory");
  if (kc_status(u)) {
    pykc_status st = unit_err(cx, u, kc_status(u) == 2 ? PYKC_ERR_USAGE : PYKC_ERR_SOURCE,
                              kc_diags(u));
    kc_free(u);
    return st;
  }
  return rt_module_from_unit(cx, u, out);
}

/* A list option from the caller: N entries at LIST (NULL only when N is 0), none NULL. */
static bool bad_list(pykc_context *cx, const char *what, int n, const char *const *list) {
  if (n < 0 || (n > 0 && !list)) {
    set_err(cx, PYKC_ERR_USAGE, "pykc_options: n%s is %d but %s is %s", what, n, what,
            list ? "set" : "NULL");
    return true;
  }
  for (int i = 0; i < n; i++)
    if (!list[i]) {
      set_err(cx, PYKC_ERR_USAGE, "pykc_options: %s[%d] is NULL", what, i);
      return true;
    }
  return false;
}

/* Options from the caller: each list and its count must agree. */
static bool bad_options(pykc_context *cx, const pykc_options *o) {
  return o && (bad_list(cx, "sigs", o->nsigs, o->sigs) ||
               bad_list(cx, "defines", o->ndefines, o->defines) ||
               bad_list(cx, "cuda_options", o->ncuda_options, o->cuda_options) ||
               bad_list(cx, "name_expressions", o->nname_expressions, o->name_expressions));
}

pykc_status pykc_compile_file(pykc_context *cx, const char *path, const pykc_options *opt,
                              pykc_module **out) {
  if (!out || !cx || !path)
    return null_arg(cx, "pykc_compile_file", !out ? "out" : "path");
  *out = NULL;
  clear_err(cx);
  if (bad_options(cx, opt))
    return PYKC_ERR_USAGE;
  if (rt_is_cu(path)) {
    char *text = rt_read_text(path);
    if (!text)
      return set_err(cx, PYKC_ERR_USAGE, "cannot open '%s'", path);
    pykc_status st = raw_module(cx, path, text, opt, out);
    free(text);
    return st;
  }
  return unit_module(cx, kc_compile(path, NULL, opt), out);
}

pykc_status pykc_compile_string(pykc_context *cx, const char *name, const char *source,
                                const pykc_options *opt, pykc_module **out) {
  if (!out || !cx || !source)
    return null_arg(cx, "pykc_compile_string", !out ? "out" : "source");
  *out = NULL;
  clear_err(cx);
  if (bad_options(cx, opt))
    return PYKC_ERR_USAGE;
  if (!name)
    name = "<string>";
  if (rt_is_cu(name))
    return raw_module(cx, name, source, opt, out);
  return unit_module(cx, kc_compile(name, source, opt), out);
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
    if (m->cx->cpu)
      rt_cpu_unload(m->mods[i]);
    else if (cu)
      cu->ModuleUnload(m->mods[i]);
  for (pykc_kernel *k = m->kernels, *next; k; k = next) {
    next = k->next;
    free_kspecs(k->specs);
    free(k);
  }
  free(m->mods);
  free(m->cuda_text);
  rt_binary_free(&m->bin);
  for (RawUse *u = m->raws, *next; u; u = next) {
    next = u->next;
    rt_raw_free(u->r);
    free(u);
  }
  kc_free(m->unit);
  free(m->name);
  free(m);
}

/* The CUDA C of the module: the emitted unit (its specialisations so far), or the .cu text. */
pykc_status pykc_module_cuda(pykc_module *m, const char **src) {
  if (!m || !src)
    return null_arg(m ? m->cx : NULL, "pykc_module_cuda", "src");
  *src = NULL;
  if (!m->unit)
    return *src = rt_raw_code(m->raws->r), PYKC_OK;
  size_t before = kc_diag_mark(m->unit);
  int covered;
  char *text = kc_emit(m->unit, false, &covered);
  if (!text)
    return set_err(m->cx, kc_status(m->unit) == 3 ? PYKC_ERR_NOMEM : PYKC_ERR_SOURCE, "%s",
                   kc_diags_since(m->unit, before));
  free(m->cuda_text);
  m->cuda_text = text;
  *src = text;
  return PYKC_OK;
}

pykc_status pykc_module_binary(pykc_module *m, const char *arch, const void **data, size_t *len) {
  if (!m || !data || !len)
    return null_arg(m ? m->cx : NULL, "pykc_module_binary", !data ? "data" : "len");
  pykc_context *cx = m->cx;
  char err[RT_ERRLEN];
  *data = NULL, *len = 0;
  if (rt_nvrtc_load(err))
    return set_err(cx, PYKC_ERR_CUDA, "%s", err);
  RtCompile o = {.name = m->name, .line_info = m->line_info,
                 .generated = m->unit != NULL, .user_code = m->unit && kc_user_code(m->unit)};
  if (!m->unit)
    rt_raw_compile_opts(m->raws->r, &o);
  bool is_sm = true;
  if (!arch) {
    int dev = cx->have_dev ? cx->dev.arch : rt_device_arch0();
    o.arch = rt_nvrtc_best_arch(dev ? dev : 90, NULL, NULL);
  } else if (rt_parse_arch(arch, &o.arch, &o.arch_suffix, &is_sm)) {
    return set_err(cx, PYKC_ERR_USAGE, "bad arch '%s' (expected sm_NN or compute_NN, e.g. sm_90)",
                   arch);
  } else if (rt_nvrtc_best_arch(o.arch, NULL, NULL) != o.arch) {
    int lo = 0, hi = 0, ma = 0, mi = 0;
    rt_nvrtc_best_arch(o.arch, &lo, &hi);
    rt_nvrtc_version(&ma, &mi);
    return set_err(cx, PYKC_ERR_USAGE, "NVRTC %d.%d does not support '%s' (sm_%d .. sm_%d)", ma,
                   mi, arch, lo, hi);
  }
  o.cubin = is_sm;
  const char *src;
  pykc_status st = pykc_module_cuda(m, &src);
  if (st)
    return st;
  rt_binary_free(&m->bin);
  memset(&m->bin, 0, sizeof m->bin);
  char *log = NULL;
  int r = rt_compile(src, &o, &m->bin, &log, err);
  if (r)
    st = set_err(cx, (pykc_status)r, "%s%s%s", err, log ? "\n" : "", log ? log : "");
  free(log);
  if (st)
    return st;
  *data = m->bin.data;
  *len = m->bin.is_cubin ? m->bin.len : strlen(m->bin.data);
  return PYKC_OK;
}

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
    return null_arg(m ? m->cx : NULL, "pykc_get_kernel", !name ? "name" : "out");
  *out = NULL;
  clear_err(m->cx);
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
      pykc_status st = raw_use(m, &spec, kr->id, &ru);
      if (st)
        return st;
      if ((ri = rt_raw_find(ru->r, kr->cname)) < 0)
        return set_err(m->cx, PYKC_ERR_SOURCE, "%s: kernel '%s': the code of its %s has no "
                       "extern \"C\" __global__ function '%s'", m->name, name, kr->what,
                       kr->cname);
      cuk = rt_raw_kernel(ru->r, ri);
    }
  } else if ((ri = rt_raw_find(m->raws->r, name)) >= 0) {
    ru = m->raws;
    cuk = rt_raw_kernel(ru->r, ri);
  }
  if (!kk && m->unit && kc_status(m->unit) == 3)
    return unit_err(m->cx, m->unit, PYKC_ERR_NOMEM, "");
  if (!kk && !cuk) {
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
const char *rt_kernel_name(const pykc_kernel *k) { return k->name; }
bool rt_kernel_cpu(const pykc_kernel *k) { return k->m->cx->cpu; }
void rt_kernel_clear_err(pykc_kernel *k) { clear_err(k->m->cx); }

pykc_status rt_kernel_err(pykc_kernel *k, pykc_status st, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  Buf b = {0};
  buf_vprintf(&b, fmt, ap);
  va_end(ap);
  st = set_err(k->m->cx, st, "%s", b.data && !b.oom ? b.data : "out of memory");
  buf_free(&b);
  return st;
}

int rt_kernel_param_dtype(const pykc_kernel *k, int i) {
  if (!k || !k->cu || i < 0 || i >= k->cu->nparams || k->cu->params[i].is_array)
    return -1;
  return k->cu->params[i].dtype;
}

/* The runtime's parameters of signature S; NULL with err for types the host cannot pass. */
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

/* NVRTC (or the cache) then cuModuleLoadData; the module is kept until pykc_module_free.
   RAW: the source is that CUDA C++ as written (with its options and name expressions,
   whose lowered names it gets), else the unit's emission. */
static pykc_status compile_load(pykc_module *m, const char *src, RtRaw *raw, void **mod) {
  pykc_context *cx = m->cx;
  const RtCuda *cu = cu_of(cx);
  char err[RT_ERRLEN];
  bool generated = !raw;
  if (!cu)
    return no_device(cx, m->name);
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
  return added || !generated || !kc_debug(m->unit) ? added : debug_attach(m, *mod);
}

/* KS's static shared memory, as the driver reports it for its function. */
static pykc_status static_smem(pykc_context *cx, KSpec *ks) {
  int bytes = 0;
  int r = cu_of(cx)->FuncGetAttribute(&bytes, RT_CU_FUNC_SHARED_BYTES, ks->func);
  ks->static_smem = bytes > 0 ? (size_t)bytes : 0;
  return r ? cuda_err(cx, r, "cuFuncGetAttribute") : PYKC_OK;
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
    return set_err(m->cx, (pykc_status)st, "%s", err);
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
    return set_err(m->cx, PYKC_ERR_NOMEM, "out of memory");
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
      return unit_err(cx, u, PYKC_ERR_SOURCE, kc_diags_since(u, mark));
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
    return st ? set_err(cx, (pykc_status)st, "%s", err) : PYKC_OK;
  }
  int r = cu_of(cx)->ModuleGetFunction(&ks->func, m->cur, s->cname);
  return r ? cuda_err(cx, r, s->cname) : static_smem(cx, ks);
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
      return set_err(m->cx, PYKC_ERR_NOMEM, "out of memory");
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
    return st ? set_err(m->cx, (pykc_status)st, "%s", err) : PYKC_OK;
  }
  const char *sym = rt_raw_symbol(u->r, k->ri);
  int r = cu_of(m->cx)->ModuleGetFunction(&ks->func, u->mod, sym);
  return r ? cuda_err(m->cx, r, sym) : static_smem(m->cx, ks);
}

/* Fills KS's signature and CUfunction from its specialisation. */
static pykc_status spec_kspec(pykc_kernel *k, KSpec *ks) {
  char err[RT_ERRLEN];
  ks->sig.n = ks->ksig->nparams;
  ks->sig.params = sig_params(ks->ksig, err);
  return ks->sig.params ? spec_function(k->m, ks)
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
  bool nodev = !cx->have_dev && !cx->cpu;         /* (arguments are checked first) */
  if (nodev && k->cu)
    return no_device(cx, k->name);
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
    st = ks->sig.params ? raw_function(k, ks) : set_err(cx, PYKC_ERR_NOMEM, "out of memory");
  } else {
    Unit *u = k->m->unit;
    size_t mark = kc_diag_mark(u);
    bool source_error;
    ks->ksig = rt_pick_sig(u, k->kk, args, nargs, &source_error, err);
    if (!ks->ksig) {
      free(ks);
      if (source_error)                         /* the specialisation has type errors */
        return unit_err(cx, u, PYKC_ERR_SOURCE, kc_diags_since(u, mark));
      return unit_err(cx, u, PYKC_ERR_USAGE, err);
    }
    if (nodev) {
      free(ks);
      return no_device(cx, k->name);
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

/* The argument list of a prepare or launch call: nargs in range and the kernel's count
   (checked before anything needs the device), args not NULL. */
static pykc_status bad_args(pykc_kernel *k, const char *fn, const pykc_arg *args, int nargs) {
  if (nargs < 0 || nargs > RT_MAXPARAMS)
    return set_err(k->m->cx, PYKC_ERR_USAGE, "%s: kernel '%s': nargs is %d", fn, k->name, nargs);
  if (nargs > 0 && !args)
    return null_arg(k->m->cx, fn, "args");
  int np = pykc_kernel_nparams(k), n = k->kk && !k->cu ? kc_kernel_nargs(k->kk) : np;
  if (nargs == n)
    return PYKC_OK;
  Buf b = {0};
  for (int i = 0; i < np; i++)
    buf_printf(&b, "%s%s", i ? ", " : "", pykc_kernel_param_name(k, i));
  if (n > np)                                      /* a sized form's loop length */
    buf_printf(&b, "%s_loop_size", np ? ", " : "");
  pykc_status st = set_err(k->m->cx, PYKC_ERR_USAGE, "kernel '%s' takes %d argument%s (%s), got %d",
                           k->name, n, n == 1 ? "" : "s", b.data && !b.oom ? b.data : "", nargs);
  buf_free(&b);
  return st;
}

pykc_status pykc_prepare(pykc_kernel *k, const pykc_arg *args, int nargs) {
  if (!k)
    return PYKC_ERR_USAGE;
  clear_err(k->m->cx);
  pykc_status bad = bad_args(k, "pykc_prepare", args, nargs);
  if (bad)
    return bad;
  KSpec *ks;
  return find_kspec(k, args, nargs, &ks);
}

/* The attributes that mean something on the CPU backend, from the signature (no
   compilation): the block size limit, and the static shared memory the kernel declares
   (the compiler's count, ksig.c) of its last launched or first declared specialisation. */
static pykc_status cpu_attr(pykc_kernel *k, pykc_attr attr, int *value) {
  static const char *const names[] = {"NUM_REGS", "SHARED_BYTES", "LOCAL_BYTES", "CONST_BYTES",
                                      "MAX_THREADS_PER_BLOCK", "PTX_VERSION", "BINARY_VERSION"};
  if (attr == PYKC_ATTR_MAX_THREADS_PER_BLOCK)
    return *value = 1024, PYKC_OK;
  if (attr == PYKC_ATTR_SHARED_BYTES && k->cu)
    return set_err(k->m->cx, PYKC_ERR_USAGE, "kernel '%s': the static shared memory of CUDA "
                   "C++ is not known on the CPU backend", k->name);
  if (attr == PYKC_ATTR_SHARED_BYTES) {
    const KSig *s = k->last ? k->last->ksig : !k->kk->generic ? kc_declared(k->m->unit, k->kk, 0)
                                                               : NULL;
    if (!s)
      return set_err(k->m->cx, PYKC_ERR_USAGE, "kernel '%s' is generic: prepare or launch it "
                     "(or give a signature) first", k->name);
    return *value = (int)s->static_shared, PYKC_OK;
  }
  return set_err(k->m->cx, PYKC_ERR_USAGE, "kernel '%s': PYKC_ATTR_%s has no meaning on the "
                 "CPU backend", k->name, names[attr]);
}

pykc_status pykc_kernel_attr(pykc_kernel *k, pykc_attr attr, int *value) {
  if (!k || !value)
    return null_arg(k ? k->m->cx : NULL, "pykc_kernel_attr", "value");
  pykc_context *cx = k->m->cx;
  clear_err(cx);
  static const int cu_attr[] = {4, 1, 3, 2, 0, 5, 6};
  if ((unsigned)attr >= sizeof cu_attr / sizeof cu_attr[0])
    return set_err(cx, PYKC_ERR_USAGE, "unknown kernel attribute %d", (int)attr);
  if (cx->cpu)
    return cpu_attr(k, attr, value);
  if (!k->last && k->kk && !k->kk->generic) {    /* declared types: prepare the first */
    if (!cx->have_dev)
      return no_device(cx, k->name);
    KSpec *ks = calloc(1, sizeof *ks);
    if (!ks)
      return set_err(cx, PYKC_ERR_NOMEM, "out of memory");
    ks->ksig = kc_declared(k->m->unit, k->kk, 0);
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
   dynamic shared memory against what a block of its function can have: the device's
   opt-in limit (the CPU backend: RT_MAX_SHARED, the GPUs') less its static shared
   memory, on both targets. */
static pykc_status check_launch(pykc_kernel *k, KSpec *ks, const pykc_launch_cfg *cfg) {
  pykc_context *cx = k->m->cx;
  char err[RT_ERRLEN];
  const pykc_dim3 *g = &cfg->grid, *b = &cfg->block;
  unsigned grid[3] = {g->x ? g->x : 1, g->y ? g->y : 1, g->z ? g->z : 1};
  unsigned block[3] = {b->x ? b->x : 1, b->y ? b->y : 1, b->z ? b->z : 1};
  if (rt_launch_check(grid, block, 0, 0, err))
    return set_err(cx, PYKC_ERR_USAGE, "kernel '%s': %s", k->name, err);
  size_t stat = ks ? ks->static_smem : 0, limit = cx->cpu ? RT_MAX_SHARED : (size_t)cx->smem_optin;
  if (!ks || !limit || cfg->shared_mem + stat <= 48 * 1024)
    return PYKC_OK;
  size_t room = limit > stat ? limit - stat : 0;
  if (rt_launch_check(grid, block, cfg->shared_mem, room ? room : 1, err) == 0)
    return PYKC_OK;
  if (!stat)
    return set_err(cx, PYKC_ERR_USAGE, "kernel '%s': %s", k->name, err);
  return set_err(cx, PYKC_ERR_USAGE, "kernel '%s': %s (the %zu bytes %s less its %zu bytes of "
                 "static shared memory)", k->name, err, limit,
                 cx->cpu ? "of a GPU block (sm_90, sm_100)" : "the device allows", stat);
}

/* The CPU backend runs the grid now, on the calling thread; a kernel's failure (a trap, an
   assertion, a --debug bounds check, a stuck barrier, a crash) is this call's status. */
static pykc_status cpu_launch(pykc_kernel *k, const KSpec *ks, const pykc_launch_cfg *cfg,
                              void **ptrs) {
  pykc_context *cx = k->m->cx;
  if (cfg->stream && !ptrset_has(&cx->streams, cfg->stream))
    return set_err(cx, PYKC_ERR_USAGE, "kernel '%s': the stream is not one of this context's",
                   k->name);
  const pykc_dim3 *g = &cfg->grid, *b = &cfg->block;
  RtGridRun run = ks->run;
  run.args = ptrs;
  run.grid[0] = g->x ? g->x : 1, run.grid[1] = g->y ? g->y : 1, run.grid[2] = g->z ? g->z : 1;
  run.block[0] = b->x ? b->x : 1, run.block[1] = b->y ? b->y : 1, run.block[2] = b->z ? b->z : 1;
  run.shared_mem = cfg->shared_mem;
  run.timeout_s = cx->timeout;
  char err[RT_ERRLEN];
  int st = rt_fiber_run_grid(&run, err);
  return st ? set_err(cx, (pykc_status)st, "%s", err) : PYKC_OK;
}

pykc_status pykc_launch(pykc_kernel *k, const pykc_launch_cfg *cfg, const pykc_arg *args,
                        int nargs) {
  if (!k || !cfg)
    return null_arg(k ? k->m->cx : NULL, "pykc_launch", "cfg");
  clear_err(k->m->cx);
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
  if (cx->cpu)
    return cpu_launch(k, ks, cfg, ptrs);
  const RtCuda *cu = cu_of(cx);
  if (cfg->shared_mem + ks->static_smem > 48 * 1024 && cfg->shared_mem > ks->dyn_shared) {
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
    if (rt_cuda_is_kernel_error(r) && cx->last_kernel[0])  /* an earlier kernel's fault */
      return set_err(cx, PYKC_ERR_CUDA, "kernel '%s' failed: %s (reported when launching "
                     "'%s')", cx->last_kernel, why, k->name);
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
  clear_err(cx);
  if (cx->cpu)                                    /* grids ran within pykc_launch */
    return PYKC_OK;
  const RtCuda *cu = cu_of(cx);
  if (!cu)
    return no_device(cx, "pykc_synchronize");
  int r = cu->CtxSynchronize();
  return r ? cuda_err(cx, r, "cuCtxSynchronize") : debug_check(cx);
}

/* ---- memory and streams ---- */

/* The context's driver for a memory or stream call FN: NULL with *st set when there is
   none (or, *st == PYKC_OK, when the context is a CPU one). */
static const RtCuda *mem_cuda(pykc_context *cx, const char *fn, pykc_status *st) {
  *st = PYKC_OK;
  if (!cx)
    return *st = PYKC_ERR_USAGE, NULL;
  clear_err(cx);
  if (cx->cpu)
    return NULL;
  const RtCuda *cu = cu_of(cx);
  if (!cu)
    *st = no_device(cx, fn);
  return cu;
}

/* CPU memory: 256-byte aligned like cuMemAlloc's, and remembered so that freeing a
   pointer the context did not hand out is an error. */
static pykc_status cpu_malloc(pykc_context *cx, size_t bytes, void **dptr) {
  size_t n = bytes ? (bytes + 255) / 256 * 256 : 256;
  void *p = n >= bytes ? aligned_alloc(256, n) : NULL;
  if (p && !ptrset_add(&cx->allocs, p)) {
    free(p);
    p = NULL;
  }
  *dptr = p;
  return p ? PYKC_OK
           : set_err(cx, PYKC_ERR_NOMEM, "pykc_malloc: cannot allocate %zu bytes", bytes);
}

pykc_status pykc_malloc(pykc_context *cx, size_t bytes, void **dptr) {
  pykc_status st;
  const RtCuda *cu = mem_cuda(cx, "pykc_malloc", &st);
  if (st)
    return st;
  if (!dptr)
    return null_arg(cx, "pykc_malloc", "dptr");
  if (cx->cpu)
    return cpu_malloc(cx, bytes, dptr);
  RtDevPtr p = 0;
  int r = cu->MemAlloc(&p, bytes ? bytes : 1);
  *dptr = (void *)(uintptr_t)p;
  return r ? cuda_err(cx, r, "cuMemAlloc") : PYKC_OK;
}

pykc_status pykc_mem_free(pykc_context *cx, void *dptr) {
  pykc_status st;
  const RtCuda *cu = mem_cuda(cx, "pykc_mem_free", &st);
  if (st || !dptr)
    return st;
  if (cx->cpu) {
    if (!ptrset_remove(&cx->allocs, dptr))
      return set_err(cx, PYKC_ERR_USAGE, "pykc_mem_free: %p was not allocated by pykc_malloc "
                     "on this context (or was freed already)", dptr);
    free(dptr);
    return PYKC_OK;
  }
  int r = cu->MemFree((RtDevPtr)(uintptr_t)dptr);
  return r ? cuda_err(cx, r, "cuMemFree") : PYKC_OK;
}

/* Copies and memset: on a CPU context "device" memory is host memory. */
static pykc_status copy(pykc_context *cx, const char *fn, void *dst, const void *src,
                        size_t bytes, bool htod) {
  pykc_status st;
  const RtCuda *cu = mem_cuda(cx, fn, &st);
  if (st)
    return st;
  if (bytes && (!dst || !src))
    return null_arg(cx, fn, !dst ? "dst" : "src");
  if (!bytes)
    return PYKC_OK;
  if (cx->cpu) {
    memmove(dst, src, bytes);
    return PYKC_OK;
  }
  int r = htod ? cu->MemcpyHtoD((RtDevPtr)(uintptr_t)dst, src, bytes)
               : cu->MemcpyDtoH(dst, (RtDevPtr)(uintptr_t)src, bytes);
  return r ? cuda_err(cx, r, htod ? "cuMemcpyHtoD" : "cuMemcpyDtoH") : PYKC_OK;
}

pykc_status pykc_memcpy_htod(pykc_context *cx, void *dst, const void *src, size_t bytes) {
  return copy(cx, "pykc_memcpy_htod", dst, src, bytes, true);
}

pykc_status pykc_memcpy_dtoh(pykc_context *cx, void *dst, const void *src, size_t bytes) {
  return copy(cx, "pykc_memcpy_dtoh", dst, src, bytes, false);
}

pykc_status pykc_memset(pykc_context *cx, void *dptr, int byte, size_t bytes) {
  pykc_status st;
  const RtCuda *cu = mem_cuda(cx, "pykc_memset", &st);
  if (st)
    return st;
  if (bytes && !dptr)
    return null_arg(cx, "pykc_memset", "dptr");
  if (!bytes)
    return PYKC_OK;
  if (cx->cpu) {
    memset(dptr, byte, bytes);
    return PYKC_OK;
  }
  int r = cu->MemsetD8((RtDevPtr)(uintptr_t)dptr, (unsigned char)byte, bytes);
  return r ? cuda_err(cx, r, "cuMemsetD8") : PYKC_OK;
}

/* CPU streams are tokens: grids run within pykc_launch, so there is nothing to order. */
pykc_status pykc_stream_create(pykc_context *cx, void **stream) {
  pykc_status st;
  const RtCuda *cu = mem_cuda(cx, "pykc_stream_create", &st);
  if (st)
    return st;
  if (!stream)
    return null_arg(cx, "pykc_stream_create", "stream");
  if (cx->cpu) {
    void *p = malloc(1);
    if (!p || !ptrset_add(&cx->streams, p)) {
      free(p);
      *stream = NULL;
      return set_err(cx, PYKC_ERR_NOMEM, "out of memory");
    }
    *stream = p;
    return PYKC_OK;
  }
  int r = cu->StreamCreate(stream, 1 /* CU_STREAM_NON_BLOCKING */);
  return r ? cuda_err(cx, r, "cuStreamCreate") : PYKC_OK;
}

/* A CPU context's stream argument: NULL or one of its streams. */
static pykc_status cpu_stream(pykc_context *cx, const char *fn, void *stream) {
  return !stream || ptrset_has(&cx->streams, stream)
             ? PYKC_OK
             : set_err(cx, PYKC_ERR_USAGE, "%s: %p is not a stream of this context", fn, stream);
}

pykc_status pykc_stream_synchronize(pykc_context *cx, void *stream) {
  pykc_status st;
  const RtCuda *cu = mem_cuda(cx, "pykc_stream_synchronize", &st);
  if (st)
    return st;
  if (cx->cpu)
    return cpu_stream(cx, "pykc_stream_synchronize", stream);
  int r = cu->StreamSynchronize(stream);
  return r ? cuda_err(cx, r, "cuStreamSynchronize") : debug_check(cx);
}

pykc_status pykc_stream_destroy(pykc_context *cx, void *stream) {
  pykc_status st;
  const RtCuda *cu = mem_cuda(cx, "pykc_stream_destroy", &st);
  if (st || !stream)
    return st;
  if (cx->cpu) {
    if ((st = cpu_stream(cx, "pykc_stream_destroy", stream)))
      return st;
    ptrset_remove(&cx->streams, stream);
    free(stream);
    return PYKC_OK;
  }
  int r = cu->StreamDestroy(stream);
  return r ? cuda_err(cx, r, "cuStreamDestroy") : PYKC_OK;
}
