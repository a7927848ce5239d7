/*
 * builtins.c: every name a kernel can reach through an import alias, as one table.
 *
 * A row says which modules expose the name (jit = cupyx.jit, np = cupy/numpy, math,
 * py = Python builtins), what kind of thing it is, its BI_* id, its C spelling (the same
 * on both targets: the CPU backend's preamble defines CUDA's names), the helper that
 * gives NumPy's or Python's meaning where C has none (lower.c turns the call into
 * IR_HELPER), its range fact (range.c) and, for elementwise math, the CuPy ufunc whose
 * loops it takes (types/ufunc.c, the one table of CuPy's loops; a row without a complex
 * helper leaves the complex loops out). Sema picks the first loop every argument
 * reaches (docs/language.md §2).
 */
#include "types.h"
#include "ufunc.h"

#include <string.h>

enum { M_JIT = 1, M_NP = 2, M_MATH = 4, M_PY = 8, M_CG = 16, M_CUB = 32, M_THRUST = 64 };

/* math.pow is no CuPy ufunc: its own loops */
#define NUM2 "bb->b BB->B hh->h HH->H ii->i II->I ll->l LL->L ee->e ff->f dd->d"

typedef struct Row {
  int modules;
  Builtin b;
} Row;

/* Row constructors (designated: a row names only what it has). IDX and VALUE rows carry
   their range fact (the value lies in [0, 2^BITS), and is > 0 when POS). */
#define IDX(G, I, AX, SP, BITS, POS)                                                    \
  {M_JIT, {.name = G, .kind = BK_THREAD_IDX, .id = I, .spell = SP, .u.axis = AX,        \
           .range_bits = BITS, .range_pos = POS, .range_idx = true}}
#define FN(MODS, N, I, SP, LO, HI, RULE)                                                \
  {MODS, {.name = N, .kind = BK_FUNC, .id = I, .spell = SP, .minargs = LO, .maxargs = HI, \
          .rule = RULE}}
/* atomics: the element dtypes they take (B(TY_*) bits) */
#define B(k) (1u << (k))
#define ATOMIC(N, I, SP, NARGS, TYPES)                                                  \
  {M_JIT, {.name = N, .kind = BK_ATOMIC, .id = I, .spell = SP, .minargs = NARGS,         \
           .maxargs = NARGS, .rule = TR_ATOMIC, .dtypes = TYPES}}
#define SHFL(N, I, SP)                                                                  \
  {M_JIT, {.name = N, .kind = BK_SHFL, .id = I, .spell = SP, .minargs = 3, .maxargs = 4, \
           .rule = TR_SHFL}}
#define BITS(N, I, SP, SP64, RBITS)                                                     \
  {M_JIT, {.name = N, .kind = BK_FUNC, .id = I, .spell = SP, .spell64 = SP64,            \
           .minargs = 1, .maxargs = 1, .range_bits = RBITS, .rule = TR_BITS}}
#define SPECIAL(MODS, N, I, LO, HI, RULE)                                               \
  {MODS, {.name = N, .kind = BK_SPECIAL, .id = I, .minargs = LO, .maxargs = HI,          \
          .rule = RULE}}
/* Python's min/max/abs: integer (and, H2, float) values go through helper H */
#define PYFN(N, I, SP, LO, HI, H, H2, RULE)                                             \
  {M_PY, {.name = N, .kind = BK_SPECIAL, .id = I, .spell = SP, .minargs = LO,            \
          .maxargs = HI, .helper = H, .fhelper = H2, .rule = RULE}}
/* elementwise math with ufunc UF's loops: float loops call SP (SPf for float16/float32),
   integer loops the helper H, float loops the helper H2 where C has no function with
   NumPy's meaning */
#define MATH(MODS, N, I, SP, UF, NA)                                                    \
  {MODS, {.name = N, .kind = BK_MATH, .id = I, .spell = SP, .ufunc = UF,                 \
          .minargs = NA, .maxargs = NA, .rule = TR_MATH}}
#define MATHH(MODS, N, I, SP, UF, NA, H, H2)                                            \
  {MODS, {.name = N, .kind = BK_MATH, .id = I, .spell = SP, .ufunc = UF,                 \
          .minargs = NA, .maxargs = NA, .helper = H, .fhelper = H2, .rule = TR_MATH}}
/* elementwise math with complex loops: those call the helper CH (emit_complex.c) */
#define CMATH(MODS, N, I, SP, UF, CH)                                                   \
  {MODS, {.name = N, .kind = BK_MATH, .id = I, .spell = SP, .ufunc = UF,                 \
          .minargs = 1, .maxargs = 1, .chelper = CH, .rule = TR_MATH}}
#define CAST(MODS, N, TY)                                                               \
  {MODS, {.name = N, .kind = BK_CAST, .id = BI_CAST, .maxargs = 1, .u.cast_to = TY,      \
          .rule = TR_CAST}}
#define VALUE(MODS, N, I, SP, RBITS, POS)                                               \
  {MODS, {.name = N, .kind = BK_VALUE, .id = I, .spell = SP, .range_bits = RBITS,        \
          .range_pos = POS, .range_idx = RBITS != 0}}
/* jit.cg's and jit.cub's names: devlib.c's operation L (a class: -OBJ_*) */
#define LIB(MODS, N, L)                                                                 \
  {MODS, {.name = N, .kind = BK_LIB, .id = BI_LIB, .u.lib = L, .rule = TR_LIB}}
#define UFUNC(N, OP, NA)                                                                \
  {M_NP, {.name = N, .kind = BK_UFUNC, .id = BI_UFUNC, .minargs = NA, .maxargs = NA,     \
          .u.op = OP, .rule = TR_UFUNC}}

static const Row table[] = {
  /* thread indices: the group names (arg -1) and their .x/.y/.z members */
  IDX("threadIdx", BI_THREADIDX, -1, "threadIdx", 10, false),
  IDX("threadIdx.x", BI_THREADIDX, 0, "threadIdx.x", 10, false),
  IDX("threadIdx.y", BI_THREADIDX, 1, "threadIdx.y", 10, false),
  IDX("threadIdx.z", BI_THREADIDX, 2, "threadIdx.z", 10, false),
  IDX("blockIdx", BI_BLOCKIDX, -1, "blockIdx", 31, false),
  IDX("blockIdx.x", BI_BLOCKIDX, 0, "blockIdx.x", 31, false),
  IDX("blockIdx.y", BI_BLOCKIDX, 1, "blockIdx.y", 31, false),
  IDX("blockIdx.z", BI_BLOCKIDX, 2, "blockIdx.z", 31, false),
  IDX("blockDim", BI_BLOCKDIM, -1, "blockDim", 11, true),
  IDX("blockDim.x", BI_BLOCKDIM, 0, "blockDim.x", 11, true),
  IDX("blockDim.y", BI_BLOCKDIM, 1, "blockDim.y", 11, true),
  IDX("blockDim.z", BI_BLOCKDIM, 2, "blockDim.z", 11, true),
  IDX("gridDim", BI_GRIDDIM, -1, "gridDim", 31, true),
  IDX("gridDim.x", BI_GRIDDIM, 0, "gridDim.x", 31, true),
  IDX("gridDim.y", BI_GRIDDIM, 1, "gridDim.y", 31, true),
  IDX("gridDim.z", BI_GRIDDIM, 2, "gridDim.z", 31, true),
  VALUE(M_JIT, "warpsize", BI_WARPSIZE, "warpSize", 6, true),

  /* cupyx.jit functions */
  {M_JIT, {.name = "laneid", .kind = BK_FUNC, .id = BI_LANEID, .range_bits = 5,
           .range_idx = true, .rule = TR_SIMPLE}},  /* spelled by the target (TargetOps.laneid) */
  SPECIAL(M_JIT, "grid", BI_GRID, 1, 1, TR_GRID),
  SPECIAL(M_JIT, "gridsize", BI_GRIDSIZE, 1, 1, TR_GRID),
  FN(M_JIT, "syncthreads", BI_SYNCTHREADS, "__syncthreads", 0, 0, TR_SIMPLE),
  FN(M_JIT, "syncwarp", BI_SYNCWARP, "__syncwarp", 0, 1, TR_SYNCWARP),
  FN(M_JIT, "threadfence", BI_THREADFENCE, "__threadfence", 0, 0, TR_SIMPLE),
  SPECIAL(M_JIT, "shared_memory", BI_SHARED_MEMORY, 2, 3, TR_STMT_ONLY),
  SPECIAL(M_JIT, "local_memory", BI_LOCAL_MEMORY, 2, 2, TR_STMT_ONLY),
  ATOMIC("atomic_add", BI_ATOMIC_ADD, "atomicAdd", 3,
         B(TY_INT32) | B(TY_UINT32) | B(TY_UINT64) | B(TY_FLOAT16) | B(TY_FLOAT32) | B(TY_FLOAT64)),
  ATOMIC("atomic_sub", BI_ATOMIC_SUB, "atomicSub", 3,
         B(TY_INT32) | B(TY_UINT32)),
  ATOMIC("atomic_exch", BI_ATOMIC_EXCH, "atomicExch", 3,
         B(TY_INT32) | B(TY_UINT32) | B(TY_UINT64) | B(TY_FLOAT32)),
  ATOMIC("atomic_min", BI_ATOMIC_MIN, "atomicMin", 3,
         B(TY_INT32) | B(TY_UINT32) | B(TY_INT64) | B(TY_UINT64)),
  ATOMIC("atomic_max", BI_ATOMIC_MAX, "atomicMax", 3,
         B(TY_INT32) | B(TY_UINT32) | B(TY_INT64) | B(TY_UINT64)),
  ATOMIC("atomic_inc", BI_ATOMIC_INC, "atomicInc", 3,
         B(TY_UINT32)),
  ATOMIC("atomic_dec", BI_ATOMIC_DEC, "atomicDec", 3,
         B(TY_UINT32)),
  ATOMIC("atomic_cas", BI_ATOMIC_CAS, "atomicCAS", 4,
         B(TY_INT32) | B(TY_UINT32) | B(TY_UINT64) | B(TY_UINT16)),
  ATOMIC("atomic_and", BI_ATOMIC_AND, "atomicAnd", 3,
         B(TY_INT32) | B(TY_UINT32) | B(TY_UINT64)),
  ATOMIC("atomic_or", BI_ATOMIC_OR, "atomicOr", 3,
         B(TY_INT32) | B(TY_UINT32) | B(TY_UINT64)),
  ATOMIC("atomic_xor", BI_ATOMIC_XOR, "atomicXor", 3,
         B(TY_INT32) | B(TY_UINT32) | B(TY_UINT64)),
  SHFL("shfl_sync", BI_SHFL_SYNC, "__shfl_sync"),
  SHFL("shfl_up_sync", BI_SHFL_UP_SYNC, "__shfl_up_sync"),
  SHFL("shfl_down_sync", BI_SHFL_DOWN_SYNC, "__shfl_down_sync"),
  SHFL("shfl_xor_sync", BI_SHFL_XOR_SYNC, "__shfl_xor_sync"),
  FN(M_JIT, "ballot_sync", BI_BALLOT_SYNC, "__ballot_sync", 2, 2, TR_VOTE),
  FN(M_JIT, "all_sync", BI_ALL_SYNC, "__all_sync", 2, 2, TR_VOTE),
  FN(M_JIT, "any_sync", BI_ANY_SYNC, "__any_sync", 2, 2, TR_VOTE),
  FN(M_JIT, "activemask", BI_ACTIVEMASK, "__activemask", 0, 0, TR_SIMPLE),
  BITS("popc", BI_POPC, "__popc", "__popcll", 7),
  BITS("clz", BI_CLZ, "__clz", "__clzll", 7),
  BITS("ffs", BI_FFS, "__ffs", "__ffsll", 7),
  BITS("brev", BI_BREV, "__brev", "__brevll", 0),
  SPECIAL(M_JIT | M_PY, "range", BI_RANGE, 1, 3, TR_RANGE),

  /* jit.cg, jit.cub (devlib.c) */
  LIB(M_CG, "this_thread_block", LIB_THIS_THREAD_BLOCK),
  LIB(M_CG, "this_grid", LIB_THIS_GRID),
  LIB(M_CG, "sync", LIB_CG_SYNC),
  LIB(M_CG, "wait", LIB_CG_WAIT),
  LIB(M_CG, "wait_prior", LIB_CG_WAIT_PRIOR),
  LIB(M_CG, "memcpy_async", LIB_MEMCPY_ASYNC),
  LIB(M_CUB, "WarpReduce", -OBJ_WARP_REDUCE),
  LIB(M_CUB, "BlockReduce", -OBJ_BLOCK_REDUCE),
  LIB(M_CUB, "Sum", LIB_CUB_OP_SUM),
  LIB(M_CUB, "Max", LIB_CUB_OP_MAX),
  LIB(M_CUB, "Min", LIB_CUB_OP_MIN),
  /* jit.thrust (devlib_thrust.c; binary_search, lower_bound, upper_bound: the row of one
     value, sema takes the vector form's by the argument count) */
  LIB(M_THRUST, "device", LIB_THRUST_DEVICE),
  LIB(M_THRUST, "seq", LIB_THRUST_SEQ),
  LIB(M_THRUST, "host", LIB_THRUST_HOST),
  LIB(M_THRUST, "make_constant_iterator", LIB_MAKE_CONST_IT),
  LIB(M_THRUST, "make_counting_iterator", LIB_MAKE_COUNT_IT),
  LIB(M_THRUST, "adjacent_difference", LIB_T_ADJACENT_DIFFERENCE),
  LIB(M_THRUST, "binary_search", LIB_T_BINARY_SEARCH),
  LIB(M_THRUST, "copy", LIB_T_COPY),
  LIB(M_THRUST, "count", LIB_T_COUNT),
  LIB(M_THRUST, "equal", LIB_T_EQUAL),
  LIB(M_THRUST, "equal_range", LIB_T_EQUAL_RANGE),
  LIB(M_THRUST, "exclusive_scan", LIB_T_EXCLUSIVE_SCAN),
  LIB(M_THRUST, "exclusive_scan_by_key", LIB_T_EXCLUSIVE_SCAN_BY_KEY),
  LIB(M_THRUST, "fill", LIB_T_FILL),
  LIB(M_THRUST, "find", LIB_T_FIND),
  LIB(M_THRUST, "gather", LIB_T_GATHER),
  LIB(M_THRUST, "inclusive_scan", LIB_T_INCLUSIVE_SCAN),
  LIB(M_THRUST, "inclusive_scan_by_key", LIB_T_INCLUSIVE_SCAN_BY_KEY),
  LIB(M_THRUST, "inner_product", LIB_T_INNER_PRODUCT),
  LIB(M_THRUST, "is_sorted", LIB_T_IS_SORTED),
  LIB(M_THRUST, "is_sorted_until", LIB_T_IS_SORTED_UNTIL),
  LIB(M_THRUST, "lower_bound", LIB_T_LOWER_BOUND),
  LIB(M_THRUST, "mismatch", LIB_T_MISMATCH),
  LIB(M_THRUST, "reduce", LIB_T_REDUCE),
  LIB(M_THRUST, "reduce_by_key", LIB_T_REDUCE_BY_KEY),
  LIB(M_THRUST, "remove", LIB_T_REMOVE),
  LIB(M_THRUST, "remove_copy", LIB_T_REMOVE_COPY),
  LIB(M_THRUST, "replace", LIB_T_REPLACE),
  LIB(M_THRUST, "replace_copy", LIB_T_REPLACE_COPY),
  LIB(M_THRUST, "reverse", LIB_T_REVERSE),
  LIB(M_THRUST, "reverse_copy", LIB_T_REVERSE_COPY),
  LIB(M_THRUST, "scatter", LIB_T_SCATTER),
  LIB(M_THRUST, "sequence", LIB_T_SEQUENCE),
  LIB(M_THRUST, "set_difference", LIB_T_SET_DIFFERENCE),
  LIB(M_THRUST, "set_difference_by_key", LIB_T_SET_DIFFERENCE_BY_KEY),
  LIB(M_THRUST, "set_intersection", LIB_T_SET_INTERSECTION),
  LIB(M_THRUST, "set_intersection_by_key", LIB_T_SET_INTERSECTION_BY_KEY),
  LIB(M_THRUST, "set_symmetric_difference", LIB_T_SET_SYMMETRIC_DIFFERENCE),
  LIB(M_THRUST, "set_symmetric_difference_by_key", LIB_T_SET_SYMMETRIC_DIFFERENCE_BY_KEY),
  LIB(M_THRUST, "set_union", LIB_T_SET_UNION),
  LIB(M_THRUST, "set_union_by_key", LIB_T_SET_UNION_BY_KEY),
  LIB(M_THRUST, "sort", LIB_T_SORT),
  LIB(M_THRUST, "sort_by_key", LIB_T_SORT_BY_KEY),
  LIB(M_THRUST, "stable_sort", LIB_T_STABLE_SORT),
  LIB(M_THRUST, "stable_sort_by_key", LIB_T_STABLE_SORT_BY_KEY),
  LIB(M_THRUST, "swap_ranges", LIB_T_SWAP_RANGES),
  LIB(M_THRUST, "unique", LIB_T_UNIQUE),
  LIB(M_THRUST, "unique_by_key", LIB_T_UNIQUE_BY_KEY),
  LIB(M_THRUST, "upper_bound", LIB_T_UPPER_BOUND),

  /* Python builtins */
  SPECIAL(M_PY, "len", BI_LEN, 1, 1, TR_LEN),
  /* cupyx's min/max are cupy.minimum/maximum (complex too: complex.cuh's min/max) */
  {M_PY, {.name = "min", .kind = BK_SPECIAL, .id = BI_MIN, .minargs = 2, .maxargs = 64,
          .helper = HK_MIN, .fhelper = HK_MIN, .chelper = HK_CMIN, .rule = TR_MINMAX}},
  {M_PY, {.name = "max", .kind = BK_SPECIAL, .id = BI_MAX, .minargs = 2, .maxargs = 64,
          .helper = HK_MAX, .fhelper = HK_MAX, .chelper = HK_CMAX, .rule = TR_MINMAX}},
  {M_PY, {.name = "abs", .kind = BK_SPECIAL, .id = BI_ABS, .spell = "fabs", .minargs = 1,
          .maxargs = 1, .helper = HK_ABS, .fhelper = HK_NONE, .chelper = HK_CABS,
          .rule = TR_ABS}},
  /* complex(re, im) (cupyx: of constants only; pykc also of variables) */
  {M_PY, {.name = "complex", .kind = BK_SPECIAL, .id = BI_COMPLEX, .minargs = 0,
          .maxargs = 2, .chelper = HK_CMAKE, .rule = TR_COMPLEX}},
  SPECIAL(M_PY, "print", BI_PRINT, 0, 64, TR_STMT_ONLY),
  CAST(M_PY, "int", TY_INT64),
  CAST(M_PY, "float", TY_FLOAT64),
  CAST(M_PY, "bool", TY_BOOL),

  /* dtypes (casts when called, dtype objects as values) */
  CAST(M_NP, "bool_", TY_BOOL),
  CAST(M_NP, "bool", TY_BOOL),
  CAST(M_NP, "int8", TY_INT8),
  CAST(M_NP, "int16", TY_INT16),
  CAST(M_NP, "int32", TY_INT32),
  CAST(M_NP, "int64", TY_INT64),
  CAST(M_NP, "uint8", TY_UINT8),
  CAST(M_NP, "uint16", TY_UINT16),
  CAST(M_NP, "uint32", TY_UINT32),
  CAST(M_NP, "uint64", TY_UINT64),
  CAST(M_NP, "float16", TY_FLOAT16),
  CAST(M_NP, "float32", TY_FLOAT32),
  CAST(M_NP, "float64", TY_FLOAT64),
  CAST(M_NP, "complex64", TY_COMPLEX64),
  CAST(M_NP, "complex128", TY_COMPLEX128),
  CAST(M_NP, "half", TY_FLOAT16),
  CAST(M_NP, "single", TY_FLOAT32),
  CAST(M_NP, "double", TY_FLOAT64),
  /* dtype objects and machine limits, evaluated at compile time (sema_const.c) */
  SPECIAL(M_NP, "dtype", BI_DTYPE, 1, 1, TR_CONST_OBJECT),
  SPECIAL(M_NP, "finfo", BI_FINFO, 1, 1, TR_CONST_OBJECT),
  SPECIAL(M_NP, "iinfo", BI_IINFO, 1, 1, TR_CONST_OBJECT),

  /* constants */
  VALUE(M_NP | M_MATH, "pi", BI_PI, NULL, 0, false),
  VALUE(M_NP | M_MATH, "e", BI_E, NULL, 0, false),
  VALUE(M_MATH, "tau", BI_TAU, NULL, 0, false),
  VALUE(M_NP | M_MATH, "inf", BI_INF, NULL, 0, false),
  VALUE(M_NP | M_MATH, "nan", BI_NAN, NULL, 0, false),

  /* elementwise math: NumPy names, and math. names where they differ */
  CMATH(M_NP | M_MATH, "sqrt", BI_SQRT, "sqrt", "sqrt", HK_CSQRT),
  CMATH(M_NP | M_MATH, "exp", BI_EXP, "exp", "exp", HK_CEXP),
  CMATH(M_NP | M_MATH, "exp2", BI_EXP2, "exp2", "exp2", HK_CEXP2),
  CMATH(M_NP | M_MATH, "expm1", BI_EXPM1, "expm1", "expm1", HK_CEXPM1),
  CMATH(M_NP | M_MATH, "log", BI_LOG, "log", "log", HK_CLOG),
  CMATH(M_NP | M_MATH, "log2", BI_LOG2, "log2", "log2", HK_CLOG2),
  CMATH(M_NP | M_MATH, "log10", BI_LOG10, "log10", "log10", HK_CLOG10),
  CMATH(M_NP | M_MATH, "log1p", BI_LOG1P, "log1p", "log1p", HK_CLOG1P),
  CMATH(M_NP | M_MATH, "sin", BI_SIN, "sin", "sin", HK_CSIN),
  CMATH(M_NP | M_MATH, "cos", BI_COS, "cos", "cos", HK_CCOS),
  CMATH(M_NP | M_MATH, "tan", BI_TAN, "tan", "tan", HK_CTAN),
  CMATH(M_NP, "arcsin", BI_ARCSIN, "asin", "arcsin", HK_CASIN),
  MATH(M_MATH, "asin", BI_ARCSIN, "asin", "arcsin", 1),
  CMATH(M_NP, "arccos", BI_ARCCOS, "acos", "arccos", HK_CACOS),
  MATH(M_MATH, "acos", BI_ARCCOS, "acos", "arccos", 1),
  CMATH(M_NP, "arctan", BI_ARCTAN, "atan", "arctan", HK_CATAN),
  MATH(M_MATH, "atan", BI_ARCTAN, "atan", "arctan", 1),
  MATH(M_NP, "arctan2", BI_ARCTAN2, "atan2", "arctan2", 2),
  MATH(M_MATH, "atan2", BI_ARCTAN2, "atan2", "arctan2", 2),
  CMATH(M_NP | M_MATH, "sinh", BI_SINH, "sinh", "sinh", HK_CSINH),
  CMATH(M_NP | M_MATH, "cosh", BI_COSH, "cosh", "cosh", HK_CCOSH),
  CMATH(M_NP | M_MATH, "tanh", BI_TANH, "tanh", "tanh", HK_CTANH),
  CMATH(M_NP, "arcsinh", BI_ARCSINH, "asinh", "arcsinh", HK_CASINH),
  MATH(M_MATH, "asinh", BI_ARCSINH, "asinh", "arcsinh", 1),
  CMATH(M_NP, "arccosh", BI_ARCCOSH, "acosh", "arccosh", HK_CACOSH),
  MATH(M_MATH, "acosh", BI_ARCCOSH, "acosh", "arccosh", 1),
  CMATH(M_NP, "arctanh", BI_ARCTANH, "atanh", "arctanh", HK_CATANH),
  MATH(M_MATH, "atanh", BI_ARCTANH, "atanh", "arctanh", 1),
  MATH(M_NP | M_MATH, "floor", BI_FLOOR, "floor", "floor", 1),
  MATH(M_NP | M_MATH, "ceil", BI_CEIL, "ceil", "ceil", 1),
  MATH(M_NP | M_MATH, "trunc", BI_TRUNC, "trunc", "trunc", 1),
  MATH(M_NP, "rint", BI_RINT, "rint", "rint", 1),
  MATH(M_NP | M_MATH, "fabs", BI_FABS, "fabs", "fabs", 1),
  {M_NP, {.name = "absolute", .kind = BK_MATH, .id = BI_ABSOLUTE, .spell = "fabs",
          .ufunc = "absolute", .minargs = 1, .maxargs = 1, .helper = HK_ABS,
          .chelper = HK_CABS, .rule = TR_MATH}},
  {M_NP, {.name = "abs", .kind = BK_MATH, .id = BI_ABSOLUTE, .spell = "fabs",
          .ufunc = "abs", .minargs = 1, .maxargs = 1, .helper = HK_ABS,
          .chelper = HK_CABS, .rule = TR_MATH}},
  /* complex parts (cp.real/imag/angle are not ufuncs in CuPy, so cupyx refuses them; the
     loops are those of CuPy's _real_ufunc, _imag_ufunc, _angle, conjugate). Real inputs
     never reach lower.c: sema gives out0 = in0, 0, or in0 >= 0 ? 0 : pi. */
  CMATH(M_NP, "real", BI_REAL, NULL, "real", HK_CREAL),
  CMATH(M_NP, "imag", BI_IMAG, NULL, "imag", HK_CIMAG),
  CMATH(M_NP, "conj", BI_CONJ, NULL, "conj", HK_CCONJ),
  CMATH(M_NP, "conjugate", BI_CONJ, NULL, "conjugate", HK_CCONJ),
  CMATH(M_NP, "angle", BI_ANGLE, NULL, "angle", HK_CARG),
  MATHH(M_NP, "sign", BI_SIGN, NULL, "sign", 1, HK_SIGN, HK_SIGN),
  MATHH(M_NP, "square", BI_SQUARE, NULL, "square", 1, HK_SQUARE, HK_SQUARE),
  MATHH(M_NP, "reciprocal", BI_RECIPROCAL, NULL, "reciprocal", 1, HK_RECIP, HK_NONE),
  MATH(M_NP | M_MATH, "hypot", BI_HYPOT, "hypot", "hypot", 2),
  MATH(M_NP | M_MATH, "copysign", BI_COPYSIGN, "copysign", "copysign", 2),
  {M_MATH, {.name = "pow", .kind = BK_MATH, .id = BI_POWER, .spell = "pow", .loops = NUM2,
          .minargs = 2, .maxargs = 2, .helper = HK_POW, .fhelper = HK_NONE, .rule = TR_MATH}},
  MATHH(M_NP | M_MATH, "fmod", BI_FMOD, "fmod", "fmod", 2, HK_FMOD, HK_NONE),
  {M_NP, {.name = "minimum", .kind = BK_MATH, .id = BI_MINIMUM, .ufunc = "minimum",
          .minargs = 2, .maxargs = 2, .helper = HK_MIN, .fhelper = HK_MIN, .chelper = HK_CMIN,
          .rule = TR_MATH}},
  {M_NP, {.name = "maximum", .kind = BK_MATH, .id = BI_MAXIMUM, .ufunc = "maximum",
          .minargs = 2, .maxargs = 2, .helper = HK_MAX, .fhelper = HK_MAX, .chelper = HK_CMAX,
          .rule = TR_MATH}},
  MATHH(M_NP, "fmin", BI_FMIN, "fmin", "fmin", 2, HK_FMIN, HK_NONE),
  MATHH(M_NP, "fmax", BI_FMAX, "fmax", "fmax", 2, HK_FMAX, HK_NONE),
  CMATH(M_NP | M_MATH, "isnan", BI_ISNAN, "isnan", "isnan", HK_CISNAN),
  CMATH(M_NP | M_MATH, "isinf", BI_ISINF, "isinf", "isinf", HK_CISINF),
  CMATH(M_NP | M_MATH, "isfinite", BI_ISFINITE, "isfinite", "isfinite", HK_CISFINITE),
  MATH(M_NP | M_MATH, "cbrt", BI_CBRT, "cbrt", "cbrt", 1),
  MATHH(M_NP, "logaddexp", BI_LOGADDEXP, NULL, "logaddexp", 2, HK_NONE, HK_LOGADDEXP),
  /* cupy/_math/trigonometric.py: `in0 * (out0_type)(M_PI / 180)` (lower.c's product) */
  MATH(M_NP, "deg2rad", BI_DEG2RAD, NULL, "deg2rad", 1),
  MATH(M_NP, "radians", BI_DEG2RAD, NULL, "radians", 1),
  MATH(M_NP, "rad2deg", BI_RAD2DEG, NULL, "rad2deg", 1),
  MATH(M_NP, "degrees", BI_RAD2DEG, NULL, "degrees", 1),

  /* the ufuncs cupyx compiles the operators through (cupyx/jit/_cuda_typerules.py),
     called by name: lowered to the operator's IR. cp.power's loops (bb->b .. dd->d,
     integral_power for integers) are those of `**`; divide is true_divide. */
  UFUNC("add", OP_ADD, 2),
  UFUNC("subtract", OP_SUB, 2),
  UFUNC("multiply", OP_MUL, 2),
  UFUNC("divide", OP_DIV, 2),
  UFUNC("true_divide", OP_DIV, 2),
  UFUNC("floor_divide", OP_FLOORDIV, 2),
  UFUNC("remainder", OP_MOD, 2),
  UFUNC("mod", OP_MOD, 2),
  UFUNC("power", OP_POW, 2),
  UFUNC("negative", OP_NEG, 1),
  UFUNC("positive", OP_POS, 1),
  UFUNC("bitwise_and", OP_BITAND, 2),
  UFUNC("bitwise_or", OP_BITOR, 2),
  UFUNC("bitwise_xor", OP_BITXOR, 2),
  UFUNC("bitwise_not", OP_INVERT, 1),
  UFUNC("invert", OP_INVERT, 1),
  UFUNC("left_shift", OP_LSHIFT, 2),
  UFUNC("right_shift", OP_RSHIFT, 2),
  UFUNC("equal", OP_EQ, 2),
  UFUNC("not_equal", OP_NE, 2),
  UFUNC("less", OP_LT, 2),
  UFUNC("less_equal", OP_LE, 2),
  UFUNC("greater", OP_GT, 2),
  UFUNC("greater_equal", OP_GE, 2),
  UFUNC("logical_and", OP_AND, 2),
  UFUNC("logical_or", OP_OR, 2),
  UFUNC("logical_not", OP_NOT, 1),
  {M_NP, {.name = "logical_xor", .kind = BK_UFUNC, .id = BI_LOGICAL_XOR, .minargs = 2,
          .maxargs = 2, .u.op = OP_NE, .rule = TR_UFUNC}},
};

enum { NROWS = sizeof table / sizeof *table };

static int module_mask(const char *module) {
  static const struct {
    const char *name;
    int mask;
  } mods[] = {{"jit", M_JIT},   {"cupy", M_NP},     {"numpy", M_NP},
              {"math", M_MATH}, {"builtins", M_PY}, {"cg", M_CG}, {"cub", M_CUB},
              {"thrust", M_THRUST}};
  for (size_t i = 0; i < sizeof mods / sizeof *mods; i++)
    if (!strcmp(module, mods[i].name))
      return mods[i].mask;
  return 0;
}

const Builtin *builtin_lookup(const char *module, const char *name) {
  int mask = module_mask(module);
  for (int i = 0; i < NROWS; i++)
    if ((table[i].modules & mask) && !strcmp(table[i].b.name, name))
      return &table[i].b;
  const char *same = (mask & M_NP) ? ufunc_alias(name) : NULL;   /* np.atan2: arctan2 */
  return same ? builtin_lookup(module, same) : NULL;
}

/* Names cupyx.jit has (or CuPy ufuncs it calls) that pykc does not have yet (docs/language.md
   §6, "Not yet"): a kernel using one is told so instead of "unknown name". The ufunc
   list is NumPy's, less those in the table above. */
static const struct {
  int modules;
  const char *names;                                 /* space-separated */
  const char *what;
} later[] = {
  {M_JIT, "match_any_sync match_all_sync", "warp match functions"},
  {M_NP,
   "divmod float_power logaddexp2 heaviside "
   "gcd lcm ldexp frexp modf nextafter spacing signbit bitwise_count sinc",
   "a ufunc outside pykc's math functions"},
};

static bool in_list(const char *list, const char *name) {
  size_t n = strlen(name);
  for (const char *p = strstr(list, name); p; p = strstr(p + 1, name))
    if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0'))
      return true;
  return false;
}

const char *builtin_later(const char *module, const char *name) {
  int mask = module_mask(module);
  for (size_t i = 0; i < sizeof later / sizeof *later; i++)
    if ((later[i].modules & mask) && in_list(later[i].names, name))
      return later[i].what;
  return NULL;
}

/* NumPy's and CuPy's whole-array routines, which run on the host, and Python's builtins
   other than the kernel language's (the table above: range, len, min, max, abs, int,
   float, bool, complex, print): a kernel using one is told what a kernel does instead
   (cupyx.jit: "Invalid function call 'pow'", a TypeError, for a call on values; a call
   of constants it makes when it compiles, as the Python package does). */
static const struct {
  int modules;
  const char *names;                                 /* space-separated */
  const char *instead;
} host_only[] = {
  {M_NP,
   "zeros ones empty full zeros_like ones_like empty_like full_like arange linspace "
   "logspace array asarray ascontiguousarray copy eye identity meshgrid",
   "a kernel cannot allocate an array: pass one in as an argument, or use "
   "jit.shared_memory for a block's scratch"},
  {M_NP,
   "sum prod mean std var max min amax amin argmax argmin any all cumsum cumprod "
   "average median nansum count_nonzero",
   "a kernel computes one element per thread: loop over the elements, or use "
   "cp.ReductionKernel or jit.atomic_add to combine them"},
  {M_NP,
   "dot matmul vdot inner outer einsum tensordot sort argsort concatenate stack "
   "reshape transpose ravel flip roll tile repeat unique nonzero",
   "it works on whole arrays on the host: call it before or after the kernel, or write "
   "the loop in the kernel"},
  {M_PY,
   "pow round divmod sum any all sorted reversed enumerate zip map filter isinstance "
   "issubclass hash id iter next chr ord hex oct bin repr str format list dict set tuple "
   "frozenset type getattr setattr hasattr callable vars dir input open eval exec",
   "a Python builtin, which cupyx.jit calls on constants only, when it compiles (so does "
   "the Python package; pykc run folds what docs/language.md 6.2 lists); on values use "
   "x ** y, cp.power, cp.rint, // or %"},
};

const char *builtin_host_only(const char *module, const char *name) {
  int mask = module_mask(module);
  for (size_t i = 0; i < sizeof host_only / sizeof *host_only; i++)
    if ((host_only[i].modules & mask) && in_list(host_only[i].names, name))
      return host_only[i].instead;
  return NULL;
}

/* Edit distance with transpositions (optimal string alignment: `cuont` is one edit from
   `count`), capped: names are short. */
int name_distance(const char *a, const char *b) {
  size_t n = strlen(a), m = strlen(b);
  if (n > 63 || m > 63)
    return 99;
  int d[64][64];
  for (size_t i = 0; i <= n; i++)
    d[i][0] = (int)i;
  for (size_t j = 0; j <= m; j++)
    d[0][j] = (int)j;
  for (size_t i = 1; i <= n; i++)
    for (size_t j = 1; j <= m; j++) {
      int sub = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
      int del = d[i - 1][j] + 1, ins = d[i][j - 1] + 1;
      int best = sub < del ? (sub < ins ? sub : ins) : (del < ins ? del : ins);
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
          d[i - 2][j - 2] + 1 < best)
        best = d[i - 2][j - 2] + 1;
      d[i][j] = best;
    }
  return d[n][m];
}

const char *builtin_suggest(const char *module, const char *name) {
  int mask = module_mask(module), best = 99;
  const char *pick = NULL;
  for (int i = 0; i < NROWS; i++) {
    if (!(table[i].modules & mask) || strchr(table[i].b.name, '.'))
      continue;
    int d = name_distance(name, table[i].b.name);
    if (d < best) {
      best = d;
      pick = table[i].b.name;
    }
  }
  /* a suggestion must be close: at most a third of the name changed (one edit if short) */
  size_t len = strlen(name);
  return pick && best <= (int)(len <= 3 ? 1 : len / 3) && best > 0 && best < (int)len ? pick
                                                                                      : NULL;
}

const char *builtin_submodule(const char *module, const char *name) {
  if (strcmp(module, "jit"))
    return NULL;
  static const char *const subs[] = {"cg", "cub", "thrust"};
  for (size_t i = 0; i < sizeof subs / sizeof *subs; i++)
    if (!strcmp(name, subs[i]))
      return subs[i];
  return NULL;
}

bool builtin_c_name(const char *name, size_t len) {
  for (int i = 0; i < NROWS; i++) {
    const char *c = table[i].b.spell, *c64 = table[i].b.spell64;
    if ((c && strlen(c) == len && !strncmp(c, name, len)) ||
        (c64 && strlen(c64) == len && !strncmp(c64, name, len)))
      return true;
  }
  return false;
}

/* thrust's function NAME[0..len) of one complex value (CuPy's snippets call exp(z),
   asin(z)): the row of the elementwise function whose C spelling it is and whose complex
   loop (F->F) calls a helper, or NULL. */
const Builtin *builtin_complex_fn(const char *name, size_t len) {
  for (int i = 0; i < NROWS; i++) {
    const Builtin *b = &table[i].b;
    if (b->kind == BK_MATH && b->chelper && b->maxargs == 1 && b->spell &&
        strlen(b->spell) == len && !strncmp(b->spell, name, len) &&
        strstr(builtin_loops(b), "F->F"))
      return b;
  }
  return NULL;
}

/* Every such function: FNS[its helper] = its name (CuPy's complex.cuh declares them all
   for RawKernel/RawModule code). */
void builtin_complex_fns(const char *fns[HK_COUNT]) {
  for (int i = 0; i < NROWS; i++) {
    const Builtin *b = &table[i].b;
    if (builtin_complex_fn(b->spell ? b->spell : "", b->spell ? strlen(b->spell) : 0) == b)
      fns[b->chelper] = b->spell;
  }
}

const char *builtin_loops(const Builtin *b) {
  const UFunc *u = b->ufunc ? ufunc_find(b->ufunc) : NULL;
  return u ? u->loops : b->loops ? b->loops : "";
}

const Builtin *builtin_by_id(int id) {
  for (int i = 0; i < NROWS; i++)
    if (table[i].b.id == id)
      return &table[i].b;
  return NULL;
}
