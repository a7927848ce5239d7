/*
 * runtime/rt.h: the runtime's internal interfaces, one section per module.
 *   util.c   one-line errors, float16 conversions
 *   cache.c  the disk cache                    (XXH3-128 keys, atomic writes, checked entries)
 *   nvrtc.c  NVRTC through dlopen              (CUDA C -> PTX / cubin)
 *   driver.c the CUDA Driver API through dlopen
 *   api.c    the public API (include/pykc.h) and the hooks the CLI uses
 *   cpu.c    the CPU backend's kernel objects   (cc -> .so -> dlopen), cpu/
 *   fiber.c  the CPU backend's grid runner      (threads of a block as fibers), cpu/
 * The runtime sees the compiler through src/ksig.h only (opaque Units, kernel
 * signatures); the CLI's own modules (.npy files, argument specs) are in cli/cli.h.
 *   debug.c  --debug on the GPU                (the kernels' pykc_debug failure record)
 * Functions return 0 on success and write a one-line message into err on failure.
 */
#ifndef PYKC_RT_H
#define PYKC_RT_H

#include "../include/pykc.h"
#include "../src/base/buf.h"
#include "../src/base/half.h"
#include "../src/driver/ksig.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/stat.h>

#define RT_ERRLEN KC_ERRLEN
#define RT_MAXDIM PYKC_MAX_DIMS
#define RT_MAXPARAMS 128

/* ---- util.c ---- */
/* The one-line error writer the runtime modules share (vsnprintf into err[RT_ERRLEN];
   err may be NULL). float16 conversions: src/base/half.h. */
void rt_errf(char *err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Where verbose reports go (pykc_set_log's callback); rt_logf formats one line for it
   (nothing when LOG or its fn is NULL). */
typedef struct RtLog {
  pykc_log_fn fn;
  void *user;
} RtLog;
void rt_logf(const RtLog *log, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* ---- fsutil.c: private folders and atomic writes (the cache and the CLI) ---- */
typedef struct RtParts {                           /* bytes written one after another */
  const void *data[4];
  size_t len[4];
  int n;
} RtParts;
/* mkdir -p, creating missing folders 0700. */
int rt_mkdir_private(const char *dir, char *err);
/* 0 if ST (of WHAT PATH, for the message) is owned by the user and not writable by group
   or others; else -1 and "the folder D is writable by others (mode 1777)". */
int rt_check_private(const struct stat *st, const char *what, const char *path, char *err);
/* Opens DIR (created 0700 first if CREATE) as a folder descriptor after checking it is
   private; -1 with the reason ("WHAT DIR is ...") otherwise. */
int rt_open_private_dir(const char *dir, const char *what, bool create, char *err);
/* Writes PARTS to NAME in the folder open as DFD (DIR names it in messages): a temporary
   NAME.tmpXXXXXX, created O_EXCL with MODE, renamed over NAME once complete. */
int rt_write_at(int dfd, const char *dir, const char *name, const RtParts *parts, mode_t mode,
                char *err);
/* Writes PARTS to PATH atomically in PATH's folder (a symbolic link: its target's),
   keeping an existing file's mode; a device, a FIFO, or a file that no folder entry
   names (a memfd's /proc/self/fd/N) is written in place. An existing file that the user
   cannot write is refused, as opening it would be. */
int rt_write_file(const char *path, const RtParts *parts, char *err);
/* Checks before the work that PATH can be written by rt_write_file: not a folder, an
   existing file writable, its folder writable. */
int rt_check_out(const char *path, char *err);
mode_t rt_umask(void);                             /* the process's umask, read-only */
bool rt_write_all(int fd, const void *buf, size_t n);  /* all N bytes (EINTR retried) */

/* ---- guard.c: memory between guard pages (arrays, shared memory of the CPU backend) ---- */
/* N zero bytes whose end touches a PROT_NONE page (and a PROT_NONE page below the first
   page): an overrun faults. Aligned to 16 if N is a multiple of 16, else to N's largest
   power-of-2 factor. NULL if out of memory. */
void *rt_guarded_alloc(size_t n);
void rt_guarded_free(void *p, size_t n);           /* N as given to rt_guarded_alloc */

/* ---- ptrset.c: a set of pointers (open addressing; NULL empty, a tombstone removed) ---- */
typedef struct PtrSet {
  void **slots;
  size_t cap, count, used;                  /* used: count plus tombstones */
} PtrSet;
bool rt_ptrset_has(const PtrSet *s, const void *p);
bool rt_ptrset_add(PtrSet *s, void *p);     /* P not NULL, not yet in S; false: no memory */
bool rt_ptrset_remove(PtrSet *s, const void *p);   /* false if P was not there */
void rt_ptrset_free_all(PtrSet *s);         /* frees every pointer in S, and S */

/* ---- cache.c ---- */
/* Cache key: XXH3-128 over the parts, rendered as 32 hex digits. */
void rt_cache_key(const void *const *parts, const size_t *lens, int nparts, char hex[33]);
/* The cache folder ($PYKC_CACHE_DIR, else $XDG_CACHE_HOME/pykc, else ~/.cache/pykc). */
int rt_cache_dir(char *buf, size_t n, char *err);
bool rt_cache_enabled(void);  /* false when PYKC_CACHE=0 */
/* 0 if the cache folder can be trusted (or is missing: it will be created 0700); -1 with
   the reason in WHY if it is not owned by the user or is writable by group or others,
   in which case get misses and put refuses (callers compile privately). */
int rt_cache_check(char *why);
/* Looks up KEY.EXT. Returns 1 and a malloc'd copy on a hit, 0 on a miss; a corrupt or
   truncated entry is removed and counts as a miss. */
int rt_cache_get(const char *key, const char *ext, void **data, size_t *len);
/* Writes KEY.EXT atomically (temporary file + rename), with a header holding its length
   and hash. Returns 0 or -1 (err set); failure to cache is never fatal to callers. */
int rt_cache_put(const char *key, const char *ext, const void *data, size_t len, char *err);
/* Path of KEY.EXT in the cache (for messages and tests). KEY and EXT must be
   [0-9A-Za-z_-]; info/clear count only files named <32 hex digits>.EXT[.tmpXXXXXX]. */
int rt_cache_path(const char *key, const char *ext, char *buf, size_t n, char *err);
/* info counts pykc's entries (`pykc cache info` prints them); clear removes pykc's files
   only. A missing folder holds no entries. */
typedef struct RtCacheInfo {
  char dir[4096];                           /* the cache folder */
  uint64_t entries, bytes;
  bool enabled;                             /* false with PYKC_CACHE=0 */
} RtCacheInfo;
int rt_cache_info(RtCacheInfo *info, char *err);
int rt_cache_clear(char *err);

/* Status codes of the GPU runtime (the CLI's exit statuses). */
enum { RT_OK = 0, RT_ESOURCE = 1, RT_EUSAGE = 2, RT_EFAIL = 3, RT_ENODEV = 4 };

/* ---- nvrtc.c: NVRTC through dlopen, with the disk cache ---- */
typedef struct RtBinary {
  void *data;                 /* malloc'd: PTX text (NUL-terminated) or a cubin */
  size_t len;                 /* bytes (PTX: including the NUL) */
  bool is_cubin;
  bool cache_hit;
  double nvrtc_ms, cache_ms;  /* time in NVRTC, time in cache lookups/stores */
  char *lowered;              /* RtCompile.exprs' lowered names, one per line, or NULL */
} RtBinary;

typedef struct RtCompile {
  const char *name;           /* program name shown in NVRTC messages (the source file) */
  int arch;                   /* compute capability * 10 + minor: 90 for sm_90 */
  char arch_suffix;           /* 0, 'a' or 'f' (sm_90a, sm_100f) */
  bool cubin;                 /* cubin for sm_ARCH, else PTX for compute_ARCH */
  bool line_info;             /* -lineinfo */
  bool generated;             /* pykc emitted the source (pykc's options: -ftz=true as
                                 CuPy builds, -minimal): an NVRTC error is a pykc bug ... */
  bool user_code;             /* ... unless it holds its author's code (a kernel form's
                                 snippets): then the error is the source's, no -minimal */
  const char *const *options; /* the user's NVRTC options (RawModule's options=) */
  int noptions;
  const char *const *exprs;   /* name expressions ("fx3<float>"): RtBinary.lowered */
  int nexprs;
} RtCompile;

/* Loads NVRTC once ($PYKC_NVRTC if set, else libnvrtc.so.13 / libnvrtc.so in $CUDA_HOME/lib64,
   /usr/local/cuda/lib64, then the default search). 0 or RT_EFAIL with a message. */
int rt_nvrtc_load(char *err);
int rt_nvrtc_version(int *major, int *minor);
/* The highest architecture NVRTC supports that is <= want (0 if none); lo/hi its range. */
int rt_nvrtc_best_arch(int want, int *lo, int *hi);
/* Parses "sm_90", "compute_90a", "sm_100f"; 0 or -1. */
int rt_parse_arch(const char *s, int *arch, char *suffix, bool *is_sm);
/* Compiles SRC (cache first). On an NVRTC error: RT_ESOURCE for user code, RT_EFAIL for
   generated code (the source is kept in a file named in err); *log gets NVRTC's log
   (malloc'd, may be NULL). Other failures: RT_EFAIL with err. */
int rt_compile(const char *src, const RtCompile *o, RtBinary *out, char **log, char *err);
void rt_binary_free(RtBinary *b);
double rt_now_ms(void);                    /* monotonic clock */

/* ---- driver.c: the CUDA Driver API through dlopen ---- */
typedef unsigned long long RtDevPtr;        /* CUdeviceptr */
typedef struct RtCuda {                     /* CUDA's signatures, handles as void * */
  int (*Init)(unsigned);
  int (*DriverGetVersion)(int *);
  int (*DeviceGetCount)(int *);
  int (*DeviceGet)(int *, int);
  int (*DeviceGetAttribute)(int *, int, int);
  int (*DeviceGetName)(char *, int, int);
  int (*DevicePrimaryCtxRetain)(void **, int);
  int (*DevicePrimaryCtxRelease)(int);
  int (*CtxSetCurrent)(void *);
  int (*CtxSynchronize)(void);
  int (*ModuleLoadData)(void **, const void *);
  int (*ModuleUnload)(void *);
  int (*ModuleGetFunction)(void **, void *, const char *);
  int (*ModuleGetGlobal)(RtDevPtr *, size_t *, void *, const char *);
  int (*FuncGetAttribute)(int *, int, void *);
  int (*FuncSetAttribute)(void *, int, int);
  int (*LaunchKernel)(void *, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned,
                      unsigned, void *, void **, void **);
  int (*MemAlloc)(RtDevPtr *, size_t);
  int (*MemFree)(RtDevPtr);
  int (*MemcpyHtoD)(RtDevPtr, const void *, size_t);
  int (*MemcpyDtoH)(void *, RtDevPtr, size_t);
  int (*MemsetD8)(RtDevPtr, unsigned char, size_t);
  int (*StreamCreate)(void **, unsigned);
  int (*StreamDestroy)(void *);
  int (*StreamSynchronize)(void *);
  int (*EventCreate)(void **, unsigned);
  int (*EventRecord)(void *, void *);
  int (*EventSynchronize)(void *);
  int (*EventElapsedTime)(float *, void *, void *);
  int (*EventDestroy)(void *);
  int (*GetErrorName)(int, const char **);
  int (*GetErrorString)(int, const char **);
} RtCuda;

enum {                                      /* the CUDA enum values pykc uses */
  RT_CU_NOT_FOUND = 500,
  RT_CU_DEV_CC_MAJOR = 75, RT_CU_DEV_CC_MINOR = 76, RT_CU_DEV_SM_COUNT = 16,
  RT_CU_FUNC_MAX_DYN_SHARED = 8, RT_CU_FUNC_SHARED_BYTES = 1,
  RT_CU_DEV_SMEM_OPTIN = 97                 /* MAX_SHARED_MEMORY_PER_BLOCK_OPTIN */
};

/* Loads libcuda.so.1 ($PYKC_LIBCUDA if set) and calls cuInit once. Returns the table, or
   NULL with err "no CUDA driver (...)" or "no CUDA device (...)". */
const RtCuda *rt_cuda(char *err);
/* "CUDA_ERROR_ILLEGAL_ADDRESS (an illegal memory access was encountered)" */
void rt_cuda_errstr(int r, char *buf, size_t n);
/* True for the errors a kernel raises asynchronously (illegal address, trap, ...). */
bool rt_cuda_is_kernel_error(int r);

typedef struct RtDevice {
  int ordinal, cudev;
  void *ctx;                                /* the retained primary context */
  int arch;                                 /* 90 for compute capability 9.0 */
  char name[128];
} RtDevice;
/* Retains device N's primary context and makes it current. 0, RT_ENODEV or RT_EFAIL. */
int rt_device_open(int ordinal, RtDevice *d, char *err);
void rt_device_close(RtDevice *d);
/* The compute capability of device 0 (e.g. 90), or 0 when there is no driver or GPU. */
int rt_device_arch0(void);

/* ---- debug.c: the --debug failure record of a CUDA module (src/emit_cuda.c) ---- */
typedef struct RtDebugRec {                 /* the layout of the emitted struct PykcDebug */
  int32_t reporter;                         /* 1: pykc reads the record (no printf/trap) */
  int32_t state;                            /* 0 free, 1 being written, 2 complete */
  int32_t kind;                             /* 1 index out of bounds, 2 assertion failed */
  int32_t line;
  int32_t axis, ndim;
  int64_t index;
  int64_t shape[8];
  uint32_t block[3], thread[3];
  char text[128];                           /* array name, or the assertion's message */
} RtDebugRec;
/* Finds the module's `pykc_debug` record (present when its source was emitted with
   --debug and has checks) and marks it as read by pykc. 1 found (*rec set), 0 none, or
   RT_EFAIL with err. */
int rt_debug_attach(void *module, RtDevPtr *rec, char *err);
/* After a synchronisation: if the record holds a failure, writes "FILE:LINE: index I out
   of bounds for axis D of NAME with shape (S,) (kernel 'K', block (x,y,z), thread
   (x,y,z))" or "FILE:LINE: assertion failed[: MSG] (kernel ...)" into msg, clears the
   record and returns 1; 0 if none; RT_EFAIL with msg on a CUDA error. */
int rt_debug_take(RtDevPtr rec, const char *file, const char *kernel, char *msg);

/* ---- launch.c: kernel signatures, argument validation and marshalling ---- */
struct pykc_arg;                            /* include/pykc.h */
typedef struct RtParam {
  const char *name;
  int dtype;                                /* pykc_dtype; -1: unknown (raw .cu type) */
  int ndim;                                 /* arrays */
  bool is_array;
  bool contig;                              /* T[::1] */
  bool raw;                                 /* .cu kernel: arrays are bare pointers */
} RtParam;

typedef struct RtSig {
  RtParam *params;
  int n;
  uint32_t off[RT_MAXPARAMS];               /* offset of each marshalled argument */
  uint32_t size;                            /* bytes of the whole parameter block */
} RtSig;

/* Fills sig->off/size from its params (the ABI of docs/design.md §4). */
int rt_sig_layout(RtSig *sig, char *err);
/* Validates ARGS against SIG (count, kind, dtype, ndim, null pointers, layout) and writes
   them into BUF (sig->size bytes, 16-aligned) with PTRS[i] -> each; no allocation. */
int rt_marshal(const RtSig *sig, const struct pykc_arg *args, int nargs, void *buf, void **ptrs,
               char *err);
/* 64-bit hash of the argument types (kind, dtype, ndim, contiguity). */
uint64_t rt_args_typehash(const struct pykc_arg *args, int nargs);
/* True if the array argument is C-contiguous. */
bool rt_arg_contig(const struct pykc_arg *a);
/* "float32[:]", "int64[:, ::1]", "int32" */
void rt_type_name(int dtype, int ndim, bool is_array, bool contig, char *buf, size_t n);
/* Converts a scalar argument in place to dtype TO. -1 (err set) for float->int and
   complex->real. */
int rt_scalar_convert(struct pykc_arg *a, int to, const char *pname, char *err);

/* The extern "C" kernels of a .cu source, with their parameters. */
typedef struct RtCuKernel {
  char *name;
  RtParam *params;                          /* names and types malloc'd with the kernel */
  int nparams;
} RtCuKernel;
/* 0, -1 out of memory, or RT_ESOURCE with err: a kernel's declaration cut short. */
int rt_cu_parse(const char *src, RtCuKernel **out, int *n, char *err);
void rt_cu_free(RtCuKernel *k, int n);
/* The kernel a name expression names ("fx3<float>", "ns::k<int, 4>"): the __global__
   function template in SRC, its parameters with the template parameters replaced by the
   expression's arguments (or their defaults), textually (`T *x` with T = float is a
   float*). 0 with *k (k->name: the expression; free with rt_cu_free(k, 1)'s logic: its
   name and params), -1 out of memory, RT_ESOURCE with err. */
int rt_cu_parse_expr(const char *src, const char *expr, RtCuKernel *k, char *err);
/* A copy of SRC (malloc'd, NULL when out of memory) of the same length and lines, with
   comments and string and char literals blanked out (the "C" of extern "C" kept). */
char *rt_blank_comments(const char *src);

/* ---- raw.c: CUDA C++ compiled as written (.cu files, RawKernel/RawModule code) ---- */
typedef struct RtRawSpec {
  const char *code;
  const char *file;                         /* for messages and #line */
  int line;                                 /* the code's first line in FILE */
  const char *const *options;               /* NVRTC options (CuPy's options=) */
  int noptions;
  const char *const *exprs;                 /* name expressions (name_expressions=) */
  int nexprs;
} RtRawSpec;
typedef struct RtRaw RtRaw;
struct RtCpuModule;
/* Copies the spec and finds its kernels: the extern "C" ones, then one per name
   expression. 0, -1 out of memory, RT_ESOURCE with err. */
int rt_raw_new(const RtRawSpec *s, RtRaw **out, char *err);
void rt_raw_free(RtRaw *r);                         /* NULL: nothing */
int rt_raw_find(const RtRaw *r, const char *name);  /* by C name or expression; -1 */
int rt_raw_nkernels(const RtRaw *r);
RtCuKernel *rt_raw_kernel(const RtRaw *r, int i);
const char *rt_raw_code(const RtRaw *r);
/* The text NVRTC compiles: the code, after a #line to its file when it starts past line
   1 (a .py file's string); malloc'd, NULL when out of memory. */
char *rt_raw_gpu_source(const RtRaw *r);
/* GPU: the options and name expressions for rt_compile; then the lowered names it gave
   (RtBinary.lowered) and each kernel's function name. */
void rt_raw_compile_opts(const RtRaw *r, RtCompile *o);
int rt_raw_set_lowered(RtRaw *r, const char *lowered, char *err);
const char *rt_raw_symbol(const RtRaw *r, int i);
/* CPU: the code with its trampolines, built and loaded (rt_cpu_load_cxx); kernel I's
   entry is rt_raw_entry's name. */
int rt_raw_cpu_load(const RtRaw *r, const RtLog *log, struct RtCpuModule **out, char *err);
void rt_raw_entry(const RtRaw *r, int i, char *buf, size_t n);

/* ---- api.c: hooks the CLI uses beside the public API ---- */
struct pykc_context;
struct pykc_module;
struct pykc_kernel;
typedef struct RtStats {
  double nvrtc_ms, cache_ms, load_ms, launch_ms;
  int compiles, cache_hits;
} RtStats;
RtStats *rt_context_stats(struct pykc_context *c);
int rt_context_arch(struct pykc_context *c);
/* A module over a compiled Unit (the module takes it over; freed with the module). */
int rt_module_from_unit(struct pykc_context *c, Unit *u, struct pykc_module **out);
/* The signature that arguments of these types select, as a launch picks it: the first
   declared one they match, or a new specialisation of a generic kernel. NULL with err;
   *source_error when the unit's diagnostics (since the call) explain. */
const KSig *rt_pick_sig(Unit *u, const KKernel *k, const struct pykc_arg *args, int nargs,
                        bool *source_error, char *err);
/* The dtype of scalar parameter I of a .cu kernel (its declared C type), else -1. */
int rt_kernel_param_dtype(const struct pykc_kernel *k, int i);
/* form.c's view of a kernel (api.c): its compiler kernel (NULL for .cu kernels), unit,
   name, whether its context is the CPU backend, and the context's message. */
const KKernel *rt_kernel_kk(const struct pykc_kernel *k);
Unit *rt_kernel_unit(const struct pykc_kernel *k);
const char *rt_kernel_name(const struct pykc_kernel *k);
bool rt_kernel_cpu(const struct pykc_kernel *k);
/* A usage error of kind USAGE (CuPy's ValueError, numpy's AxisError ...). */
pykc_status rt_kernel_err_as(struct pykc_kernel *k, pykc_usage usage, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
pykc_status rt_kernel_err(struct pykc_kernel *k, pykc_status st, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void rt_kernel_clear_err(struct pykc_kernel *k);
bool rt_is_cu(const char *path);            /* a .cu file: CUDA C, not the kernel language */
/* The whole file as NUL-terminated text (malloc'd), or NULL if it cannot be opened. */
char *rt_read_text(const char *path);

/* ---- fiber.c: the CPU backend's grid runner (threads of a block as fibers) ---- */
struct PykcCpu;                             /* cpu/cpu_rt.h */
typedef struct RtGridRun {
  struct PykcCpu *cpu;                      /* the kernel module's `pykc_cpu` */
  void (*entry)(void **args);               /* NAME__entry */
  void **args;                              /* args[i] -> the i-th ABI argument value */
  const char *name;                         /* kernel name, for messages */
  unsigned grid[3], block[3];
  size_t shared_mem;                        /* dynamic shared-memory bytes */
  bool debug;                               /* poison dynamic shared memory per block */
  double timeout_s;                         /* a watchdog stops the grid after (0: none) */
} RtGridRun;
/* Runs the grid: blocks one after another, each block's threads as fibers. Traps,
   failed --debug checks, blocks stuck at a barrier and crashes of the kernel stop it
   with RT_EFAIL and a one-line message; a bad launch shape is RT_EUSAGE. */
int rt_fiber_run_grid(const RtGridRun *g, char *err);
/* ---- cpu.c: kernel objects of the CPU backend (for the library's CPU context) ---- */
typedef struct RtCpuModule RtCpuModule;
/* Compiles C_TEXT (a unit's TARGET_C emission; cpu.c prepends the preamble) into a
   shared object, through the disk cache, and dlopens it. 0, or RT_EFAIL with err.
   VERBOSE (NULL: none) gets the compiler command and cache hits, and a compilation then
   keeps its C source (named in the report). */
int rt_cpu_load(const char *c_text, const RtLog *verbose, RtCpuModule **out, char *err);
/* CUDA C++ for the CPU backend (cxx.c): a .cu file, RawKernel/RawModule code, generated
   form code. */
typedef struct RtCpuEntry {
  const char *entry;                        /* the trampoline is ENTRY__entry (C name) */
  const char *func;                         /* the kernel: a C name or a template instance */
} RtCpuEntry;
typedef struct RtCxx {
  const char *text;                         /* the CUDA C++ as written */
  const char *file;                         /* its file, for #line and messages */
  int line;                                 /* TEXT's first line in FILE (1: a .cu file) */
  const RtCpuEntry *entries;                /* one trampoline each */
  int nentries;
  const char *const *flags;                 /* more compiler arguments (-DX=1, -std=...),
                                               NULL-terminated; NULL: none */
} RtCxx;
/* The CUDA headers pykc supplies to CUDA C++ code (raw.c's table): the text of
   `#include <NAME>` on the CPU (the preamble has CUDA's built-ins, so most are empty), or
   NULL when NAME is not one of them. */
const char *rt_cuda_header(const char *name, size_t len);
/* The ones NVRTC lacks, for nvrtcCreateProgram: up to MAX names and texts; the count. */
int rt_nvrtc_headers(const char **names, const char **texts, int max);
/* Appends the C++ that follows the preamble for C (#line, TEXT with its `extern
   __shared__` arrays rewritten, the trampolines); out->oom when out of memory. */
void rt_cxx_source(Buf *out, const RtCxx *c);
/* rt_cpu_load for CUDA C++: compiled with `$CXX -std=gnu++17` (default c++). 0, RT_ESOURCE
   with the compiler's first error (the user's code did not compile: the message names
   its file and line), or RT_EFAIL with err. */
int rt_cpu_load_cxx(const RtCxx *c, const RtLog *verbose, RtCpuModule **out, char *err);
/* Sets g->cpu and g->entry to the module's `pykc_cpu` and CNAME__entry; 0 or RT_EFAIL. */
int rt_cpu_entry(RtCpuModule *m, const char *cname, RtGridRun *g, char *err);
void rt_cpu_unload(RtCpuModule *m);                /* NULL: nothing */

/* CUDA's launch limits, checked before a launch on either backend: block x, y <= 1024,
   z <= 64, 1 to 1024 threads; grid x 1 to 2^31-1, y, z 1 to 65535; at most MAX_SHARED
   bytes of dynamic shared memory (0: no check). 0, or RT_EUSAGE with "invalid launch: ...". */
int rt_launch_check(const unsigned grid[3], const unsigned block[3], size_t shared,
                    size_t max_shared, char *err);
/* The most dynamic shared memory a block can opt in to on the GPUs pykc targets (sm_90 and
   sm_100: 227 KiB); the CPU backend's limit, so that what runs there runs on a GPU. */
#define RT_MAX_SHARED ((size_t)227 * 1024)

#endif
