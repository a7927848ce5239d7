/*
 * src/ir: the one Node struct of the untyped AST and of the typed and lowered IR, the
 * functions and their specialisations (Var, Spec, Func, Program), node construction and
 * the --dump-ast/--dump-ir printer (ir.c).
 */
#ifndef PYKC_IR_H
#define PYKC_IR_H

#include "types/types.h"

typedef struct Node Node;
typedef struct Var Var;
typedef struct Func Func;
typedef struct Spec Spec;

/* ======================================================================
 * ast.c / grammar.y / parse.c: the untyped AST
 *
 * One Node struct for everything; lists are linked through `next`. The parser builds
 * untyped nodes (kinds ND_* in the first group). Sema builds a *fresh* typed tree per
 * specialisation from IR kinds (second group); it never mutates the parsed tree.
 * ====================================================================== */
/* The array attributes that are values (x.size, x.shape[d], x.strides[d]). */
typedef enum { AA_SIZE, AA_SHAPE, AA_STRIDES, AA_COUNT } ArrayAttr;
/* Their Python names, which are also the ABI struct's fields: "size", "shape", ... */
extern const char *const array_attr_names[AA_COUNT];

typedef enum {
  /* ---- untyped AST (parser) ---- */
  ND_MODULE,        /* body: list of IMPORT/FROM_IMPORT/FUNCDEF/CONST_ASSIGN/HOSTDEF/
                       CLASSDEF; els: the ND_PYDEF list */
  ND_IMPORT,        /* `import a.b as c`: str = dotted module name, name = bound alias
                       (for `import cupyx.jit` without as: name = "cupyx") */
  ND_FROM_IMPORT,   /* `from a.b import x as y, ...`: str = module, body = list of ND_ALIAS */
  ND_ALIAS,         /* str = imported name, name = bound name */
  ND_FUNCDEF,       /* name; params: ND_PARAM list; decorators: expr list; body; lhs = return
                       annotation or NULL; str = qualified name inside host functions and
                       classes ("Cls.k", "outer.k"), else NULL */
  ND_PARAM,         /* name; lhs = annotation or NULL; rhs = default or NULL */
  ND_CONST_ASSIGN,  /* module level `NAME = expr`: name, rhs; weak: assigned under an
                       if/for/while in host code (the name is then no constant) */
  ND_HOSTDEF,       /* a host function holding routed items: name, params (defaults in
                       rhs), body = its items (imports, constants, kernels, nested
                       HOSTDEF/CLASSDEF, ND_RETURN) */
  ND_CLASSDEF,      /* a class holding kernels: name, body = its items */
  ND_SCOPE_END,     /* parser only: closes the innermost HOSTDEF/CLASSDEF */
  ND_PYDEF,         /* an undecorated host def (module level or nested in host defs and
                       classes), kept as tokens: name, str = qualified name ("outer.h"),
                       toks/nargs = its tokens (DEF through its block), weak: defined in
                       a class (no bare name reaches it), ival: had other decorators;
                       body: its ND_FUNCDEF once parse_pydef read it (a fuse body called
                       it) */
  ND_FORM,          /* a CuPy kernel form call (forms.h): lhs = the ND_CALL, rhs = the
                       assignment target or NULL, name = the variable it binds or NULL */

  ND_ASSIGN,        /* targets: expr list (a = b = v has two), rhs = value */
  ND_AUGASSIGN,     /* op, lhs = target, rhs = value */
  ND_ANNASSIGN,     /* `x: T = v`: lhs target, ann = annotation, rhs value or NULL */
  ND_IF,            /* cond, then, els (an elif is an ND_IF alone in els) */
  ND_WHILE,         /* cond, body, els (else clause: an error in sema) */
  ND_FOR,           /* lhs = target, rhs = iterable, body, els */
  ND_BREAK, ND_CONTINUE, ND_PASS,
  ND_RETURN,        /* lhs = value or NULL */
  ND_EXPR_STMT,     /* lhs */
  ND_ASSERT,        /* cond, rhs = message or NULL */
  ND_UNSUPPORTED,   /* a construct the language rejects; str = its name as in the message
                       ("'with' statements", "lambda", "list displays", ...); weak: not
                       reported yet (a @jit.rawkernel body: sema reports it) */

  ND_INT,           /* integer literal: ival (uint64 in uval if it does not fit int64);
                       big = true if it does not fit uint64 */
  ND_FLOAT,         /* fval */
  ND_IMAG,          /* fval (imaginary part) */
  ND_STR,           /* str = raw token text (quotes included) */
  ND_TRUE, ND_FALSE, ND_NONE,
  ND_NAME,          /* name */
  ND_ATTR,          /* lhs.name */
  ND_CALL,          /* lhs(args...): args = positional list then ND_KWARG list */
  ND_KWARG,         /* name = rhs */
  ND_SUBSCRIPT,     /* lhs[args]: args = index list (x[i, j] has two; x[()] has none) */
  ND_TUPLE,         /* args = items */
  ND_BINOP,         /* op, lhs, rhs */
  ND_UNARY,         /* op (NEG/POS/INVERT/NOT), lhs */
  ND_BOOLOP,        /* op (AND/OR), args = operands (2+) */
  ND_COMPARE,       /* args = operands (n+1), ops[n]; parser: ival = n */
  ND_IFEXP,         /* then if cond else els */
  ND_STARRED,       /* *lhs (error in kernels) */
  ND_SLICE,         /* lo:hi:step inside a subscript: lhs = lo, rhs = hi, step (each
                       NULL when absent; `::1` has step = INT 1). Only in annotations
                       (`cp.float32[:, ::1]`); the parser rejects it anywhere else. */

  /* ---- typed IR (sema; every expression has ty) ---- */
  IR_BLOCK,         /* body: statement list */
  IR_ASSIGN,        /* lhs = IR_VAR / IR_INDEX / IR_DEREF, rhs already converted to lhs->ty */
  IR_AUGASSIGN,     /* op; lhs as above; rhs converted to cty; the result op(lhs, rhs) is
                       computed in cty (node->cty) and converted back to lhs->ty.
                       Sema only: lower.c rewrites it to IR_ASSIGN */
  IR_IF,            /* cond (bool), then, els (may be NULL) */
  IR_WHILE,         /* cond (bool), body */
  IR_FOR,           /* var (loop variable), lhs = start, rhs = stop, step, all of the
                       variable's type; unroll: 0 none, -1 `unroll=True`, -2 `unroll=False`,
                       N > 0 `#pragma unroll N`; stepsign: +1 / -1 known, 0 test at run time */
  IR_BREAK, IR_CONTINUE,
  IR_RETURN,        /* lhs = value (converted to the function's return type) or NULL */
  IR_EXPR,          /* lhs evaluated for side effects */
  IR_ASSERT,        /* cond; str = message C string literal text or NULL (only with --debug) */
  IR_PRINT,         /* args = expressions; str = printf format built by sema */
  IR_SHARED,        /* var = the local holding the pointer; ty of var is TY_PTR;
                       ival = element count, or -1 for dynamic (extern __shared__);
                       align = alignment in bytes or 0 */
  IR_LOCALMEM,      /* var (TY_PTR), ival = count: a per-thread array */

  IR_CONST,         /* ty scalar; ival for ints and bool (uval for uint64), fval for floats */
  IR_VAR,           /* var */
  IR_CAST,          /* convert lhs to ty (C cast with the language's meaning) */
  IR_BINOP,         /* op (arithmetic/bitwise); lhs, rhs both of type cty; result ty.
                       For int8..uint16/float16 results the C value is the promoted one
                       (int/float): no narrowing here. */
  IR_UNARY,         /* op NEG/POS/INVERT/NOT; lhs */
  IR_LOGIC,         /* op AND/OR; lhs, rhs (bool); result bool */
  IR_COMPARE,       /* op EQ..GE; lhs, rhs of type cty after conversion (sema picks cty so
                       the comparison is exact: e.g. int64 for int32 vs uint32); bool.
                       One exception: int64 vs uint64 (no common exact type) has
                       cty uint64 and lhs/rhs left in their own types (one int64, one
                       uint64): the emitter tests the sign of the int64 side first */
  IR_SELECT,        /* cond ? then : els, all converted to ty */
  IR_INDEX,         /* lhs = array (TY_ARRAY or TY_PTR) expression; args = integer index
                       expressions (int64 each, one per dimension indexed); result: an
                       element (lvalue) when all dims are indexed, else a view (TY_ARRAY of
                       ndim - nargs) */
  IR_ARRAY_ATTR,    /* lhs = array; attr = AA_SIZE | AA_SHAPE | AA_STRIDES; ival = dim for
                       shape/strides (size: -1); ty int64 */
  IR_TUPLE,         /* args = items; ty TY_TUPLE (device function returns, unpacking) */
  IR_TUPLE_GET,     /* lhs tuple-valued expression, ival = item index */
  IR_BUILTIN,       /* builtin call: bi = table entry; args converted per its signature;
                       ty = result type (threadIdx.x etc. are IR_BUILTIN with no args) */
  IR_CALL,          /* device function call: callee = specialisation; args converted to
                       its parameter types */
  IR_LIB,           /* a device library's operation (jit.cg, jit.cub): lib = its devlib.c
                       row; args = the receiver (an IR_LIB object) then the arguments,
                       converted; ty = a scalar, void, or TY_OBJ (an object, only ever a
                       receiver or an argument of another IR_LIB); a thrust algorithm's
                       ival: bit k set where argument k is a float16 value of CuPy's
                       float16 class (sema_thrust.c) */
  /* ---- lowered IR only (lower.c) ---- */
  IR_HELPER,        /* a Python-semantics helper call: helper = HK_*, lhs (and rhs for
                       two-operand helpers) of the helper's operand type, cty = the
                       helper's instance type (py_NAME_<cty>), ty = the result */
  IR_ADDR,          /* &lhs, lhs an element IR_INDEX; ty TY_PTR */
  IR_DEREF,         /* *lhs, lhs a TY_PTR expression (an op= target's address temp) */
  IR_KIND_COUNT
} NodeKind;

struct Node {
  NodeKind kind;
  Loc loc;
  Node *next;                                      /* next in a list */
  Type *ty;                                        /* typed IR: the expression's type */
  Type *cty;                                       /* typed IR: computation type (binop etc) */
  Op op;
  Op *ops;                                         /* ND_COMPARE */
  Node *lhs, *rhs, *then, *els, *body;
  Node *cond;                                      /* a condition: IF, WHILE, ASSERT, IFEXP,
                                                      SELECT */
  Node *step;                                      /* ND_SLICE, IR_FOR: the step */
  Node *ann;                                       /* ND_ANNASSIGN: the annotation */
  Node *args;                                      /* list */
  Node *targets;                                   /* ND_ASSIGN */
  Node *params, *decorators;                       /* ND_FUNCDEF */
  const struct Token *toks;                        /* ND_PYDEF: its tokens (nargs of them) */
  const char *name;                                /* interned */
  const char *str;                                 /* string payloads */
  int64_t ival;
  uint64_t uval;
  double fval;
  double fimag;                                    /* IR_CONST complex / ND_IMAG: the
                                                      imaginary part (fval the real) */
  bool big;                                        /* ND_INT beyond uint64 */
  bool weak;                                       /* IR_CONST: a Python scalar (int/float/
                                                      bool literal or folded from them),
                                                      typed by the literal rules; sema uses
                                                      it for folding (emitters: ignore) */
  int unroll, stepsign, align;                     /* IR_FOR, IR_SHARED */
  Var *var;
  Spec *callee;                                    /* IR_CALL */
  const Builtin *bi;                               /* IR_BUILTIN */
  const LibOp *lib;                                /* IR_LIB */
  int nargs;                                       /* count of args (IR nodes); ND_COMPARE:
                                                      capacity of ops */
  int helper;                                      /* IR_HELPER: HK_* */
  int attr;                                        /* IR_ARRAY_ATTR: AA_* */
  bool compound;                                   /* lowered IR_ASSIGN from `op=`: rhs is
                                                      IR_BINOP(op, lhs, v) and C's `lhs op= v`
                                                      computes exactly that */
  int depth;                                       /* parser: expression nesting depth */
  Node *ltail;                                     /* ast_append: the list's last node, when
                                                      this node heads a list ... */
  Node *lhead;                                     /* ... and, in that last node, the head
                                                      whose hint it is (a copied head's
                                                      hint is ignored) */
};

Node *ast_new(Ctx *c, NodeKind kind, Loc loc);
/* Appends item (a node or a list) to a `next` list and returns the head; O(1) through
   the head's tail hint. */
Node *ast_append(Node *list, Node *item);
/* Expressions nested deeper than this are "too complex" (CPython has such a limit too):
   the recursive phases after the parser then never run out of C stack. */
enum { AST_MAX_DEPTH = 1000 };
int ast_count(const Node *list);
/* --dump-ast / --dump-ir: one node per line, `kind field=value ...`, children indented by
   two spaces under their field's label (`lhs: ...`, `args:` then the list); n and the
   nodes after it on its `next` list. Works on untyped and typed trees alike. */
void ast_dump(Ctx *c, const Node *n, Buf *out);

/* The span from the start of a to the end of b when both are on one line, else a. */
Loc ast_span(Loc a, Loc b);


/* ======================================================================
 * sema.c: names, types, builtins -> typed IR
 * ====================================================================== */
struct Var {
  const char *name;                                /* Python name (interned) */
  const char *cname;                               /* emitted name (C++ keywords renamed) */
  Type *ty;
  Loc first;                                       /* first assignment (or the parameter) */
  bool is_param;
  bool is_temp;                                    /* compiler temporary (_t0, _t1, ...) */
  bool is_shared;                                  /* holds a shared/local memory pointer */
  Var *next;                                       /* in Spec.locals, declaration order */
  int index;                                       /* sema: number within its function */
  int64_t nreads;                                  /* lower.c: reads in its function */
  bool warned;                                     /* sema: use-before-assignment reported */
  bool read;                                       /* sema: its value is used somewhere (else
                                                      the emitters mark it unused: a dead
                                                      store is Python, not a C warning) */
  /* range.c facts, valid after range_analyse: */
  bool nonneg;                                     /* every value it holds is >= 0 */
  bool fits32;                                     /* every value it holds fits in int32 */
  bool positive;                                   /* every value it holds is > 0 */
  uint8_t bits;                                    /* when nonneg: every value < 2^bits */
  uint8_t grown;                                   /* range.c: times bits grew (widening) */
};

struct Spec {                                      /* one specialisation of a function */
  Func *fn;
  const char *cname;                               /* emitted name: NAME or NAME__CODE */
  Type **ptypes;                                   /* parameter types */
  Var **params;                                    /* parameter vars, same order */
  int nparams;
  Type *ret;                                       /* device functions; TY_VOID for kernels */
  Var *locals;                                     /* non-parameter locals, first-assignment order */
  Node *body;                                      /* IR_BLOCK */
  Spec *next;                                      /* next specialisation of fn */
  bool done;                                       /* typed (recursion detection) */
  bool in_progress;
  bool failed;                                     /* sema: its body had errors (callers
                                                      report nothing more) */
  int ntemps;                                      /* temporaries _t0.. (sema's, then lower's) */
  bool lowered;                                    /* lower.c has run on it */
  const struct FormSpecInfo *finfo;                /* a kernel form's specialisation
                                                      (forms.h); body is NULL */
  bool shadowed;                                   /* the runtime's text leaves it out: its
                                                      C-contiguous twin serves the launches
                                                      so far (ksig.c) */
  bool guessed;                                    /* a form's default specialisation
                                                      (every parameter a 1-d array: no call
                                                      made it), for listings: the runtime's
                                                      text leaves it and its twin out until
                                                      a launch takes one (ksig.c) */
  Spec *map;                                       /* a map kernel's grid-stride
                                                      specialisation (lower/map.c), or NULL */
  bool is_map;                                     /* this is one: one more parameter,
                                                      pykc_nthreads */
  const uint8_t *map_access;                       /* is_map: MAP_* per parameter */
  uint8_t map_dims;                                /* is_map: 1, a loop over jit.grid(1);
                                                      2, over jit.grid(2)'s y (map.c) */
  bool map_xinner;                                 /* 2-d: x is read in elements' last
                                                      index and no other (rows along x) */
};
/* What a map specialisation's body does with each parameter (map.c, the runtime's
   launch check: ksig.h's KC_MAP_* are these). */
enum { MAP_READ = 1, MAP_WRITE = 2,
       MAP_ELSEWHERE = 4 /* an access not at [i] of 1-d (2-d twin: [y, x] of 2-d) */ };

struct Func {
  const char *name;                                /* qualified: "k", "Cls.k", "outer.k" */
  const char *pyname;                              /* the def's own name: "k" */
  const char *var;                                 /* a kernel form's: the plain name of the
                                                      variable (or factory) bound to it */
  Node *def;                                       /* ND_FUNCDEF */
  void *scope;                                     /* sema: the scope its body reads */
  int seq;                                         /* sema: its place in the source */
  bool shared_name;                                /* another function has its pyname:
                                                      emitted as Cls_k */
  bool is_factory;                                 /* a host function that returns a device
                                                      function (def = its ND_HOSTDEF) */
  const char *cbase;                               /* emitted name's base when set (the
                                                      functions of a factory's instance) */
  Func *instance_of;                               /* a module-level call of a kernel
                                                      factory made it: the kernel the
                                                      factory's reading with its defaults
                                                      returns (sema_kernel_factory) */
  bool instanced;                                  /* such a kernel: the instances are the
                                                      program's; compiled only when named */
  void *instances;                                 /* sema: a factory's instances */
  bool is_kernel, is_device;
  Mode mode;
  Node *branch_if;                                 /* sema: the module-level if whose arm
                                                      (branch_arm) it is in, when that if's
                                                      condition is not evaluable */
  int branch_arm;
  Node *undecided;                                 /* the condition that decides between it
                                                      and a namesake in another arm */
  Spec *specs;
  struct Form *form;                               /* a CuPy kernel form's kernel (forms.h) */
  const struct FrontEnd *fe;                       /* the front end that owns it when it is
                                                      not a DSL function (a kernel form, a
                                                      fuse function); NULL: the DSL's */
  Func *next;
};

typedef struct Program {
  Func *funcs;                                     /* all rawkernel functions, source order */
  Spec **emit_order;                               /* device specs before their callers,
                                                      then kernels: the order to emit */
  int nemit;
  Spec **kernels;                                  /* kernel specialisations to emit */
  int nkernels;
  Node *module;
  void *sema;                                      /* sema's module scope (opaque) */
  struct Form *forms;                              /* CuPy kernel forms, source order */
  unsigned lib_flags;                              /* LIBF_* of every IR_LIB sema made */
} Program;

/* A front end other than the DSL's, as the DSL's module reader and the driver reach the
   kernels it owns (Func.fe): src/forms and src/fuse each have one. The DSL knows neither
   folder; it calls these. */
struct Sema;
typedef struct FrontEnd {
  /* The specialisation of f for these parameter types, or NULL (reported). */
  Spec *(*specialise)(Ctx *c, Program *p, Func *f, Type **ptypes, int n);
  /* A --sig of NAME=T items: fills types[] from TYPES[0..got) and keys (NULL: the sig is
     positional, in parameter order, like a DSL kernel's). */
  bool (*sig_fill)(struct Sema *S, Func *f, const char *sig, Type **types, const char **keys,
                   int got);
  /* The specialisation a --sig asks for (NULL: specialise's) and, with no --sig, the
     default one (NULL: none; compiled per call). */
  void (*sig_spec)(struct Sema *S, Func *f, Type **types, int n, const char *sig);
  void (*default_spec)(struct Sema *S, Func *f);
} FrontEnd;

/* Is n free of side effects (safe to evaluate twice)? */
bool ir_pure(const Node *n);

/* What the emitters print: CUDA C for NVRTC and nvcc, or C11 for the CPU backend. */
typedef enum { TARGET_CUDA, TARGET_C } Target;

#endif
