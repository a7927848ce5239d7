/*
 * sema_int.h: what the sema files share: sema.c (module scope, functions,
 * specialisation), sema_stmt.c (statements), sema_expr.c (names, attributes, subscripts,
 * the expression dispatcher), sema_ops.c (operators, promotion), sema_fold.c (constants,
 * literals, conversions, folding), sema_call.c (calls of builtins and device functions).
 * Not part of the internal API of the other modules.
 */
#ifndef PYKC_SEMA_INT_H
#define PYKC_SEMA_INT_H

#include "dsl.h"
#include "../syntax/syntax.h"
#include "../types/ufunc.h"

/* A name: an import alias, an imported builtin, a constant, a function, an imported
   cupyx name pykc does not support yet, None, an np.finfo/np.iinfo object, a name bound
   to something pykc cannot evaluate (opaque: a kernel using it is told so), or a class
   whose kernels and constants are reached as Cls.name. */
typedef enum {
  SYM_MODULE, SYM_BUILTIN, SYM_CONST, SYM_FUNC, SYM_DECORATOR, SYM_LATER, SYM_NONE,
  SYM_INFO, SYM_OPAQUE, SYM_CLASS,
  SYM_STR,                    /* a string constant (str, slen): compared with == and != in
                                 host conditions and constants, never a kernel's value */
  SYM_UFUNC                   /* NAME = cupy._core.create_ufunc(...) (sema_ufunc.c): uf,
                                 which @cupy.fuse calls; NULL with why: pykc cannot read it */
} SymKind;
struct Scope;
typedef struct Sym {
  const char *name;
  SymKind kind;
  const char *module;         /* SYM_MODULE: "jit" "cupy" "numpy" "math" "cupyx" */
  const Builtin *bi;          /* SYM_BUILTIN */
  const char *bimod;          /* SYM_BUILTIN: module it came from */
  Node *value;                /* SYM_CONST: IR_CONST / IR_TUPLE of constants; NULL: bound
                                 to something that is no compile-time constant */
  const char *why;            /* SYM_CONST without value: why, for the message */
  const char *str;            /* SYM_STR: the decoded string (slen bytes) */
  size_t slen;
  Func *fn;                   /* SYM_FUNC */
  const char *later;          /* SYM_LATER: what it is (builtin_later) */
  Type *info;                 /* SYM_INFO: the type np.finfo/np.iinfo describes */
  bool is_finfo;              /* SYM_INFO: finfo (else iinfo) */
  bool dtype_obj;             /* SYM_BUILTIN: an np.dtype object (np.dtype(T)), not T */
  const char *from;           /* SYM_OPAQUE: the module of `from X import NAME`, or NULL */
  const char *attr;           /* SYM_OPAQUE of `from X import A as NAME`: A */
  const char *aug;            /* SYM_OPAQUE bound by `NAME op= ...`: op= ("+=") */
  bool is_module;             /* SYM_OPAQUE: `import X as NAME` of a module pykc does not read */
  uint32_t line;              /* SYM_OPAQUE: the line of the binding */
  bool pinned;                /* given by --define: module bindings do not replace it */
  struct Scope *cls;          /* SYM_CLASS: the class body's names (Cls.kernel) */
  bool device, mode_set;      /* SYM_DECORATOR: rawkernel(device=, mode=) bound to a name */
  bool maker;                 /* SYM_DECORATOR: rawkernel itself (`from cupyx.jit import
                                 rawkernel`), which makes decorators when called */
  bool fuse;                  /* SYM_DECORATOR: cupy.fuse (fuse_name: its kernel_name=) */
  const char *fuse_name;
  Mode mode;
  Node *rhs;                  /* bound by `NAME = EXPR` of host code: EXPR (the kernel
                                 forms read string constants through it) */
  const char *form_class;     /* `from cupy import RawKernel as RK`: "RawKernel" */
  const UFunc *uf;            /* SYM_UFUNC: the ufunc declared (in the arena) */
  Loc loc;                    /* where it is bound */
  int seq;                    /* the binding's place in the source (Sema.seq) */
  struct Sym *older;          /* the name's previous binding in the same scope */
  struct Sym *next;           /* the scope's bindings, newest first */
} Sym;

/* A hash table from interned names (compared by pointer) to values, in the arena. */
typedef struct NameMap {
  const char **keys;
  void **vals;
  size_t cap, count;
} NameMap;

/* The names of the module, or of one host function or class: every binding is kept
   (newest first through Sym.older) so that a lookup from a kernel sees the last binding
   before the kernel's definition, as Python would when the kernel runs right after it. */
typedef struct Scope {
  struct Scope *parent;
  NameMap names;              /* each name's newest binding */
  Sym *list;                  /* every binding, newest first (the module's is Sema.syms) */
  const char *qual;           /* "Cls", "outer.inner"; NULL for the module */
  bool is_class;              /* functions defined in a class do not see its names */
  bool is_namespace;          /* a types.SimpleNamespace's names (read as a class's) */
  Node *ret;                  /* host function: its routed `return` */
} Scope;

/* What an expression denotes before it is known to be a value. */
typedef enum {
  VAL_EXPR, VAL_MODULE, VAL_BUILTIN, VAL_FUNC, VAL_NONE, VAL_INFO, VAL_CLASS, VAL_ERROR,
  VAL_LIBTYPE,                /* a device library's class: cub.WarpReduce[T], its
                                 TempStorage (libty, a TY_OBJ with is_class) */
  VAL_METHOD,                 /* an object's method, not called yet: n.lib */
  VAL_STR                     /* a string constant of host code (str, slen) */
} ValKind;
typedef struct Val {
  ValKind kind;
  Sym *cls;                   /* VAL_CLASS: the class's binding */
  Node *n;                    /* VAL_EXPR: typed IR */
  const char *module;         /* VAL_MODULE; VAL_BUILTIN: the module it came through */
  const Builtin *bi;          /* VAL_BUILTIN */
  Func *fn;                   /* VAL_FUNC */
  Type *info;                 /* VAL_INFO: the type of np.finfo(T) / np.iinfo(T) */
  bool is_finfo;              /* VAL_INFO: finfo (else iinfo) */
  bool dtype_obj;             /* VAL_BUILTIN: an np.dtype object (np.dtype(T)), not T */
  Type *libty;                /* VAL_LIBTYPE */
  const LibOp *lib;           /* VAL_METHOD: the method (n: the receiver) */
  const char *str;            /* VAL_STR: the decoded string (slen bytes) */
  size_t slen;
} Val;

enum { DA_MAX = 512 };        /* locals tracked by the use-before-assignment analysis */
typedef struct DA {
  unsigned char set[DA_MAX];  /* definitely assigned on every path here */
  bool dead;                  /* after break/continue/return: nothing reaches */
} DA;

typedef struct List {
  Node *head, *tail;
} List;

/* Per-function (per-specialisation) state. */
typedef struct FnState {
  Func *fn;
  Spec *spec;
  Mode mode;
  Var *tail;                  /* last of spec->locals */
  int nvars;                  /* Var.index counter */
  int loops;                  /* loop nesting (break/continue) */
  DA da;
  List pre;                   /* statements hoisted before the current statement */
  bool ret_seen;
  Loc ret_loc;
  int64_t smem_bytes;         /* static shared_memory() bytes so far (limit checks) */
  int64_t lmem_bytes;         /* local_memory() bytes per thread so far */
  NameMap vars;               /* parameters and named locals by name */
  bool tainted;               /* it calls a specialisation that failed */
  NameMap libs;               /* names bound to device-library objects and classes (a
                                 Val each: `g = jit.cg.this_grid()`, `WR = cub.WarpReduce[T]`):
                                 each use is the object's expression again */
  NameMap consts;             /* names the body's top level binds to a compile-time value
                                 that is no number (`dt = cp.float32`, `sq = cp.sqrt`,
                                 `m = math`): a Val each, as cupyx's env.consts */
  int depth;                  /* blocks open: 1 in the body's top level (sema_block) */
  struct FnState *outer;
} FnState;

typedef struct Sema {
  Ctx *c;
  Program *p;
  const SemaFronts *fronts;   /* the other front ends (dsl.h) */
  Sym *syms;                  /* the module's bindings, newest first */
  FnState *fs;
  Scope *scope;               /* where names are looked up now */
  Scope *module;
  int seq;                    /* items seen so far (Sym.seq, Func.seq) */
  struct Special *special;    /* cupyx.scipy.special's declarations, once read (sema_special.c) */
  int at;                     /* lookups see bindings before this seq (else the first
                                 after: a forward reference) */
  int instances;              /* factory instances made (emitted names, nesting limit) */
  int instantiating;          /* factory calls being instantiated, nested */
  const char *line_at;        /* sema.c's line_start: where line line_no starts */
  uint32_t line_no;
  const char **sig_names;     /* the kernel each --sig names (NULL: a bad one) */
  bool host;                  /* evaluating host code (sema_const_eval): NumPy's rules */
  struct Branch *branch;      /* the module-level if chains around the current item */
  struct Untaken *untaken;    /* functions defined in arms not taken */
  struct Unbuilt *unbuilt;    /* kernel forms that could not be built (form_spec.c) */
  struct DecoDef *deco_defs;  /* the defs `k = jit.rawkernel()(f)` made (sema.c) */
  int emit_cap, kern_cap;     /* capacities of Program.emit_order and .kernels */
  Spec **made;                /* the specialisations the current request made (settle) */
  int nmade, made_cap;
  NameMap kernel_names;       /* every kernel Func's name made so far (to Func) */
  struct Form **forms_tail;   /* where the next of Program.forms goes */
  const char *star_known[4];  /* `from math import *` (numpy, cupy): their functions are
                                 names of the module */
  int nstar_known;
  const Node *star_unread;    /* the last `from m import *` of a module pykc does not read:
                                 an unknown name may come from it */
} Sema;

/* `NAME = DECORATOR(f)` (the ND_CONST_ASSIGN at): f's ND_FUNCDEF with that decorator, bound
   to NAME, made once (own: f's __name__). */
typedef struct DecoDef {
  const Node *at;
  Node *def;
  const char *own;
  struct DecoDef *next;
} DecoDef;

/* A kernel form that could not be built while the run asked for other kernels: its
   names (qualified, variable, name=) and its diagnostics, given when it is asked for. */
typedef struct Unbuilt {
  const char *names[3];
  const char *diags;          /* NULL: reported already (the run asked for it) */
  struct Unbuilt *next;
} Unbuilt;

/* dsl/sema_names.c, dsl/sema_spec.c, dsl/sema_factory.c: the parts of sema.c's work
   (names and locals; parameter types and specialisation; factories) that sema.c calls */
Sym *sema_scope_get(Scope *sc, const char *name);   /* sc's own binding, NULL if none */
Sym *sema_bind_at(Sema *S, Scope *sc, const char *name, SymKind k, Loc loc);
void sema_index_var(Sema *S, Var *v);               /* findable by name; the first stays */
const char *sema_sig_kernel(Sema *S, const char *sig);   /* the kernel a --sig names */
int sema_sig_index(Sema *S, Func *f, int from);     /* f's next --sig from index from, -1 */
bool sema_sig_types(Sema *S, Func *f, const char *sig, Type **types, int *n);
bool sema_no_defaults(Sema *S, Func *f);            /* a kernel's parameters have none */
bool sema_kernel_types(Sema *S, Func *f, Type **types, int *n, bool *generic);
Spec *sema_kernel_spec(Sema *S, Func *f, Type **ptypes, int n);
Scope *sema_new_scope(Sema *S, Node *nd, Scope *parent);
void sema_bind_param(Sema *S, Scope *sc, Node *p, Val v, const char *why);
void sema_do_items(Sema *S, Scope *sc, Node *items, Func ***tail);
/* sema_decorators.c: is decorator D cupyx.jit's rawkernel (sets *device, *mode and
   *mode_set from its keywords) / cupy's fuse (sets *name from kernel_name=)? */
bool sema_rawkernel_decorator(Sema *S, Node *d, bool *device, Mode *mode, bool *mode_set);
bool sema_fuse_decorator(Sema *S, Node *d, const char **name);
/* sema_ufunc.c: NAME = cupy._core.create_ufunc(...) binds NAME to the ufunc (SYM_UFUNC;
   uf NULL with why where pykc cannot read it); false: call is no create_ufunc call. */
bool sema_declare_ufunc(Sema *S, const char *name, Loc loc, Node *call);
/* The ufunc of create_ufunc call CALL (its arguments read), or NULL with *why. */
UFunc *sema_read_ufunc(Sema *S, Node *call, const char **why);
/* sema_special.c: cupyx.scipy.special's NAME as a ufunc, from the declarations CuPy 14.2
   makes (runtime/cupy/special_ufuncs.py, embedded; read once per compilation), or NULL
   with *why (a function of the module fuse cannot trace, or no such name). */
const UFunc *sema_special_ufunc(Sema *S, const char *name, const char **why);
/* Does callee node N name cupyx.scipy.special.NAME under any import spelling of the
   program (`sp.erf`, `special.erf`, `cupyx.scipy.special.erf`, `from ... import erf`)?
   Its NAME, or NULL. */
const char *sema_special_name(Sema *S, const Node *n);

/* sema.c: names and locals, annotations, specialisation */
void sema_note_kernel(Sema *S, Func *f);     /* a kernel Func made (kernel_names) */
void *sema_map_get(const NameMap *m, const char *key);        /* NULL if absent */
void sema_map_put(Sema *S, NameMap *m, const char *key, void *val);
Var *sema_lookup_var(Sema *S, const char *name);
Var *sema_new_var(Sema *S, const char *name, Type *ty, Loc loc);
Var *sema_new_temp(Sema *S, Type *ty, Loc loc);
Sym *sema_lookup_sym(Sema *S, const char *name);
/* Does module M (a SYM_MODULE's) give cupyx's `jit` (cupyx; pykc: pykc.jit), cupy's kernel
   classes and fuse (cupy; pykc: pykc.ElementwiseKernel, @pykc.fuse)? */
bool sema_gives_jit(const char *m);
bool sema_gives_kernels(const char *m);
Sym *sema_class_member(Sema *S, Sym *cls, const char *name);   /* Cls.name, or NULL */
/* Binds a module-level name afresh (a --define'd name keeps its value: the result is
   then a detached Sym nobody looks up). */
Sym *sema_bind(Sema *S, const char *name, SymKind k);
void sema_list_add(List *l, Node *n);
Spec *sema_device_spec(Sema *S, Func *f, Type **ptypes, int n, Loc loc);
/* A new kernel specialisation with these parameter types and no body (a kernel form's:
   form_spec.c fills in its parameters), listed for emission; found if it exists. */
Spec *sema_form_spec(Sema *S, Func *f, Type **ptypes, int n);
Type *sema_annotation_type(Sema *S, Node *ann);     /* a parameter/local annotation */
/* factory(args) in a kernel: the device function the factory returns for these constant
   arguments (one instance per distinct argument values, as cupyx specialises). */
void sema_rejected_stmt(Sema *S, const Node *nd);        /* a nested def, ND_UNSUPPORTED */
/* `VAR = factory(args)` at module level, factory a host function that defines and returns
   a kernel: one instance of its body, parameters bound to the arguments (defaults for the
   rest), its functions appended at *tail and named "VAR.k" (the returned kernel "VAR");
   false: no such call (nothing done). */
bool sema_kernel_factory(Sema *S, const char *var, Node *call, Func ***tail);
Val sema_factory_call(Sema *S, Func *factory, Node *call);

/* sema_stmt.c: statements */
Node *sema_block(Sema *S, Node *stmts, Loc loc);    /* a statement list -> IR_BLOCK */

/* sema_fold.c: IR constants, Python literals, conversions, constant folding */
Node *sema_mk(Sema *S, NodeKind k, Loc loc, Type *ty);
Node *sema_const_int(Sema *S, Loc loc, Type *ty, int64_t v);
Node *sema_const_float(Sema *S, Loc loc, Type *ty, double v);
Mode sema_cur_mode(Sema *S);                        /* fs's mode, or the options' */
Node *sema_py_int(Sema *S, Loc loc, __int128 v);
Node *sema_py_float(Sema *S, Loc loc, double v);
Node *sema_py_bool(Sema *S, Loc loc, bool v);
Node *sema_error_node(Sema *S, Loc loc);
Node *sema_detach(Sema *S, Node *n);                /* a copy without `next` if it has one */
bool sema_is_error(const Node *n);
bool sema_is_const(const Node *n);
bool sema_is_fconst(const Node *n);                 /* a floating constant */
bool sema_is_cconst(const Node *n);                 /* a complex constant */
Node *sema_const_complex(Sema *S, Loc loc, Type *ty, double re, double im);
Node *sema_py_complex(Sema *S, Loc loc, double re, double im); /* a Python complex */
/* real/imag/conj/angle (id BI_*) of scalar x: a builtin node for complex x, the real
   loop's result otherwise; out = the result type (NULL: the natural one). */
Node *sema_complex_part(Sema *S, int id, Node *x, Type *out, Loc loc);
__int128 sema_const_i128(const Node *n);            /* a constant's value as an integer */
double sema_const_f64(const Node *n);               /* a constant's value as a double */
bool sema_const_truth(const Node *n);
bool sema_const_i64(const Node *n, int64_t *out);   /* integer constant value */
/* Wraps an integer to the width and signedness of k (C conversion semantics). */
int64_t sema_wrap_int(TypeKind k, __int128 v);
Node *sema_convert(Sema *S, Node *e, Type *to);     /* unchecked ('unsafe') */
Node *sema_settle(Sema *S, Node *e);                /* a weak literal takes its literal type */
/* Converts for a store/argument with the 'same_kind' rule; `what` completes the message
   "cannot convert A to B in WHAT". */
Node *sema_assign_convert(Sema *S, Node *e, Type *to, const char *what);
Node *sema_to_bool(Sema *S, Node *e);
/* A weak integer literal whose value the type holds (converted freely, as cupyx does). */
bool sema_literal_fits(const Node *e, TypeKind to);
/* op on two weak (Python) constants with Python's semantics; NULL: not folded. */
Node *sema_fold_py(Sema *S, Op op, Node *a, Node *b, Loc loc);
/* op on two typed constants already converted to t, in t; NULL: not folded. */
Node *sema_fold_typed(Sema *S, Op op, Type *t, Node *a, Node *b, Loc loc);

/* sema_ops.c: promotion, operators, comparisons, boolean chains, ufunc operators */
Type *sema_promote(Sema *S, Node *a, Node *b);      /* arithmetic result type */
Node *sema_binop(Sema *S, Op op, Node *a, Node *b, Loc loc);
Node *sema_unary(Sema *S, Op op, Node *a, Loc loc);  /* - + ~ not on a typed operand */
/* np.NAME of constants (module "numpy", every raw[i] a constant): xs[i] = raw[i] in
   NumPy's scalar types (NEP 50), true; else false. */
bool sema_numpy_constants(Sema *S, const char *module, Node **raw, Node **xs, int n);
/* A ufunc that is an operator, called by name (cp.add(a, b), cp.less(a, b),
   cp.logical_not(a)): the IR of the operator form on the n argument ASTs, built by the
   operator's own code. u: the ufunc (types/ufunc.c: which loops CuPy refuses); op: the
   Op (logical_and/or: OP_AND/OP_OR); truth: compare the truth values (logical_xor:
   OP_NE). Constant arguments are typed first, as cupyx types a ufunc's arguments (no
   Python folding). fname names the call in messages. DTYPE (dtype=, or NULL) picks
   cupy's loop that outputs it: the inputs are cast to it. */
Node *sema_ufunc_op(Sema *S, const UFunc *u, Op op, bool truth, Node **args, int n,
                    const char *module, const char *fname, Type *dtype, Loc loc);
/* Argument I of ufunc FNAME with dtype=TO: cast to TO as cupyx's _astype_scalar does
   (constants exactly, values by the same_kind rule); an error node after a diagnostic. */
Node *sema_ufunc_cast(Sema *S, Node *x, Type *to, const char *fname, int i);
/* The value --define gives NAME (a module binding), for a name an enclosing function binds
   to what pykc cannot evaluate (a parameter without default, `m = lib.f()`, an import);
   VAL_ERROR when NAME is not defined. */
Val sema_defined(Sema *S, const char *name, Loc loc);
Type *sema_binop_type(Sema *S, Op op, Node *a, Node *b, Loc loc);
Node *sema_unary_expr(Sema *S, Node *nd);           /* the AST forms, for sema_expr */
Node *sema_compare_chain(Sema *S, Node *nd);
Node *sema_bool_chain(Sema *S, Node *nd);
Node *sema_ifexp(Sema *S, Node *nd);

/* sema_expr.c: strings, names, attributes, subscripts, the expression dispatcher */
Val sema_expr(Sema *S, Node *nd);
/* sema_untyped.c: `pykc check` on kernel F, generic and without --sig: what does not
   depend on its argument types (names, module attributes), then a warning that says how
   to type it. */
void sema_check_untyped(Sema *S, Func *f);
Node *sema_rvalue(Sema *S, Node *nd);               /* a value (errors otherwise) */
Node *sema_value_of(Sema *S, Val v, Node *nd);      /* Val -> value node or error */
Node *sema_tuple_item(Sema *S, Node *tup, int i, Loc loc);
/* Indexes arr with the first `count` index expressions of the AST list idx_list. */
Node *sema_index(Sema *S, Node *arr, Node *idx_list, int count, Loc loc);
Node *sema_index_values(Sema *S, Node *arr, Node **idx, int n, Loc loc);
const char *sema_str_literal(Sema *S, Node *str, size_t *len);  /* decoded, NULL on error */
/* The n bytes at s of a literal's body, its escapes decoded (as written: RAW) into b. */
void sema_unescape(const char *s, size_t n, bool raw, Buf *b);
/* `a == b` / `a != b` of two strings (literals, names bound to string constants) as a
   bool constant; NULL when nd compares no two strings. */
Node *sema_str_compare(Sema *S, Node *nd);
const char *sema_c_string(Sema *S, const char *s, size_t len, bool printf_fmt);
Type *sema_dtype_of(Sema *S, Val v);                /* a dtype value -> scalar type or NULL */
const char *sema_suggest(Sema *S, const char *name);
const char *sema_dotted(Sema *S, Node *nd);           /* "cp.float32" as written */

/* sema_strval.c, sema_strfmt.c, sema_strmeth.c, sema_fstring.c: Python's text of
   compile-time constants (str.format, f-strings, %-formatting, string.Template, str
   methods), computed as CPython computes it */
typedef enum { PV_STR, PV_INT, PV_FLOAT, PV_BOOL, PV_NONE, PV_TUPLE } PyValKind;
typedef struct PyVal {
  PyValKind kind;
  const char *s;              /* PV_STR: s (len bytes, UTF-8) */
  size_t len;
  __int128 i;                 /* PV_INT, PV_BOOL */
  double f;                   /* PV_FLOAT */
  const struct PyVal *items;  /* PV_TUPLE */
  int n;
} PyVal;
/* SF_UNDECIDED: *msg says what pykc does not compute; SF_RAISES: *msg is Python's
   exception ("KeyError: 'n'"). */
typedef enum { SF_OK, SF_UNDECIDED, SF_RAISES } StrFold;
/* An f-string field's expression evaluated by the caller. */
typedef StrFold (*SemaFieldEval)(void *ctx, Node *expr, PyVal *out, const char **msg);
const char *sema_float_repr(Arena *a, double d);    /* repr(float) */
PyVal sema_pystr(Arena *a, const PyVal *v, bool repr);  /* str(v) / repr(v) */
StrFold sema_str_format(Arena *a, const PyVal *fmt, const PyVal *args, int nargs,
                        const char *const *names, const PyVal *kw, int nkw, PyVal *out,
                        const char **msg);
StrFold sema_str_percent(Arena *a, const PyVal *fmt, const PyVal *rhs, PyVal *out,
                         const char **msg);
StrFold sema_str_template(Arena *a, const PyVal *tmpl, const char *const *names,
                          const PyVal *kw, int nkw, bool safe, PyVal *out, const char **msg);
bool sema_str_has_method(const char *name);         /* "replace", "format", ... */
StrFold sema_str_method(Arena *a, const char *name, const PyVal *self, const PyVal *args,
                        int nargs, PyVal *out, const char **msg);
StrFold sema_str_repeat(Arena *a, const PyVal *s, __int128 times, PyVal *out,
                        const char **msg);
bool sema_str_is_fstring(const Node *str);          /* a token of ND_STR str has f/F */
/* The text of string literal str (ND_STR; f-strings and adjacent literals included). */
StrFold sema_fstring(Sema *S, Node *str, SemaFieldEval ev, void *ctx, PyVal *out,
                     const char **msg);

/* sema_const.c: what pykc evaluates at compile time as Python would on the host */
/* The value of a host-side expression (a module constant's right-hand side): evaluated
   quietly with the module scope (and S->fs, if set, for enclosing scopes); VAL_ERROR
   when pykc cannot evaluate it. No diagnostics. */
Val sema_const_eval(Sema *S, Node *e);
/* sema_pydef.c: the plain def NAME (an ND_PYDEF of the module) that a bare name in the
   function QUAL (its qualified name; a scope's, NULL the module's) reaches as Python's
   scopes do: the defs nested in it, then in the functions around it, then the module's
   (a class's are not reached by a bare name); the last of a scope's. NULL: none. */
Node *sema_pydef(Sema *S, const char *qual, const char *name);
/* The scope of S's around the one being read whose names helper def D reads. */
Scope *sema_pydef_scope(Sema *S, const Node *d);
/* Python's binding of CALL's arguments to DEF's parameters (positional, then keywords;
   *args, **kwargs and keyword-only parameters refused): prm[k] the k-th parameter,
   given[k] the argument expression given for it or NULL (its default then); the count,
   or -1 after Python's TypeError (too many, missing, unexpected or repeated keyword). */
enum { SEMA_MAX_PARAMS = 64 };
int sema_match_args(Sema *S, Node *def, Node *call, Node **prm, Node **given);
/* A kernel's CALL of helper def PD: cupyx.jit calls it in Python when every argument is
   a constant (its value), else its TypeError. */
Val sema_pydef_call(Sema *S, Node *pd, Node *call);
bool sema_const_value(const Node *n);               /* a constant or a tuple of them */
/* Binds name (in the current scope) to what v denotes; false if v is nothing a name can
   hold. */
bool sema_bind_val(Sema *S, const char *name, Val v);
/* NAME = rhs at module (or enclosing) scope: binds NAME to rhs's value, or marks it
   opaque (a kernel that uses it is told why and to pass --define). */
void sema_bind_value(Sema *S, const char *name, Node *rhs, uint32_t line);
/* `from MODULE import NAME as ALIAS` of a module pykc does not read. */
void sema_bind_foreign(Sema *S, const char *alias, const char *module, uint32_t line);
/* Binds every --define NAME=VALUE[:DTYPE] (Options.defines); false after a usage error. */
bool sema_bind_defines(Sema *S);
/* The line of a module-level binding of name the parser skipped as host code, or 0. */
uint32_t sema_host_binding(Sema *S, const char *name, bool *bare);
/* The message for a kernel's use of an opaque name. */
void sema_opaque_use(Sema *S, Sym *s, Loc loc);
/* The message for MODULE.NAME of a module pykc does not read (s->is_module). */
Val sema_opaque_attr(Sema *S, Sym *s, Node *nd);
/* Is nd `None`, or a name bound to None (not hidden by a local)? */
bool sema_is_none(Sema *S, Node *nd);
/* A comparison with None on one side (`x is None`, `x == None`, `x is not None`):
   the constant result, as Python computes it; NULL when no operand is None. */
Node *sema_none_compare(Sema *S, Node *nd);
/* np.dtype(X), np.finfo(X), np.iinfo(X) called on one argument. */
Val sema_const_object(Sema *S, const Builtin *b, Node *arg, Loc loc);
/* An attribute of an np.finfo/np.iinfo object or a dtype (np.dtype(T).type, .itemsize). */
Val sema_const_attr(Sema *S, Val base, Node *nd);

/* sema_call.c */
Val sema_call(Sema *S, Node *call);

/* dsl/sema_lib.c: jit.cg and jit.cub (types/devlib.c's operations) */
Val sema_lib_attr(Sema *S, Val base, Node *nd);      /* obj.method, obj.x, Class.TempStorage */
Val sema_lib_subscript(Sema *S, Val base, Node *nd); /* cub.WarpReduce[T], BlockReduce[T, N] */
Val sema_lib_alias(Sema *S, const Val *v, Loc loc);  /* a use of a name bound to an object */
bool sema_lib_bind(Sema *S, const char *name, Val v, Loc loc); /* `NAME = object or class` */
bool sema_lib_val(Val v);                            /* an object or a class of a library */
Node *sema_lib_node(Sema *S, const LibOp *op, Type *ty, Loc loc); /* an IR_LIB of op */
/* sema_thrust.c: jit.thrust's iterators (the algorithms: call.h's call_thrust) */
Val sema_thrust_method(Sema *S, Node *arr, Node *nd);         /* x.begin, x.end */
Type *sema_thrust_iter_type(Sema *S, const LibOp *op, const Node *recv);
Node *sema_thrust_binop(Sema *S, Op op, Node *a, Node *b, Loc loc); /* it + n, it - it */
Node *sema_thrust_index(Sema *S, Node *it, Node *nd);         /* it[i] */
Node *sema_print(Sema *S, Node *call);              /* IR_PRINT statement */
bool sema_is_builtin_call(Sema *S, Node *nd, int id);
Node *sema_memory_decl(Sema *S, Node *call, const char *name, Loc loc);  /* IR_SHARED */

#endif
