/*
 * src/driver: the compiler as one call (driver.c: a Unit is a source through the front
 * ends, sema, lowering and emission, never exiting) and as the runtime sees it (ksig.c,
 * ksig.h). The only folder that knows every front end.
 */
#ifndef PYKC_DRIVER_H
#define PYKC_DRIVER_H

#include "../syntax/syntax.h"
#include "../dsl/dsl.h"
#include "../lower/lower.h"
#include "../emit/emit.h"
#include "ksig.h"


/* ======================================================================
 * driver.c: the pipeline as one call, never exits
 * ====================================================================== */
/* A compilation unit: one source file through the front end and sema. Never NULL.
   A fatal error inside any phase comes back as status 1 with the diagnostics. */
typedef struct Unit {
  Ctx ctx;
  Source src;
  char *text;                                      /* owned copy of the file's text */
  Node *module;
  Program *prog;
  int status;                                      /* 0 ok, 1 source errors, 2 unreadable
                                                      file, 3 out of memory (the unit is
                                                      unusable after it, but can be freed) */
  struct KReg *kreg;                               /* ksig.c's KKernels and KSigs (arena) */
} Unit;

/* Reads PATH (or "-" for stdin), strips a UTF-8 BOM, and compiles it. NULL only when
   there is no memory for the unit itself (so for unit_open and unit_from_string). */
Unit *unit_from_file(const char *path, const Options *opt);
/* Reads PATH without compiling (status 2 if unreadable); unit_dump then dumps its tokens
   (what = 0) or its AST (what = 1) into out, returning 0 or 1 after errors. */
Unit *unit_open(const char *path, const Options *opt);
int unit_dump(Unit *u, int what, Buf *out);
/* Compiles TEXT (copied) under the display name NAME. */
Unit *unit_from_string(const char *name, const char *text, size_t len, const Options *opt);
/* Specialises kernel NAME to the given parameter types (generic kernels), or returns the
   existing specialisation; NULL with diagnostics on error. */
Spec *unit_specialise(Unit *u, const char *kernel, Type **ptypes, int n);
/* Emits the program for a target (malloc'd), or NULL with diagnostics on error. */
char *unit_emit(Unit *u, Target t);
/* Runs fn(u, arg) under the front end's fatal-error protection; returns 0, UNIT_FATAL
   after a fatal error (its diagnostic is in the unit) or UNIT_OOM when memory ran out
   (the unit's status becomes 3). */
int unit_protect(Unit *u, void (*fn)(Unit *, void *), void *arg);
const char *unit_diags(const Unit *u);
/* The message for a --kernel NAME that names no kernel: a device function, or which
   kernels the file has. */
const char *unit_no_kernel(Unit *u, const char *name);             /* rendered diagnostics so far */
void unit_free(Unit *u);


#endif
