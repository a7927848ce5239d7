/*
 * api.h: what the files of libpykc's public API (include/pykc.h) share. The API sits over
 * the front end (src/driver/'s Unit, seen through src/driver/ksig.h), argument marshalling
 * (launch.c) and one backend per context (backend.h: the GPU's or the CPU's table of
 * operations, picked in pykc_init); its files:
 *   api.c     contexts, errors          module.c  modules (compile, CUDA text, binary)
 *   kernel.c  kernels, attributes, launch, synchronisation
 *   spec.c    specialisations: emit, load, get the function
 *   memory.c  memory and streams
 * A module is a Unit (or a .cu source). Kernels are looked up once by name; each keeps
 * the specialisations its launches selected (KSpec: the argument-type hash that selected
 * it, the parameter signature with its marshalled layout, the backend's function), most
 * recent first. A launch hashes its argument types, finds the KSpec (normally the first
 * one), marshals into a stack buffer and hands it to the backend. A miss specialises the
 * kernel (generic kernels) or picks the matching declared specialisation, emits the whole
 * unit in the backend's language (CUDA, or C for the CPU), has the backend compile (disk
 * cache first) and load it, and keeps it until the module is freed. Compiling a source
 * needs no device; preparing and launching do.
 * Cross-file functions of these files are prefixed api_. Every call with a context clears
 * the message of an earlier failure (api_clear_err).
 */
#ifndef PYKC_API_H
#define PYKC_API_H

#include "../backend.h"
#include "hooks.h"

typedef struct KSpec {
  uint64_t key;                   /* rt_args_typehash of the arguments that selected it */
  const KSig *ksig;               /* NULL for .cu kernels */
  RtSig sig;
  RtFunc fn;                      /* the backend's function */
  KMap map;                       /* its map twin (map.c), when has_map */
  bool has_map;
  RtFunc mapfn;
  unsigned map_block, map_grid;   /* the blocks that fill the device, for the last block */
  struct KSpec *next;
} KSpec;

/* CUDA C++ compiled as written (raw.c): a .cu module's source, or the code of a
   RawKernel/RawModule in a unit, compiled at its first launch and kept. */
typedef struct RawUse {
  RtRaw *r;
  const void *id;                 /* the form (KRaw.id); NULL for a .cu module */
  void *mod;                      /* its loaded code once loaded (in mods) */
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
  struct FormMemo *form_memo;     /* form.c's last elementwise launch plan, or NULL */
  pykc_kernel *next;
};

struct pykc_module {
  pykc_context *cx;
  Unit *unit;                     /* kernel-language source, or NULL */
  RawUse *raws;                   /* .cu source (one, id NULL), or the unit's raw forms */
  char *name;
  bool line_info;
  void **mods;                    /* every loaded code the backend made for it */
  int nmods, capmods;
  void *cur;                      /* the latest one: it has the KSigs of serial < ncovered */
  int ncovered;
  pykc_kernel *kernels;
  RtModInfo info;                 /* what the backend knows of it */
  char *cuda_text;                /* pykc_module_cuda's answer */
  char *compile_log;              /* pykc_module_log's answer: the latest load's warnings */
  void *bin;                      /* pykc_module_binary's answer (malloc'd) */
  pykc_module *next;              /* in the context's list of modules */
};

struct pykc_context {
  const RtBackend *be;            /* the GPU's or the CPU's */
  RtDev *dev;                     /* its state; NULL: no device (nodev says why) */
  pykc_module *modules;           /* every module, freed with the context */
  char *err;                      /* the last failed call's message; "" after a success */
  bool err_lost;                  /* the last failure's message found no memory */
  pykc_usage usage;               /* the last usage error's kind (rt_kernel_err_as) */
  int interrupt_sig;              /* the signal of the last PYKC_ERR_INTERRUPTED */
  char *nodev;                    /* why pykc_init found no device (NO_DEVICE contexts) */
  RtStats stats;
  RtLog log;                      /* pykc_set_log */
  RtStop stop;                    /* pykc_set_timeout, pykc_set_stop_signals: what stops
                                     a CPU launch early */
  bool as_written;                /* PYKC_MAP=0: no launch goes to a map twin (map.c) */
  unsigned map_trips;             /* PYKC_MAP_TRIPS: a twin's trips per thread (map.c) */
  unsigned map_rows;              /* PYKC_MAP_ROWS: a 2-d twin's rows per thread (map.c) */
};

/* ---- map.c: launches re-planned onto a specialisation's map twin ---- */
enum { API_MAP_TRIPS = 8 };                /* trips per thread of a twin's launch (map.c) */
enum { API_MAP_ROWS = 4 };                 /* rows per thread of a 2-d twin's launch (map.c) */
/* KS's map twin's function, when its specialisation has one (after spec_function). */
void api_map_function(pykc_module *m, KSpec *ks);
/* Whether the launch CFG of KS with ARGS goes to its map twin, and then as *OUT (its
   grid) with *NTHREADS (CFG's thread count); logs the choice to the context's log. */
bool api_map_plan(pykc_kernel *k, KSpec *ks, const pykc_launch_cfg *cfg, const pykc_arg *args,
                  int nargs, pykc_launch_cfg *out, int64_t *nthreads);

/* ---- api.c ---- */
/* Sets CX's message (printf-style) and returns ST. */
pykc_status api_set_err(pykc_context *cx, pykc_status st, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void api_clear_err(pykc_context *cx);      /* each call with a context starts with it */
/* A call that needs the device, on a context pykc_init opened without one. */
pykc_status api_no_device(pykc_context *cx, const char *fn);
/* Keeps the signal behind a backend's RT_EINTR status ST (pykc_interrupt_signal). */
void api_note_interrupt(pykc_context *cx, int st);
/* The status ST of a backend operation, with its message ERR. */
pykc_status api_be_err(pykc_context *cx, int st, const char *err);
/* A NULL handle or pointer argument: PYKC_ERR_USAGE, with a message where there is a
   context to hold it. */
pykc_status api_null_arg(pykc_context *cx, const char *fn, const char *arg);

/* ---- module.c ---- */
/* A failed call into the compiler: PYKC_ERR_NOMEM when the unit ran out of memory
   (ksig.h: status 3), else ST with MSG. */
pykc_status api_unit_err(pykc_context *cx, const Unit *u, pykc_status st, const char *msg);
/* M's use of the raw code S (ID: its form; NULL for a .cu module), made at the first
   ask. */
pykc_status api_raw_use(pykc_module *m, const RtRawSpec *s, const void *id, RawUse **out);

/* ---- spec.c ---- */
/* U's code loaded for M's context (compiled at the first ask: disk cache first). */
pykc_status api_raw_load(pykc_module *m, RawUse *u);
void api_free_kspecs(KSpec *s);
/* Fills KS's signature and function from its specialisation. */
pykc_status api_spec_kspec(pykc_kernel *k, KSpec *ks);
/* After ST, the status of filling KS: lays out its arguments and puts it first in K's
   list, or frees it. */
pykc_status api_add_kspec(pykc_kernel *k, KSpec *ks, pykc_status st);
/* Builds the KSpec these arguments select and puts it first. */
pykc_status api_prepare(pykc_kernel *k, const pykc_arg *args, int nargs, uint64_t key,
                        KSpec **out);
/* The KSpec these arguments select (made if new), K's last from now on. */
pykc_status api_find_kspec(pykc_kernel *k, const pykc_arg *args, int nargs, KSpec **out);

/* form.c: pykc_form_call's planning up to the specialisation its launch selects (made,
   not launched). fuse_run.c: a fuse call that runs as a sequence of kernels (view.h's
   FuseStage): its outputs' dtypes and shapes (outs: the given ones and the dtypes
   filled), its launches. */
pykc_status api_form_prepare(pykc_kernel *k, const pykc_call_cfg *cfg, const pykc_arg *args,
                             int nargs);
/* View v (view.h) of array a into *o (its strides in vstrides). */
pykc_status api_view_of(pykc_kernel *k, const pykc_arg *a, const FuseView *v, pykc_arg *o,
                        int64_t *vstrides);
pykc_status api_fuse_outputs(pykc_kernel *k, const pykc_call_cfg *cfg, const FuseViews *fv,
                             const pykc_arg *args, int nin, int nargs, pykc_arg *outs);
pykc_status api_fuse_call(pykc_kernel *k, const pykc_call_cfg *cfg, const FuseViews *fv,
                          const pykc_arg *args, int nin, int nargs);

/* An array of no elements: CuPy gives it no memory (data 0), yet it is an argument given. */
static inline bool api_arg_empty(const pykc_arg *a) {
  if (!a->is_array || a->ndim <= 0 || a->ndim > PYKC_MAX_DIMS)
    return false;
  for (int d = 0; d < a->ndim; d++)
    if (a->shape[d] == 0)
      return true;
  return false;
}

#endif
