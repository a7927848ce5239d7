/*
 * api.h: what the files of libpykc's public API (include/pykc.h) share. The API sits over
 * the front end (src/driver.c's Unit), NVRTC (nvrtc.c), the driver (driver.c) and argument
 * marshalling (launch.c); its files:
 *   api.c     contexts, errors          module.c  modules (compile, CUDA text, binary)
 *   kernel.c  kernels, attributes, launch, synchronisation
 *   spec.c    specialisations: compile, load, get the function
 *   memory.c  memory and streams
 * Cross-file functions of these files are prefixed api_.
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
 * Every call with a context clears the message of an earlier failure (api_clear_err).
 */
#ifndef PYKC_API_H
#define PYKC_API_H

#include "rt.h"

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
  pykc_usage usage;               /* the last usage error's kind (rt_kernel_err_as) */
  char *nodev;                    /* why pykc_init found no device (NO_DEVICE contexts) */
  char last_kernel[128];          /* the kernel launched last (for asynchronous errors) */
  pykc_module *dbg_mods;          /* modules with --debug records */
  RtStats stats;
  RtLog log;                      /* pykc_set_log */
  double timeout;                 /* pykc_set_timeout: CPU launches stop after (0: none) */
};

/* ---- api.c ---- */
/* Sets CX's message (printf-style) and returns ST. */
pykc_status api_set_err(pykc_context *cx, pykc_status st, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void api_clear_err(pykc_context *cx);      /* each call with a context starts with it */
/* A call that needs the device, on a context pykc_init opened without one. */
pykc_status api_no_device(pykc_context *cx, const char *fn);
/* A CUDA error R of WHAT (a kernel's asynchronous fault names the kernel launched last). */
pykc_status api_cuda_err(pykc_context *cx, int r, const char *what);
const RtCuda *api_cu_of(pykc_context *cx); /* the driver, NULL without a device */
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
void api_free_kspecs(KSpec *s);
/* After a synchronisation: the first failure a --debug record holds, as an error. */
pykc_status api_debug_check(pykc_context *cx);
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

#endif
