/*
 * cpu/cpu.h: the CPU backend's internal interfaces, one section per file.
 *   backend.c  rt_cpu_backend: the operations of runtime/backend.h (host memory, pointer
 *              sets, loading units and CUDA C++ as written, launches)
 *   cpu.c      kernel objects (cc -> .so -> dlopen, through the disk cache)
 *   cxx.c      CUDA C++ prepared for the host compiler (shared memory, trampolines)
 *   fiber.c    the grid runner (threads of a block as fibers)
 *   hostguard.c  a launch's arrays as guarded copies of the caller's memory
 *   spawn.c    the compiler run interruptibly (cpu_spawn.h)
 * Only the backend's own files include this; the API sees rt_cpu_backend alone.
 */
#ifndef PYKC_CPU_H
#define PYKC_CPU_H

#include "../runtime/rt.h"

/* ---- hostguard.c: a CPU launch's arrays as guarded copies of the caller's memory ---- */
typedef struct RtGuardSpan {
  char *orig, *copy;                               /* the caller's bytes, the copy's */
  size_t len, below;                               /* span; canary bytes below the copy */
  char *base;                                      /* the guarded mapping's data pages */
  size_t body;                                     /* their size */
  int arg;                                         /* the argument whose window starts it */
} RtGuardSpan;
/* An array argument's window: the bytes its copy covers (its span; for a view given its
   allocation, pykc_arg.value.alloc, the span widened into the allocation: hostguard.c). */
typedef struct RtGuardArg {
  char *lo, *hi;
  int group;                                       /* its copy, g[group]; -1: none */
  bool ro;                                         /* PYKC_ARRAY_READONLY */
  bool view;                                       /* widened into its allocation, */
  bool whole;                                      /* from the allocation's start */
} RtGuardArg;
typedef struct RtHostGuard {
  int n, nargs;
  RtGuardSpan g[RT_MAXPARAMS];
  RtGuardArg a[RT_MAXPARAMS];
} RtHostGuard;
bool rt_host_guard_on(void);                       /* unless PYKC_CPU_GUARD=0 */
/* Points each array of ARGS (the caller's copy of the list) at a guarded copy. 0, or
   RT_EUSAGE (an array's memory is not mapped: nothing is copied) or RT_EFAIL with err. */
int rt_host_guard(RtHostGuard *h, pykc_arg *args, int nargs, char *err);
/* After the grid (KERNEL given): checks the canaries (RT_EFAIL with err naming the
   argument of NAMES) and that no read-only array was written (RT_EUSAGE), copies changed
   bytes back; always frees the copies. */
int rt_host_unguard(RtHostGuard *h, const char *kernel, const char *const *names, char *err);

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
  const int *stop_sigs;                     /* these signals stop the grid (RT_EINTR), */
  int nstop;                                /* after the process's own handler ran */
  bool coop;                                /* a cooperative launch (the kernel syncs its
                                               grid): every block runs at once */
  size_t static_smem;                       /* its static shared memory (co-residency) */
  bool cxx;                                 /* CUDA C++ as written: --debug checks no index,
                                               so a crash's message does not point to it */
} RtGridRun;
/* Runs the grid: blocks one after another, each block's threads as fibers (a cooperative
   launch: every block at once, switched at the grid barrier). Traps,
   failed --debug checks, blocks stuck at a barrier and crashes of the kernel stop it
   with RT_EFAIL and a one-line message; a bad launch shape is RT_EUSAGE; one of
   stop_sigs stops it with RT_EINTR (rt_grid_last_signal: which). */
int rt_fiber_run_grid(const RtGridRun *g, char *err);
int rt_grid_last_signal(void);
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
  const char *const *flags;                 /* more compiler arguments (-I, -std=...),
                                               NULL-terminated; NULL: none */
  const char *defines;                      /* the options' macros as #define/#undef lines,
                                               after pykc's preamble (NULL: none) */
} RtCxx;
/* Appends the C++ that follows the preamble for C (#line, TEXT with its `extern
   __shared__` arrays rewritten, the trampolines); out->oom when out of memory. */
void rt_cxx_source(Buf *out, const RtCxx *c);
/* cxxvol.c: TEXT with a poll (the preamble's pykc_vspin) in the condition of each loop
   that reads volatile memory, malloc'd; NULL when it has none (or *oom). */
char *cxx_volatile_polls(const char *text, bool *oom);
/* cxxvol.c: the names that blanked text B declares with keyword KW (`volatile`, also
   through a typedef that has it; `__shared__`), a NULL-terminated malloc'd array of
   malloc'd strings (cxx_names_free); NULL when out of memory. */
char **cxx_declared_names(const char *b, const char *kw);
void cxx_names_free(char **v);
/* cxxvol.c: the end of the statement of blanked text B[..LEN) that starts at I (after its
   `;` or closing brace; an if's else, a do loop's while included). */
size_t cxx_statement_end(const char *b, size_t i, size_t len);
/* cxxwarp.c: TEXT with the lock-step points of warp-synchronous code (the preamble's
   pykc_wstep) around each store to volatile or __shared__ memory, malloc'd; NULL when it
   has none (or *oom). */
char *cxx_warp_steps(const char *text, bool *oom);
/* rt_cpu_load for CUDA C++: compiled with `$CXX -std=gnu++17` (default c++). 0, RT_ESOURCE
   with the compiler's first error (the user's code did not compile: the message names
   its file and line), or RT_EFAIL with err. */
int rt_cpu_load_cxx(const RtCxx *c, const RtLog *verbose, RtCpuModule **out, char *err);
/* Sets g->cpu and g->entry to the module's `pykc_cpu` and CNAME__entry; 0 or RT_EFAIL. */
int rt_cpu_entry(RtCpuModule *m, const char *cname, RtGridRun *g, char *err);
/* The address and size of the object's variable NAME (a __device__ or __constant__ one:
   cpu_rt.h gives them default visibility); 0, or RT_EUSAGE when the object defines no
   variable of that name (a function, or a symbol of a library it links, is none). */
int rt_cpu_global(RtCpuModule *m, const char *name, void **ptr, size_t *bytes, char *err);
void rt_cpu_unload(RtCpuModule *m);                /* NULL: nothing */

#endif
