/*
 * runtime/backend.h: the one interface between libpykc's API (api.c and the files api.h
 * lists) and a backend: a table of operations per backend, each over the backend's own
 * state for one context (RtDev, opaque here).
 *   rt_gpu_backend   runtime/gpu/: NVRTC + the CUDA Driver API (dlopen'ed)
 *   rt_cpu_backend   cpu/: the host C/C++ compiler + the fiber grid runner
 * The API picks the table once, in pykc_init, and never asks which one it holds: every
 * difference between the two (what the unit is emitted as, how code is loaded, what a
 * launch does, where memory is) is an operation or a field here. The backends include
 * this file and runtime/rt.h's utilities, never the API's files; the API includes neither
 * backend's header.
 * Operations return 0 or a pykc_status (RT_ESOURCE, RT_EUSAGE, RT_EFAIL = PYKC_ERR_CUDA,
 * RT_ENODEV, PYKC_ERR_NOMEM, RT_EINTR = PYKC_ERR_INTERRUPTED) with a one-line message in
 * err[RT_ERRLEN].
 */
#ifndef PYKC_BACKEND_H
#define PYKC_BACKEND_H

#include "rt.h"

typedef struct RtDev RtDev;                 /* a backend's state for one context */

/* A pykc_module as a backend sees it (the API owns it): GPU --debug failure messages name
   its file and the kernel launched from it last. */
typedef struct RtModInfo {
  const char *name;                         /* its file */
  const char *last_kernel;                  /* set by the API at each launch, or NULL */
} RtModInfo;

/* Code to load: a unit's emission (TEXT, of the backend's target language), or CUDA C++
   as written (RAW, when TEXT is NULL). */
typedef struct RtCode {
  const char *name;                         /* the module's file, for messages */
  const char *text;                         /* kc_emit's text, or NULL */
  Unit *unit;                               /* TEXT's unit (its KSigs below COVERED) */
  int covered;
  RtRaw *raw;                               /* CUDA C++ as written (gets lowered names) */
  bool line_info;                           /* -lineinfo */
  bool user_code;                           /* the unit holds its author's CUDA C++ */
  bool debug;                               /* --debug checks are in the text */
  RtModInfo *mi;                            /* the module it is loaded for */
  const RtLog *log;                         /* verbose reports (NULL: none) */
  RtStats *stats;                           /* compile and load times, cache hits */
} RtCode;

/* A kernel's function in loaded code. */
typedef struct RtFunc {
  void *h, *entry;                          /* GPU: the CUfunction; CPU: the object's
                                               pykc_cpu and the NAME__entry trampoline */
  const char *name;                         /* the kernel, for messages */
  bool debug;                               /* CPU --debug: poison dynamic shared memory */
  size_t static_smem;                       /* its static shared memory (0: unknown) */
  unsigned dyn_shared;                      /* GPU: dynamic shared memory allowed so far;
                                               CPU: max_dynamic_shared_size_bytes set (0:
                                               not set) */
  int carveout;                             /* CPU: preferred_shared_memory_carveout set,
                                               + 2 (0: not set) */
  bool coop;                                /* it syncs its grid (jit.cg): launched
                                               cooperatively, every block resident */
  bool cxx;                                 /* CUDA C++ as written: no --debug index checks */
} RtFunc;

/* pykc_kernel_attr's question: ATTR of kernel NAME, with what is known before compiling
   (SIG: the compiler's signature of its last launched or first declared specialisation,
   else NULL; CXX: CUDA C++ as written) and, once compiled, FN. */
typedef struct RtAttrQuery {
  pykc_attr attr;
  const char *name;
  bool cxx;
  const KSig *sig;
  const RtFunc *fn;                         /* NULL: not compiled yet */
} RtAttrQuery;
enum { RT_NEED_CODE = 100 };                /* kernel_attr: compile it, then ask again */

/* The target of pykc_module_binary (PTX or a cubin). */
typedef struct RtArch {
  int arch;                                 /* compute capability * 10 */
  char suffix;                              /* 0, 'a' or 'f' */
  bool cubin;
} RtArch;

/* What stops a CPU grid early (the context's pykc_set_timeout, pykc_set_stop_signals);
   a GPU grid runs to its end. */
typedef struct RtStop {
  double timeout;                           /* seconds (0: none) */
  int sigs[8], nsigs;                       /* these signals, after the process's own
                                               handler ran (0: none) */
} RtStop;

typedef struct RtBackend {
  const char *name;                         /* "CUDA", "CPU" */
  bool emits_c;                             /* kc_emit's target: C (else CUDA) */
  unsigned form_block;                      /* a kernel form's default block size ... */
  unsigned form_grid_cap;                   /* ... and most blocks (more work per thread) */
  const char *shared_limit_is;              /* what max_shared is, for launch messages */

  /* ---- context ---- */
  /* Opens DEVICE. RT_ENODEV (no driver or device: *out NULL) is kept by the API as the
     context's reason for later calls. */
  int (*open)(int device, RtDev **out, char *err);
  void (*close)(RtDev *d);                  /* NULL: nothing */
  int (*arch)(const RtDev *d);              /* compute capability * 10; 0 none */
  int (*make_current)(RtDev *d, char *err);
  size_t (*max_shared)(const RtDev *d);     /* dynamic shared memory a block can opt in
                                               to (0: unknown, unchecked) */

  /* ---- code ---- */
  /* Compiles (disk cache first) and loads C; *log (malloc'd or NULL) gets a compiler's
     log that explains a failure. */
  int (*load)(RtDev *d, const RtCode *c, void **mod, char **log, char *err);
  void (*unload)(RtDev *d, void *mod);
  void (*forget)(RtDev *d, const RtModInfo *mi);   /* the module is being freed */
  /* The symbol of kernel I of RAW in its loaded code (BUF may hold it). */
  const char *(*raw_symbol)(const RtRaw *raw, int i, char *buf, size_t n);
  /* F's function SYM in MOD (F's name, debug and static_smem are set by the caller; a
     backend that knows better replaces static_smem). */
  int (*function)(RtDev *d, void *mod, const char *sym, RtFunc *f, char *err);
  /* The __device__ or __constant__ variable NAME of MOD, CUDA C++ as written: its address in
     the backend's memory and its size in bytes (cuModuleGetGlobal; the CPU's: the object's
     symbol). RT_EUSAGE when MOD has none of that name. */
  int (*global)(RtDev *d, void *mod, const char *name, void **ptr, size_t *bytes, char *err);
  int (*kernel_attr)(RtDev *d, const RtAttrQuery *q, int *value, char *err);
  /* The signal behind the calling thread's last RT_EINTR of load or launch (a signal
     stopped the compiler or the grid; the backend raised nothing). NULL: never. */
  int (*interrupt_signal)(RtDev *d);
  /* Sets ATTR (a settable one, checked) of F, kernel NAME's function, to VALUE. F NULL:
     RT_NEED_CODE where the backend can (compile it, then ask again), else why not. */
  int (*kernel_set_attr)(RtDev *d, RtFunc *f, const char *name, pykc_attr attr, int value,
                         char *err);
  /* The blocks of THREADS threads with SMEM bytes of dynamic shared memory that one
     multiprocessor holds at once, running F, and the threads it can hold; F NULL as
     kernel_set_attr. */
  int (*occupancy)(RtDev *d, const RtFunc *f, const char *name, unsigned threads, size_t smem,
                   int *blocks, int *sm_threads, char *err);
  /* The blocks of BLOCK threads that keep the whole device busy running F (a map twin's
     grid-stride launch, docs/design.md §5.3): GPU multiprocessors x the blocks one holds. */
  int (*fill_grid)(RtDev *d, const RtFunc *f, unsigned block, unsigned *grid, char *err);
  /* The device's copy bandwidth: bytes read and written per second (measured, cached). */
  int (*copy_bandwidth)(RtDev *d, double *bps, char *err);

  /* ---- running ---- */
  /* Before a launch on the caller's memory (the CPU's is the host's): points the arrays
     of ARGS (the API's copy of the list) at guarded copies, so that the kernel cannot
     harm the host; *held is what release_args needs (NULL: nothing held). NULL: the
     backend's memory is its own. */
  int (*hold_args)(RtDev *d, pykc_arg *args, int nargs, void **held, char *err);
  /* After the launch: KERNEL (NULL: the launch failed, only free) is checked for writes
     outside its arrays (RT_EFAIL, naming the argument of NAMES) or into a read-only one
     (PYKC_ARRAY_READONLY: RT_EUSAGE, its memory untouched), and the copies go back. */
  int (*release_args)(RtDev *d, void *held, const char *kernel, const char *const *names,
                      char *err);
  /* Launches F (of kernel NAME) with ARGS (marshalled, launch.c) as CFG asks; STOP: what
     stops a CPU grid early (RT_EFAIL after its timeout; RT_EINTR on one of its signals).
     The shape is already checked (rt_launch_check). */
  int (*launch)(RtDev *d, RtFunc *f, const char *name, const pykc_launch_cfg *cfg, void **args,
                const RtStop *stop, char *err);
  int (*synchronize)(RtDev *d, char *err);
  int (*stream_create)(RtDev *d, void **stream, char *err);
  int (*stream_synchronize)(RtDev *d, void *stream, char *err);
  int (*stream_destroy)(RtDev *d, void *stream, char *err);

  /* ---- memory (of the backend's device; the CPU's is host memory) ---- */
  int (*malloc)(RtDev *d, size_t bytes, void **p, char *err);
  int (*free)(RtDev *d, void *p, char *err);          /* P not NULL */
  int (*memcpy)(RtDev *d, void *dst, const void *src, size_t bytes, bool htod, char *err);
  int (*memset)(RtDev *d, void *p, int byte, size_t bytes, char *err);

  /* ---- binaries (the GPU's; NULL elsewhere) ---- */
  /* ARCH ("sm_90", "compute_90a"; NULL: DEV_ARCH's best, else device 0's, else sm_90)
     as a target NVRTC supports. */
  int (*binary_target)(const char *arch, int dev_arch, RtArch *t, char *err);
  /* PTX (NUL-terminated; *len its strlen) or a cubin of C, malloc'd into *data. */
  int (*binary)(const RtCode *c, const RtArch *t, void **data, size_t *len, char **log,
                char *err);
} RtBackend;

extern const RtBackend rt_gpu_backend;      /* runtime/gpu/backend.c */
extern const RtBackend rt_cpu_backend;      /* cpu/backend.c */

#endif
