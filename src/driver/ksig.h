/*
 * src/driver/ksig.h: the compiler as the runtime sees it (ksig.c). The runtime (runtime/, cpu/)
 * includes this header, never the compiler's internal headers: a compiled source is an opaque Unit, its
 * kernels are KKernels, and each specialisation a launch can select is described by a
 * KSig (the parameters' names, kinds, dtypes, ndim and layout, the emitted name, the
 * static shared memory), which is all the runtime needs to check and marshal arguments.
 * Dtypes are include/pykc.h's pykc_dtype values (the compiler's TY_BOOL .. TY_COMPLEX128
 * in the same order, asserted in ksig.c), and their facts are type.c's one table.
 * Everything returned lives as long as the Unit; strings are the compiler's interned ones.
 * The calls never exit: errors come back as NULL or a status, with diagnostics in the
 * unit (kc_diags) or a one-line message.
 */
#ifndef PYKC_KSIG_H
#define PYKC_KSIG_H

#include "../../include/pykc.h"
#include "../types/dtype.h"                         /* DtypeInfo, dtype_info[] */
#include "../forms/view.h"                          /* FuseView: a fuse body's views */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>



typedef struct Unit Unit;                          /* one compiled source (driver.c) */

/* One parameter of a specialisation, or one argument's type. */
typedef struct KParam {
  const char *name;
  bool is_array;
  int dtype;                                       /* pykc_dtype; -1: no host type (a tuple) */
  const char *record;                              /* dtype PYKC_RECORD: its description
                                                      (include/pykc.h) */
  int ndim;                                        /* arrays: 0 .. PYKC_MAX_DIMS */
  bool contig;                                     /* arrays: C-contiguous (T[::1]) */
  bool strong;                                     /* scalars: a NumPy scalar (fuse kernels
                                                      type it strongly; others ignore it) */
  bool handle;                                     /* scalars: a texture object's handle
                                                      (pykc_arg.handle) */
} KParam;

/* One specialisation of a kernel: what a launch of it takes. */
typedef struct KSig {
  const char *kernel;                              /* the kernel's name */
  const char *cname;                               /* its emitted name: the CUfunction's,
                                                      NAME__entry's on the CPU backend */
  int nparams;
  const KParam *params;
  int64_t static_shared;                           /* static shared-memory bytes of the
                                                      kernel and the device functions it calls */
  int serial;                                      /* 0, 1, ...: order of first emission
                                                      (see kc_emit) or of first request */
  const void *spec;                                /* the compiler's Spec (opaque) */
  bool cxx;                                        /* a kernel form's: CUDA C++ in the text
                                                      (the CPU backend compiles a text with
                                                      one as C++, entry cxx_entry) */
  const char *cxx_entry;                           /* the kernel's qualified C++ name */
  bool coop;                                       /* calls a grid's sync() (jit.cg): a
                                                      cooperative launch */
  bool twinned;                                    /* declared with strided arrays: its
                                                      C-contiguous twin (kc_specialise with
                                                      those arrays contig) serves launches
                                                      on C-contiguous arrays */
  bool in_text;                                    /* in kc_emit's last text (a twinned one
                                                      is not until kc_take) */
} KSig;

/* A CuPy kernel form's parameters, as the runtime plans a call (forms.h has the rest). */
typedef struct KFormParam {
  const char *name;
  bool raw;                                        /* `raw`: not broadcast, own shape */
  bool is_out;
  const char *dflt;                                /* the value an omitted argument takes
                                                      (a fuse function's default), or NULL */
} KFormParam;
typedef struct KForm {
  int kind;                                        /* forms.h's FormKind (KC_FORM_*) */
  const char *name;                                /* name= (CuPy's kernel name) */
  int nin, nout;
  const KFormParam *params;                        /* nin inputs, then nout outputs */
  bool reduce_dims;
  bool no_return, return_tuple;
  bool has_identity;                               /* reductions: identity= given */
} KForm;
enum { KC_FORM_ELEMENTWISE, KC_FORM_REDUCTION, KC_FORM_RAW_KERNEL, KC_FORM_RAW_MODULE,
       KC_FORM_FUSE };

/* A kernel of a unit. */
typedef struct KKernel {
  const char *name;
  int nparams;
  const char *const *pnames;                       /* parameter names */
  bool generic;                                    /* no declared types: specialised per launch */
  bool numpy_mode;                                 /* mode='numpy' literal typing */
  const void *fn;                                  /* the compiler's Func (opaque) */
  const KForm *form;                               /* a kernel form's, or NULL */
  struct KMemo *memo;                              /* ksig.c: the answers of kc_form_dtypes
                                                      and kc_fuse_axes so far, by types */
} KKernel;

/* Whether a launch of k may pass n arguments: its parameters, and after them, for an
   ElementwiseKernel call that passes no array to a non-raw parameter (size=), the loop's
   length as an int64 (the specialisation checks which: forms.h's FormSpecInfo.sized);
   a fuse kernel's views (kc_fuse_axes) come between its inputs and outputs. */
static inline bool kc_kernel_nargs_ok(const KKernel *k, int n) {
  return n == k->nparams ||
         (n == k->nparams + 1 && k->form && k->form->kind == KC_FORM_ELEMENTWISE) ||
         (n > k->nparams && k->form && k->form->kind == KC_FORM_FUSE);   /* with its views */
}

/* CUDA C++ that a unit holds as written: the code of a RawKernel or RawModule (forms.h),
   compiled like a .cu file (runtime/raw.c). */
typedef struct KRaw {
  const char *code;
  int line;                                        /* the code's first line in the unit's
                                                      file (where the literal's text starts) */
  const char *const *options;                      /* options= */
  int noptions;
  const char *const *exprs;                        /* RawModule: name_expressions= */
  int nexprs;
  const void *id;                                  /* one per RawKernel/RawModule call */
  const char *cname;                               /* this kernel in the code: its C name or
                                                      its name expression */
  const char *what;                                /* "RawKernel" or "RawModule" */
} KRaw;

/* Compiles NAME's TEXT, or the file NAME when TEXT is NULL; NULL when there is no memory
   for the unit itself. o may be NULL. */
Unit *kc_compile(const char *name, const char *text, const pykc_options *o);
/* 0, 1 (errors in the source), 2 (unreadable file, bad options such as a bad --sig) or
   3 (out of memory: the calls below then fail, and only kc_free is useful). */
int kc_status(const Unit *u);
const char *kc_name(const Unit *u);                /* the file name it was compiled under */
bool kc_debug(const Unit *u);                      /* compiled with bounds checks and asserts */
bool kc_line_info(const Unit *u);
/* The rendered diagnostics; kc_diags_since(u, mark) those after kc_diag_mark's MARK. */
const char *kc_diags(const Unit *u);
size_t kc_diag_mark(const Unit *u);
const char *kc_diags_since(const Unit *u, size_t mark);
void kc_free(Unit *u);                             /* NULL: nothing */

/* Kernel NAME, or NULL. */
const KKernel *kc_kernel(Unit *u, const char *name);
/* "a, b" (the unit's kernels), "" when it has none. */
const char *kc_kernel_list(Unit *u);
/* The message for a NAME that names no kernel (a device function, or the kernels there are). */
const char *kc_no_kernel(Unit *u, const char *name);
/* The I-th declared signature of a kernel with types (I = 0, 1, ...), NULL past the last. */
const KSig *kc_declared(Unit *u, const KKernel *k, int i);
/* The specialisation of generic kernel K to these argument types (made once, then found).
   NULL after an error: *source_error true when the kernel does not type-check for them
   (the diagnostics, kc_diags_since), else a one-line message in err[KC_ERRLEN]
   (a wrong argument count, a bad dtype or ndim). */
const KSig *kc_specialise(Unit *u, const KKernel *k, const KParam *args, int n,
                          bool *source_error, char *err);
/* The code behind kernel K when it is a RawKernel's or RawModule's, else NULL. */
const KRaw *kc_raw(Unit *u, const KKernel *k);
/* The I-th RawKernel/RawModule call of the unit in source order (its cname: its first
   kernel), NULL past the last; *others (may be NULL) tells whether the unit has kernels
   that pykc generates too. */
const KRaw *kc_raw_at(Unit *u, int i, bool *others);
/* The dtype of every parameter of form kernel K for a call with these arguments (n =
   nin + nout; an output with dtype -1 is not given): CuPy's type rules; records[i] (may
   be NULL) a PYKC_RECORD's description (the unit's copy). 0, or 1 with the message in
   err[KC_ERRLEN], 2 when the message is about the source (a fuse function that its trace
   for these types rejects), 4 for CuPy's ValueError about a void dtype (a field not
   aligned: record.h). */
int kc_form_dtypes(Unit *u, const KKernel *k, const KParam *args, int n, int *dtypes,
                   const char **records, char *err);
/* A fuse kernel called with these inputs (nin of them): 1 when the function ends in a
   reduction, with its axes (normalised, ascending; the code fixes them) in axes[*naxes]
   and whether CuPy's reduction has an identity (max and min have none: an empty one is
   an error); 0 when it is elementwise; -1 with the message in err[KC_ERRLEN]. The views
   its body takes of the arguments (inputs of the kernel after the arguments, which the
   caller makes: view.h) in *views. */
int kc_fuse_axes(Unit *u, const KKernel *k, const KParam *args, int nin, int *axes,
                 int *naxes, bool *identity, FuseViews *views, char *err);
/* Emits every specialisation of the unit, for the CPU backend (C11 after cpu/cpu_rt.h)
   when c_target, else CUDA C (after kc_twins: the declared ones with strided arrays as
   their C-contiguous twins, the declared ones themselves once taken). Returns malloc'd
   text, or NULL with diagnostics. *covered: the KSigs with serial < *covered and
   in_text are in this text. */
char *kc_emit(Unit *u, bool c_target, int *covered);
/* A specialisation's map twin (docs/design.md §5.3; src/lower/map.c, and a kernel form's
   batched loop): the same work as a grid-stride loop over any 1-d grid, its trips' loads
   first, valid when no array it writes overlaps one it reads (KC_MAP_AT_I arrays: unless
   both are the same view). Known once kc_emit has emitted S. */
enum { KC_MAP_READ = 1, KC_MAP_WRITE = 2,
       KC_MAP_ELSEWHERE = 4 };                     /* an access not at [i] of a 1-d view */
typedef struct KMap {
  const char *cname;                               /* its emitted name */
  const uint8_t *access;                           /* KC_MAP_* per parameter of S */
  bool nthreads;                                   /* it takes one more parameter, an int64:
                                                      the thread count of the launch it
                                                      replaces (< 2^31), which bounds i */
  const char *cxx_entry;                           /* a kernel form's: its qualified name */
  int size_arg;                                    /* a kernel form's: the argument whose
                                                      elements are the loop's (its first
                                                      non-raw array); -1: nthreads */
  int dims;                                        /* 1: a loop over x (nthreads: the
                                                      launch's threads); 2: over y of a
                                                      2-d launch (nthreads: its threads
                                                      along y; KC_MAP_ELSEWHERE: not at
                                                      [y, x] of a 2-d view) */
  bool xinner;                                     /* 2-d: x is read in elements' last
                                                      index only: its block may widen */
} KMap;
bool kc_map(Unit *u, const KSig *s, KMap *m);
/* Gives the declared specialisations with strided arrays their C-contiguous twins
   (KSig.twinned; once per unit, at the first launch); nonzero when out of memory. */
int kc_twins(Unit *u);
/* A launch takes S: a twinned declared specialisation goes into the next kc_emit text
   (until then S->in_text is false: emit again before loading it). */
void kc_take(Unit *u, const KSig *s);
/* Does the unit's emitted CUDA hold code its author wrote (a kernel form's snippets)?
   Then an NVRTC error is the source's, not a pykc bug. */
bool kc_user_code(const Unit *u);
/* The options of the unit's specialised ElementwiseKernels and ReductionKernels (the
   forms whose code its text holds) that are not macros
   (those are #defines around each form's code): NVRTC compiles the unit with them, as
   CuPy compiles each form with its options. Up to CAP into OPTS, each once; the count. */
int kc_form_options(const Unit *u, const char **opts, int cap);
/* Does a specialisation of the unit use jit.cg (its CUDA includes the CCCL headers: NVRTC
   needs the toolkit's include folders)? jit.cub's reducers are pykc's own. */
bool kc_cccl(const Unit *u);
/* The KSig of serial I (0 .. the count so far), or NULL past the last. */
const KSig *kc_sig(Unit *u, int i);
/* The version of the compiler (part of every cache key). */
const char *kc_version(void);
/* The dtype the kernel language gives a Python scalar (types/promote.c's one rule):
   KIND a pykc_pyscalar, an int as its sign and magnitude; -1 for an int past 64 bits. */
int kc_scalar_dtype(int kind, bool negative, uint64_t magnitude, bool numpy_mode);
/* The loop @cupy.fuse selects (src/fuse/fuse_loops.c): include/pykc.h's pykc_fuse_loop;
   NAME a loop list ("ff->f dd->d"): of a ufunc that the program declares. */
int kc_fuse_loop(const char *name, const char *in, const char *weak, char dtype,
                 bool new_fusion, char out[4], const char **err);
/* <cupy/complex.cuh> for RawKernel/RawModule code (runtime/cuda_headers.c): CuPy's
   complex<T> as the forms' code has it, over the DSL's helpers (emit_complex_header);
   malloc'd, the caller's. */
char *kc_complex_header(void);
/* CuPy's header NAME for RawKernel/RawModule code where its text is the forms' (form_env.c:
   cupy/carray.cuh, cupy/atomics.cuh, cupy/math_constants.h), malloc'd, the caller's; NULL
   for another name or when memory runs out. */
char *kc_cupy_header(const char *name);

#define KC_ERRLEN 512

#endif
