/*
 * src/types: the dtypes and their rules (type.c), the table of jit./cp./math. names
 * (builtins.c), the operators and the Python-semantics helpers: CuPy's and Python's
 * rules, each in one place, shared by every front end.
 */
#ifndef PYKC_TYPES_H
#define PYKC_TYPES_H

#include "base/base.h"
#include "types/dtype.h"                              /* DtypeInfo, dtype_info[] */
#include "types/record.h"                             /* Record: void dtypes */

typedef struct Type Type;
typedef struct Builtin Builtin;

typedef enum {
  OP_NONE,
  /* binary arithmetic, in this order (tables index by it) */
  OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_FLOORDIV, OP_MOD, OP_POW,
  OP_LSHIFT, OP_RSHIFT, OP_BITAND, OP_BITOR, OP_BITXOR, OP_MATMUL,
  /* unary */
  OP_NEG, OP_POS, OP_INVERT, OP_NOT,
  /* boolean */
  OP_AND, OP_OR,
  /* comparisons */
  OP_EQ, OP_NE, OP_LT, OP_LE, OP_GT, OP_GE, OP_IS, OP_ISNOT, OP_IN, OP_NOTIN,
  OP_COUNT
} Op;
extern const char *const op_spelling[OP_COUNT];     /* "+", "//", "not", "is not", ... */

/* ======================================================================
 * type.c: dtypes and types (the tables)
 * ====================================================================== */
typedef enum {
  /* scalar dtypes in promotion order (docs/language.md §2): the enum order IS the order */
  TY_BOOL, TY_INT8, TY_UINT8, TY_INT16, TY_UINT16, TY_INT32, TY_UINT32,
  TY_INT64, TY_UINT64, TY_FLOAT16, TY_FLOAT32, TY_FLOAT64, TY_COMPLEX64, TY_COMPLEX128,
  TY_NSCALAR,
  TY_VOID = TY_NSCALAR,
  TY_ARRAY,         /* elem, ndim, contig */
  TY_PTR,           /* elem: shared/local memory, 1-d indexing only */
  TY_TUPLE,         /* items[nitems] */
  TY_DTYPE,         /* a dtype object used as a value (cp.float32): elem */
  TY_OBJ,           /* an object of a device library (jit.cg, jit.cub): obj, elem, n */
  TY_ITER,          /* a thrust iterator over elem: n = ITER_*; ITER_ARRAY: contig (a
                       C-contiguous array's begin(), shared memory) or strided */
  TY_RECORD,        /* a void dtype (structured, or bytes) of a kernel form's argument:
                       rec (record.h); an array's element, pykc_dtype PYKC_RECORD */
  TY_ERROR,         /* sema-internal: an expression that had an error (no cascades);
                       never reaches the emitters (sema fails first) */
  TY_KIND_COUNT
} TypeKind;
/* Code compares kinds by this order (promotion: bool < integers by size < floats <
   complex); these say what it relies on. Questions about one kind go to type_is_*(). */
_Static_assert(TY_BOOL == 0 && TY_INT8 == 1 && TY_UINT64 == TY_INT8 + 7 &&
               TY_FLOAT16 == TY_UINT64 + 1 && TY_FLOAT64 == TY_FLOAT16 + 2 &&
               TY_COMPLEX128 == TY_FLOAT64 + 2 && TY_NSCALAR == TY_COMPLEX128 + 1,
               "TypeKind is in promotion order");

/* The objects of cupyx.jit's device libraries (devlib.c has their operations). */
typedef enum {
  OBJ_NONE,
  OBJ_THREAD_BLOCK, OBJ_GRID,                      /* cg.this_thread_block(), this_grid() */
  OBJ_DIM3,                                        /* a group's dim3 (.x .y .z: uint32) */
  OBJ_WARP_REDUCE, OBJ_BLOCK_REDUCE,               /* cub.WarpReduce[T] / BlockReduce[T, N]
                                                      (a class: TY_OBJ of kind TY_DTYPE's
                                                      role, see is_class) */
  OBJ_TEMP_STORAGE,                                /* their TempStorage: of = the reducer */
  OBJ_CUB_OP,                                      /* cub.Sum() / Max() / Min(): n = LIB_* */
  OBJ_POLICY,                                      /* thrust.device, thrust.seq */
  OBJ_COUNT
} ObjKind;

struct Type {
  TypeKind kind;
  ObjKind obj;                                     /* OBJ */
  ObjKind of;                                      /* OBJ_TEMP_STORAGE: its reducer's kind */
  int64_t n;                                       /* OBJ: BlockReduce's BLOCK_DIM_X; a cub
                                                      functor's operation */
  bool is_class;                                   /* OBJ: the class itself (WarpReduce[T],
                                                      its TempStorage), not an instance */
  Type *elem;                                      /* ARRAY, PTR, DTYPE; OBJ: cub's T */
  int ndim;                                        /* ARRAY */
  bool contig;                                     /* ARRAY: C-contiguous (T[::1]) */
  int nitems;                                      /* TUPLE */
  Type **items;
  bool strong;                                     /* a scalar: a NumPy scalar (its dtype
                                                      strong in @cupy.fuse's typing), not
                                                      a Python one; ty_strong_scalar */
  bool handle;                                     /* a scalar: a texture object's handle
                                                      (its type decides a kernel form's
                                                      placeholder); ty_handle */
  const Record *rec;                               /* RECORD */
};

/* DtypeInfo and dtype_info[TY_NSCALAR], the dtypes' facts: ksig.h (the runtime reads them). */

Type *ty_scalar(TypeKind k);                       /* shared singletons (also TY_VOID) */
Type *ty_strong_scalar(Ctx *c, TypeKind k);         /* a NumPy scalar's type (the fuse
                                                      front end's only) */
Type *ty_handle(Ctx *c, TypeKind k);               /* a texture object's handle (CuPy's
                                                      TextureObject: cudaTextureObject_t) */
Type *ty_array(Ctx *c, Type *elem, int ndim, bool contig);
Type *ty_record(Ctx *c, const Record *r);
Type *ty_ptr(Ctx *c, Type *elem);
Type *ty_tuple(Ctx *c, Type **items, int n);
Type *ty_dtype(Ctx *c, Type *elem);
Type *ty_obj(Ctx *c, ObjKind k, Type *elem, int64_t n, bool is_class);
/* The kinds of thrust iterators (TY_ITER's n): an array's or pointer's, thrust's
   constant_iterator and counting_iterator (their C value is the scalar they hold). */
enum { ITER_ARRAY, ITER_CONST, ITER_COUNT };
Type *ty_iter(Ctx *c, Type *elem, int kind, bool contig);
bool ty_equal(const Type *a, const Type *b);
bool ty_is_scalar(const Type *t);
bool ty_is_int(const Type *t);                     /* integers, not bool */
bool ty_is_float(const Type *t);
bool ty_is_signed(const Type *t);
/* The same questions of a kind (the one home of the type predicates): */
bool type_is_int(TypeKind k);                      /* int8..uint64, not bool */
bool type_is_float(TypeKind k);                    /* float16..float64 */
bool type_is_unsigned(TypeKind k);                 /* uint8..uint64 */
bool type_is_complex(TypeKind k);                  /* complex64, complex128 */
double type_round(TypeKind k, double v);           /* v rounded to float32 when k is float32
                                                      or complex64 (their parts), else v */
TypeKind type_part_of(TypeKind k);                 /* complex64 -> float32, complex128 ->
                                                      float64; others: k */
bool type_is_small_int(TypeKind k);                /* int8..uint16: computed as a C int */
bool type_is_small(TypeKind k);                    /* int8..uint16 and float16: computed in
                                                      a wider C type (int, float) */
TypeKind type_unsigned_of(TypeKind k);             /* the unsigned integer of k's size */
/* "float32", "float32[:, ::1]", "tuple(int32, int64)" — the spelling used in messages */
const char *ty_str(Ctx *c, const Type *t);
/* Parses a dtype name ("float32", "int", "float", "bool") or NumPy's short code ("f4",
   "i8", "c8", "b1", "?") -> TY_*, or -1. */
int ty_parse_dtype(const char *name, size_t len);
/* Parses the type spellings of --sig: "float32[:]", "cp.int32[:, ::1]", "int32[()]",
   "np.float64", "f4[::1]". Returns NULL and sets *err on failure. */
Type *ty_parse(Ctx *c, const char *s, const char **err);
/* Stable short code for a signature, used for NAME__CODE specialisation names. */
const char *ty_code(Ctx *c, const Type *t);

/* ======================================================================
 * builtins.c: the table of jit./cp./math. names
 * ====================================================================== */
typedef enum {
  BK_THREAD_IDX,        /* threadIdx.x etc: u.axis = 0/1/2 for x/y/z */
  BK_VALUE,             /* warpsize, constants */
  BK_FUNC,              /* a call */
  BK_ATOMIC,            /* jit.atomic_*: args[0] is the element whose address it takes */
  BK_SHFL,              /* jit.shfl_*_sync */
  BK_MATH,              /* cp.sqrt etc: loop selection over `loops` */
  BK_CAST,              /* cp.int32(x), int(x), ... */
  BK_SPECIAL,           /* handled by name in sema (range, shared_memory, print, len...) */
  BK_LIB,               /* a name of jit.cg / jit.cub: devlib.c's operation u.lib (a
                           function) or class (WarpReduce, BlockReduce: u.lib < 0) */
  BK_UFUNC              /* cp.add, cp.less, cp.logical_not...: a CuPy ufunc that is an
                           operator; u.op = the Op (logical_and/or/not: OP_AND/OR/NOT;
                           logical_xor, id BI_LOGICAL_XOR: OP_NE of the truth values) */
} BuiltinKind;

/* How sema types a call of a builtin (sema_call.c has one handler per rule). */
typedef enum {
  TR_NONE,          /* not callable (values, constants, dtypes used as values) */
  TR_SIMPLE,        /* no arguments: laneid, syncthreads, threadfence, activemask */
  TR_SYNCWARP, TR_GRID, TR_STMT_ONLY, TR_ATOMIC, TR_SHFL, TR_VOTE, TR_BITS, TR_RANGE,
  TR_LEN, TR_MINMAX, TR_ABS, TR_CAST, TR_UFUNC,
  TR_CONST_OBJECT,  /* np.dtype / finfo / iinfo: evaluated at compile time */
  TR_MATH,          /* elementwise math: CuPy's loop selection over `loops` */
  TR_COMPLEX,       /* complex(re, im) */
  TR_LIB,           /* a device library's function (devlib.c): sema_lib.c */
  TR_COUNT
} TypingRule;

struct Builtin {                                   /* one row: everything about a name */
  const char *name;                                /* "sqrt", "atomic_add", "threadIdx.x" */
  BuiltinKind kind;
  int id;                                          /* BI_* below */
  const char *spell;                               /* the emitted C spelling, the same on
                                                      both targets (the CPU preamble defines
                                                      CUDA's names): "atomicAdd", "__popc",
                                                      "threadIdx.x"; BK_MATH: the C double
                                                      function ("asin"), float16/float32
                                                      loops add 'f'; NULL: none */
  const char *spell64;                             /* for 64-bit operands ("__popcll") */
  TypingRule rule;                                 /* how sema types a call */
  const char *ufunc;                               /* TR_MATH: the CuPy ufunc whose loops it
                                                      takes (types/ufunc.c); its complex
                                                      loops only with a chelper */
  const char *loops;                               /* TR_MATH without a ufunc (math.pow):
                                                      its own loops; else builtin_loops */
  unsigned dtypes;                                 /* TR_ATOMIC: the element types it takes,
                                                      a bit (1u << TY_*) each */
  int minargs, maxargs;
  union {                                          /* by kind: */
    int axis;                                      /* BK_THREAD_IDX: 0/1/2 for x/y/z, -1
                                                      for the group (threadIdx) */
    int cast_to;                                   /* BK_CAST: the target TY_* */
    Op op;                                         /* BK_UFUNC: the operator */
    int lib;                                       /* BK_LIB: the LIB_* operation, or the
                                                      class's OBJ_* negated */
  } u;
  uint8_t helper;                                  /* HK_*: integer loops call this helper
                                                      (lower.c); HK_NONE: none */
  uint8_t fhelper;                                 /* the same for float loops */
  uint8_t chelper;                                 /* the same for complex loops (every
                                                      complex operation is a helper) */
  uint8_t range_bits;                              /* range fact (range.c): the value lies
                                                      in [0, 2^bits); 0: no fact */
  bool range_pos;                                  /* and is > 0 */
  bool range_idx;                                  /* a thread index or dimension */
};

/* Builtin ids. IR_BUILTIN contracts (what sema hands the emitters):
   - BI_THREADIDX/BLOCKIDX/BLOCKDIM/GRIDDIM: no args, uint32, u.axis = axis; spell =
     "threadIdx.x" etc. BI_WARPSIZE: no args, int32. BI_LANEID: no args, uint32.
   - jit.grid(n)/gridsize(n) never reach the IR: sema lowers them to uint32 arithmetic on
     the index builtins (blockIdx.x * blockDim.x + threadIdx.x; blockDim.x * gridDim.x).
   - BI_SYNCTHREADS, BI_THREADFENCE, BI_ACTIVEMASK: no args. BI_SYNCWARP: args = mask
     (uint32; sema supplies 0xffffffff when omitted).
   - atomics: args = (element lvalue, value[, value]): args[0] is the IR_INDEX element
     `array[index]` (1-d, N-d with a tuple index, or a shared/local pointer) whose address
     the atomic takes; values converted to the element type; ty = element type.
     BI_ATOMIC_CAS: (element, compare, val).
   - shuffles: args = (mask uint32, var, delta (uint32 for up/down, int32 for sync/xor
     lane), width int32 (32 when omitted)); ty = var's type.
   - BI_BALLOT_SYNC/ALL_SYNC/ANY_SYNC: (mask uint32, pred bool) -> uint32 / bool / bool.
   - BI_POPC, BI_CLZ, BI_FFS: one int32/uint32/int64/uint64 arg -> int32; BI_BREV:
     uint32/uint64 -> same type (int args are converted to the unsigned of their size).
   - BK_MATH: args converted to the selected loop's input types (node->cty = input type
     of the first argument), ty = the loop's output type; spell = the C double-precision
     function name ("asin"); float16/float32 loops use the float (`asinf`) form and
     float16 values are computed as float. Ids below name each function. A row with a
     helper for the loop's type is lowered to IR_HELPER (lower.c) and never reaches the
     emitters as IR_BUILTIN; so are float reciprocal (1 / x) and abs of unsigned values.
   - BI_MIN/BI_MAX (Python min/max, 2+ args): args all converted to ty (= cty); NaN
     handling as cupy.minimum/maximum (lowered to nested HK_MIN/HK_MAX helpers).
     BI_ABS: one arg, ty = its type (float: fabs; integers: HK_ABS).
   - BK_UFUNC (BI_UFUNC, BI_LOGICAL_XOR) never reach the IR: sema lowers cp.add(a, b) to
     the IR of `a + b` (sema_ufunc_op), so typing and semantics are the operator's.
   - BI_LEN never reaches the IR (lowered to IR_ARRAY_ATTR shape 0); BI_PI etc are
     folded to IR_CONST; casts are IR_CAST; range/print/shared_memory have IR kinds.
   Code tells groups apart by Builtin.kind (BK_ATOMIC, BK_SHFL), never by id order. */
enum {
  BI_NONE,
  BI_THREADIDX, BI_BLOCKIDX, BI_BLOCKDIM, BI_GRIDDIM, BI_WARPSIZE, BI_LANEID,
  BI_GRID, BI_GRIDSIZE, BI_SYNCTHREADS, BI_SYNCWARP, BI_THREADFENCE,
  BI_SHARED_MEMORY, BI_LOCAL_MEMORY,
  BI_ATOMIC_ADD, BI_ATOMIC_SUB, BI_ATOMIC_EXCH, BI_ATOMIC_MIN, BI_ATOMIC_MAX,
  BI_ATOMIC_INC, BI_ATOMIC_DEC, BI_ATOMIC_CAS, BI_ATOMIC_AND, BI_ATOMIC_OR, BI_ATOMIC_XOR,
  BI_SHFL_SYNC, BI_SHFL_UP_SYNC, BI_SHFL_DOWN_SYNC, BI_SHFL_XOR_SYNC,
  BI_BALLOT_SYNC, BI_ALL_SYNC, BI_ANY_SYNC, BI_ACTIVEMASK,
  BI_POPC, BI_CLZ, BI_FFS, BI_BREV,
  BI_RANGE, BI_LEN, BI_MIN, BI_MAX, BI_ABS, BI_PRINT, BI_CAST,
  BI_PI, BI_E, BI_TAU, BI_INF, BI_NAN, BI_DTYPE, BI_FINFO, BI_IINFO,
  /* math (BK_MATH) */
  BI_SQRT, BI_EXP, BI_EXP2, BI_EXPM1, BI_LOG, BI_LOG2, BI_LOG10, BI_LOG1P,
  BI_SIN, BI_COS, BI_TAN, BI_ARCSIN, BI_ARCCOS, BI_ARCTAN, BI_ARCTAN2,
  BI_SINH, BI_COSH, BI_TANH, BI_ARCSINH, BI_ARCCOSH, BI_ARCTANH,
  BI_FLOOR, BI_CEIL, BI_TRUNC, BI_RINT, BI_FABS, BI_ABSOLUTE, BI_SIGN, BI_SQUARE,
  BI_RECIPROCAL, BI_HYPOT, BI_COPYSIGN, BI_POWER, BI_FMOD, BI_MINIMUM, BI_MAXIMUM,
  BI_FMIN, BI_FMAX, BI_ISNAN, BI_ISINF, BI_ISFINITE, BI_CBRT, BI_LOGADDEXP,
  BI_DEG2RAD, BI_RAD2DEG, /* x * (T)(pi / 180), x * (T)(180 / pi): lowered to a product */
  BI_REAL, BI_IMAG, BI_CONJ, BI_ANGLE,   /* complex parts: lowered to helpers */
  BI_COMPLEX,       /* complex(re, im): args converted to the part type */
  /* operator ufuncs (BK_UFUNC) */
  BI_UFUNC, BI_LOGICAL_XOR,
  BI_LIB,           /* jit.cg / jit.cub (BK_LIB): never in the IR (IR_LIB nodes) */
  BI_COUNT
};

/* Looks up a builtin by its qualified path as seen through imports: module is one of
   "jit", "cupy", "numpy", "math", "builtins"; name the attribute. NULL if none. */
const Builtin *builtin_lookup(const char *module, const char *name);
/* jit.cg and jit.cub: the module ("cg", "cub") that MODULE.NAME names, or NULL. */
const char *builtin_submodule(const char *module, const char *name);
/* A name cupyx.jit or CuPy has that pykc does not support yet: what it is ("cooperative
   groups"), or NULL. */
const char *builtin_later(const char *module, const char *name);
/* A NumPy/CuPy whole-array routine (zeros, sum, dot, ...) that only the host runs: what a
   kernel does instead, or NULL. */
const char *builtin_host_only(const char *module, const char *name);
/* Closest known name to a misspelling (for "did you mean"), or NULL. */
const char *builtin_suggest(const char *module, const char *name);
/* The first row with id BI_*, or NULL. */
const Builtin *builtin_by_id(int id);
/* A TR_MATH row's loops ("e->e f->f d->d F->F D->D"): its ufunc's, else its own. */
const char *builtin_loops(const Builtin *b);
/* thrust's complex function NAME[0..len) (exp, asin, ...): its elementwise row (the
   complex helper is .chelper), or NULL. */
const Builtin *builtin_complex_fn(const char *name, size_t len);
/* Is NAME[0..len) a C/CUDA spelling of a builtin (a function the emitted code calls)? */
bool builtin_c_name(const char *name, size_t len);
/* Edit distance (with transpositions) between two short names, for "did you mean". */
int name_distance(const char *a, const char *b);

/* ======================================================================
 * devlib.c: cupyx.jit's device libraries (jit.cg, jit.cub), one table of operations
 * ====================================================================== */
/* The operations, one row each in devlib.c. */
typedef enum {
  LIB_NONE,
  /* jit.cg's functions */
  LIB_THIS_THREAD_BLOCK, LIB_THIS_GRID, LIB_CG_SYNC, LIB_CG_SYNC_GRID, LIB_CG_WAIT, LIB_CG_WAIT_PRIOR,
  LIB_MEMCPY_ASYNC, LIB_MEMCPY_ASYNC_ALIGNED,
  /* thread_block's methods */
  LIB_TB_SYNC, LIB_TB_THREAD_RANK, LIB_TB_GROUP_INDEX, LIB_TB_THREAD_INDEX,
  LIB_TB_DIM_THREADS, LIB_TB_NUM_THREADS, LIB_TB_SIZE, LIB_TB_GROUP_DIM,
  /* grid_group's methods */
  LIB_GG_SYNC, LIB_GG_IS_VALID, LIB_GG_THREAD_RANK, LIB_GG_BLOCK_RANK, LIB_GG_NUM_THREADS,
  LIB_GG_NUM_BLOCKS, LIB_GG_DIM_BLOCKS, LIB_GG_BLOCK_INDEX, LIB_GG_SIZE, LIB_GG_GROUP_DIM,
  /* dim3's members */
  LIB_DIM3_X, LIB_DIM3_Y, LIB_DIM3_Z,
  /* jit.cub */
  LIB_CUB_NEW,                                     /* WarpReduce(temp_storage[i]) */
  LIB_CUB_SUM, LIB_CUB_REDUCE,                     /* reducer.Sum(v), .Reduce(v, op): */
  LIB_CUB_BSUM, LIB_CUB_BREDUCE,                   /* of a warp's, of a block's */
  LIB_CUB_OP_SUM, LIB_CUB_OP_MAX, LIB_CUB_OP_MIN,  /* cub.Sum() ... (functors) */
  /* jit.thrust (devlib_thrust.c): the policies, the iterators and their arithmetic */
  LIB_THRUST_DEVICE, LIB_THRUST_SEQ, LIB_THRUST_HOST,
  LIB_IT_BEGIN, LIB_IT_BEGIN_C, LIB_IT_END, LIB_IT_END_C, /* a 1-d array's (C-contiguous) */
  LIB_IT_PTR,                                      /* shared/local memory as an iterator */
  LIB_IT_ADD, LIB_IT_DIFF, LIB_IT_AT,              /* it + n, it - it, it[i] */
  LIB_PTR_ADD, LIB_PTR_DIFF,                       /* smem + n, p - p */
  LIB_MAKE_CONST_IT, LIB_MAKE_COUNT_IT, LIB_CONST_AT, LIB_COUNT_AT,
  LIB_CONST_ADD, LIB_CONST_DIFF, LIB_COUNT_ADD, LIB_COUNT_DIFF, /* their it + n, it - it */
  /* thrust's algorithms (the rows with a signature) */
  LIB_T_ADJACENT_DIFFERENCE, LIB_T_BINARY_SEARCH, LIB_T_BINARY_SEARCH_VEC, LIB_T_COPY,
  LIB_T_COUNT, LIB_T_EQUAL, LIB_T_EQUAL_RANGE, LIB_T_EXCLUSIVE_SCAN,
  LIB_T_EXCLUSIVE_SCAN_BY_KEY, LIB_T_FILL, LIB_T_FIND, LIB_T_GATHER, LIB_T_INCLUSIVE_SCAN,
  LIB_T_INCLUSIVE_SCAN_BY_KEY, LIB_T_INNER_PRODUCT, LIB_T_IS_SORTED, LIB_T_IS_SORTED_UNTIL,
  LIB_T_LOWER_BOUND, LIB_T_LOWER_BOUND_VEC, LIB_T_MISMATCH, LIB_T_REDUCE, LIB_T_REDUCE_BY_KEY,
  LIB_T_REMOVE, LIB_T_REMOVE_COPY, LIB_T_REPLACE, LIB_T_REPLACE_COPY, LIB_T_REVERSE,
  LIB_T_REVERSE_COPY, LIB_T_SCATTER, LIB_T_SEQUENCE, LIB_T_SET_DIFFERENCE,
  LIB_T_SET_DIFFERENCE_BY_KEY, LIB_T_SET_INTERSECTION, LIB_T_SET_INTERSECTION_BY_KEY,
  LIB_T_SET_SYMMETRIC_DIFFERENCE, LIB_T_SET_SYMMETRIC_DIFFERENCE_BY_KEY, LIB_T_SET_UNION,
  LIB_T_SET_UNION_BY_KEY, LIB_T_SORT, LIB_T_SORT_BY_KEY, LIB_T_STABLE_SORT,
  LIB_T_STABLE_SORT_BY_KEY, LIB_T_SWAP_RANGES, LIB_T_UNIQUE, LIB_T_UNIQUE_BY_KEY,
  LIB_T_UPPER_BOUND, LIB_T_UPPER_BOUND_VEC,
  LIB_COUNT
} LibId;

/* What an operation needs of the unit and of its launch. */
enum {
  LIBF_CG = 1,                                     /* <cooperative_groups.h> */
  LIBF_MEMCPY = 2,                                 /* <cooperative_groups/memcpy_async.h> */
  LIBF_CUB = 4,                                    /* emit_cuda.c's pykc_cub (no header) */
  LIBF_GRID_SYNC = 8,                              /* a cooperative launch */
  LIBF_THRUST = 16,                                /* pykc_it and the algorithms' helpers */
  LIBF_PURE = 32,                                  /* no side effects (its arguments' aside):
                                                      the iterators' arithmetic */
};

typedef struct LibOp {
  LibId id;
  ObjKind recv;                                    /* the receiver's kind; OBJ_NONE: a
                                                      module function */
  const char *name;                                /* Python name */
  int nargs;                                       /* besides the receiver; -1: an attribute
                                                      (dim3.x), no call */
  TypeKind result;                                 /* scalar or TY_VOID; TY_OBJ: robj (with
                                                      OBJ_NONE: the receiver's T) */
  ObjKind robj;
  const char *cuda, *c;                            /* the spellings: %0..%9 the receiver
                                                      (when there is one) then the
                                                      arguments, %T the cub class (CUDA),
                                                      %t T's name (float32), %n its N */
  unsigned flags;                                  /* LIBF_* */
  /* thrust's algorithms (devlib_thrust.c says how to read them): */
  const char *sig;                                 /* the parameters after exec_policy */
  const char *ret;                                 /* the result */
} LibOp;

/* The row of module function NAME of jit.cg / jit.cub (module "cg" / "cub"), or of method
   NAME of objects of kind RECV; NULL if none. */
const LibOp *lib_find(ObjKind recv, const char *name);
/* thrust's algorithm NAME taking NARGS arguments after the policy (the row whose
   signature takes that many; else the first row of NAME); NULL if none. */
const LibOp *lib_thrust_find(const char *name, int nargs);
/* devlib_thrust.c's rows (devlib.c searches them after its own). */
extern const LibOp lib_thrust_ops[];
extern const int lib_thrust_nops;
const LibOp *lib_op(LibId id);
/* "cg.thread_block", "cub.WarpReduce": an object kind's Python name. */
const char *lib_obj_name(ObjKind k);
/* The C spelling of an object type on a target (CUDA: true): its TempStorage arrays'
   element type; NULL for objects that are never stored. */
const char *lib_obj_ctype(Ctx *c, const Type *t, bool cuda);
/* The TempStorage's size in bytes (the static shared memory it takes). */
int64_t lib_temp_bytes(const Type *t);
/* The dtype a reducer (or its TempStorage) T computes in: its T, float32 for float16. */
TypeKind lib_cub_kind(const Type *t);
/* The CUB class of a reducer or its TempStorage: "cub::BlockReduce<float, 256>". */
const char *lib_cub_class(Ctx *c, const Type *t);

/* ======================================================================
 * Python-semantics helpers (the rules lower.c applies and the emitters print)
 * ====================================================================== */
/* Helper kinds, in the order their definitions are emitted; each is instantiated per
   scalar type. helper_names[] (ops.c) spells each once: py_<name>_<dtype>. */
typedef enum {
  HK_NONE,          /* (no helper: a builtin row's helper field) */
  HK_FLOORDIV,      /* Python //: floor division, integer /0 gives 0 */
  HK_MOD,           /* Python %: remainder with the divisor's sign, integer %0 gives 0 */
  HK_DIVZ,          /* truncating / of non-negative operands, /0 gives 0 */
  HK_MODZ,          /* truncating % of non-negative operands, %0 gives 0 */
  HK_POW,           /* integer ** by repeated squaring */
  HK_MIN, HK_MAX,   /* min/max like cupy.minimum/maximum (NaN propagates) */
  HK_FMIN, HK_FMAX, /* integer fmin/fmax */
  HK_ABS,           /* integer absolute value */
  HK_SIGN,          /* numpy.sign */
  HK_SQUARE,
  HK_RECIP,         /* integer reciprocal (0 for 0) */
  HK_FMOD,          /* integer fmod (0 for %0) */
  HK_LOGADDEXP,     /* numpy.logaddexp on floats */
  HK_CMP64,         /* exact int64 vs uint64 comparison: -1, 0, 1 */
  HK_SHL, HK_SHR,   /* TARGET_C: shifts with PTX semantics (counts >= width clamp) */
  /* complex64/complex128 (instance type = the complex type; emit_complex.c): CuPy's
     thrust-derived formulas (cupy/_core/include/cupy/complex/). Dependencies come
     first: a helper only calls helpers above it. */
  HK_CMAKE,         /* (re, im) of the part type -> complex */
  HK_CCVT,          /* the other complex width -> this one */
  HK_CREAL, HK_CIMAG, /* -> part */
  HK_CADD, HK_CSUB, HK_CMUL, HK_CDIV, HK_CNEG, HK_CCONJ,
  HK_CEQ, HK_CNE,   /* -> bool */
  HK_CMIN, HK_CMAX, /* cupy.minimum/maximum: NaN (as complex(NAN)) if either is NaN */
  HK_CLESS,         /* complex<T>'s operator< (real parts, then imaginary) -> bool */
  HK_CABS,          /* hypot -> part */
  HK_CARG,          /* atan2(im, re) -> part */
  HK_CISNAN, HK_CISINF, HK_CISFINITE, /* -> bool */
  HK_CEXP, HK_CLOG, HK_CLOG10, HK_CSQRT, HK_CPOW,
  HK_CEXP2, HK_CEXPM1, HK_CLOG2, HK_CLOG1P,
  HK_CSINH, HK_CCOSH, HK_CTANH, HK_CSIN, HK_CCOS, HK_CTAN,
  HK_CATRIG,        /* catrig.h's shared pieces (f, do_hard_work, clog_for_large_values) */
  HK_CASINH, HK_CASIN, HK_CACOS, HK_CACOSH, HK_CATANH, HK_CATAN,
  HK_CCUB,          /* a complex CUB reducer's + and < (CUDA: operators for CUB's plus and
                       maximum/minimum; C: cpu_lib.h's functions instantiated) */
  HK_COUNT
} HelperKind;
extern const char *const helper_names[HK_COUNT];   /* "floordiv", "mod", ... */
/* thrust's functions of one complex value (builtin_complex_fn's rows): FNS[helper] = name */
void builtin_complex_fns(const char *fns[HK_COUNT]);
/* The scalar type an instance of helper h for operands of kind k works in (small
   integers run on int32, float16 on float32; ** keeps its type as CuPy's does). */
TypeKind helper_type(HelperKind h, TypeKind k);
/* Python's // of integers, once (CuPy's _floor_divide of carray.cuh): the body of a
   function of x and y of C type T whose quotient x / y is spelled Q (a target may guard
   it); /0 gives 0. The DSL's py_floordiv_T and the forms' _floor_divide both print it. */
void ops_floordiv_body(Buf *o, const char *T, const char *q);
/* CuPy's _floor_divide overloads (carray.cuh: int, long long, unsigned, unsigned long
   long, float, double) with that body: the forms' and fuse's environment prints them. */
void ops_floordiv_cupy(Buf *o);
/* The first line of a signed integer's Python // (MOD false) or % of x and y of C type T
   whose unsigned type is U, for a positive divisor: one unsigned division of x, or of ~x
   when x < 0 (floor(x / y) is ~(~x / y) then, x % y is y - 1 - ~x % y), where C's signed
   division takes the signs off and puts them back, and Python's then corrects it. */
void ops_divmod_positive(Buf *o, const char *T, const char *U, bool mod);
/* Python's % from its floor division (CuPy's remainder routine, _routines_math.pyx):
   integers X - FDIV(X, Y) * Y, 0 for Y == 0; floats X - Q * Y with Q the floored quotient.
   CuPy's table (ufunc.c) and the DSL's float py_mod_T spell it so; the DSL's integer
   py_mod_T corrects C's % instead, the same function without CuPy's signed overflow of
   FDIV(X, Y) * Y at INT_MIN (undefined behaviour NVRTC folds: INT_MIN % 10 came back -8
   on the H100, tests/e2e/review_range_small). */
#define OPS_REMAINDER(X, Y, FDIV) "(" X " - " FDIV "(" X ", " Y ") * " Y ") * (" Y " != 0)"
#define OPS_REMAINDER_FLT(X, Y, Q) X " - " Q " * " Y

#endif
