/*
 * sema_fuse.c: a @cupy.fuse function, typed for its arguments' dtypes, as the
 * ElementwiseKernel or ReductionKernel that CuPy's fuse builds from it.
 *
 * CuPy (cupy/_core/fusion.pyx) traces the function: every operator and cupy function
 * on a traced value is a ufunc call, typed by the first of the ufunc's loops that the
 * operands reach (_Ops._guess_routine_from_in_types): an array or numpy scalar reaches
 * loop type T when numpy.can_cast(dtype, T) ('safe'); a Python scalar (weak: int,
 * float, bool, complex, also a literal in the body) reaches T when it can be cast, or
 * when NumPy 2 keeps T for it (result_type(pytype(0), T) == T: an int any number, a
 * float any inexact T). When that trace raises (x.sum(): the old tracer has no
 * methods), CuPy traces again with its new fusion (new_fusion.pyx), which first drops
 * the weak rule when a weak scalar is of a higher kind than every array operand
 * (_check_should_use_weak_scalar: int8 + 1.0 is float64 there, float16 in the old
 * trace). Both are implemented; a function that calls a reduction method is typed as
 * the new fusion types it.
 *
 * The translation is CuPy's: each ufunc call becomes one local `vN` computed by the
 * loop's routine (CuPy's code string, with in0/in1/out0 replaced by the operands cast
 * to the loop's types), the return value is the output `out` (a tuple: out0, out1...).
 * At most one reduction (cp.sum/prod/amax/amin/max/min/all/any, x.sum() ...), whose
 * input is the map; after it only its result and constants may be used (the post-map).
 * What CuPy rejects is reported at the construct with CuPy's reason.
 *
 * sema_fuse gives FuseCode, the strings CuPy would give ElementwiseKernel/ReductionKernel;
 * a @fuse def is a FORM_FUSE kernel of the unit (sema_fuse_def), and fuse_specialise
 * turns FuseCode into the Form of that ElementwiseKernel/ReductionKernel (forms.h) and
 * specialises it, so that forms' and reduce's generators and planners do the rest;
 * fuse_dtypes and fuse_axes answer the runtime's planning of a call.
 */
#include "forms.h"
#include "sema_int.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* ---------------------------------------------------------------- the ufunc table */

/* Loop lists in CuPy's order (type characters as in builtins.c: l/L 64-bit). */
#define INT2 "bb->b BB->B hh->h HH->H ii->i II->I ll->l LL->L"
#define FLT2 "ee->e ff->f dd->d"
#define CPX2 "FF->F DD->D"
#define ARITH2 "?\?->? " INT2 " " FLT2 " " CPX2
#define CMP2 "?\?->? ll->? LL->? lL->? Ll->? ee->? ff->? dd->?"
#define INT1 "b->b B->B h->h H->H i->i I->I l->l L->L"

/* A routine is CuPy's code for out0: in0, in1, in2 are the operands (already of the
   loop's types), OUT the C type of out0. Per-loop routines where CuPy has them: the
   ?-loop's, the float loops' (dbl: the d-loop's when it differs from the e/f ones'),
   the lL / Ll loops' (comparisons of int64 with uint64). */
typedef struct UFunc {
  const char *name;                                /* cupy's name: cp.NAME */
  const char *cname;                               /* CuPy's ufunc name, for messages */
  int nin;
  const char *loops;                               /* NULL: builtins.c's row for name */
  const char *routine;                             /* NULL: builtins' spelling (in0[, in1]) */
  const char *bool_routine, *flt_routine, *dbl_routine, *lL_routine, *Ll_routine;
  const char *bool_error;                          /* the ?-loop is CuPy's error_func */
  unsigned helpers;                                /* preamble helpers the routine calls */
  bool weak_int_cmp;                               /* promote_weak_int (comparisons) */
} UFunc;

enum { H_FLOORDIV = 1, H_POWER = 2 };      /* the preamble helpers (helper_code) */

#define CMP(N, OPS)                                                                     \
  {.name = N, .cname = "cupy_" N, .nin = 2, .loops = CMP2 " FF->? DD->?",                \
   .routine = "in0 " OPS " in1", .lL_routine = "in0 < 0 ? in0 " OPS " 0 : in0 " OPS " in1", \
   .Ll_routine = "in1 < 0 ? 0 " OPS " in1 : in0 " OPS " in1", .weak_int_cmp = true}
#define LOGIC(N, OPS)                                                                   \
  {.name = N, .cname = "cupy_" N, .nin = 2, .loops = CMP2,                               \
   .routine = "in0 " OPS " in1", .lL_routine = "in0 < 0 ? in0 " OPS " 0 : in0 " OPS " in1", \
   .Ll_routine = "in1 < 0 ? 0 " OPS " in1 : in0 " OPS " in1", .weak_int_cmp = true}
#define BIT(N, OPS, LOOPS) {.name = N, .cname = "cupy_" N, .nin = 2, .loops = LOOPS, .routine = "in0 " OPS " in1"}
#define MATH(N, NA) {.name = N, .cname = "cupy_" N, .nin = NA}

static const UFunc ufuncs[] = {
  {.name = "add", .cname = "cupy_add", .nin = 2, .loops = ARITH2, .routine = "in0 + in1",
   .bool_routine = "in0 | in1"},
  {.name = "subtract", .cname = "cupy_subtract", .nin = 2, .loops = ARITH2,
   .routine = "in0 - in1",
   .bool_error = "cupy boolean subtract, the `-` operator, is deprecated, use the "
                 "bitwise_xor, the `^` operator, or the logical_xor function instead."},
  {.name = "multiply", .cname = "cupy_multiply", .nin = 2, .loops = ARITH2,
   .routine = "in0 * in1", .bool_routine = "in0 & in1"},
  {.name = "true_divide", .cname = "cupy_true_divide", .nin = 2,
   .loops = "ll->d lL->d Ll->d LL->d " FLT2 " " CPX2,
   .routine = "static_cast<OUT>(in0) / static_cast<OUT>(in1)", .flt_routine = "in0 / in1"},
  {.name = "divide", .cname = "cupy_true_divide", .nin = 2,
   .loops = "ll->d lL->d Ll->d LL->d " FLT2 " " CPX2,
   .routine = "static_cast<OUT>(in0) / static_cast<OUT>(in1)", .flt_routine = "in0 / in1"},
  {.name = "floor_divide", .cname = "cupy_floor_divide", .nin = 2, .loops = INT2 " " FLT2,
   .routine = "_floor_divide(in0, in1)", .helpers = H_FLOORDIV},
  {.name = "remainder", .cname = "cupy_remainder", .nin = 2, .loops = INT2 " " FLT2,
   .routine = "(in0 - _floor_divide(in0, in1) * in1) * (in1 != 0)",
   .flt_routine = "in0 - _floor_divide(in0, in1) * in1", .helpers = H_FLOORDIV},
  {.name = "mod", .cname = "cupy_remainder", .nin = 2, .loops = INT2 " " FLT2,
   .routine = "(in0 - _floor_divide(in0, in1) * in1) * (in1 != 0)",
   .flt_routine = "in0 - _floor_divide(in0, in1) * in1", .helpers = H_FLOORDIV},
  {.name = "power", .cname = "cupy_power", .nin = 2,
   .loops = "?\?->b " INT2 " " FLT2 " " CPX2, .routine = "integral_power(in0, in1)",
   .flt_routine = "powf(in0, in1)", .dbl_routine = "pow(in0, in1)", .helpers = H_POWER},
  {.name = "negative", .cname = "cupy_negative", .nin = 1,
   .loops = "?->? " INT1 " e->e f->f d->d F->F D->D", .routine = "-in0",
   .bool_error = "The cupy boolean negative, the `-` operator, is not supported, use the "
                 "`~` operator or the logical_not function instead."},
  {.name = "positive", .cname = "cupy_positive", .nin = 1,
   .loops = "?->? " INT1 " e->e f->f d->d F->F D->D", .routine = "+in0",
   .bool_error = "The cupy boolean positive is not supported."},
  CMP("greater", ">"), CMP("greater_equal", ">="), CMP("less", "<"),
  CMP("less_equal", "<="), CMP("equal", "=="), CMP("not_equal", "!="),
  LOGIC("logical_and", "&&"), LOGIC("logical_or", "||"),
  {.name = "logical_not", .cname = "cupy_logical_not", .nin = 1,
   .loops = "?->? b->? B->? h->? H->? i->? I->? l->? L->? e->? f->? d->?", .routine = "!in0"},
  {.name = "logical_xor", .cname = "cupy_logical_xor", .nin = 2,
   .loops = "?\?->? bb->? BB->? hh->? HH->? ii->? II->? ll->? LL->? ee->? ff->? dd->?",
   .routine = "!in0 != !in1"},
  BIT("bitwise_and", "&", "?\?->? " INT2), BIT("bitwise_or", "|", "?\?->? " INT2),
  BIT("bitwise_xor", "^", "?\?->? " INT2), BIT("left_shift", "<<", INT2),
  BIT("right_shift", ">>", INT2),
  {.name = "invert", .cname = "cupy_invert", .nin = 1, .loops = "?->? " INT1,
   .routine = "~in0", .bool_routine = "!in0"},
  {.name = "bitwise_not", .cname = "cupy_invert", .nin = 1, .loops = "?->? " INT1,
   .routine = "~in0", .bool_routine = "!in0"},
  {.name = "maximum", .cname = "cupy_maximum", .nin = 2, .loops = ARITH2,
   .routine = "max(in0, in1)",
   .flt_routine = "isnan(in0) ? in0 : (isnan(in1) ? in1 : OUT(max(in0, in1)))"},
  {.name = "minimum", .cname = "cupy_minimum", .nin = 2, .loops = ARITH2,
   .routine = "min(in0, in1)",
   .flt_routine = "isnan(in0) ? in0 : (isnan(in1) ? in1 : OUT(min(in0, in1)))"},
  {.name = "fmax", .cname = "cupy_fmax", .nin = 2, .loops = "?\?->? " INT2 " " FLT2,
   .routine = "max(in0, in1)", .flt_routine = "fmax(in0, in1)"},
  {.name = "fmin", .cname = "cupy_fmin", .nin = 2, .loops = "?\?->? " INT2 " " FLT2,
   .routine = "min(in0, in1)", .flt_routine = "fmin(in0, in1)"},
  {.name = "where", .cname = "cupy_where", .nin = 3,
   .loops = "??\?->? ?bb->b ?BB->B ?hh->h ?HH->H ?ii->i ?II->I ?ll->l ?LL->L ?ee->e "
            "?ff->f ?dd->d ?FF->F ?DD->D",
   .routine = "in0 ? in1 : in2"},
  {.name = "clip", .cname = "cupy_clip", .nin = 3,
   .loops = "??\?->? bbb->b BBB->B hhh->h HHH->H iii->i III->I lll->l LLL->L eee->e "
            "fff->f ddd->d",
   .routine = "in1 > in2 ? in2 : (in0 < in1 ? in1 : (in0 > in2 ? in2 : in0))"},
  {.name = "absolute", .cname = "cupy_absolute", .nin = 1,
   .loops = "?->? " INT1 " e->e f->f d->d F->f D->d", .routine = "in0 > 0 ? in0 : -in0",
   .bool_routine = "in0", .flt_routine = "fabsf(in0)", .dbl_routine = "fabs(in0)"},
  {.name = "abs", .cname = "cupy_absolute", .nin = 1,
   .loops = "?->? " INT1 " e->e f->f d->d F->f D->d", .routine = "in0 > 0 ? in0 : -in0",
   .bool_routine = "in0", .flt_routine = "fabsf(in0)", .dbl_routine = "fabs(in0)"},
  {.name = "square", .cname = "cupy_square", .nin = 1,
   .loops = INT1 " e->e f->f d->d F->F D->D", .routine = "in0 * in0"},
  {.name = "fabs", .cname = "cupy_fabs", .nin = 1, .loops = "e->e f->f d->d",
   .routine = "abs(in0)"},
  MATH("sqrt", 1), MATH("exp", 1), MATH("exp2", 1), MATH("expm1", 1), MATH("log", 1),
  MATH("log2", 1), MATH("log10", 1), MATH("log1p", 1), MATH("sin", 1), MATH("cos", 1),
  MATH("tan", 1), MATH("arcsin", 1), MATH("arccos", 1), MATH("arctan", 1),
  MATH("sinh", 1), MATH("cosh", 1), MATH("tanh", 1), MATH("arcsinh", 1),
  MATH("arccosh", 1), MATH("arctanh", 1), MATH("rint", 1), MATH("cbrt", 1),
  MATH("arctan2", 2), MATH("hypot", 2), MATH("copysign", 2),
};

static const UFunc *ufunc_by_name(const char *name) {
  for (size_t i = 0; i < sizeof ufuncs / sizeof *ufuncs; i++)
    if (!strcmp(ufuncs[i].name, name))
      return &ufuncs[i];
  return NULL;
}

/* The operators as the ufuncs Python's dunder methods call. */
static const char *const op_ufunc[OP_COUNT] = {
  [OP_ADD] = "add", [OP_SUB] = "subtract", [OP_MUL] = "multiply",
  [OP_DIV] = "true_divide", [OP_FLOORDIV] = "floor_divide", [OP_MOD] = "remainder",
  [OP_POW] = "power", [OP_LSHIFT] = "left_shift", [OP_RSHIFT] = "right_shift",
  [OP_BITAND] = "bitwise_and", [OP_BITOR] = "bitwise_or", [OP_BITXOR] = "bitwise_xor",
  [OP_NEG] = "negative", [OP_INVERT] = "invert",
  [OP_EQ] = "equal", [OP_NE] = "not_equal", [OP_LT] = "less", [OP_LE] = "less_equal",
  [OP_GT] = "greater", [OP_GE] = "greater_equal",
};

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

#define SUMPROD "?->l b->l B->L h->l H->L i->l I->L l->l L->L e->e f->f d->d F->F D->D"
#define KEEP "?->? b->b B->B h->h H->H i->i I->I l->l L->L e->e f->f d->d F->F D->D"
#define TRUTH "?->? B->? h->? H->? i->? I->? l->? L->? e->? f->? d->? F->? D->?"

static const Reduction reductions[] = {
  {"sum", "cupy_sum", SUMPROD, KEEP, "a + b", "0", 0, false},
  {"prod", "cupy_prod", SUMPROD, KEEP, "a * b", "1", 0, false},
  {"amax", "cupy_max", KEEP, NULL, NULL, NULL, 1, false},
  {"max", "cupy_max", KEEP, NULL, NULL, NULL, 1, false},
  {"amin", "cupy_min", KEEP, NULL, NULL, NULL, -1, false},
  {"min", "cupy_min", KEEP, NULL, NULL, NULL, -1, false},
  {"all", "cupy_all", TRUTH, NULL, "a && b", "true", 0, true},
  {"any", "cupy_any", TRUTH, NULL, "a || b", "false", 0, true},
};

static const Reduction *reduction_by_name(const char *name) {
  for (size_t i = 0; i < sizeof reductions / sizeof *reductions; i++)
    if (!strcmp(reductions[i].name, name))
      return &reductions[i];
  return NULL;
}

/* Methods the new fusion's proxies have (_fusion_interface.py): reductions. */
static bool is_method_reduction(const char *name) {
  static const char *const m[] = {"sum", "prod", "max", "min", "all", "any"};
  for (size_t i = 0; i < sizeof m / sizeof *m; i++)
    if (!strcmp(m[i], name))
      return true;
  return false;
}

/* ---------------------------------------------------------------- dtype rules */

static TypeKind loop_type(char ch) {
  static const char chars[] = "?bBhHiIlLefdFD";
  const char *p = strchr(chars, ch);
  return p && ch ? (TypeKind)(TY_BOOL + (p - chars)) : TY_VOID;
}

/* numpy.can_cast(a, b, 'safe') */
static bool can_cast(TypeKind a, TypeKind b) { return sema_numpy_result(a, b) == b; }

/* Python scalar kinds: bool < int < float < complex (CuPy's _get_kind_score). */
enum { W_STRONG = 0, W_BOOL, W_INT, W_FLOAT, W_COMPLEX };

static int kind_score(TypeKind k) {
  return k == TY_BOOL ? 0 : type_is_complex(k) ? 3 : type_is_float(k) ? 2 : 1;
}

/* numpy.result_type(pytype(0), t) == t (NumPy 2, NEP 50). */
static bool weak_keeps(int weak, TypeKind t) {
  switch (weak) {
  case W_BOOL: return true;
  case W_INT: return t != TY_BOOL;
  case W_FLOAT: return type_is_float(t) || type_is_complex(t);
  default: return type_is_complex(t);
  }
}

/* ---------------------------------------------------------------- traced values */

typedef struct FVal {
  TypeKind dt;
  int ndim;                                        /* -1: a scalar */
  int weak;                                        /* W_*: a Python scalar's kind */
  const char *c;                                   /* its C expression */
  bool post;                                       /* computed after the reduction */
  const Node *cn;                                  /* a constant: its IR_CONST */
  bool is_dtype;                                   /* a dtype object (cp.float32) */
  bool bad;                                        /* an error was reported */
  bool param;                                      /* an argument's value (an array the
                                                      caller owns) */
} FVal;

typedef struct Binding {                          /* a name the body binds */
  const char *name;
  FVal v;
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
  const Reduction *red;                            /* the reduction, once seen */
  TypeKind red_in, red_out;                        /* its loop */
  FVal red_arg;                                    /* the map's value */
  int naxes;
  int axes[FUSE_MAX_DIMS];
  bool axis_none;
  int ndim;                                        /* the largest argument ndim */
  int depth;                                       /* fuse functions being inlined */
  int view_out_ndim;                               /* >= 0: the arguments are a planned
                                                      reduction's views, its outputs of
                                                      this ndim (the axes are planned) */
} Fuse;

static FVal bad_val(void) { return (FVal){.bad = true, .dt = TY_ERROR}; }

static const char *ctype(TypeKind k) { return dtype_info[k].ctype; }

/* NaN or (-)infinity of float type t without headers: CUDA's bit casts (the CPU
   backend's preamble has them too), the NaN nan("") gives. */
static const char *special(Fuse *F, TypeKind t, bool nan, bool neg) {
  const char *v = t == TY_FLOAT64 ? (nan ? "__longlong_as_double(0x7ff8000000000000LL)"
                                         : "__longlong_as_double(0x7ff0000000000000LL)")
                                  : (nan ? "__int_as_float(0x7fc00000)"
                                         : "__int_as_float(0x7f800000)");
  const char *sign = neg && !nan ? "-" : "";
  if (t == TY_FLOAT16)
    return arena_printf(&F->c->arena, "static_cast<__half>(%s%s)", sign, v);
  return arena_printf(&F->c->arena, "%s%s", sign, v);
}

/* A C literal of a Python constant n in type t (CuPy declares the constant in its own
   type and static_casts it: the same value). */
static const char *literal(Fuse *F, const Node *n, TypeKind t) {
  Arena *a = &F->c->arena;
  TypeKind k = n->ty->kind;
  if (t == TY_BOOL) {
    bool v = type_is_float(k) ? n->fval != 0 : k == TY_UINT64 ? n->uval != 0 : n->ival != 0;
    return v ? "true" : "false";
  }
  if (type_is_float(t)) {
    double v = type_is_float(k) ? n->fval : k == TY_UINT64 ? (double)n->uval : (double)n->ival;
    if (t != TY_FLOAT64)
      v = (float)v;
    if (isnan(v) || isinf(v))                      /* no headers: CUDA's bit casts */
      return special(F, t, isnan(v), v < 0);
    char buf[40];
    snprintf(buf, sizeof buf, t == TY_FLOAT64 ? "%.17g" : "%.9g", v);
    if (!strpbrk(buf, ".e"))
      strcat(buf, ".0");
    return t == TY_FLOAT32 ? arena_printf(a, "%sf", buf)
                           : t == TY_FLOAT64 ? arena_strndup(a, buf, strlen(buf))
                                             : arena_printf(a, "static_cast<%s>(%sf)", ctype(t), buf);
  }
  if (type_is_float(k))                            /* a float into an integer loop */
    return arena_printf(a, "static_cast<%s>(%.17g)", ctype(t), n->fval);
  if (k == TY_UINT64)
    return arena_printf(a, "static_cast<%s>(%lluULL)", ctype(t), (unsigned long long)n->uval);
  /* int32 and int64 literals are plain; other types are cast, so that the helpers'
     templates see one type */
  if (t == TY_INT64 && n->ival != INT64_MIN)
    return arena_printf(a, "%lldLL", (long long)n->ival);
  if (t == TY_INT32 && n->ival >= INT32_MIN + 1 && n->ival <= INT32_MAX)
    return arena_printf(a, "%lld", (long long)n->ival);
  return arena_printf(a, "static_cast<%s>(%lldLL)", ctype(t), (long long)n->ival);
}

/* ---------------------------------------------------------------- loop selection */

typedef struct Loop {
  TypeKind in[3], out;
  const char *types;                               /* "ff->f" */
} Loop;

/* The i-th loop of a list ("ff->f ll->d"), false past the end. */
static bool nth_loop(const char *loops, int nin, int i, Loop *l) {
  const char *p = loops;
  for (int k = 0; k < i && p; k++) {
    p = strchr(p, ' ');
    if (p)
      p++;
  }
  if (!p || !*p)
    return false;
  for (int j = 0; j < nin; j++)
    l->in[j] = loop_type(p[j]);
  l->out = loop_type(p[nin + 2]);
  l->types = p;
  return true;
}

static const char *loops_of(const UFunc *u) {
  if (u->loops)
    return u->loops;
  const Builtin *b = builtin_lookup("cupy", u->name);
  return b ? b->loops : "";
}

/* _Ops._guess_routine_from_in_types (with the new fusion's weak-scalar check first). */
static bool guess_loop(Fuse *F, const UFunc *u, const FVal *in, Loop *out) {
  int weak[3];
  int max_array = -1, max_scalar = -1;
  for (int i = 0; i < u->nin; i++) {
    weak[i] = in[i].weak;
    if (weak[i])
      max_scalar = max_scalar > weak[i] - W_BOOL ? max_scalar : weak[i] - W_BOOL;
    else
      max_array = max_array > kind_score(in[i].dt) ? max_array : kind_score(in[i].dt);
  }
  if (F->newfusion && !(max_scalar >= 0 && max_array >= 0 && max_array >= max_scalar))
    for (int i = 0; i < u->nin; i++)
      weak[i] = W_STRONG;
  if (u->weak_int_cmp) {                           /* promote_weak_int */
    if (weak[0] == W_INT && !weak[1] && type_is_int(in[1].dt))
      weak[0] = W_STRONG;
    else if (weak[1] == W_INT && !weak[0] && type_is_int(in[0].dt))
      weak[1] = W_STRONG;
  }
  const char *loops = loops_of(u);
  Loop l;
  for (int i = 0; nth_loop(loops, u->nin, i, &l); i++) {
    bool ok = true;
    for (int j = 0; j < u->nin && ok; j++)
      ok = can_cast(in[j].dt, l.in[j]) || (weak[j] && weak_keeps(weak[j], l.in[j]));
    if (ok) {
      *out = l;
      return true;
    }
  }
  return false;
}

/* ---------------------------------------------------------------- emitting */

static const char *fresh(Fuse *F) { return arena_printf(&F->c->arena, "v%d", F->nvar++); }

/* Operand x as loop input type t. */
static const char *operand(Fuse *F, const FVal *x, TypeKind t) {
  if (x->cn)
    return literal(F, x->cn, t);
  if (x->dt == t)
    return x->c;
  return arena_printf(&F->c->arena, "static_cast<%s>(%s)", ctype(t), x->c);
}

/* CuPy's routine with in0..in2 and OUT replaced. */
static const char *substitute(Fuse *F, const char *routine, const char **ins, TypeKind out) {
  Buf b = {0};
  for (const char *p = routine; *p;) {
    bool start = p == routine || !(p[-1] == '_' || (p[-1] >= 'a' && p[-1] <= 'z') ||
                                   (p[-1] >= '0' && p[-1] <= '9'));
    if (start && p[0] == 'i' && p[1] == 'n' && p[2] >= '0' && p[2] <= '2' &&
        !(p[3] == '_' || (p[3] >= 'a' && p[3] <= 'z'))) {
      const char *s = ins[p[2] - '0'];
      bool simple = strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_0123456789.") == strlen(s) ||
                    !strncmp(s, "static_cast<", 12);
      buf_printf(&b, simple ? "%s" : "(%s)", s);
      p += 3;
    } else if (start && !strncmp(p, "OUT", 3)) {
      buf_puts(&b, ctype(out));
      p += 3;
    } else {
      buf_printf(&b, "%c", *p++);
    }
  }
  const char *s = arena_strndup(&F->c->arena, b.data ? b.data : "", b.len);
  buf_free(&b);
  return s;
}

static const char *routine_for(Fuse *F, const UFunc *u, const Loop *l) {
  TypeKind t = l->in[u->nin - 1];
  char t0 = l->types[0], t1 = u->nin > 1 ? l->types[1] : 0;
  if (t0 == 'l' && t1 == 'L' && u->lL_routine)
    return u->lL_routine;
  if (t0 == 'L' && t1 == 'l' && u->Ll_routine)
    return u->Ll_routine;
  if (l->in[0] == TY_BOOL && u->nin < 3 && u->bool_routine)
    return u->bool_routine;
  if (t == TY_FLOAT64 && u->dbl_routine)
    return u->dbl_routine;
  if (type_is_float(t) && u->flt_routine)
    return u->flt_routine;
  if (u->routine)
    return u->routine;
  /* create_math_ufunc: out0 = NAME(in0[, in1]), NAME the C function (builtins.c) */
  const Builtin *b = builtin_lookup("cupy", u->name);
  return arena_printf(&F->c->arena, u->nin == 1 ? "%s(in0)" : "%s(in0, in1)",
                      b && b->spell ? b->spell : u->name);
}

/* ---------------------------------------------------------------- diagnostics */

static const char *dtype_name(TypeKind k) { return dtype_info[k].name; }

/* "(float32, int64)" for messages. */
static const char *types_str(Fuse *F, const FVal *in, int n) {
  Buf b = {0};
  buf_puts(&b, "(");
  for (int i = 0; i < n; i++)
    buf_printf(&b, "%s%s%s", i ? ", " : "", in[i].weak ? "Python " : "",
               in[i].weak == W_INT     ? "int"
               : in[i].weak == W_FLOAT ? "float"
               : in[i].weak == W_BOOL  ? "bool"
               : in[i].weak            ? "complex"
                                       : dtype_name(in[i].dt));
  buf_puts(&b, ")");
  const char *s = arena_strndup(&F->c->arena, b.data, b.len);
  buf_free(&b);
  return s;
}

/* CuPy refuses a Python truth value of a traced value (__bool__). */
static FVal no_truth(Fuse *F, Loc loc) {
  diag_error(F->c, loc, "a traced value has no truth value: Cannot convert to Python scalar "
             "in cupy.fuse (use cp.where, cp.logical_and/or/not, & | ~)");
  return bad_val();
}

/* The values must all be before the reduction, or all after it (CuPy's 'Shape
   mismatch'); constants go with either. */
static bool same_side(Fuse *F, const FVal *in, int n, Loc loc) {
  for (int i = 0; i < n; i++)
    if (!in[i].cn && in[i].post != (F->red != NULL)) {
      diag_error(F->c, loc, "pykc's fuse compiles a map, one final reduction and a post-map: "
                 "after the reduction only its result and constants can be used");
      return false;
    }
  return true;
}

/* A ufunc call on traced values: one new local computed by the chosen loop's routine. */
static FVal call_ufunc(Fuse *F, const UFunc *u, const FVal *in, Loc loc) {
  for (int i = 0; i < u->nin; i++) {
    if (in[i].bad)
      return bad_val();
    if (in[i].is_dtype) {
      diag_error(F->c, loc, "argument %d of cp.%s is a dtype, not a value", i + 1, u->name);
      return bad_val();
    }
  }
  if (!same_side(F, in, u->nin, loc))
    return bad_val();
  Loop l;
  if (!guess_loop(F, u, in, &l)) {
    diag_error(F->c, loc, "wrong type %s of arguments for %s (no loop of cp.%s takes them)",
               types_str(F, in, u->nin), u->cname, u->name);
    return bad_val();
  }
  if (l.in[0] == TY_BOOL && u->bool_error && u->nin < 3) {
    diag_error(F->c, loc, "%s", u->bool_error);
    return bad_val();
  }
  for (int i = 0; i <= u->nin; i++) {
    TypeKind t = i < u->nin ? l.in[i] : l.out;
    if (type_is_complex(t)) {
      diag_error(F->c, loc, "cp.%s of %s: complex values are not supported in pykc's fuse",
                 u->name, types_str(F, in, u->nin));
      return bad_val();
    }
  }
  /* float16 loops compute in float, each result rounded to float16 (CuPy's float16
     class: float(a) + float(b) stored as a half); the routine sees floats */
  const char *ins[3];
  FVal r = {.dt = l.out, .ndim = -1, .post = F->red != NULL};
  for (int i = 0; i < u->nin; i++) {
    ins[i] = operand(F, &in[i], l.in[i]);
    if (l.in[i] == TY_FLOAT16)                     /* the half's value, as a float */
      ins[i] = arena_printf(&F->c->arena, "static_cast<float>(%s)", ins[i]);
    if (in[i].ndim > r.ndim)
      r.ndim = in[i].ndim;
  }
  F->helpers |= u->helpers;
  r.c = fresh(F);
  TypeKind comp = l.out == TY_FLOAT16 ? TY_FLOAT32 : l.out;
  const char *value = substitute(F, routine_for(F, u, &l), ins, comp);
  if (comp != l.out)
    buf_printf(F->code, "%s %s = static_cast<%s>(%s);\n", ctype(l.out), r.c, ctype(l.out),
               value);
  else
    buf_printf(F->code, "%s %s = %s;\n", ctype(l.out), r.c, value);
  return r;
}

static FVal expr(Fuse *F, Node *e);
static bool stmts(Fuse *F, Node *body, Node **ret);
static void bind(Fuse *F, const char *name, FVal v);

/* ---------------------------------------------------------------- constants */

static bool mentions_local(Fuse *F, const Node *e) {
  if (!e)
    return false;
  if (e->kind == ND_NAME)
    for (Binding *b = F->names; b; b = b->next)
      if (b->name == e->name)
        return true;
  if (mentions_local(F, e->lhs) || mentions_local(F, e->rhs) || mentions_local(F, e->cond) ||
      mentions_local(F, e->then) || mentions_local(F, e->els))
    return true;
  for (Node *a = e->args; a; a = a->next)
    if (mentions_local(F, a))
      return true;
  return false;
}

/* A constant as CuPy's trace sees it: a Python scalar (weak, typed as numpy.dtype(type)
   does: int64, float64, bool) or a numpy scalar (strong, its dtype). */
static FVal const_val(Fuse *F, Node *n, Loc loc) {
  TypeKind k = n->ty->kind;
  FVal v = {.dt = k, .ndim = -1, .cn = n};
  if (type_is_complex(k)) {
    diag_error(F->c, loc, "complex values are not supported in pykc's fuse");
    return bad_val();
  }
  if (n->weak) {
    v.weak = k == TY_BOOL ? W_BOOL : type_is_float(k) ? W_FLOAT : W_INT;
    v.dt = k == TY_BOOL ? TY_BOOL : type_is_float(k) ? TY_FLOAT64 : TY_INT64;
    if (k == TY_UINT64 && n->uval > INT64_MAX) {
      diag_error(F->c, loc, "Python int too large to convert to C long");
      return bad_val();
    }
  }
  v.c = literal(F, n, v.dt);
  return v;
}

/* e evaluated as host Python would before tracing (no traced value in it). */
static bool try_const(Fuse *F, Node *e, FVal *out) {
  if (mentions_local(F, e))
    return false;
  Val v = sema_const_eval(F->S, e);
  if (v.kind == VAL_EXPR && sema_is_const(v.n)) {
    *out = const_val(F, v.n, e->loc);
    return true;
  }
  Type *dt = v.kind == VAL_BUILTIN ? sema_dtype_of(F->S, v) : NULL;
  if (dt) {
    *out = (FVal){.dt = dt->kind, .ndim = -1, .is_dtype = true};
    return true;
  }
  return false;
}

/* ---------------------------------------------------------------- calls */

/* What a callee names: a cupy function ("sum"), or NULL with *method set for x.NAME. */
static const char *cupy_name(Fuse *F, Node *callee, bool *method) {
  *method = false;
  if (callee->kind == ND_ATTR) {
    if (mentions_local(F, callee->lhs)) {
      *method = true;
      return callee->name;
    }
    /* numpy's names too (pykc.fuse on the CPU backend: a body written with np.) */
    Val m = sema_const_eval(F->S, callee->lhs);
    if (m.kind == VAL_MODULE && m.module &&
        (!strcmp(m.module, "cupy") || !strcmp(m.module, "numpy")))
      return callee->name;
    return NULL;
  }
  if (callee->kind == ND_NAME) {
    Sym *s = sema_lookup_sym(F->S, callee->name);
    if (s && s->kind == SYM_BUILTIN && s->bimod &&
        (!strcmp(s->bimod, "cupy") || !strcmp(s->bimod, "numpy")))
      return s->bi->name;
  }
  return NULL;
}

typedef struct CallArgs {
  Node *pos[4];
  int npos;
  Node *kw[8];
  int nkw;
} CallArgs;

static bool split_args(Fuse *F, Node *call, CallArgs *A, int maxpos, const char *what) {
  A->npos = A->nkw = 0;
  for (Node *a = call->args; a; a = a->next) {
    if (a->kind == ND_KWARG) {
      if (A->nkw == 8) {
        diag_error(F->c, a->loc, "too many keyword arguments for %s", what);
        return false;
      }
      A->kw[A->nkw++] = a;
    } else if (a->kind == ND_STARRED || A->npos == maxpos) {
      diag_error(F->c, a->loc, "%s takes at most %d positional argument%s", what, maxpos,
                 maxpos == 1 ? "" : "s");
      return false;
    } else {
      A->pos[A->npos++] = a;
    }
  }
  return true;
}

static Node *kwarg(CallArgs *A, const char *name) {
  for (int i = 0; i < A->nkw; i++)
    if (!strcmp(A->kw[i]->name, name))
      return A->kw[i]->rhs;
  return NULL;
}

static bool only_kwargs(Fuse *F, CallArgs *A, const char *const *names, const char *what) {
  for (int i = 0; i < A->nkw; i++) {
    bool ok = false;
    for (const char *const *n = names; *n && !ok; n++)
      ok = !strcmp(*n, A->kw[i]->name);
    if (!ok) {
      diag_error(F->c, A->kw[i]->loc, "%s got an unexpected keyword argument '%s'", what,
                 A->kw[i]->name);
      return false;
    }
  }
  return true;
}

/* A compile-time integer (an axis). */
static bool const_int(Fuse *F, Node *e, int64_t *v) {
  Val x = mentions_local(F, e) ? (Val){.kind = VAL_ERROR} : sema_const_eval(F->S, e);
  if (x.kind != VAL_EXPR || !sema_is_const(x.n) || !type_is_int(x.n->ty->kind)) {
    diag_error(F->c, e->loc, "axis must be an integer, a tuple of integers or None known "
               "when the kernel is compiled");
    return false;
  }
  *v = x.n->ival;
  return true;
}

/* axis= of a reduction of an ndim-dimensional value, normalised as NumPy does. */
static bool read_axes(Fuse *F, Node *axis, int ndim) {
  F->naxes = 0;
  F->axis_none = !axis || axis->kind == ND_NONE;
  if (F->axis_none) {
    for (int d = 0; d < ndim; d++)
      F->axes[F->naxes++] = d;
    return true;
  }
  Node *items = axis->kind == ND_TUPLE ? axis->args : axis;
  for (Node *a = items; a; a = axis->kind == ND_TUPLE ? a->next : NULL) {
    int64_t v;
    if (!const_int(F, a, &v))
      return false;
    if (v < -ndim || v >= ndim) {
      diag_error(F->c, a->loc, "axis %lld is out of bounds for array of dimension %d",
                 (long long)v, ndim);
      return false;
    }
    int d = (int)(v < 0 ? v + ndim : v), at = F->naxes;
    for (int i = 0; i < F->naxes; i++)
      if (F->axes[i] == d) {
        diag_error(F->c, a->loc, "duplicate value in 'axis'");
        return false;
      }
    while (at > 0 && F->axes[at - 1] > d) {        /* ascending */
      F->axes[at] = F->axes[at - 1];
      at--;
    }
    F->axes[at] = d;
    F->naxes++;
  }
  return true;
}

/* cp.sum(x, axis=, dtype=, out=, keepdims=) and the others: the one reduction. */
static FVal reduce(Fuse *F, const Reduction *r, Node *call, Node *arg, const FVal *self,
                   CallArgs *A) {
  static const char *const sumkw[] = {"axis", "dtype", "out", "keepdims", NULL};
  static const char *const kw[] = {"axis", "out", "keepdims", NULL};
  const char *what = arena_printf(&F->c->arena, "cupy.%s", r->name);
  if (!only_kwargs(F, A, r->keep_loops ? sumkw : kw, what))
    return bad_val();
  Node *keep = kwarg(A, "keepdims"), *out = kwarg(A, "out"), *dtype = kwarg(A, "dtype");
  Node *axis = kwarg(A, "axis");
  if (A->npos > 1 && !axis)
    axis = A->pos[1];
  if (A->npos > 2) {
    diag_error(F->c, A->pos[2]->loc, "pykc's fuse takes a reduction's dtype, out and "
               "keepdims as keywords");
    return bad_val();
  }
  if (keep) {
    Val k = sema_const_eval(F->S, keep);
    if (k.kind != VAL_EXPR || !sema_is_const(k.n)) {
      diag_error(F->c, keep->loc, "keepdims must be True or False");
      return bad_val();
    }
    if (sema_const_truth(k.n)) {
      diag_error(F->c, keep->loc, "cupy.%s does not support `keepdims` in fusion yet.",
                 !strcmp(r->name, "max") ? "amax" : !strcmp(r->name, "min") ? "amin" : r->name);
      return bad_val();
    }
  }
  if (out && out->kind != ND_NONE) {
    diag_error(F->c, out->loc, "out= of a reduction is not supported in pykc's fuse");
    return bad_val();
  }
  if (F->red) {
    diag_error(F->c, call->loc, "Multiple reduction is not implemented yet (pykc's fuse "
               "compiles at most one reduction)");
    return bad_val();
  }
  FVal x = self ? *self : expr(F, arg);
  if (x.bad)
    return x;
  if (x.ndim < 0 || x.is_dtype) {
    diag_error(F->c, arg->loc, "Reduction for scalar arguments is not supported.");
    return bad_val();
  }
  Type *want = NULL;
  if (dtype && dtype->kind != ND_NONE) {
    FVal d;
    if (!try_const(F, dtype, &d) || !d.is_dtype) {
      diag_error(F->c, dtype->loc, "dtype= must be a dtype such as cp.float32");
      return bad_val();
    }
    want = ty_scalar(d.dt);
  }
  /* The old fusion ignores dtype= beyond taking the keep-dtype loops; the new one takes
     the loop whose output is dtype. */
  const char *loops = want ? r->keep_loops : r->loops;
  Loop l;
  bool found = false;
  for (int i = 0; !found && nth_loop(loops, 1, i, &l); i++)
    found = want && F->newfusion ? l.out == want->kind : can_cast(x.dt, l.in[0]);
  if (!found) {
    diag_error(F->c, call->loc, "Type is mismatched. %s(...), %s", r->cname, dtype_name(x.dt));
    return bad_val();
  }
  if (type_is_complex(l.in[0])) {
    diag_error(F->c, call->loc, "complex values are not supported in pykc's fuse");
    return bad_val();
  }
  if (F->view_out_ndim >= 0) {                     /* the planner's views: the reduced */
    F->naxes = x.ndim - F->view_out_ndim;          /* axes come first */
    for (int d = 0; d < F->naxes; d++)
      F->axes[d] = d;
  } else if (!read_axes(F, axis, x.ndim)) {
    return bad_val();
  }
  F->red = r;
  F->red_in = l.in[0];
  F->red_out = l.out;
  F->red_arg = x;
  F->code = &F->post;
  FVal v = {.dt = l.out, .ndim = x.ndim - F->naxes, .post = true, .c = "r"};
  if (v.ndim == 0)
    v.ndim = -1;
  return v;
}

/* x.astype(dtype, order=None, casting=None, subok=None, copy=True) */
static FVal astype(Fuse *F, Node *call, FVal x, CallArgs *A) {
  static const char *const kw[] = {"dtype", "order", "casting", "subok", "copy", NULL};
  if (!only_kwargs(F, A, kw, "astype()"))
    return bad_val();
  Node *d = A->npos ? A->pos[0] : kwarg(A, "dtype");
  FVal t = {0};
  if (d && d->kind == ND_STR) {                    /* x.astype('float32') */
    size_t len;
    const char *err, *str = sema_str_literal(F->S, d, &len);
    Type *ty = str ? ty_parse(F->c, str, &err) : NULL;
    if (ty && ty_is_scalar(ty))
      t = (FVal){.dt = ty->kind, .ndim = -1, .is_dtype = true};
  }
  if (!d || (!t.is_dtype && (!try_const(F, d, &t) || !t.is_dtype))) {
    diag_error(F->c, d ? d->loc : call->loc, "astype() needs a dtype such as cp.float32");
    return bad_val();
  }
  static const char *const unsupported[] = {"order", "casting", "subok"};
  for (int i = 0; i < 3; i++) {
    Node *k = kwarg(A, unsupported[i]);
    if (k && k->kind != ND_NONE) {
      diag_error(F->c, k->loc, "%s is not supported yet", unsupported[i]);
      return bad_val();
    }
  }
  Node *copy = kwarg(A, "copy");
  if (copy && copy->kind == ND_FALSE && x.dt == t.dt)
    return x;
  if (type_is_complex(t.dt)) {
    diag_error(F->c, d->loc, "complex values are not supported in pykc's fuse");
    return bad_val();
  }
  if (!same_side(F, &x, 1, call->loc))
    return bad_val();
  /* astype_T's loops are '?->T', 'b->T', ... in '?bhilqBHILQefdFD' order */
  static const char order[] = "?bhilBHILefdFD";
  TypeKind from = x.dt;
  for (const char *p = order; *p; p++)
    if (can_cast(x.dt, loop_type(*p))) {
      from = loop_type(*p);
      break;
    }
  FVal r = {.dt = t.dt, .ndim = x.ndim, .post = F->red != NULL, .c = fresh(F)};
  buf_printf(F->code, "%s %s = static_cast<%s>(%s);\n", ctype(t.dt), r.c, ctype(t.dt),
             operand(F, &x, from));
  return r;
}

/* The @fuse function NAME of the unit, when no local hides it. */
static Func *fuse_func(Fuse *F, const char *name) {
  for (Binding *b = F->names; b; b = b->next)
    if (b->name == name)
      return NULL;
  for (Func *g = F->S->p->funcs; g; g = g->next)
    if (g->form && g->form->kind == FORM_FUSE && g->pyname == name)
      return g;
  return NULL;
}

/* A fuse function called from a fuse function: CuPy runs its Python body inside the
   trace (a composition), so its operations join the caller's kernel. */
static FVal inline_fuse(Fuse *F, Func *g, Node *call) {
  enum { MAX_INLINE = 32 };
  int np = ast_count(g->def->params), n = 0;
  FVal args[64];
  for (Node *a = call->args; a; a = a->next) {
    if (a->kind == ND_KWARG || a->kind == ND_STARRED || n == np || n == 64) {
      diag_error(F->c, a->loc, "%s() takes %d positional argument%s in pykc's fuse",
                 g->pyname, np, np == 1 ? "" : "s");
      return bad_val();
    }
    if ((args[n++] = expr(F, a)).bad)
      return bad_val();
  }
  if (n != np || F->depth == MAX_INLINE) {
    if (n != np)
      diag_error(F->c, call->loc, "%s() takes %d positional argument%s but %d were given",
                 g->pyname, np, np == 1 ? "" : "s", n);
    else
      diag_error(F->c, call->loc, "fuse functions call each other more than %d deep",
                 MAX_INLINE);
    return bad_val();
  }
  Binding *names = F->names;
  Scope *scope = F->S->scope;
  F->names = NULL;
  F->S->scope = g->scope;
  F->depth++;
  int i = 0;
  for (Node *prm = g->def->params; prm; prm = prm->next)
    bind(F, prm->name, args[i++]);
  Node *ret = NULL;
  FVal r = bad_val();
  if (stmts(F, g->def->body, &ret)) {
    if (ret && ret->lhs && ret->lhs->kind != ND_TUPLE && ret->lhs->kind != ND_NONE)
      r = expr(F, ret->lhs);
    else
      diag_error(F->c, ret ? ret->loc : g->def->loc, "a fuse function that another calls "
                 "returns one value in pykc");
  }
  F->depth--;
  F->S->scope = scope;
  F->names = names;
  return r;
}

static FVal call(Fuse *F, Node *e) {
  bool method;
  const char *name = cupy_name(F, e->lhs, &method);
  CallArgs A;
  Func *g = e->lhs->kind == ND_NAME ? fuse_func(F, e->lhs->name) : NULL;
  if (g)
    return inline_fuse(F, g, e);
  if (method) {
    FVal x = expr(F, e->lhs->lhs);
    if (x.bad)
      return x;
    if (!strcmp(name, "astype")) {
      if (!split_args(F, e, &A, 1, "astype()"))
        return bad_val();
      return astype(F, e, x, &A);
    }
    if (!strcmp(name, "copy") && !e->args)
      return x;
    const Reduction *r = is_method_reduction(name) ? reduction_by_name(name) : NULL;
    if (!r) {
      diag_error(F->c, e->lhs->loc, "'_ArrayProxy' object has no attribute '%s' (in cupy.fuse)",
                 name);
      return bad_val();
    }
    if (!split_args(F, e, &A, 1, name))
      return bad_val();
    /* the method's positional argument is axis: reduce() reads pos[1] */
    CallArgs B = A;
    B.pos[0] = e->lhs->lhs;
    B.npos = A.npos + 1;
    if (A.npos)
      B.pos[1] = A.pos[0];
    return reduce(F, r, e, e->lhs->lhs, &x, &B);
  }
  FVal c;
  if (try_const(F, e, &c))                         /* cp.float32(2), math on constants */
    return c;
  if (!name) {
    Val v = sema_const_eval(F->S, e->lhs);
    if (v.kind == VAL_BUILTIN && v.bi->kind == BK_CAST) {
      diag_error(F->c, e->loc, "%s() of a traced value: Cannot convert to Python scalar in "
                 "cupy.fuse (use x.astype(...))", sema_dotted(F->S, e->lhs));
      return bad_val();
    }
    diag_error(F->c, e->lhs->loc, "pykc's fuse calls cupy ufuncs and reductions only; '%s' "
               "is not one", sema_dotted(F->S, e->lhs));
    return bad_val();
  }
  const UFunc *u = ufunc_by_name(name);
  const Reduction *r = reduction_by_name(name);
  if (r) {
    if (!split_args(F, e, &A, 3, name) || A.npos == 0) {
      if (A.npos == 0)
        diag_error(F->c, e->loc, "cupy.%s() takes the array to reduce", name);
      return bad_val();
    }
    return reduce(F, r, e, A.pos[0], NULL, &A);
  }
  if (!strcmp(name, "mean") || !strcmp(name, "var") || !strcmp(name, "std")) {
    diag_error(F->c, e->lhs->loc, "cupy.%s is not supported in cupy.fuse ('_ArrayProxy' "
               "object has no attribute '%s'); use cp.sum(...) / n", name, name);
    return bad_val();
  }
  const Builtin *cast = u ? NULL : builtin_lookup("cupy", name);
  if (cast && cast->kind == BK_CAST) {             /* numpy.float32(x): x.__float__() */
    diag_error(F->c, e->loc, "cp.%s() of a traced value: Cannot convert to Python scalar "
               "in cupy.fuse (use x.astype(cp.%s))", name, name);
    return bad_val();
  }
  if (!u) {
    diag_error(F->c, e->lhs->loc, "cupy.%s is not supported in pykc's fuse", name);
    return bad_val();
  }
  if (!split_args(F, e, &A, 3, name))
    return bad_val();
  for (int i = 0; i < A.nkw; i++)
    if (strcmp(A.kw[i]->name, "out") || A.kw[i]->rhs->kind != ND_NONE) {
      diag_error(F->c, A.kw[i]->loc, "Wrong arguments {'%s': ...} (keyword arguments of "
                 "ufuncs are not supported in cupy.fuse)", A.kw[i]->name);
      return bad_val();
    }
  if (A.npos != u->nin) {
    diag_error(F->c, e->loc, "cp.%s takes %d argument%s in pykc's fuse (invalid number of "
               "arguments)", name, u->nin, u->nin == 1 ? "" : "s");
    return bad_val();
  }
  FVal in[3];
  for (int i = 0; i < u->nin; i++) {
    in[i] = expr(F, A.pos[i]);
    if (in[i].bad)
      return in[i];
  }
  return call_ufunc(F, u, in, e->loc);
}

/* ---------------------------------------------------------------- expressions */

static FVal expr(Fuse *F, Node *e) {
  FVal c;
  switch (e->kind) {
  case ND_NAME:
    for (Binding *b = F->names; b; b = b->next)
      if (b->name == e->name)
        return b->v;
    if (try_const(F, e, &c))                       /* a module constant */
      return c;
    break;
  case ND_BINOP:
    if (e->op == OP_MATMUL)
      break;
    /* fall through */
  case ND_UNARY: {
    if (try_const(F, e, &c))
      return c;
    if (e->op == OP_NOT)
      return no_truth(F, e->loc);
    if (e->op == OP_POS) {
      diag_error(F->c, e->loc, "bad operand type for unary +: '_ArrayProxy' (in cupy.fuse)");
      return bad_val();
    }
    FVal in[2];
    in[0] = expr(F, e->lhs);
    if (in[0].bad)
      return in[0];
    if (e->kind == ND_BINOP && (in[1] = expr(F, e->rhs)).bad)
      return in[1];
    return call_ufunc(F, ufunc_by_name(op_ufunc[e->op]), in, e->loc);
  }
  case ND_COMPARE:
    if (try_const(F, e, &c))
      return c;
    if (e->ival > 1)                               /* a < b < c is (a < b) and (b < c) */
      return no_truth(F, e->loc);
    if (!op_ufunc[e->ops[0]])
      break;
    {
      FVal in[2] = {expr(F, e->args), expr(F, e->args->next)};
      if (in[0].bad || in[1].bad)
        return bad_val();
      return call_ufunc(F, ufunc_by_name(op_ufunc[e->ops[0]]), in, e->loc);
    }
  case ND_BOOLOP:
    if (try_const(F, e, &c))
      return c;
    return no_truth(F, e->loc);
  case ND_IFEXP: {
    if (mentions_local(F, e->cond))
      return no_truth(F, e->cond->loc);
    Val v = sema_const_eval(F->S, e->cond);
    if (v.kind == VAL_EXPR && sema_is_const(v.n))
      return expr(F, sema_const_truth(v.n) ? e->then : e->els);
    break;
  }
  case ND_CALL:
    return call(F, e);
  case ND_SUBSCRIPT:
    diag_error(F->c, e->loc, "indexing is not supported in pykc's fuse");
    return bad_val();
  default:
    if (try_const(F, e, &c))
      return c;
    break;
  }
  if (e->kind == ND_NAME) {
    Sym *s = sema_lookup_sym(F->S, e->name);
    if (!s)
      diag_error(F->c, e->loc, "name '%s' is not defined", e->name);
    else
      diag_error(F->c, e->loc, "'%s' is not a value pykc's fuse can use here", e->name);
    return bad_val();
  }
  if (e->kind == ND_BINOP && e->op == OP_MATMUL) {
    diag_error(F->c, e->loc, "the '@' operator is not supported in cupy.fuse");
    return bad_val();
  }
  if (e->kind == ND_INT && e->big) {
    diag_error(F->c, e->loc, "Python int too large to convert to C long");
    return bad_val();
  }
  if (e->kind == ND_STR || e->kind == ND_NONE || e->kind == ND_TUPLE) {   /* _get_fusion_var */
    diag_error(F->c, e->loc, "Unsupported type <class '%s'> in cupy.fuse",
               e->kind == ND_STR ? "str" : e->kind == ND_NONE ? "NoneType" : "tuple");
    return bad_val();
  }
  diag_error(F->c, e->loc, "this expression is not supported in pykc's fuse");
  return bad_val();
}

/* ---------------------------------------------------------------- statements */

static void bind(Fuse *F, const char *name, FVal v) {
  Binding *b = arena_alloc(&F->c->arena, sizeof *b);
  b->name = name;
  b->v = v;
  b->next = F->names;
  F->names = b;
}

static Binding *binding(Fuse *F, const char *name) {
  for (Binding *b = F->names; b; b = b->next)
    if (b->name == name)
      return b;
  return NULL;
}

/* `x op= y`: an array target is updated in place (the ufunc's out=, cast 'same_kind'),
   a scalar one re-bound to `x op y` (Python's fallback without __iop__). */
static void augassign(Fuse *F, Node *st) {
  if (st->lhs->kind != ND_NAME) {
    diag_error(F->c, st->lhs->loc, "pykc's fuse assigns to names only");
    return;
  }
  Binding *b = binding(F, st->lhs->name);
  if (!b) {
    diag_error(F->c, st->lhs->loc, "local variable '%s' referenced before assignment",
               st->lhs->name);
    return;
  }
  if (!op_ufunc[st->op] || st->op == OP_MATMUL) {
    diag_error(F->c, st->loc, "the '%s=' operator is not supported in cupy.fuse",
               op_spelling[st->op]);
    return;
  }
  FVal in[2] = {b->v, expr(F, st->rhs)};
  if (in[0].bad || in[1].bad)
    return;
  if (in[0].ndim >= 0 && in[0].param) {
    diag_error(F->c, st->loc, "pykc's fuse does not update an argument array in place "
               "(write '%s = %s %s ...')", b->name, b->name, op_spelling[st->op]);
    return;
  }
  FVal r = call_ufunc(F, ufunc_by_name(op_ufunc[st->op]), in, st->loc);
  if (r.bad)
    return;
  if (in[0].ndim >= 0) {                           /* in place: same_kind into x's dtype */
    TypeKind to = in[0].dt;
    if (!sema_same_kind(r.dt, to)) {
      diag_error(F->c, st->loc, "Cannot cast output 0 from dtype('%s') to dtype('%s') "
                 "according to the rule 'same_kind'", dtype_name(r.dt), dtype_name(to));
      return;
    }
    if (r.ndim > in[0].ndim) {
      diag_error(F->c, st->loc, "non-broadcastable output operand");
      return;
    }
    if (r.dt != to) {
      FVal cast = r;
      cast.dt = to;
      cast.c = fresh(F);
      buf_printf(F->code, "%s %s = static_cast<%s>(%s);\n", ctype(to), cast.c, ctype(to), r.c);
      r = cast;
    }
  }
  b->v = r;
}

static bool stmt(Fuse *F, Node *st, Node **ret) {
  switch (st->kind) {
  case ND_PASS:
    return true;
  case ND_EXPR_STMT:
    if (st->lhs->kind == ND_STR)                   /* a docstring */
      return true;
    return !expr(F, st->lhs).bad;
  case ND_ASSIGN: {
    FVal v = expr(F, st->rhs);
    if (v.bad)
      return false;
    for (Node *t = st->targets; t; t = t->next) {
      if (t->kind != ND_NAME) {
        diag_error(F->c, t->loc, "pykc's fuse assigns to names only");
        return false;
      }
      bind(F, t->name, v);
    }
    return true;
  }
  case ND_AUGASSIGN:
    augassign(F, st);
    return true;
  case ND_RETURN:
    *ret = st;
    return true;
  case ND_IF: {
    if (mentions_local(F, st->cond)) {
      no_truth(F, st->cond->loc);
      return false;
    }
    Val v = sema_const_eval(F->S, st->cond);
    if (v.kind != VAL_EXPR || !sema_is_const(v.n)) {
      diag_error(F->c, st->cond->loc, "pykc cannot evaluate this condition when it compiles "
                 "the fuse kernel");
      return false;
    }
    Node *arm = sema_const_truth(v.n) ? st->then : st->els;
    return !arm || stmts(F, arm, ret);
  }
  default:
    diag_error(F->c, st->loc, "pykc's fuse takes assignments, op= and return statements "
               "(and ifs on constants)");
    return false;
  }
}

static bool stmts(Fuse *F, Node *body, Node **ret) {
  bool ok = true;
  for (Node *st = body; st && !*ret; st = st->next)
    ok = stmt(F, st, ret) && ok;
  return ok;
}

/* ---------------------------------------------------------------- the kernel */

/* A parameter's C name: the Python one unless CuPy's kernels or C++ own it. */
static const char *param_cname(Fuse *F, const char *name, int i) {
  static const char *const taken[] = {
    "i", "a", "b", "r", "out", "in0", "in1", "in2", "out0", "_ind", "and", "auto", "bool",
    "break", "case", "char", "class", "const", "continue", "default", "delete", "do",
    "double", "else", "enum", "explicit", "extern", "false", "float", "for", "friend",
    "goto", "if", "inline", "int", "long", "max", "min", "namespace", "new", "not",
    "operator", "or", "private", "protected", "public", "register", "return", "short",
    "signed", "sizeof", "static", "struct", "switch", "template", "this", "throw", "true",
    "try", "typedef", "typename", "union", "unsigned", "using", "virtual", "void",
    "volatile", "while", "xor", "NAN", "INFINITY", "half", "size_t"};
  bool plain = name[0] != '_';
  for (const char *p = name; *p && plain; p++)
    plain = (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || *p == '_' ||
            (*p >= '0' && *p <= '9');
  if (plain && name[0] == 'v' && strspn(name + 1, "0123456789") == strlen(name + 1))
    plain = false;
  if (plain && !strncmp(name, "out", 3) && strspn(name + 3, "0123456789") == strlen(name + 3))
    plain = false;
  for (size_t k = 0; plain && k < sizeof taken / sizeof *taken; k++)
    plain = strcmp(name, taken[k]) != 0;
  if (plain && builtin_lookup("cupy", name))       /* sqrt, exp: C functions */
    plain = false;
  return plain ? name : arena_printf(&F->c->arena, "in_%d", i);
}

static const char *const helper_code[] = {
  /* H_FLOORDIV: cupy/_core/include/cupy/carray.cuh */
  "template <typename T> __device__ T _floor_divide(T x, T y) {\n"
  "  if (y == 0) return 0;\n"
  "  T q = x / y;\n"
  "  return q - (((x < 0) != (y < 0)) && q * y != x);\n"
  "}\n"
  "__device__ float _floor_divide(float x, float y) { return floorf(x / y); }\n"
  "__device__ double _floor_divide(double x, double y) { return floor(x / y); }\n",
  /* H_POWER: cupy/_core/_routines_math.pyx */
  "template <typename T> __device__ T integral_power(T in0, T in1) {\n"
  "  if (in1 < 0) {\n"
  "    if (in0 == -1) return (in1 & 1) ? -1 : 1;\n"
  "    return (in0 == 1) ? 1 : 0;\n"
  "  }\n"
  "  T out0 = 1;\n"
  "  while (in1 > 0) {\n"
  "    if (in1 & 1) out0 *= in0;\n"
  "    in0 *= in0;\n"
  "    in1 >>= 1;\n"
  "  }\n"
  "  return out0;\n"
  "}\n",
};

/* The lowest (max's identity) or highest (min's) value of t. */
static const char *extreme(Fuse *F, TypeKind t, bool lowest) {
  if (type_is_float(t))
    return special(F, t, false, lowest);
  if (t == TY_BOOL)
    return lowest ? "false" : "true";
  int bits = 8 * dtype_info[t].size;
  if (type_is_unsigned(t))
    return lowest ? "0" : arena_printf(&F->c->arena, "static_cast<%s>(~0ULL)", ctype(t));
  long long max = (long long)((1ULL << (bits - 1)) - 1);
  return lowest ? arena_printf(&F->c->arena, "static_cast<%s>(-%lldLL - 1)", ctype(t), max)
                : arena_printf(&F->c->arena, "static_cast<%s>(%lldLL)", ctype(t), max);
}

static const Node *first_return(const Node *body);

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
  FuseSpecs *specs;                                /* specialisations made so far */
} FuseInfo;

bool sema_fuse(Ctx *c, Program *p, Func *f, const FuseArg *args, int nargs, int view_out_ndim,
               FuseCode *out) {
  Sema *S = p->sema;
  S->c = c;
  Scope *saved_scope = S->scope;
  FnState *saved_fs = S->fs;
  S->scope = f->scope;
  S->fs = NULL;
  int errors = c->nerrors;
  const FuseInfo *fi = f->form->fuse;
  Fuse F = {.S = S, .c = c, .kname = fi->kname, .newfusion = fi->newfusion,
            .view_out_ndim = view_out_ndim};
  F.code = &F.pre;
  memset(out, 0, sizeof *out);
  Node *def = f->def;
  int np = ast_count(def->params), i = 0;
  if (np != nargs || nargs > 64) {
    diag_plain(c, "fuse kernel '%s' takes %d argument%s, got %d", f->name, np,
               np == 1 ? "" : "s", nargs);
    goto done;
  }
  Buf in = {0}, cin = {0};
  bool any_array = false;
  for (Node *prm = def->params; prm; prm = prm->next, i++) {
    const FuseArg *a = &args[i];
    if (type_is_complex(a->dtype)) {
      diag_error(c, prm->loc, "complex arguments are not supported in pykc's fuse");
      continue;
    }
    FVal v = {.dt = a->dtype, .ndim = a->ndim, .param = true};
    if (a->ndim < 0 && a->weak)
      v.weak = a->dtype == TY_BOOL ? W_BOOL : type_is_float(a->dtype) ? W_FLOAT : W_INT;
    v.c = param_cname(&F, prm->name, i);
    any_array |= a->ndim >= 0;
    if (F.ndim < a->ndim)
      F.ndim = a->ndim;
    bind(&F, prm->name, v);
    out->in_names[i] = intern_cstr(&c->names, v.c);
    buf_printf(&in, "%s%s %s", i ? ", " : "", dtype_name(a->dtype), v.c);
    buf_printf(&cin, "%s%s %s", i ? ", " : "", ctype(a->dtype), v.c);
  }
  if (!any_array && c->nerrors == errors)
    diag_plain(c, "fuse kernel '%s' needs at least one array argument (CuPy calls the Python "
               "function itself when none is an array)", f->name);
  const char *cparams = arena_strndup(&c->arena, cin.data ? cin.data : "", cin.len);
  buf_free(&cin);
  if (c->nerrors > errors) {
    buf_free(&in);
    goto done;
  }
  out->in_params = arena_strndup(&c->arena, in.data, in.len);
  buf_free(&in);
  Node *ret = NULL;
  stmts(&F, def->body, &ret);
  if (c->nerrors > errors)
    goto done;
  if (!ret || !ret->lhs || ret->lhs->kind == ND_NONE) {
    diag_error(c, ret ? ret->loc : def->loc, "a fuse kernel of pykc returns its result (a "
               "value or a tuple of values)");
    goto done;
  }
  Node *items = ret->lhs->kind == ND_TUPLE ? ret->lhs->args : ret->lhs;
  out->return_tuple = ret->lhs->kind == ND_TUPLE;
  const Node *first = first_return(def->body);
  if (first != ret && (out->return_tuple != f->form->return_tuple ||
                       ast_count(items) != f->form->nout)) {
    diag_error(c, ret->loc, "this return gives %d value%s, the one at line %u %d: a fuse "
               "kernel's outputs are fixed", ast_count(items), ast_count(items) == 1 ? "" : "s",
               first->loc.line, f->form->nout);
    goto done;
  }
  Buf outs = {0}, assign = {0};
  int n = 0;
  FVal vals[FUSE_MAX_OUTS];
  Loc locs[FUSE_MAX_OUTS];
  for (Node *it = items; it; it = out->return_tuple ? it->next : NULL, n++) {
    if (n == FUSE_MAX_OUTS) {
      diag_error(c, it->loc, "pykc's fuse returns at most %d values", FUSE_MAX_OUTS);
      break;
    }
    vals[n] = expr(&F, it);
    locs[n] = it->loc;
    if (!vals[n].bad && vals[n].is_dtype)
      diag_error(c, it->loc, "Fusion function can't return a dtype");
  }
  for (int k = 0; k < n && c->nerrors == errors; k++) {
    FVal *v = &vals[k];
    if (v->bad || !same_side(&F, v, 1, locs[k]))  /* checked once the reduction is known */
      continue;
    const char *name = out->return_tuple ? arena_printf(&c->arena, "out%d", k) : "out";
    out->out_types[k] = v->dt;
    out->out_names[k] = intern_cstr(&c->names, name);
    buf_printf(&outs, "%s%s %s", k ? ", " : "", dtype_name(v->dt), name);
    buf_printf(&assign, "%s = %s;\n", name, operand(&F, v, v->dt));
  }
  out->nout = n;
  out->out_params = arena_strndup(&c->arena, outs.data ? outs.data : "", outs.len);
  buf_free(&outs);
  if (c->nerrors > errors) {
    buf_free(&assign);
    goto done;
  }
  Buf pre = {0};
  for (size_t h = 0; h < sizeof helper_code / sizeof *helper_code; h++)
    if (F.helpers & (1u << h))
      buf_puts(&pre, helper_code[h]);
  if (!F.red) {
    buf_puts(&F.pre, assign.data);
    out->operation = arena_strndup(&c->arena, F.pre.data, F.pre.len);
  } else {
    const Reduction *r = F.red;
    TypeKind rt = F.red_out == TY_FLOAT16 ? TY_FLOAT32 : F.red_out;
    out->reduce = true;
    out->reduce_type = ctype(rt);
    /* the map: the operations before the reduction, as a function of the inputs */
    buf_printf(&pre, "__device__ %s %s_map(%s) {\n", ctype(F.red_in), F.kname, cparams);
    buf_puts(&pre, F.pre.data ? F.pre.data : "");
    buf_printf(&pre, "return %s;\n}\n", operand(&F, &F.red_arg, F.red_in));
    Buf args_b = {0};
    i = 0;
    for (Node *prm = def->params; prm; prm = prm->next, i++)
      buf_printf(&args_b, "%s%s", i ? ", " : "", param_cname(&F, prm->name, i));
    out->map_expr = r->truth ? arena_printf(&c->arena, "%s_map(%s) != 0", F.kname, args_b.data)
                             : arena_printf(&c->arena, "%s_map(%s)", F.kname, args_b.data);
    buf_free(&args_b);
    /* CPU-exact summation types: float16 sums in float (CuPy's 'float' reduce type) */
    if (r->minmax) {
      bool mx = r->minmax > 0;
      out->reduce_expr = type_is_float(F.red_out)
                             ? (mx ? "(a > b || isnan(a)) ? a : b" : "(a < b || isnan(a)) ? a : b")
                             : (mx ? "a > b ? a : b" : "a < b ? a : b");
      out->identity = extreme(&F, rt, mx);
    } else {
      out->reduce_expr = r->reduce_expr;
      out->identity = r->identity;
    }
    /* the post-map: a function of the result `a` writing the outputs (CuPy wraps
       post_map_expr in a macro's parentheses: it must be one expression) */
    Buf post = {0};
    buf_printf(&pre, "__device__ void %s_post(%s a", F.kname, ctype(rt));
    for (int k = 0; k < n; k++) {
      buf_printf(&pre, ", %s &%s", ctype(out->out_types[k]), out->out_names[k]);
      buf_printf(&post, "%s%s", k ? ", " : "", out->out_names[k]);
    }
    buf_printf(&pre, ") {\n%s r = static_cast<%s>(a);\n", ctype(F.red_out), ctype(F.red_out));
    buf_puts(&pre, F.post.data ? F.post.data : "");
    buf_puts(&pre, assign.data);
    buf_puts(&pre, "}\n");
    out->post_map_expr = arena_printf(&c->arena, "%s_post(a, %s)", F.kname, post.data);
    buf_free(&post);
    out->has_identity = r->minmax == 0;
    out->naxes = F.naxes;
    memcpy(out->axes, F.axes, sizeof F.axes);
    out->axis_none = F.axis_none;
  }
  out->preamble = arena_strndup(&c->arena, pre.data ? pre.data : "", pre.len);
  buf_free(&pre);
  buf_free(&assign);
done:
  buf_free(&F.pre);
  buf_free(&F.post);
  S->scope = saved_scope;
  S->fs = saved_fs;
  return c->nerrors == errors;
}

/* ---------------------------------------------------------------- kernels of the unit */

/* The body's first return statement (in source order, ifs included), or NULL: its value
   gives a fuse kernel's outputs. */
static const Node *first_return(const Node *body) {
  for (const Node *st = body; st; st = st->next) {
    if (st->kind == ND_RETURN)
      return st;
    const Node *r = st->kind == ND_IF ? first_return(st->then) : NULL;
    if (r || (st->kind == ND_IF && (r = first_return(st->els))))
      return r;
  }
  return NULL;
}

void sema_fuse_def(Sema *S, Node *def, const char *kernel_name, bool newfusion, Scope *scope,
                   Func ***tail) {
  Ctx *c = S->c;
  FuseInfo *fi = arena_alloc(&c->arena, sizeof *fi);
  fi->kname = kernel_name ? kernel_name : def->name;
  fi->newfusion = newfusion;
  Form *form = arena_alloc(&c->arena, sizeof *form);
  form->kind = FORM_FUSE;
  form->name = fi->kname;
  form->loc = def->loc;
  form->reduce_dims = true;
  form->fuse_def = def;
  form->fuse = fi;
  /* the parameters as a call passes them: the function's, then the outputs (their dtypes
     depend on the call: -1) */
  const Node *ret = first_return(def->body);
  const Node *val = ret && ret->lhs && ret->lhs->kind != ND_NONE ? ret->lhs : NULL;
  int nin = ast_count(def->params);
  int nout = !val ? 0 : val->kind == ND_TUPLE ? ast_count(val->args) : 1;
  form->nin = nin;
  form->nout = nout;
  form->return_tuple = val && val->kind == ND_TUPLE;
  form->params = arena_alloc(&c->arena, sizeof *form->params * (size_t)(nin + nout + 1));
  int i = 0;
  for (Node *prm = def->params; prm; prm = prm->next, i++)
    form->params[i] = (FormParam){.name = prm->name, .dtype = -1, .is_const = true,
                                  .loc = prm->loc};
  for (int k = 0; k < nout; k++)
    form->params[nin + k] = (FormParam){
        .name = !form->return_tuple ? intern_cstr(&c->names, "out")
                          : intern_cstr(&c->names, arena_printf(&c->arena, "out%d", k)),
        .dtype = -1, .is_out = true, .loc = def->loc};
  Form **ft = &S->p->forms;
  while (*ft)
    ft = &(*ft)->next;
  *ft = form;
  Func *f = arena_alloc(&c->arena, sizeof *f);
  f->name = kernel_name ? kernel_name : def->str ? intern_cstr(&c->names, def->str) : def->name;
  f->pyname = def->name;
  f->def = def;
  f->is_kernel = true;
  f->form = form;
  f->cbase = kernel_name;                          /* CuPy names the CUDA function so */
  f->scope = scope;
  f->seq = S->seq;
  f->mode = MODE_NUMPY;                            /* run's literals: Python's int, float */
  **tail = f;
  *tail = &f->next;
}

static FormStr form_str(const char *s, Loc loc) {
  return (FormStr){.s = s ? s : "", .len = s ? strlen(s) : 0, .loc = loc, .given = s != NULL};
}

/* The argument types as CuPy's fuse sees them: a scalar of type int64, float64 or bool is
   a Python int, float or bool (weak), any other scalar a numpy scalar. */
static FuseArg fuse_arg(const Type *t) {
  if (t->kind == TY_ARRAY)
    return (FuseArg){.dtype = t->elem->kind, .ndim = t->ndim};
  return (FuseArg){.dtype = t->kind, .ndim = -1,
                   .weak = t->kind == TY_INT64 || t->kind == TY_FLOAT64 || t->kind == TY_BOOL};
}

Spec *fuse_specialise(Ctx *c, Program *p, Func *f, Type **ptypes, int n) {
  FuseInfo *fi = f->form->fuse;
  for (FuseSpecs *s = fi->specs; s; s = s->next) {  /* n: all the types given */
    bool same = s->n == n;
    for (int i = 0; same && i < n; i++)
      same = ty_equal(s->ptypes[i], ptypes[i]);
    if (same)
      return s->spec;
  }
  int np = f->form->nin, given = n - np;           /* outputs given with the inputs */
  if ((n != np && n != np + f->form->nout) || np > 64) {
    diag_plain(c, "fuse kernel '%s' takes %d argument%s, got %d (its outputs are allocated)",
               f->name, np, np == 1 ? "" : "s", n);
    return NULL;
  }
  n = np;
  FuseArg args[64];
  for (int i = 0; i < n; i++) {
    if (ptypes[i]->kind != TY_ARRAY && !ty_is_scalar(ptypes[i])) {
      diag_plain(c, "fuse kernel '%s': argument %d must be an array or a scalar, got %s",
                 f->name, i + 1, ty_str(c, ptypes[i]));
      return NULL;
    }
    args[i] = fuse_arg(ptypes[i]);
  }
  FuseCode *fc = arena_alloc(&c->arena, sizeof *fc);
  int view_out_ndim = given > 0 && ptypes[np]->kind == TY_ARRAY ? ptypes[np]->ndim : -1;
  if (!sema_fuse(c, p, f, args, n, view_out_ndim, fc))
    return NULL;
  /* CuPy's fuse hands these strings to ElementwiseKernel / ReductionKernel */
  Form *e = arena_alloc(&c->arena, sizeof *e);
  *e = *f->form;
  e->kind = fc->reduce ? FORM_REDUCTION : FORM_ELEMENTWISE;
  e->next = NULL;
  e->nin = n;
  e->nout = fc->nout;
  e->params = arena_alloc(&c->arena, sizeof *e->params * (size_t)(n + fc->nout));
  Type **full = arena_alloc(&c->arena, sizeof *full * (size_t)(n + fc->nout));
  int ndim = 0;
  for (int i = 0; i < n; i++) {
    ndim = args[i].ndim > ndim ? args[i].ndim : ndim;
    e->params[i] = (FormParam){.name = fc->in_names[i], .dtype = (int)args[i].dtype,
                               .is_const = true, .loc = f->def->loc};
    full[i] = ptypes[i];
  }
  int out_ndim = fc->reduce ? ndim - fc->naxes : ndim;
  if (given > 0 && given != fc->nout) {
    diag_plain(c, "fuse kernel '%s' has %d output%s, got %d", f->name, fc->nout,
               fc->nout == 1 ? "" : "s", given);
    return NULL;
  }
  for (int i = 0; i < n; i++)                      /* one index space: the arrays are */
    if (full[i]->kind == TY_ARRAY)                 /* broadcast to ndim dims */
      full[i] = ty_array(c, full[i]->elem, ndim, false);
  for (int k = 0; k < fc->nout; k++) {
    e->params[n + k] = (FormParam){.name = fc->out_names[k], .dtype = (int)fc->out_types[k],
                                   .is_out = true, .loc = f->def->loc};
    full[n + k] = ty_array(c, ty_scalar(fc->out_types[k]), out_ndim, false);
    const Type *t = given > 0 ? ptypes[n + k] : NULL;
    if (t && (t->kind != TY_ARRAY || t->elem->kind != fc->out_types[k])) {
      diag_plain(c, "fuse kernel '%s': output '%s' is %s, the function returns %s there",
                 f->name, fc->out_names[k], ty_str(c, t), dtype_name(fc->out_types[k]));
      return NULL;
    }
    if (t)                                         /* the caller's view (reduce_dims) */
      full[n + k] = (Type *)t;
  }
  Loc at = f->def->loc;
  e->in_spec = form_str(fc->in_params, at);
  e->out_spec = form_str(fc->out_params, at);
  e->preamble = form_str(fc->preamble, at);
  e->return_tuple = fc->return_tuple;
  if (fc->reduce) {
    e->map_expr = form_str(fc->map_expr, at);
    e->reduce_expr = form_str(fc->reduce_expr, at);
    e->post_map_expr = form_str(fc->post_map_expr, at);
    e->identity = form_str(fc->identity, at);
    e->reduce_type = form_str(fc->reduce_type, at);
    e->fuse_axes = fc->axes;
    e->fuse_naxes = fc->naxes;
    e->fuse_identity = fc->has_identity;
  } else {
    e->operation = form_str(fc->operation, at);
  }
  Func *g = arena_alloc(&c->arena, sizeof *g);
  *g = *f;
  g->form = e;
  g->next = NULL;
  Node *params = NULL;                             /* the kernel's parameters, for headers */
  for (int i = 0; i < n + fc->nout; i++) {
    Node *prm = ast_new(c, ND_PARAM, at);
    prm->name = e->params[i].name;
    params = ast_append(params, prm);
  }
  Node *def = ast_new(c, ND_FUNCDEF, at);
  *def = *f->def;
  def->params = params;
  g->def = def;
  g->specs = f->specs;                             /* f's specialisations are g's */
  Spec *sp = form_specialise(c, p, g, full, n + fc->nout);
  f->specs = g->specs;
  if (!sp)
    return NULL;
  FuseSpecs *s = arena_alloc(&c->arena, sizeof *s);
  s->n = n + (given > 0 ? given : 0);
  s->ptypes = arena_alloc(&c->arena, sizeof *s->ptypes * (size_t)(s->n ? s->n : 1));
  for (int i = 0; i < s->n; i++)
    s->ptypes[i] = ptypes[i];
  s->spec = sp;
  s->next = fi->specs;
  fi->specs = s;
  return sp;
}

/* fuse_specialise for the runtime's questions: the diagnostics become *err. */
static Spec *spec_or_message(Ctx *c, Program *p, Func *f, Type **ptypes, int nin,
                             const char **err) {
  size_t mark = c->diags.len;
  int errors = c->nerrors;
  Spec *sp = fuse_specialise(c, p, f, ptypes, nin);
  if (sp && c->nerrors == errors)
    return sp;
  const char *d = c->diags.data ? c->diags.data + mark : "";
  size_t len = c->diags.len - mark;
  static const char plain[] = "pykc: error: ";     /* diag_plain's prefix */
  if (len >= sizeof plain - 1 && !strncmp(d, plain, sizeof plain - 1))
    d += sizeof plain - 1, len -= sizeof plain - 1;
  while (len && d[len - 1] == '\n')
    len--;
  *err = len ? arena_strndup(&c->arena, d, len) : "it does not compile";
  return NULL;
}

int fuse_axes(Ctx *c, Program *p, Func *f, Type **ptypes, int nin, int *axes, int *naxes,
              bool *identity, const char **err) {
  Spec *sp = spec_or_message(c, p, f, ptypes, nin, err);
  if (!sp)
    return -1;
  const Form *e = sp->fn->form;
  *naxes = e->fuse_axes ? e->fuse_naxes : 0;
  for (int i = 0; i < *naxes; i++)
    axes[i] = e->fuse_axes[i];
  *identity = e->fuse_identity;
  return e->kind == FORM_REDUCTION;
}

bool fuse_dtypes(Ctx *c, Program *p, Func *f, Type **ptypes, int n, int *dtypes,
                 const char **err) {
  int nin = f->form->nin;
  for (int i = 0; i < nin; i++)
    if (!ptypes[i]) {
      *err = arena_printf(&c->arena, "argument '%s' is missing", f->form->params[i].name);
      return false;
    }
  Spec *sp = spec_or_message(c, p, f, ptypes, nin, err);
  if (!sp)
    return false;
  for (int i = 0; i < n; i++) {
    const Type *t = i < sp->nparams ? sp->ptypes[i] : NULL;
    dtypes[i] = !t ? -1 : (int)(t->kind == TY_ARRAY ? t->elem->kind : t->kind);
    const Type *g = i >= nin ? ptypes[i] : NULL;   /* an output the caller gives */
    if (g && (g->kind != TY_ARRAY || (int)g->elem->kind != dtypes[i])) {
      *err = arena_printf(&c->arena, "output '%s' is %s; the function returns %s there",
                          f->form->params[i].name, ty_str(c, g), dtype_info[dtypes[i]].name);
      return false;
    }
  }
  return true;
}
