/*
 * src/dsl: the cupyx.jit front end. sema*.c read the module (imports, constants, kernel
 * and device functions) and type each kernel or device-function specialisation into the
 * typed IR: names resolved, types fixed at first assignment, builtins bound, constants
 * folded.
 */
#ifndef PYKC_DSL_H
#define PYKC_DSL_H

#include "ir/ir.h"

/* What the module reader hands to the other front ends (the driver fills it: src/dsl
   includes nothing of src/forms or src/fuse). */
struct Scope;
typedef struct SemaFronts {
  /* A kernel-form item (ND_FORM): its Func, appended to *tail. */
  void (*form)(struct Sema *S, Node *item, Func ***tail);
  /* Is cupy.NAME a kernel form's class? Its kind, else -1. */
  int (*form_class_kind)(const char *name);
  /* A @cupy.fuse def: its Func, appended to *tail (newfusion: CuPy's new fusion types). */
  void (*fuse_def)(struct Sema *S, Node *def, const char *kernel_name, bool newfusion,
                   struct Scope *scope, Func ***tail);
} SemaFronts;

/* Builds the program's symbol tables (imports, constants, functions). Kernels with
   types (from --sig or annotations) are specialised and typed now; generic kernels
   wait for sema_specialise. Returns NULL if errors were reported. */
Program *sema_program(Ctx *c, Node *module, const SemaFronts *fronts);

/* Specialises a generic kernel for the given parameter types (run time). */
Spec *sema_specialise(Ctx *c, Program *p, Func *f, Type **ptypes, int n);
/* A kernel by its qualified name ("Cls.k"), or by its plain name when that is unique;
   NULL if none (or ambiguous: sema_no_kernel says which). */
Func *sema_find_kernel(Program *p, const char *name);
/* The message for a kernel name that names no kernel: a device function, or which kernels
   the file has. */
const char *sema_no_kernel(Ctx *c, Program *p, const char *name);
/* What "kernel 'k' needs a signature" adds when the command line gave --sig for other
   kernels but no --kernel: that --kernel picks the kernels to compile; else "". */
const char *sema_sig_hint(const Ctx *c);


#endif
