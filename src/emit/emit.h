/*
 * emit.h: private interface of the emitter's files and its two target layers
 * (emit_cuda.c, emit_c.c). The shared part prints the lowered IR (lower.c) as C
 * expressions and statements, deciding nothing that changes its meaning; a target layer only supplies what differs: qualifiers, the preamble, float
 * special values, float->int conversions, shared memory declarations, loop pragmas and
 * (for the CPU backend) the per-kernel entry trampolines.
 *   emit.c          types, declarations, structs, functions, the program's assembly
 *   emit_stmt.c     statements            emit_expr.c     expressions, casts, constants
 *   emit_index.c    indexing, attributes  emit_builtin.c  builtin calls
 *   emit_helpers.c  the helpers' text (Python //, %, **, min/max, ...)
 *   emit_complex.c  the complex helpers' text (CuPy's thrust-derived formulas)
 */
#ifndef PYKC_EMIT_H
#define PYKC_EMIT_H

#include "../lower/lower.h"
#include "../forms/forms.h"


/* ======================================================================
 * emit.c / emit_cuda.c / emit_c.c: the emitters
 * ====================================================================== */
/* Emits the whole program (helpers used, device functions, kernels) for the target.
   Deterministic: same input, byte-identical output. Returns malloc'd text. */
char *emit_program(Ctx *c, Program *p, Target t);

typedef struct Emitter Emitter;


typedef struct TargetOps {
  Target target;
  const char *kernel_qual;     /* before a kernel's name */
  const char *device_qual;     /* before a device function's return type */
  const char *fn_prefix;       /* before kernel and device function names: the C target's
                                  functions share a namespace with libc and libm */
  const char *helper_qual;     /* before a helper's return type */
  const char *laneid;          /* expression: this thread's lane */
  /* --debug: expression giving the launch's dynamic shared-memory bytes */
  const char *dyn_smem_bytes;
  /* Writes the target's preamble (includes, typedefs) given what the program uses. */
  void (*preamble)(Emitter *e, Buf *out);
  /* Spells +inf / NaN of a float type (TY_FLOAT32 or TY_FLOAT64). */
  const char *(*inf)(TypeKind k);
  const char *(*nan)(TypeKind k);
  /* Declares dynamic shared memory `name` (elem T, align or 0) at the top of a function
     body (indent already written); emit.c declares the fixed-size arrays. */
  void (*dyn_shared_decl)(Emitter *e, Buf *out, const char *ctype, const char *name,
                          int align);
  /* Writes a loop pragma for IR_FOR's unroll field (nothing if none applies). */
  void (*unroll)(Emitter *e, Buf *out, int unroll);
  /* Called after each kernel's definition (CPU: the entry trampoline). */
  void (*after_kernel)(Emitter *e, Buf *out, const Spec *s);
  const char *cvt_prefix;      /* float->int casts call PREFIX + i32/u8/...; NULL: C casts */
  const char *ftz32;           /* flushes a float32 subnormal to a signed zero, as the GPU's
                                  -ftz=true does, where complex64 helpers make parts; NULL:
                                  the hardware does it */
  bool always_line_info;       /* #line directives even without --line-info */
  bool shift_helpers;          /* << and >> go through HK_SHL/HK_SHR helpers */
  bool div_minus1_guard;       /* integer helpers avoid INT_MIN / -1 (traps on x86) */
} TargetOps;

#define EMIT_MAXDIM 8

/* A shared or local memory array of the function being emitted. */
typedef struct MemDecl {
  const Node *n;                 /* IR_SHARED / IR_LOCALMEM */
  struct MemDecl *next;
} MemDecl;

struct Emitter {
  Ctx *c;
  Program *prog;
  const TargetOps *tg;
  Buf *out;                      /* where statements go now */
  int indent;
  Spec *spec;                    /* function being emitted */
  uint32_t line;                 /* last #line emitted (--line-info) */
  bool helper_used[HK_COUNT][TY_NSCALAR];
  unsigned char array_used[TY_NSCALAR][EMIT_MAXDIM + 1]; /* 1: struct, 2: view helper */
  Type **tuples;                 /* tuple types used, in first-use order */
  int ntuples, captuples;
  bool uses_half;                /* float16 anywhere */
  bool uses_complex;             /* complex64/complex128 anywhere */
  bool cxx;                      /* the text is C++ on every target (form kernels: the CPU
                                    backend compiles it with g++) */
  bool uses_laneid;
  unsigned lib_flags;            /* LIBF_* of the device-library operations used */
  bool half_atomic;              /* atomicAdd on float16 */
  bool half_toolkit;             /* __half is <cuda_fp16.h>'s (emit_form_headers) */
  bool half_shfl[BI_COUNT];      /* shuffles (by BI_* id) used on float16 */
  MemDecl *mem;                  /* shared/local arrays of the function being emitted */
  /* --debug (docs/language.md §5): what the emitted checks use, for the CUDA preamble */
  bool uses_check;               /* pykc_check (index bounds) */
  bool uses_assert;              /* pykc_assert_fail */
  bool uses_dyn_smem;            /* the dynamic shared-memory size */
  /* jit.thrust (emit_thrust.c): the algorithms' instances defined so far, their text */
  const char **thrust_names;
  int nthrust, capthrust;
  Buf thrust_defs;
};

extern const TargetOps emit_cuda_target;
extern const TargetOps emit_c_target;

/* Shared pieces the target layers call. */
const char *emit_ctype(Emitter *e, const Type *t);  /* C spelling of a type */
const char *emit_array_struct(TypeKind elem, int ndim); /* "Array_float32_1" */
/* emit_thrust.c: a thrust algorithm's call (its instance defined in e->thrust_defs), and
   pykc_it with its functions (before the structs: tuples may hold iterators) */
void emit_thrust_call(Emitter *e, const Node *n);
void emit_thrust_prelude(Emitter *e, Buf *o);

/* ---- between the emitter's files ---- */

/* C operator precedence levels (higher binds tighter). */
enum {
  P_LOWEST, P_COND, P_OR, P_AND, P_BOR, P_BXOR, P_BAND, P_EQ, P_REL, P_SHIFT, P_ADD, P_MUL,
  P_UNARY, P_POSTFIX
};

/* Binary operators: C spelling and precedence, indexed by Op (OP_ADD..OP_GE). */
typedef struct EmitOp {
  const char *c;
  int prec;
} EmitOp;
extern const EmitOp emit_ops[OP_COUNT];

/* Output into e->out. */
static inline void put(Emitter *e, const char *s) { buf_puts(e->out, s); }

static inline void putf(Emitter *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static inline void putf(Emitter *e, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  buf_vprintf(e->out, fmt, ap);
  va_end(ap);
}

static inline void indent(Emitter *e) {
  for (int i = 0; i < e->indent; i++)
    put(e, "  ");
}

/* emit.c: declarations. `T name` (a float16 scalar is a C float); tuple struct names. */
const char *emit_decl(Emitter *e, const Type *t, const char *name);
const char *emit_tuple_name(Emitter *e, const Type *t);

/* emit_expr.c */
void emit_expr(Emitter *e, const Node *n, int prec);   /* rvalue, parenthesised below prec */
int emit_prec(const Emitter *e, const Node *n);        /* precedence of emit_expr's text */
void emit_stored(Emitter *e, const Type *t, const Node *n); /* n converted to storage type t */
void emit_storage_value(Emitter *e, const Node *n);    /* a float16 value as a __half */
void emit_lvalue(Emitter *e, const Node *n);           /* an assignment target */
void emit_args(Emitter *e, const Node *a);             /* "a, b, c" */
bool emit_yields_storage(const Emitter *e, const Node *n); /* C value is the storage type */
bool emit_const_negative(const Node *n);               /* a constant < 0 (prints with '-') */
const char *emit_value_ctype(TypeKind k);              /* C type values of k compute in */

/* emit_index.c */
void emit_index(Emitter *e, const Node *n);            /* IR_INDEX: element or view */
void emit_address(Emitter *e, const Node *n);          /* &element (atomics, augassign) */
void emit_array_attr(Emitter *e, const Node *n);       /* IR_ARRAY_ATTR */
/* Collects the indices of nested IR_INDEX views down to the base array (returned). */
const Node *emit_flatten_index(const Node *n, const Node **idx, int *nidx);

/* emit_builtin.c */
void emit_builtin(Emitter *e, const Node *n);          /* IR_BUILTIN */
void emit_lib(Emitter *e, const Node *n);              /* IR_LIB: its row's spelling */
int emit_lib_prec(const Emitter *e, const Node *n);

/* emit_helpers.c */
void emit_helper_call(Emitter *e, HelperKind h, TypeKind k); /* marks used, writes "py_h_T(" */
void emit_call2(Emitter *e, HelperKind h, TypeKind k, const Node *a, const Node *b);
void emit_helper_text(Emitter *e, Buf *o, HelperKind h, TypeKind k); /* the definition */

/* emit_complex.c */
void emit_complex_types(Emitter *e, Buf *o);           /* the pykc_complex64/128 typedefs */
void emit_complex_deps(Emitter *e);                    /* marks the helpers used ones call */
bool emit_complex_text(Emitter *e, Buf *o, HelperKind h, TypeKind k); /* false: not complex */
char *emit_complex_header(void);  /* <cupy/complex.cuh> for CUDA C++ code (malloc'd) */

/* emit_stmt.c */
void emit_block(Emitter *e, const Node *n);            /* statements, one level deeper */
/* Appends s as the body of a C string literal that is also a printf format (quotes,
   backslashes, newlines and '%' escaped). */
void emit_c_string(Buf *b, const char *s);

#endif
