/*
 * runtime/rt.h: the runtime's internal interfaces, one section per file: the utilities
 * the API (runtime/api/), both backends and the CLI share.
 *   util.c fsutil.c guard.c ptrset.c cache.c   errors, files, guarded memory, the cache
 *   launch.c   kernel signatures, argument marshalling, the .cu scanner
 *   raw.c      CUDA C++ as written            cuda_headers.c  the CUDA headers pykc serves
 *   limits.c   CUDA's launch limits           reduce.c        a reduction's plan
 * The API is runtime/api/ (its hooks for the CLI: runtime/api/hooks.h); the backends'
 * interface is backend.h, their own runtime/gpu/gpu.h and cpu/cpu.h. The runtime sees the compiler through src/driver/ksig.h only (opaque Units,
 * kernel signatures); the CLI's own modules (.npy files, argument specs) are in cli/cli.h.
 * Functions return 0 on success and write a one-line message into err on failure.
 */
#ifndef PYKC_RT_H
#define PYKC_RT_H

#include "../include/pykc.h"
#include "../src/base/buf.h"
#include "../src/base/half.h"
#include "../src/driver/ksig.h"
#include "../src/types/record.h"

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
double rt_now_ms(void);                    /* monotonic clock */
bool rt_is_cu(const char *path);            /* a .cu file: CUDA C, not the kernel language */
/* CuPy's name of a kernel attribute (pykc_attr: "num_regs"), NULL for none. */
const char *rt_attr_name(int attr);
/* The bytes of the file PATH in *DATA (malloc'd, NUL-terminated) and *LEN, read as pykc
   reads every input (src/base/buf.c: regular files of at most 256 MiB, so a FIFO cannot
   block nor /dev/zero exhaust memory); 0, or an errno value (> 0) or a negative code
   (not a regular file, too large) with ERR "cannot read 'PATH': why". */
int rt_read_file(const char *path, char **data, size_t *len, char *err);
/* The whole file PATH, a CUDA C++ source, as NUL-terminated text (malloc'd) in *OUT; 0,
   or RT_EUSAGE (it cannot be read) or RT_ESOURCE (it holds a NUL byte, where every
   compiler would stop reading) with ERR's message. */
int rt_read_text(const char *path, char **out, char *err);
/* Compile and load statistics of a context (runtime/api/hooks.h: rt_context_stats). */
typedef struct RtStats {
  double nvrtc_ms, cache_ms, load_ms, launch_ms;
  int compiles, cache_hits;
} RtStats;

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
/* 0 if the cache folder can be trusted (a missing one is created 0700 now); -1 with the
   reason in WHY if there is none (no HOME), it cannot be made or reached (a file on its
   path, a path too long), is no folder, is not owned by the user or is writable by group
   or others, in which case get misses and put refuses (callers compile privately). */
int rt_cache_check(char *why);
/* rt_cache_check as the one warning its clients print (the CLI's `pykc: warning: MSG`, the
   Python package's RuntimeWarning): 0, or -1 with MSG "WHY: not using the cache, compiling
   privately" and what to do. */
int rt_cache_warning(char *msg);
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
  uint64_t limit;                           /* rt_cache_limit (0: none) */
  bool limit_bad;                           /* PYKC_CACHE_MAX is set but no size */
} RtCacheInfo;
int rt_cache_info(RtCacheInfo *info, char *err);
/* The cache's size limit in bytes: $PYKC_CACHE_MAX (an integer with an optional K, M or G,
   powers of 1024; 0: no limit), else RT_CACHE_MAX_DEFAULT (also when the variable is no
   size: *BAD, if given, is then set). After each rt_cache_put that takes the folder past
   it, the least recently used entries (their mtime, which a hit renews) are removed until
   it holds at most 90% of it; the entry just written stays. */
enum { RT_CACHE_MAX_DEFAULT_MIB = 1024 };
uint64_t rt_cache_limit(bool *bad);
int rt_cache_clear(char *err);

/* Status codes of the runtime (the CLI's exit statuses; pykc_status's values). */
enum { RT_OK = 0, RT_ESOURCE = 1, RT_EUSAGE = 2, RT_EFAIL = 3, RT_ENODEV = 4, RT_EINTR = 6 };

/* ---- launch.c: kernel signatures, argument validation and marshalling ---- */
struct pykc_arg;                            /* include/pykc.h */
typedef struct RtParam {
  const char *name;
  int dtype;                                /* pykc_dtype; -1: unknown (raw .cu type) */
  const char *record;                       /* dtype PYKC_RECORD: its description */
  int ndim;                                 /* arrays */
  bool is_array;
  bool contig;                              /* T[::1] */
  bool raw;                                 /* .cu kernel: arrays are bare pointers */
  bool ref;                                 /* .cu kernel: a reference (`const T &v`) */
  bool assign;                              /* an Elementwise/ReductionKernel's scalar:
                                               converted as CuPy's CScalar.apply_dtype
                                               does (NumPy's assignment: a float truncates
                                               into an integer type) */
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
/* overlap.c: the first array argument that a map twin writes (access: KC_MAP_* per
   argument) whose bytes overlap one it reads (*read), other than the same 1-d view read
   and written only at [i]; -1 when there is none, and its batched loads are safe. */
int rt_map_conflict(const struct pykc_arg *args, int nargs, const uint8_t *access, int *read);
uint64_t rt_args_typehash(const struct pykc_arg *args, int nargs);
/* An argument's item size in bytes (a PYKC_RECORD's from its description); 0 for a bad
   dtype. */
int64_t rt_itemsize(const struct pykc_arg *a);
/* Whether A's dtype is one (a PYKC_RECORD with a description). */
bool rt_dtype_ok(const struct pykc_arg *a);
/* Whether A's dtype is parameter P's (the same description for a PYKC_RECORD). */
bool rt_dtype_is(const struct pykc_arg *a, int dtype, const char *record);
/* True if the array argument is C-contiguous. */
bool rt_arg_contig(const struct pykc_arg *a);
/* "float32[:]", "int64[:, ::1]", "int32" */
void rt_type_name(int dtype, int ndim, bool is_array, bool contig, char *buf, size_t n);
/* Converts a scalar argument in place to dtype TO. -1 (err set) for complex->real, and for
   float->int unless ASSIGN (CuPy's CScalar.apply_dtype, NumPy's assignment: the float
   truncates toward zero and must then fit TO; NaN and infinities are refused). */
int rt_scalar_convert(struct pykc_arg *a, int to, bool assign, const char *pname, char *err);
/* A's value as dtype DT's bytes (dtype_info[DT].size of them) at DST. */
void rt_store_scalar(int dt, const struct pykc_arg *a, unsigned char *dst);

/* A kernel of CUDA C++ as written (raw.c, from the scanner cxxscan.c): an extern "C"
   kernel, or a name expression's instance. */
typedef struct RtCuKernel {
  const char *name;
  RtParam *params;                          /* names: the scan's */
  int nparams;
} RtCuKernel;

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
/* Copies the spec and finds its kernels: the extern "C" ones, then one per name
   expression. 0, -1 out of memory, RT_ESOURCE with err. */
int rt_raw_new(const RtRawSpec *s, RtRaw **out, char *err);
void rt_raw_free(RtRaw *r);                         /* NULL: nothing */
int rt_raw_find(const RtRaw *r, const char *name);  /* by C name or expression; -1 */
int rt_raw_nkernels(const RtRaw *r);
/* Does the code sync its grid (it takes cooperative_groups::this_grid() and calls a
   sync())? Its kernels are then launched cooperatively, as CuPy's
   enable_cooperative_groups=True launches them: the grid's barrier needs every block
   resident. */
bool rt_raw_coop(const RtRaw *r);
RtCuKernel *rt_raw_kernel(const RtRaw *r, int i);
const char *rt_raw_code(const RtRaw *r);
/* The text NVRTC compiles: the code, after a #line to its file when it starts past line
   1 (a .py file's string); malloc'd, NULL when out of memory. */
char *rt_raw_gpu_source(const RtRaw *r);
/* The code's place, options and name expressions (the backends build from them). */
const char *rt_raw_file(const RtRaw *r);
int rt_raw_line(const RtRaw *r);
void rt_raw_options(const RtRaw *r, const char *const **options, int *n);
void rt_raw_exprs(const RtRaw *r, const char *const **exprs, int *n);
int rt_raw_nextern(const RtRaw *r);                 /* kernels [0, n) are extern "C" */
/* GPU: the lowered names NVRTC gave the name expressions (one per line), then each
   kernel's function name. */
int rt_raw_set_lowered(RtRaw *r, const char *lowered, char *err);
const char *rt_raw_symbol(const RtRaw *r, int i);
/* CPU: kernel I's trampoline is NAME__entry for this NAME: its extern "C" name, or a name
   made in BUF[N >= 32]. */
const char *rt_raw_entry(const RtRaw *r, int i, char *buf, size_t n);

/* ---- cuda_headers.c: the CUDA headers pykc supplies to CUDA C++ code, one table ---- */
/* The text of `#include <NAME>` on the CPU (the preamble has CUDA's built-ins, so most are
   empty), or NULL when NAME is not one of them. */
const char *rt_cuda_header(const char *name, size_t len);
bool rt_cuda_toolkit_header(const char *name, size_t len);
/* The include guard of served header NAME[0..len) on both backends: PYKC_HDR_ and the name
   with each character that is no letter or digit as '_' (cupy/float16.cuh:
   PYKC_HDR_cupy_float16_cuh), cut at RT_GUARDLEN - 1 characters. */
enum { RT_GUARDLEN = 128 };
/* A family of served headers (those whose name starts with PREFIX) that the CPU backend
   reads under a macro: PRE_TEXT (a served text, named PRE_NAME) before the outermost one,
   then OPEN, the header, CLOSE (cupy/xsf/: `std` as pykc_xsf_std). */
typedef struct RtCpuWrap {
  const char *prefix, *pre_name, *pre_text, *open, *close;
} RtCpuWrap;
const RtCpuWrap *rt_cpu_wrap(const char *name, size_t len);
void rt_header_guard(char guard[RT_GUARDLEN], const char *name, size_t len);
/* The ones NVRTC lacks, for nvrtcCreateProgram: their names and texts; the count, or -1
   when there are more than MAX. C_LIBRARY: <cstdint> and <stdint.h> too (over libcu++),
   as nvcc gives CuPy's backend='nvcc' code the host's (not with Jitify, which has its own). */
int rt_nvrtc_headers(const char **names, const char **texts, int max, bool c_library);

/* ---- limits.c ---- */
/* CUDA's launch limits, checked before a launch on either backend: block x, y <= 1024,
   z <= 64, 1 to 1024 threads; grid x 1 to 2^31-1, y, z 1 to 65535; at most MAX_SHARED
   bytes of dynamic shared memory (0: no check). 0, or RT_EUSAGE with "invalid launch: ...". */
int rt_launch_check(const unsigned grid[3], const unsigned block[3], size_t shared,
                    size_t max_shared, char *err);
/* The most dynamic shared memory a block can opt in to on the GPUs pykc targets (sm_90 and
   sm_100: 227 KiB); the CPU backend's limit, so that what runs there runs on a GPU. */
#define RT_MAX_SHARED ((size_t)227 * 1024)

#endif
