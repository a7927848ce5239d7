/*
 * emit.h: private interface between the shared emitter (emit.c) and its two target layers
 * (emit_cuda.c, emit_c.c). The shared part translates the typed IR to C expressions and
 * statements; a target layer only supplies what differs: qualifiers, the preamble, float
 * special values, float->int conversions, shared memory declarations, loop pragmas and
 * (for the CPU backend) the per-kernel entry trampolines.
 */
#ifndef PYKC_EMIT_H
#define PYKC_EMIT_H

#include "pykc.h"

typedef struct Emitter Emitter;

/* Helper kinds, in the order their definitions are emitted; each is instantiated per
   scalar type (helper_used[kind][TY_*]). */
typedef enum {
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
  HK_CMP64,         /* exact int64 vs uint64 comparison: -1, 0, 1 */
  HK_SHL, HK_SHR,   /* TARGET_C: shifts with PTX semantics (counts >= width clamp) */
  HK_COUNT
} HelperKind;

typedef struct TargetOps {
  Target target;
  const char *kernel_qual;     /* before a kernel's name */
  const char *device_qual;     /* before a device function's return type */
  const char *helper_qual;     /* before a helper's return type */
  const char *laneid;          /* expression: this thread's lane */
  /* assert: NULL prints "FILE:LINE: assertion failed[: msg]" and calls __trap();
     else the name of a function taking (cond, msg or NULL) */
  const char *assert_fn;
  /* Writes the target's preamble (includes, typedefs) given what the program uses. */
  void (*preamble)(Emitter *e, Buf *out);
  /* Spells +inf / NaN of a float type (TY_FLOAT32 or TY_FLOAT64). */
  const char *(*inf)(TypeKind k);
  const char *(*nan)(TypeKind k);
  /* Declares shared memory `name` (elem T, count or -1 for dynamic, align or 0) at the
     top of a function body (indent already written). */
  void (*shared_decl)(Emitter *e, Buf *out, const char *ctype, const char *name,
                      int64_t count, int align);
  /* Writes a loop pragma for IR_FOR's unroll field (nothing if none applies). */
  void (*unroll)(Emitter *e, Buf *out, int unroll);
  /* Called after each kernel's definition (CPU: the entry trampoline). */
  void (*after_kernel)(Emitter *e, Buf *out, const Spec *s);
  const char *cvt_prefix;      /* float->int casts call PREFIX + i32/u8/...; NULL: C casts */
  bool always_line_info;       /* #line directives even without --line-info */
  bool shift_helpers;          /* << and >> go through HK_SHL/HK_SHR helpers */
  bool div_minus1_guard;       /* integer helpers avoid INT_MIN / -1 (traps on x86) */
} TargetOps;

#define EMIT_MAXDIM 8

struct Emitter {
  Ctx *c;
  Program *prog;
  const TargetOps *tg;
  Buf *out;                      /* where statements go now */
  int indent;
  Spec *spec;                    /* function being emitted */
  int ntemps;                    /* temporaries of this function (_t0, _t1, ...) */
  Buf temps;                     /* their declarations */
  uint32_t line;                 /* last #line emitted (--line-info) */
  bool helper_used[HK_COUNT][TY_NSCALAR];
  unsigned char array_used[TY_NSCALAR][EMIT_MAXDIM + 1]; /* 1: struct, 2: view helper */
  Type **tuples;                 /* tuple types used, in first-use order */
  int ntuples, captuples;
  bool uses_half;                /* float16 anywhere */
  bool uses_laneid;
  bool half_atomic;              /* atomicAdd on float16 */
  bool half_shfl[4];             /* __shfl_sync, _up, _down, _xor on float16 */
};

extern const TargetOps emit_cuda_target;
extern const TargetOps emit_c_target;

/* Shared pieces the target layers call. */
const char *emit_ctype(Emitter *e, const Type *t);  /* C spelling of a type */
const char *emit_array_struct(TypeKind elem, int ndim); /* "Array_float32_1" */

#endif
