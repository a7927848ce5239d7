/*
 * src/base: what every phase uses and that depends on nothing: arena allocation and
 * interned names (arena.c), text buffers and file reading (buf.c, buf.h), one diagnostic
 * format (diag.c), NFKC identifiers (nfkc.c), the compilation context (Ctx).
 * Everything a compilation allocates lives in its Ctx's arena and is freed at once.
 * The library never exits: fatal front-end errors longjmp to ctx->fatal, which only the
 * driver (src/driver/driver.c) sets up, and come back as a status.
 */
#ifndef PYKC_BASE_H
#define PYKC_BASE_H

#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/buf.h"

typedef struct Ctx Ctx;

#define PYKC_VERSION "0.1.0"

/* ======================================================================
 * arena.c: arena allocation, interned names, growable string buffers
 * ====================================================================== */
typedef struct ArenaBlock ArenaBlock;
typedef struct Arena {
  ArenaBlock *head;
} Arena;

/* zeroed, 16-byte aligned; out of memory longjmps to the protected call (arena.c) */
void *arena_alloc(Arena *a, size_t n);
char *arena_strndup(Arena *a, const char *s, size_t n);
char *arena_printf(Arena *a, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void arena_free(Arena *a);
/* Out of memory: longjmps to the protected call (arena_oom_protected() must be true). */
_Noreturn void arena_oom(void);
bool arena_oom_protected(void);                     /* inside a protected call? */
/* Sets where out of memory unwinds to in this thread (longjmp value UNIT_OOM); returns
   the previous target. driver.c's unit_protect and unit_new set it. */
jmp_buf *arena_set_oom(jmp_buf *target);
/* Unwinds to the protected call as an allocation that failed (malloc'd memory outside the
   arena: the CUDA C++ scanner's). */
_Noreturn void arena_oom(void);
enum { UNIT_FATAL = 1, UNIT_OOM = 2 };             /* unit_protect's failures */

/* Interned names: equal strings give the same pointer, so names compare by ==. */
typedef struct Interner {
  const char **slots;                              /* open addressing, power of two */
  size_t cap, count;
  Arena *arena;
} Interner;
const char *intern(Interner *in, const char *s, size_t len);
const char *intern_cstr(Interner *in, const char *s);

/* Buf, the growable byte buffer: buf.h (the runtime uses it too). */

/* ======================================================================
 * diag.c: one diagnostic format, with the source line and a caret
 *
 *   FILE:LINE:COL: error: MESSAGE
 *       <the source line>
 *            ^~~~
 * The source line is indented by 4 spaces; '^' sits under COL, '~' covers the rest of
 * loc.len (at least the '^'; never past the end of the line). Tabs in the source line
 * are printed as they are and the caret line copies them so the caret lines up.
 * ====================================================================== */
typedef struct Loc {
  uint32_t line, col;                              /* 1-based; col counts bytes */
  uint32_t len;                                    /* span for the caret, >= 1 */
} Loc;

typedef struct Source {
  const char *name;                                /* as given on the command line */
  const char *text;                                /* NUL-terminated; BOM already skipped */
  size_t len;
} Source;

void diag_error(Ctx *c, Loc loc, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void diag_warning(Ctx *c, Loc loc, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Reports an error and longjmps to c->fatal (front end only: the driver catches it). */
_Noreturn void diag_fatal(Ctx *c, Loc loc, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Whether this thread's stack is nearly used up (CPython's stack check: every recursive
   walk of the front end calls it, so that a deep input is an error, never SIGSEGV). */
bool diag_stack_low(void);
/* A fatal "WHAT nested too deeply" at LOC when the stack is nearly used up. */
void diag_deep(Ctx *c, Loc loc, const char *what);
/* A note without location (e.g. "pykc: bad --sig ..."), same sink, counted as an error. */
void diag_plain(Ctx *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* ======================================================================
 * Compilation context (one per compilation; driver.c creates and frees it)
 * ====================================================================== */
typedef enum { MODE_CUDA, MODE_NUMPY } Mode;

typedef struct Options {
  Mode mode;                                       /* default mode for kernels without mode= */
  bool mode_given;                                 /* --mode overrides the decorator */
  bool debug;                                      /* --debug: asserts + bounds checks */
  bool line_info;                                  /* --line-info: #line directives */
  bool no_map_twins;                               /* no elementwise map twins (§5.3) */
  const char **kernels;                            /* --kernel NAME..., NULL = all */
  int nkernels;
  const char **sigs;                               /* --sig 'name(T, ...)' */
  int nsigs;
  bool need_sigs;                                  /* cuda/check: a generic kernel is an error */
  bool check_untyped;                              /* check: a generic kernel without --sig
                                                      is checked as far as its types allow,
                                                      and a warning says so */
  const char **defines;                            /* --define NAME=VALUE[:DTYPE] */
  int ndefines;
} Options;

struct Ctx {
  Arena arena;
  Interner names;
  const Source *src;
  Buf diags;                                       /* rendered diagnostics */
  int nerrors, nwarnings;
  int nusage;                                      /* of the errors, bad options (exit 2) */
  int max_errors;                                  /* stop (fatal) after this many; 0 = 20 */
  bool quiet;                                      /* parser reading host code: constructs
                                                      kernels reject are not reported */
  bool discard;                                    /* evaluating host code that may fail:
                                                      diagnostics are counted, not built */
  bool deferred;                                   /* parser reading a @cupy.fuse body: such
                                                      constructs are ND_UNSUPPORTED nodes
                                                      that the trace reports (CuPy runs the
                                                      Python: each function fails alone) */
  bool lazy;                                       /* parser reading a @jit.rawkernel body:
                                                      such constructs are ND_UNSUPPORTED
                                                      nodes (weak) that sema reports when it
                                                      compiles the kernel (cupyx transpiles a
                                                      kernel at its launch: one never
                                                      launched fails nothing); not for
                                                      `pykc check`, which reads them all */
  bool form_headers;                               /* a kernel form's preamble includes
                                                      headers: float16 is CuPy's class
                                                      (emit_form_headers, form_elem_ctype) */
  jmp_buf *fatal;                                  /* set by the driver around each phase */
  Options opt;
  uint32_t *line_starts;                           /* diag.c: where each source line starts */
  uint32_t nlines;                                 /* (made at the first rendered message) */
};

void ctx_init(Ctx *c, const Source *src, const Options *opt);
void ctx_free(Ctx *c);


/* An identifier's interned name: NFKC-normalised when it is not ASCII, as CPython does
   (nfkc.c), so `ﬁ` and `fi` are one name. */
const char *name_intern(Ctx *c, const char *s, size_t len);

#endif
