/*
 * fuse_loops.c: the tables of @cupy.fuse (fuse.h): CuPy's ufuncs with their
 * loops and routines, the operators as the ufuncs they call, the reductions, and the
 * choice of a loop for operands' dtypes (_Ops._guess_routine_from_in_types with NumPy
 * 2's weak Python scalars), the routine's text for the chosen loop.
 */
#include "fuse.h"

#include <string.h>

/* ---------------------------------------------------------------- the ufunc table */

/* Loop lists in CuPy's order (type characters as in builtins.c: l/L 64-bit). */
#define INT2 "bb->b BB->B hh->h HH->H ii->i II->I ll->l LL->L"
#define FLT2 "ee->e ff->f dd->d"
#define CPX2 "FF->F DD->D"
#define ARITH2 "?\?->? " INT2 " " FLT2 " " CPX2
#define CMP2 "?\?->? ll->? LL->? lL->? Ll->? ee->? ff->? dd->?"
#define INT1 "b->b B->B h->h H->H i->i I->I l->l L->L"

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
   .cpx_routine = "in1 == OUT(0) ? OUT(1) : pow(in0, in1)",            /* complex_power */
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
   .cpx_routine = "isnan(in0) || isnan(in1) ? OUT(__int_as_float(0x7fffffff)) : max(in0, in1)",
   .flt_routine = "isnan(in0) ? in0 : (isnan(in1) ? in1 : OUT(max(in0, in1)))"},
  {.name = "minimum", .cname = "cupy_minimum", .nin = 2, .loops = ARITH2,
   .routine = "min(in0, in1)",
   .cpx_routine = "isnan(in0) || isnan(in1) ? OUT(__int_as_float(0x7fffffff)) : min(in0, in1)",
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
   .cpx_routine = "abs(in0)",
   .bool_routine = "in0", .flt_routine = "fabsf(in0)", .dbl_routine = "fabs(in0)"},
  {.name = "abs", .cname = "cupy_absolute", .nin = 1,
   .loops = "?->? " INT1 " e->e f->f d->d F->f D->d", .routine = "in0 > 0 ? in0 : -in0",
   .cpx_routine = "abs(in0)",
   .bool_routine = "in0", .flt_routine = "fabsf(in0)", .dbl_routine = "fabs(in0)"},
  /* cupy_conjugate; cupy/_math/arithmetic.py's _real_ufunc and _imag_ufunc, which
     fusion calls for cp.real / cp.imag */
  {.name = "conjugate", .cname = "cupy_conjugate", .nin = 1,
   .loops = INT1 " e->e f->f d->d F->F D->D", .routine = "in0", .cpx_routine = "conj(in0)"},
  {.name = "conj", .cname = "cupy_conjugate", .nin = 1,
   .loops = INT1 " e->e f->f d->d F->F D->D", .routine = "in0", .cpx_routine = "conj(in0)"},
  {.name = "real", .cname = "cupy_real", .nin = 1,
   .loops = "?->? " INT1 " e->e f->f d->d F->f D->d", .routine = "in0",
   .cpx_routine = "in0.real()"},
  {.name = "imag", .cname = "cupy_imag", .nin = 1,
   .loops = "?->? " INT1 " e->e f->f d->d F->f D->d", .routine = "0",
   .cpx_routine = "in0.imag()"},
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

const UFunc *fuse_ufunc(const char *name) {
  for (size_t i = 0; i < sizeof ufuncs / sizeof *ufuncs; i++)
    if (!strcmp(ufuncs[i].name, name))
      return &ufuncs[i];
  return NULL;
}

/* The operators as the ufuncs Python's dunder methods call. */
const char *const fuse_op_ufunc[OP_COUNT] = {
  [OP_ADD] = "add", [OP_SUB] = "subtract", [OP_MUL] = "multiply",
  [OP_DIV] = "true_divide", [OP_FLOORDIV] = "floor_divide", [OP_MOD] = "remainder",
  [OP_POW] = "power", [OP_LSHIFT] = "left_shift", [OP_RSHIFT] = "right_shift",
  [OP_BITAND] = "bitwise_and", [OP_BITOR] = "bitwise_or", [OP_BITXOR] = "bitwise_xor",
  [OP_NEG] = "negative", [OP_INVERT] = "invert",
  [OP_EQ] = "equal", [OP_NE] = "not_equal", [OP_LT] = "less", [OP_LE] = "less_equal",
  [OP_GT] = "greater", [OP_GE] = "greater_equal",
};

/* The reductions (fuse.h's Reduction). */
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

const Reduction *fuse_reduction(const char *name) {
  for (size_t i = 0; i < sizeof reductions / sizeof *reductions; i++)
    if (!strcmp(reductions[i].name, name))
      return &reductions[i];
  return NULL;
}

/* Methods the new fusion's proxies have (_fusion_interface.py): reductions. */
bool fuse_is_method_reduction(const char *name) {
  static const char *const m[] = {"sum", "prod", "max", "min", "all", "any"};
  for (size_t i = 0; i < sizeof m / sizeof *m; i++)
    if (!strcmp(m[i], name))
      return true;
  return false;
}

/* ---------------------------------------------------------------- dtype rules */

TypeKind fuse_loop_type(char ch) {
  static const char chars[] = "?bBhHiIlLefdFD";
  const char *p = strchr(chars, ch);
  return p && ch ? (TypeKind)(TY_BOOL + (p - chars)) : TY_VOID;
}

/* numpy.can_cast(a, b, 'safe') */
bool fuse_can_cast(TypeKind a, TypeKind b) { return sema_numpy_result(a, b) == b; }

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

/* ---------------------------------------------------------------- loop selection */

/* The i-th loop of a list ("ff->f ll->d"), false past the end. */
bool fuse_nth_loop(const char *loops, int nin, int i, Loop *l) {
  const char *p = loops;
  for (int k = 0; k < i && p; k++) {
    p = strchr(p, ' ');
    if (p)
      p++;
  }
  if (!p || !*p)
    return false;
  for (int j = 0; j < nin; j++)
    l->in[j] = fuse_loop_type(p[j]);
  l->out = fuse_loop_type(p[nin + 2]);
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
bool fuse_guess_loop(Fuse *F, const UFunc *u, const FVal *in, Loop *out) {
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
  for (int i = 0; fuse_nth_loop(loops, u->nin, i, &l); i++) {
    bool ok = true;
    for (int j = 0; j < u->nin && ok; j++)
      ok = fuse_can_cast(in[j].dt, l.in[j]) || (weak[j] && weak_keeps(weak[j], l.in[j]));
    if (ok) {
      *out = l;
      return true;
    }
  }
  return false;
}
/* CuPy's routine with in0..in2 and OUT replaced. */
const char *fuse_substitute(Fuse *F, const char *routine, const char **ins, TypeKind out) {
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
      buf_puts(&b, fuse_ctype(out));
      p += 3;
    } else {
      buf_printf(&b, "%c", *p++);
    }
  }
  const char *s = arena_strndup(&F->c->arena, b.data ? b.data : "", b.len);
  buf_free(&b);
  return s;
}

const char *fuse_routine_for(Fuse *F, const UFunc *u, const Loop *l) {
  TypeKind t = l->in[u->nin - 1];
  char t0 = l->types[0], t1 = u->nin > 1 ? l->types[1] : 0;
  if (type_is_complex(l->in[0]) && u->cpx_routine)
    return u->cpx_routine;
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

/* ---------------------------------------------------------------- preamble helpers */

const char *const fuse_helper_code[FUSE_NHELPERS] = {
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
