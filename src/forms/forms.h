/*
 * forms.h: CuPy's kernel forms as pykc compiles them — cupy.ElementwiseKernel,
 * ReductionKernel, RawKernel, RawModule (calls with string arguments) and @cupy.fuse
 * (decorated functions). The contract between the phases that handle them:
 *
 *   parse.c      routes `TARGET = cupy.X(...)` and bare `cupy.X(...)` statements (X one
 *                of the four classes, through any alias of cupy or `from cupy import X
 *                [as Y]`) to the grammar as ND_FORM items, lists allowed in the call.
 *   form_spec.c  evaluates the arguments as Python would (string literals of every form,
 *                implicit concatenation, module-level string constants, tuples/lists of
 *                strings, bools, None, numbers; positional and keyword as CuPy's
 *                signatures take them), reports what CuPy rejects at the argument with
 *                CuPy's reason, parses the parameter specs (CuPy's _get_param_info) and
 *                builds one Form per call. Each Form is a kernel of the unit: a Func with
 *                .form set, found by its name= and by the variable it is assigned to
 *                (RawModule: one Func per kernel it names, see FormKernel).
 *   specialising a Form's Func gives a Spec whose ptypes are the kernel's parameters as
 *                the runtime marshals them (in params then out params: arrays in the
 *                DSL's ABI {T *data; int64_t size; int64_t shape[N]; int64_t strides[N]},
 *                byte strides; scalars by value); form_spec_info() says what the
 *                placeholders resolved to.
 *   form_emit.c  ElementwiseKernel -> self-contained CUDA C++ (a prelude giving the
 *                snippets CuPy's names: CArray-like arrays, _ind, T typedefs, min/max);
 *   form_reduce.c ReductionKernel; RawKernel/RawModule code is the user's own text.
 *
 * Everything lives in the unit's arena; names are interned. Changes to this header are
 * additive (four branches build on it): add fields and entry points, do not repurpose.
 */
#ifndef PYKC_FORMS_H
#define PYKC_FORMS_H

#include "../ir/ir.h"
#include "view.h"

typedef enum {
  FORM_ELEMENTWISE,                                /* cupy.ElementwiseKernel */
  FORM_REDUCTION,                                  /* cupy.ReductionKernel */
  FORM_RAW_KERNEL,                                 /* cupy.RawKernel */
  FORM_RAW_MODULE,                                 /* cupy.RawModule */
  FORM_FUSE,                                       /* @cupy.fuse() */
  FORM_KIND_COUNT
} FormKind;
/* "ElementwiseKernel", "ReductionKernel", "RawKernel", "RawModule", "fuse" */
extern const char *const form_kind_names[FORM_KIND_COUNT];

/* A string argument after evaluation: the text Python sees (escapes decoded, implicit
   concatenation joined, a module constant's value) and where the argument is written
   (the literal, or the constant's name at the call). */
typedef struct FormStr {
  const char *s;                                   /* NUL-terminated; "" when absent */
  size_t len;
  Loc loc;                                         /* {0} when absent (the default) */
  bool given;                                      /* the call passed it */
  uint32_t col0;                                   /* nonzero: s[k] is at column col0 + k of
                                                      loc.line (a one-line literal without
                                                      escapes), for carets inside it */
  uint32_t line;                                   /* the source line where the text starts
                                                      (a constant's: its literal's), for the
                                                      #line before it in generated code */
  uint32_t tcol;                                   /* nonzero: the text's first line starts
                                                      at this column of `line` and each later
                                                      line at column 1 (a literal without
                                                      escapes), so generated code keeps the
                                                      user's columns (compilers' messages) */
} FormStr;

/* One parameter of an in_params/out_params spec (CuPy's ParameterInfo):
   `[raw] [_non_const] TYPE NAME`, TYPE one character (a type placeholder such as T) or a
   NumPy dtype name (float32, int64, ...). */
typedef struct FormParam {
  const char *name;                                /* interned, as written ("x") */
  const char *ph;                                  /* the placeholder ("T"), interned; NULL
                                                      when the dtype is declared */
  int dtype;                                       /* declared TY_*, or -1 (placeholder) */
  const char *tname;                               /* the declared type as written ("float",
                                                      NumPy's float64), interned; or NULL */
  bool raw;                                        /* `raw`: the whole array, x[i] indexes it */
  bool is_const;                                   /* inputs: const (CuPy's default for
                                                      in_params; `_non_const` clears it) */
  bool is_out;                                     /* an out_params entry */
  const char *dflt;                                /* a fuse function's default (`eps=1.0`)
                                                      as `pykc run` takes a value, or NULL */
  Loc loc;                                         /* its text inside the spec string when
                                                      the string is a one-line literal, else
                                                      the spec argument */
} FormParam;

/* A kernel a RawModule defines: by its C name, or a template instance by its name
   expression ("fx3<float>"). RawKernel has one (its name argument). */
typedef struct FormKernel {
  const char *name;                                /* the --kernel name, interned */
  bool is_name_expr;                               /* from name_expressions= */
} FormKernel;

typedef struct Form {
  FormKind kind;
  const char *name;                                /* name= (CuPy's default 'kernel' /
                                                      'reduce_kernel'); RawKernel: its name
                                                      argument; fuse: kernel_name= or the
                                                      function's name */
  const char *var;                                 /* the variable the call is assigned to
                                                      (`y = ...`, `self.y = ...`: "y"), or
                                                      NULL for a bare call */
  Loc loc;                                         /* the call (fuse: the def) */

  /* ElementwiseKernel and ReductionKernel */
  FormParam *params;                               /* in params, then out params */
  int nin, nout;
  const char **phs;                                /* the distinct placeholders, in order of
                                                      first use (in params first) */
  int nphs;
  FormStr in_spec, out_spec;                       /* the spec strings as given */
  FormStr operation;                               /* elementwise: operation */
  FormStr map_expr, reduce_expr, post_map_expr;    /* reduction */
  FormStr identity;                                /* reduction: identity= (None: !given) */
  FormStr reduce_type;                             /* reduction: reduce_type= (None: !given) */
  FormStr preamble, loop_prep, after_loop;
  bool reduce_dims;                                /* default true */
  bool no_return, return_tuple;                    /* elementwise: what a call returns */

  /* RawKernel and RawModule */
  FormStr code;                                    /* the CUDA C++ source */
  FormKernel *kernels;                             /* RawKernel: one; RawModule: the C names
                                                      of its __global__ functions found in
                                                      the code, then name_expressions */
  int nkernels;
  const char **name_exprs;                         /* RawModule: name_expressions= */
  int nname_exprs;
  bool jitify;                                     /* jitify=True: -DCUPY_USE_JITIFY in
                                                      options (runtime/gpu/jitify.c) */
  const char *backend;                             /* backend= ("nvrtc", "nvcc") */

  /* every form */
  const char **options;                            /* options=: compiler options */
  int noptions;

  /* fuse */
  Node *fuse_def;                                  /* the decorated ND_FUNCDEF */
  void *fuse;                                      /* branch fuse's own analysis */
  const int *fuse_axes;                            /* a reduction made by fuse: the axes its
                                                      code reduces (normalised, fixed: the
                                                      run takes no --axis), else NULL */
  int fuse_naxes;
  FuseViews fuse_views;                            /* the views its body takes of its
                                                      arguments (view.h): inputs after them */
  bool fuse_none;                                  /* the fuse trace returns None for these
                                                      types (its outputs unmade, no launch) */
  bool fuse_identity;                              /* CuPy's reduction has an identity (sum,
                                                      prod, all, any; not max, min) */
  bool fuse_stage;                                 /* a kernel of a staged fuse function
                                                      (src/fuse/fuse_stage.c): not listed */

  struct Form *next;                               /* the unit's forms, source order */
} Form;

/* ---- form_spec.c ---- */

/* An ND_FORM item (parse.c): lhs = the call, rhs = the assignment target or NULL, name =
   the variable (the target's last name) or NULL. Evaluates and checks the call; on
   success links the Form into the program (Program.forms) and appends its kernel Func(s)
   to *tail (is_kernel, form set, def = a synthetic ND_FUNCDEF whose params are the
   kernel's parameters). A call whose callee is not cupy's class (a local class that
   shares the name) is host code: nothing happens. Errors are diagnostics. */
struct Sema;
void sema_form(struct Sema *S, Node *item, Func ***tail);

/* The Form behind kernel F, or NULL for a DSL kernel. */
const Form *form_of(const Func *f);
/* The FormKind of cupy's class NAME ("RawKernel"), or -1. */
int form_class_kind(const char *name);
/* The forms' FrontEnd (ir.h): Func.fe of every Elementwise/Reduction/Raw form kernel. */
extern const FrontEnd form_front_end;
/* sema_program's part for a form kernel: the specialisation a --sig gives (SIG names it
   in messages), or without --sig the one its declared dtypes give (every array 1-d), or
   "needs a signature" when it has placeholders and c->opt.need_sigs. */
void form_sig_spec(struct Sema *S, Func *f, Type **types, int n, const char *sig);
/* Appends F to the program's forms (in source order; amortised constant time). */
void form_append(struct Sema *S, Form *f);
/* A form's --sig: TYPES[0..got) as parsed, keys[i] the `NAME=` of an item (a parameter
   or a type placeholder) or NULL (positional, in parameter order); fills types[] with one
   type per parameter (unnamed ones: 1-d arrays of their declared or bound dtype). False
   after a usage diagnostic. */
bool form_sig_fill(struct Sema *S, Func *f, const char *sig, Type **types, const char **keys,
                   int got);
void form_default_spec(struct Sema *S, Func *f);

/* What one specialisation of an Elementwise/Reduction form resolved: the dtype of each
   placeholder (Form.phs order) and each parameter's type (Spec.ptypes). */
typedef struct FormSpecInfo {
  const Form *form;
  Type **ph_types;                                 /* per placeholder: a scalar type, or a
                                                      void dtype's TY_RECORD */
  int ndim;                                        /* the loop's index space (elementwise:
                                                      the non-raw arrays' ndim) */
  bool sized;                                      /* elementwise, no non-raw array: the
                                                      loop's length (size=) is an int64
                                                      parameter after the form's */
} FormSpecInfo;

/* Specialises form kernel F for these parameter types (one per Form.params, arrays with
   their dtype and ndim, scalars by their dtype): checks the declared dtypes and the
   placeholders' consistency with CuPy's rules and messages ("Type is mismatched. ...")
   and returns the Spec (found when it exists), or NULL after a diagnostic. */
Spec *form_specialise(Ctx *c, Program *p, Func *f, Type **ptypes, int n);
/* FORM_FUSE kernels (fuse_form.c): form_specialise hands them here. The types are the
   fuse function's arguments only; the result is the Spec of the ElementwiseKernel or
   ReductionKernel CuPy's fuse would build for them (its Func's form is that kernel's
   Form, with fuse_def set; outputs out / out0, out1... follow the inputs in ptypes). */
Spec *fuse_specialise(Ctx *c, Program *p, Func *f, Type **ptypes, int n);
/* form_dtypes of a FORM_FUSE kernel: its outputs' dtypes are those of the specialisation
   for the inputs (a given output must have them: CuPy's fuse allocates its outputs).
   0; 1 with *err for a call that does not fit; 2 with *err for the function's source,
   which its trace for these types rejects (diagnostics at the user's lines). */
int fuse_dtypes(Ctx *c, Program *p, Func *f, Type **ptypes, int n, int *dtypes,
                const char **err);
/* kc_fuse_axes: 1 with the reduction's axes of fuse kernel F called with these inputs, 0
   when it is elementwise, -1 with *err set; the views its body takes (view.h). */
int fuse_axes(Ctx *c, Program *p, Func *f, Type **ptypes, int nin, int *axes, int *naxes,
              bool *identity, FuseViews *views, const char **err);
/* The dtype of every parameter (dtypes[nin + nout]) of a call with these argument types
   by CuPy's rules (ptypes[i] NULL: an output not given, to be allocated), and (recs not
   NULL) each one's Record where that dtype is PYKC_RECORD; false with *err set (CuPy's
   message: "Type is mismatched. ...", "Loop size is undecided."). */
bool form_dtypes(Ctx *c, Program *p, Func *f, Type **ptypes, int n, int *dtypes,
                 const Record **recs, const char **err);
/* The placeholder resolution of a Spec made by form_specialise. */
const FormSpecInfo *form_spec_info(const Spec *s);

/* ---- form_emit.c: ElementwiseKernel ---- */

/* Prints the kernel of elementwise spec S (its prelude pieces marked used in *e) to out:
   `extern "C" __global__ void CNAME(params...)` with a grid-stride loop over the
   indexer. TARGET selects CUDA or the CPU backend's C++ (same text, the CPU preamble
   supplies the CUDA names). */
void emit_form_elementwise(Ctx *c, Buf *out, const Spec *s, Target t);
/* The trips at a time of elementwise specialisation S's map twin (NAME__map, emitted
   beside it: docs/design.md §5.3), 0 when it has none (loop_prep/after_loop, a
   `return`, a word that tells threads apart, no non-raw input, > 8 words of inputs);
   ACCESS (may be NULL) gets MAP_* per parameter. */
int form_map_trips(Ctx *c, const Spec *s, uint8_t *access);
/* The macros of an Elementwise/ReductionKernel's options (-DNAME=V, -UNAME: NVRTC's, as
   CuPy compiles each form with its options), as #define/#undef lines around its code:
   OPEN before it, else after it (its definitions undone, so that no other form of the
   unit sees them). */
void emit_form_macros(Buf *out, const Form *f, bool open);
/* The C++ type of dtype K in form code: CuPy's (thrust::complex<T> for complex). */
const char *form_ctype(int k);
/* The same of a type: a scalar's, or a void dtype's C++ type (CuPy's StructView). */
const char *form_ctype_of(const Type *t);
/* thrust's functions of complex values the program's form snippets call (fns[h]: the
   name of the one whose DSL helper is h, NULL if none; *pow: pow is called): emit.c
   writes those helpers for both widths, the prelude wraps them. Whether any form
   specialisation has complex values. */
bool emit_form_complex_fns(const Program *p, const char *fns[HK_COUNT], bool *pow);
/* complex<T>'s operators and tests that wrap the DSL's helpers: fns[h] is set to the
   wrapper's name for each helper h they call. */
void form_complex_op_helpers(const char *fns[HK_COUNT]);
/* thrust's complex<T>, closed (namespace thrust, `using thrust::complex`): the class, its
   operators and tests, and the functions fns names (pow: cpow.h's); the DSL's helpers it
   wraps (form_complex_op_helpers, fns) are written before it by the caller. */
void form_complex_class(Buf *out, const char *const fns[HK_COUNT], bool pow);
/* The prelude the form kernels of a program share: CuPy's environment (form_env.c's
   rows for target T; FLOAT16: the forms have float16 values) and complex<T> when they
   have complex values, printed once before them; empty when the program has no form
   kernels. */
void emit_form_prelude(Ctx *c, Buf *out, const Program *p, Target t, bool float16);

/* ---- form_env.c: CuPy's kernel environment (one table for both targets) ---- */

/* When a row is printed: every form unit, on the CPU backend only (host names CuPy's
   kernels lack, undefined), when a specialisation has float16 values, when one has
   complex values (form_emit.c's complex<T>). */
typedef enum { ENV_EVERY, ENV_HOST, ENV_FLOAT16, ENV_COMPLEX } FormEnvWhen;
typedef struct FormEnvRow {
  const char *header;                              /* CuPy's header ("cupy/carray.cuh") */
  const char *names;                               /* what it gives the snippets */
  const char *text;                                /* pykc's text, both targets; NULL:
                                                      printed elsewhere (complex) */
  FormEnvWhen when;
  void (*put)(Buf *);                              /* prints the rest of it (or NULL) */
} FormEnvRow;
extern const FormEnvRow form_env[];
extern const int form_env_count;
/* Prints the rows that apply to target T (FLOAT16: the unit's forms have float16 values). */
void form_env_put(Buf *out, Target t, bool float16);
/* The text of CuPy header NAME ("cupy/carray.cuh", "cupy/atomics.cuh",
   "cupy/math_constants.h") for CUDA C++ code: the forms' rows as a header (malloc'd); NULL
   for another name or when memory runs out. */
char *form_cupy_header(const char *name);
void form_carray_type(Buf *out, const char *ctype, int ndim, bool contig);
/* Does one of F's snippets name the identifier ID? */
bool form_names(const Form *f, const char *id);

/* ---- form_reduce.c: ReductionKernel (branch reduce) ---- */

/* Prints the kernel of reduction spec S (its helpers' prelude before the first one in
   OUT). Its parameters are the planned views (runtime/reduce.c): the non-raw inputs of
   NRED + NOUT dims (the reduced ones first), the non-raw outputs of NOUT dims. */
void emit_form_reduction(Ctx *c, Buf *out, const Spec *s, Target t);
/* Checks a reduction's resolved parameter types (the non-raw inputs one ndim, the non-raw
   outputs one ndim, no more than the inputs'): NULL, or the message. */
const char *reduce_spec_check(Ctx *c, const Form *f, Type **types, int n);
/* The specialisation a reduction form gets without --sig when its dtypes are declared:
   every non-raw input 1-d, every output 0-d (a whole-array reduction), raw arrays 1-d. */
Type **reduce_default_types(Ctx *c, const Form *f);

/* ---- form_raw.c: RawKernel and RawModule (branch cxx) ---- */

/* Appends each RawKernel's and RawModule's code as written, after a banner (`pykc cuda`);
   the runtime compiles them on their own (runtime/raw.c). Nothing when there are none. */
void emit_raw_forms(Buf *out, const Program *p);

#endif
