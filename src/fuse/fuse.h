/*
 * src/fuse/fuse.h: what the files of @cupy.fuse share (the plan of the work is at the top of
 * fuse.c).
 *
 *   fuse_loops.c        the tables: ufuncs, their loops and routines, the reductions; the
 *                      loop an operation's dtypes select, the routine's text
 *   fuse_trace.c        the trace: expressions, constants, a ufunc call as one local `vN`
 *   fuse_stmt.c         statements: assignments, in-place writes (op=, x[:] =, out=), return
 *   fuse_call.c         calls: cupy ufuncs, the reduction and its axes, astype, an
 *                      inlined fuse function
 *   fuse.c             the kernel: FuseCode, the strings CuPy gives Elementwise/
 *                      ReductionKernel
 *   fuse_form.c         a @fuse def as a kernel of the unit; FuseCode as a Form,
 *                      specialised; the runtime's questions
 */
#ifndef PYKC_FUSE_H
#define PYKC_FUSE_H

#include "../forms/forms.h"
#include "../forms/view.h"
#include "../dsl/sema_int.h"

/* ======================================================================
 * fuse.c: a @cupy.fuse function typed for its arguments, as the strings CuPy's
 * fuse gives ElementwiseKernel / ReductionKernel
 * ====================================================================== */
/* The FrontEnd (ir.h) of @cupy.fuse kernels (fuse_form.c). */
extern const FrontEnd fuse_front_end;
/* fuse_form.c: a @cupy.fuse def becomes a kernel of the unit (a FORM_FUSE Form and its
   Func, appended to *tail); newfusion: typed as CuPy's new fusion types it. */
void sema_fuse_def(Sema *S, Node *def, const char *kernel_name, bool newfusion, Scope *scope,
                   Func ***tail);

enum { FUSE_MAX_DIMS = 32, FUSE_MAX_OUTS = 16, FUSE_MAX_PARAMS = 64,
       FUSE_MAX_IN = FUSE_MAX_PARAMS + VIEW_MAX,   /* the arguments, then the views */
       FUSE_MAX_TEMPS = 32, FUSE_MAX_STAGES = 64,
       FUSE_MAX_SLOTS = FUSE_MAX_IN + 2 * FUSE_MAX_TEMPS };
typedef struct FuseArg {
  TypeKind dtype;
  int ndim;                                        /* an array's; -1: a scalar */
  bool weak;                                       /* a scalar that is a Python int/float/
                                                      bool (NumPy 2's weak promotion) */
} FuseArg;
/* fuse_stage.c: a statement of a staged trace (pre's bytes [start, end)) and the inputs it
   reads from memory. */
typedef struct FStmt {
  size_t start, end;
  ViewDeps rd;                                     /* arguments, views */
  uint64_t trd;                                    /* temporaries */
} FStmt;
/* One kernel of a staged fuse function: what the planner runs (view.h) and the strings
   CuPy's kernel classes take. */
typedef struct FStage {
  FuseStage run;
  const char *in_params, *out_params, *operation, *map_fn;
  const char *map_expr, *reduce_expr, *post_map_expr, *identity, *reduce_type;
  bool has_identity;
  const char **names;                              /* its parameters: inputs, then outputs */
  TypeKind *dts;
} FStage;

typedef struct FuseCode {
  const char *in_params, *out_params;              /* "float32 x, float64 y", "float64 out" */
  const char *preamble;                            /* helper functions (and the map) */
  const char *operation;                           /* elementwise: the body */
  bool reduce;                                     /* a ReductionKernel: */
  const char *map_expr, *reduce_expr, *post_map_expr, *identity, *reduce_type;
  int naxes;                                       /* the axes reduced, normalised */
  int axes[FUSE_MAX_DIMS];
  bool axis_none;                                  /* axis=None: all of them */
  bool has_identity;                               /* CuPy's reduction has one (an empty
                                                      max/min is an error) */
  const char *in_names[FUSE_MAX_IN];               /* the parameters' C names (the
                                                      arguments', then the views') */
  ViewDeps out_deps[FUSE_MAX_OUTS];                /* each output's arguments and views */
  ViewDeps written_deps;                           /* the inputs written, as a set */
  int nviews;                                      /* the views the body takes of the */
  FuseView views[VIEW_MAX];                        /* arguments: kernel inputs after them */
  int view_ndim[VIEW_MAX];
  bool raw[FUSE_MAX_PARAMS];                       /* argument i is read through views only:
                                                      a raw parameter (not broadcast) */
  int nout;
  TypeKind out_types[FUSE_MAX_OUTS];
  const char *out_names[FUSE_MAX_OUTS];            /* "out", or "out0", "out1"... */
  bool return_tuple;                               /* outputs out0, out1...; else `out` */
  bool no_return;                                  /* the function returns None */
  bool returns_none;                               /* this trace returns None where the
                                                      function's first return of a value
                                                      fixed outputs: they are not made */
  bool written[FUSE_MAX_IN];                       /* the body updates argument (view) i in
                                                      place (an elementwise kernel's
                                                      `_non_const`) */
  const FStage *stages;                            /* staged: its kernels, in order */
  int nstages, ntemps;
  int temp_ndim[FUSE_MAX_TEMPS];                   /* the temporaries' ndim in the trace */
  int temp_out[FUSE_MAX_TEMPS];                    /* a temporary returned: its output + 1 */
} FuseCode;
/* Types fuse function f for the arguments; false after errors (reported). A launch's
   types after the arguments (rest[nrest]: its views', then its outputs'; nrest 0 when the
   caller asks about the arguments alone): the outputs' ndim (view_out_ndim below) tells
   that the arguments (or the views) are those a planned reduction launches with. */
bool sema_fuse(Ctx *c, Program *p, Func *f, const FuseArg *args, int nargs, Type **rest,
               int nrest, FuseCode *out);

#include "../types/ufunc.h"

/* ---------------------------------------------------------------- the tables */

/* The reductions (cupy/_core/_routines_math.pyx, _routines_statistics.pyx,
   _routines_logic.pyx): loops, and the ReductionKernel pieces of CuPy's routine. */
typedef struct Reduction {
  const char *name;                                /* cp.NAME / x.NAME() */
  const char *cname;
  const char *loops, *keep_loops;                  /* keep_loops: with dtype= */
  const char *reduce_expr, *identity;              /* identity NULL: the type's lowest /
                                                      highest value (max / min) */
  int minmax;                                      /* +1 max, -1 min, 0 neither */
  bool truth;                                      /* all/any: map is in0 != 0 */
} Reduction;

/* ---------------------------------------------------------------- traced values */

typedef struct TVal {
  TypeKind dt;
  int ndim;                                        /* -1: a scalar */
  PyKind weak;                                     /* a Python scalar's kind, PY_NONE */
  const char *c;                                   /* its C expression */
  bool post;                                       /* computed after the reduction */
  const Node *cn;                                  /* a constant: its IR_CONST */
  bool is_dtype;                                   /* a dtype object (cp.float32) */
  bool bad;                                        /* an error was reported */
  bool param;                                      /* an argument's value (an array the
                                                      caller owns) */
  const char *str;                                 /* a Python str (x.dtype.kind), host
                                                      Python only */
  bool tuple;                                      /* a Python tuple of nitems items */
  int nitems;
  const struct TVal *items;
  bool none;                                       /* Python's None */
  const struct PyFn *fn;                           /* a Python function (called: inlined) */
  const char *module;                              /* a module object: "cupy" or "numpy"
                                                      (xp = cupy.get_array_module(x)) */
  int slice;                                       /* a Python slice(None, None, step):
                                                      its step (1, -1) + 2; 1: another one */
  int view;                                        /* an argument's view: its number + 1 */
  ViewDeps deps;                                   /* the arguments and views it is made of */
  /* staged (fuse_stage.c): */
  int temp;                                        /* a temporary: its number + 1 */
  uint64_t tdeps;                                  /* the temporaries it is made of */
  const uint64_t *need;                            /* the statements that compute it (bit s:
                                                      Fuse.stmts[s]), nneed words */
  int nneed;
} TVal;

typedef struct FuseKey {
  const char *key;
  struct FuseKey *next;
} FuseKey;

enum { FUSE_MAX_INLINE = 32 };                    /* Python calls inlined in one another */

/* A Python function as a value of the trace: a @fuse def, a plain def of the program or a
   def nested in the function traced (a closure: it reads the names of the frame that
   defined it as they are when it is called; ENV, those when it was defined, once that
   frame has returned). */
typedef struct PyFn {
  Node *def;                                       /* its ND_FUNCDEF */
  struct Scope *scope;                             /* sema's scope where it is defined */
  const char *qual;                                /* its qualified name ("outer.h") */
  struct Binding *env;                             /* a nested def's enclosing names */
  int depth;                                       /* Fuse.depth where it was defined, or -1 */
  unsigned frame;                                  /* the serial of that frame */
  bool fused;                                      /* a @fuse function: CuPy's Fusion,
                                                      whose __call__ takes *args only */
} PyFn;

typedef struct Binding {                          /* a name the body binds */
  const char *name;
  TVal v;
  struct Binding *next;
} Binding;

typedef struct Fuse {
  Sema *S;
  Ctx *c;
  const char *kname;
  bool newfusion;
  Buf *code;                                       /* pre (map) or post (post-map) */
  Buf pre, post;
  int nvar;
  Binding *names;
  unsigned helpers;
  const char *decls;                               /* the declared ufuncs' preambles and
                                                      device functions (CuPy's _Submodule),
                                                      each once; NULL: none */
  struct FuseKey *decl_keys;                       /* what decls has: each preamble's text,
                                                      each function's "NAME(ff->f" */
  const Reduction *red;                            /* the reduction, once seen */
  TypeKind red_in, red_out;                        /* its loop */
  TVal red_arg;                                    /* the map's value */
  int naxes;
  int axes[FUSE_MAX_DIMS];
  bool axis_none;
  int ndim;                                        /* the largest argument ndim */
  int depth;                                       /* Python functions being inlined */
  struct Binding **heads[FUSE_MAX_INLINE + 1];     /* heads[d]: where the names of the
                                                      frame at depth d < depth are kept
                                                      while it calls (a closure's) */
  unsigned frame[FUSE_MAX_INLINE + 1];             /* each frame's serial number */
  unsigned nframes;
  const char *qual;                                /* the function traced: its qualified
                                                      name (which helper defs it reaches) */
  int loops;                                       /* loops being unrolled */
  int jump;                                        /* ND_BREAK / ND_CONTINUE pending in the
                                                      innermost of them, else 0 */
  bool reads_ndim;                                 /* the body read an array's ndim */
  int view_out_ndim;                               /* >= 0: the arguments are a planned
                                                      reduction's views, its outputs of
                                                      this ndim (the axes are planned) */
  int nparams;                                     /* the arguments: their C names, and */
  const char *pnames[FUSE_MAX_IN];                 /* whether the body writes into them
                                                      (the views' after them) */
  bool written[FUSE_MAX_IN];
  bool used[FUSE_MAX_IN];                          /* argument (view) i is read or written
                                                      as itself (not only through views) */
  int nviews;
  FuseView views[VIEW_MAX];
  int view_ndim[VIEW_MAX];
  Loc at;                                          /* the statement traced */
  const int *launched;                             /* a launch's trace: its views' ndims */
  int nlaunched;                                   /* (the planner's reduction views) */
  bool all_views;                                  /* the second trace of a body that takes
                                                      views: every array argument is read
                                                      through its view x[...] (sema_fuse) */
  /* CuPy's new fusion as a sequence of kernels (fuse_stage.c) */
  bool want_stages;                                /* the one-kernel trace met what only
                                                      stages compile (a second reduction,
                                                      a post-map reading arrays ...) */
  bool staged;                                     /* this trace compiles stages */
  bool split;                                      /* the one-kernel trace succeeded, but
                                                      its values have several shapes */
  struct FStmt *stmts;                             /* the statements of pre, each with the
                                                      inputs it reads */
  int nstmts, capstmts;
  int ntemps;                                      /* temporaries: a reduction's result, a
                                                      value materialised for a view */
  TypeKind temp_dt[FUSE_MAX_TEMPS];
  int temp_ndim[FUSE_MAX_TEMPS];
  bool view_of_temp[VIEW_MAX];                     /* view j is of temporary views[j].of */
  bool has_cur[FUSE_MAX_SLOTS];                    /* an array written: its value now (the */
  TVal cur[FUSE_MAX_SLOTS];                        /* inputs', the temporaries', then the
                                                      values computed, by local) */
  const char *wlocal[FUSE_MAX_TEMPS];              /* the values computed written into */
  int nwlocal;
  FStage *stages;                                  /* the kernels so far, in order */
  int nstages;
  const FuseArg *args;                             /* the arguments' dtypes */
  const signed char *memory;                       /* FuseInfo.memory */
  int *stale_at;                                   /* statement i read memory that the
                                                      kernel stale_at[i] (and its group)
                                                      writes, -1: none; nstale_at of them */
  int nstale_at;
  int insert_at;                                   /* >= 0: the next kernel goes there (a
                                                      value kept from before a write) */
  int nkept;                                       /* values kept: their locals, temporaries */
  const char *kept_c[FUSE_MAX_TEMPS];
  TVal kept[FUSE_MAX_TEMPS];
  int nmat;                                        /* values computed made temporaries (a */
  const char *mat_c[FUSE_MAX_TEMPS];               /* view was taken): locals, temporaries */
  TVal mat[FUSE_MAX_TEMPS];
  bool flushing;                                   /* (fuse_stage.c: no flush inside one) */
  uint64_t wrote_roots;                            /* the last kernels: arguments written */
  ViewDeps rd_pend;                                /* the statement being emitted: what it */
  uint64_t trd_pend;                               /* reads, what it needs */
  uint64_t *need_pend;
  int nneed_pend;
  size_t stmt_start;
} Fuse;

/* What sema_fuse_def learnt about a fuse function (Form.fuse). */
typedef struct FuseSpecs {
  Type **ptypes;                                   /* the arguments' types */
  int n;
  Spec *spec;
  struct FuseSpecs *next;
} FuseSpecs;
typedef struct FuseInfo {
  const char *kname;                               /* kernel_name= or the function's name */
  bool newfusion;
  const signed char *memory;                       /* pykc_memory=: each parameter's first
                                                      parameter of its memory; NULL: none
                                                      shares memory with another */
  FuseSpecs *specs;                                /* specialisations made so far */
  const Node *bad_param;                           /* a parameter the parser kept for the
                                                      trace to report (`*args`), or NULL */
  int nstaged;                                     /* staged specialisations so far (their
                                                      kernels' names) */
} FuseInfo;

/* The C++ type of a fuse value: the forms' (complex<float> for complex64). */
static inline const char *fuse_ctype(TypeKind k) { return form_ctype((int)k); }
static inline const char *fuse_dtype_name(TypeKind k) { return dtype_info[k].name; }

/* fuse_loops.c       */
const UFunc *fuse_ufunc(const char *name);         /* NULL: not a ufunc fuse knows */
const Reduction *fuse_reduction(const char *name);
bool fuse_is_method_reduction(const char *name);   /* x.NAME() is a reduction */
bool fuse_reduction_loop(const Reduction *r, TypeKind in, TypeKind want, bool newfusion,
                         Loop *l);
int fuse_loop_query(const char *name, const char *in, const char *weak, char dtype,
                    bool newfusion, char out[4], const char **err);
const char *fuse_substitute(Fuse *F, const char *routine, const char **ins, TypeKind out,
                            const Loop *l);

/* fuse_trace.c       */
TVal fuse_bad(void);                               /* the value of an error (reported) */
const char *fuse_special(Fuse *F, TypeKind t, bool nan, bool neg);
const char *fuse_fresh(Fuse *F);                   /* a new local's name */
const char *fuse_operand(Fuse *F, const TVal *x, TypeKind t);
int fuse_note_use(Fuse *F, const TVal *x);         /* x is an input read or written as
                                                      itself (not a raw parameter): its
                                                      index in pnames, or -1 */
bool fuse_same_side(Fuse *F, const TVal *in, int n, Loc loc);
TVal fuse_call_ufunc(Fuse *F, const UFunc *u, const TVal *in, Loc loc);
/* The kernel's preamble: CuPy's helpers the routines call, the declared ufuncs'. */
void fuse_preamble(const Fuse *F, Buf *o);
bool fuse_mentions_local(Fuse *F, const Node *e);
bool fuse_try_const(Fuse *F, Node *e, TVal *out);
TVal fuse_const_val(Fuse *F, const Node *n, Loc loc);   /* a constant as CuPy's trace types it */
TVal fuse_expr(Fuse *F, Node *e);
bool fuse_bound(Fuse *F, const char *name);        /* a name the body binds */
/* fuse_call.c: NAME as a Python function of the program a body reaches (not a local): a
   @fuse def, else a plain def (read now: parse_pydef); NULL: none, or *bad after a
   diagnostic. */
const PyFn *fuse_global_fn(Fuse *F, const char *name, Loc at, bool *bad);
const TVal *fuse_binding(Fuse *F, const char *name);   /* its value, or NULL */
bool fuse_unsupported(Fuse *F, const Node *u);     /* reports what the parser deferred */
TVal fuse_tuple(Fuse *F, const TVal *items, int n);
/* x[key] of array x (an argument or a view of one): a view, an input of the kernel that
   the planner makes (view.h); CuPy's IndexError where the key does not fit. */
TVal fuse_view_of(Fuse *F, const TVal *x, const ViewIndex *key, int n, Loc loc);
/* x[key] of the subscript E (x: E's value, evaluated): a tuple's item, an array's view. */
TVal fuse_index(Fuse *F, const TVal *x, Node *e);
int fuse_view_root(const Fuse *F, int i);          /* the argument under input i (pnames) */
int fuse_memory(const Fuse *F, int i);             /* the argument of input i's memory: its
                                                      root's first argument that shares it
                                                      (pykc_memory=), else its root */

/* fuse_stmt.c        */
void fuse_bind(Fuse *F, const char *name, TVal v);
bool fuse_stmts(Fuse *F, Node *body, Node **ret);
/* Writes v into the array dst (a ufunc's out=, x op= y, x[:] = v) as CuPy's out operand:
   cast 'same_kind'; false after a diagnostic. */
bool fuse_store(Fuse *F, const TVal *dst, const TVal *v, Loc loc);

/* fuse_stage.c: CuPy's new fusion as a sequence of kernels. A staged trace records each
   statement it emits (begin before its operands, end after its text) with what it reads,
   and writes into arrays as new values (the arrays are written by the last kernels). */
void fuse_stmt_begin(Fuse *F);
void fuse_stmt_end(Fuse *F, TVal *r, int nr);
void fuse_note_read(Fuse *F, const TVal *x);       /* (fuse_operand) */
/* Reading array x from memory: the writes into other views of its array first (before
   a statement reads its operands, so that none it read before is stale). */
bool fuse_flush_for(Fuse *F, const TVal *x);
const TVal *fuse_current(Fuse *F, const TVal *x);  /* a written array's value now */
const TVal *fuse_kept(Fuse *F, const TVal *x);     /* x, or its temporary where a write
                                                      since changed what it read */
void fuse_stage_made(Fuse *F, const TVal *x, const TVal *t);   /* value x is temporary t
                                                      (a view of it was taken) */
/* The values written into argument root's inputs (but input keep) into memory now, so
   that what reads its memory next sees them; false after a diagnostic. */
bool fuse_flush(Fuse *F, int root, int keep);
int fuse_input_arg(const Fuse *F, int i);          /* the argument of input i's memory
                                                      (fuse_memory), or -1 */
bool fuse_stage_store(Fuse *F, const TVal *dst, const TVal *v, Loc loc);
/* The reduction r (loop l) of x over axes[naxes] as a kernel: its result, a temporary of
   dtype TO (l's output, or an out= array's: the post-map casts into it). */
TVal fuse_stage_reduce(Fuse *F, const Reduction *r, const Loop *l, const TVal *x, int naxes,
                       const int *axes, TypeKind to);
/* x, a value computed, as a temporary (a view is taken of it). */
TVal fuse_stage_temp(Fuse *F, const TVal *x, Loc loc);
/* The last kernels: the outputs vals[n] and the arrays written, by shape; false after a
   diagnostic. */
bool fuse_stage_finish(Fuse *F, const TVal *vals, int n, bool tuple, FuseCode *out, Loc loc);
/* fuse_form.c: the stages' kernels as forms of the unit (their Funcs appended to the
   program); false after a diagnostic. */
bool fuse_stage_funcs(Ctx *c, Program *p, Func *f, FuseCode *fc, FuseViews *fv);
void fuse_reduce_ops(Fuse *F, const Reduction *r, TypeKind red_out, const char **expr,
                     const char **identity);

/* fuse_host.c:  host Python at trace time. fuse_host: 1 with *out a constant, a dtype,
   a str (or bad after a diagnostic) when E is evaluated on the host, 0 when E is traced
   (or not pykc's to evaluate). fuse_host_truth: a condition's truth, or -1 after a
   diagnostic (a traced value, or what pykc cannot evaluate). */
int fuse_host(Fuse *F, Node *e, TVal *out);
int fuse_host_truth(Fuse *F, Node *e);

/* fuse_call.c       */
TVal fuse_call(Fuse *F, Node *e);

/* fuse_form.c       */
const Node *fuse_first_return(const Node *body);
bool fuse_names_attr(const Node *n, const char *name);  /* an ND_ATTR NAME in n's tree */

#endif
