/*
 * types/ufunc.c: the one table of CuPy's ufuncs (ufunc.h), their loops and routines, the
 * helpers the routines call, and CuPy's choice of a loop for operands' dtypes.
 */
#include "types/ufunc.h"

#include <math.h>

#include <string.h>

/* ---------------------------------------------------------------- loop lists */

/* Loop lists in CuPy's order (type characters as NumPy spells them: l/L 64-bit). */
#define INT1 "b->b B->B h->h H->H i->i I->I l->l L->L"
#define INT2 "bb->b BB->B hh->h HH->H ii->i II->I ll->l LL->L"
#define FLT1 "e->e f->f d->d"
#define FLT2 "ee->e ff->f dd->d"
#define CPX1 "F->F D->D"
#define CPX2 "FF->F DD->D"
#define ARITH2 "?\?->? " INT2 " " FLT2 " " CPX2
#define CMP2 "?\?->? ll->? LL->? lL->? Ll->? ee->? ff->? dd->?"
#define TEST1 "e->? f->? d->? F->? D->?"
#define PART1 "?->? " INT1 " " FLT1 " F->f D->d"

/* ---------------------------------------------------------------- row constructors */

#define CMP(N, OPS)                                                                     \
  {.name = N, .cname = "cupy_" N, .nin = 2, .loops = CMP2 " FF->? DD->?",                \
   .routine = "in0 " OPS " in1", .lL_routine = "in0 < 0 ? in0 " OPS " 0 : in0 " OPS " in1", \
   .Ll_routine = "in1 < 0 ? 0 " OPS " in1 : in0 " OPS " in1", .weak_int_cmp = true}
#define LOGIC(N, OPS)                                                                   \
  {.name = N, .cname = "cupy_" N, .nin = 2, .loops = CMP2,                               \
   .routine = "in0 " OPS " in1", .lL_routine = "in0 < 0 ? in0 " OPS " 0 : in0 " OPS " in1", \
   .Ll_routine = "in1 < 0 ? 0 " OPS " in1 : in0 " OPS " in1", .weak_int_cmp = true}
#define BIT(N, OPS, LOOPS) {.name = N, .cname = "cupy_" N, .nin = 2, .loops = LOOPS, .routine = "in0 " OPS " in1"}
/* create_math_ufunc: out0 = FN(in0[, in1]) for every loop */
#define MATH1(N, FN, LOOPS) {.name = N, .cname = "cupy_" N, .nin = 1, .loops = LOOPS, .routine = FN "(in0)"}
#define MATH2(N, FN) {.name = N, .cname = "cupy_" N, .nin = 2, .loops = FLT2, .routine = FN "(in0, in1)"}
/* _routines_math.pyx's _angle and _angle_deg (cupy.angle(z, deg) calls one of them) */
#define ANGLE(N, C, HALF_TURN, SCALE)                                                   \
  {.name = N, .cname = C, .nin = 1, .loops = "?->d " FLT1 " F->f D->d",                  \
   .routine = "in0 >= 0 ? 0.0 : " #HALF_TURN, .cpx_routine = "arg(in0)" SCALE,           \
   .number = (HALF_TURN)}
/* core.pyx's _round_ufunc, which cupy.around and cupy.round call in fuse (decimals: l) */
#define AROUND(N)                                                                       \
  {.name = N, .cname = "cupy_round", .nin = 2,                                           \
   .loops = "?l->e bl->b Bl->B hl->h Hl->H il->i Il->I ll->l Ll->L el->e fl->f dl->d "   \
            "Fl->F Dl->D",                                                               \
   .routine = "in0", .flt_routine = ROUND_FLOAT, .cpx_routine = ROUND_COMPLEX,           \
   .helpers = UH_POW10}
#define ROUND_FLOAT                                                                     \
  "if (in1 == 0) {\n    out0 = rint(in0);\n} else {\n    double x;\n"                    \
  "    x = pow10<double>(abs(in1));\n"                                                  \
  "    out0 = in1 < 0 ? rint(in0 / x) * x : rint(in0 * x) / x;\n}"
#define ROUND_COMPLEX                                                                   \
  "if (in1 == 0) {\n    out0 = in0_type(rint(in0.real()), rint(in0.imag()));\n} else {\n" \
  "    double x = pow10<double>(abs(in1));\n    if (in1 < 0) {\n"                        \
  "        out0 = in0_type(rint(in0.real() / x) * x,\n"                                 \
  "                        rint(in0.imag() / x) * x);\n    } else {\n"                  \
  "        out0 = in0_type(rint(in0.real() * x) / x,\n"                                 \
  "                        rint(in0.imag() * x) / x);\n    }\n}"
/* cupy/_math/trigonometric.py's deg2rad and rad2deg */
#define DEGREES(N, C, K)                                                                \
  {.name = N, .cname = C, .nin = 1, .loops = FLT1, .routine = "in0 * (out0_type)(" #K ")",  \
   .number = (K)}

#define DIVIDE(N)                                                                       \
  {.name = N, .cname = "cupy_true_divide", .nin = 2,                                     \
   .loops = "ll->d lL->d Ll->d LL->d " FLT2 " " CPX2,                                    \
   .routine = "static_cast<OUT>(in0) / static_cast<OUT>(in1)", .flt_routine = "in0 / in1"}
#define REMAINDER(N)                                                                    \
  {.name = N, .cname = "cupy_remainder", .nin = 2, .loops = INT2 " " FLT2,               \
   .routine = OPS_REMAINDER("in0", "in1", "_floor_divide"),                              \
   .flt_routine = OPS_REMAINDER_FLT("in0", "in1", "_floor_divide(in0, in1)")}
#define INVERT(N)                                                                       \
  {.name = N, .cname = "cupy_invert", .nin = 1, .loops = "?->? " INT1, .routine = "~in0", \
   .bool_routine = "!in0"}
#define ABSOLUTE(N)                                                                     \
  {.name = N, .cname = "cupy_absolute", .nin = 1, .loops = PART1,                        \
   .routine = "in0 > 0 ? in0 : -in0", .cpx_routine = "abs(in0)", .bool_routine = "in0",  \
   .flt_routine = "fabsf(in0)", .dbl_routine = "fabs(in0)"}
#define CONJUGATE(N)                                                                    \
  {.name = N, .cname = "cupy_conjugate", .nin = 1, .loops = INT1 " " FLT1 " " CPX1,      \
   .routine = "in0", .cpx_routine = "conj(in0)"}
#define MINMAX(N, FN)                                                                   \
  {.name = N, .cname = "cupy_" N, .nin = 2, .loops = ARITH2, .routine = FN "(in0, in1)",  \
   .cpx_routine = "isnan(in0) || isnan(in1) ? OUT(__int_as_float(0x7fffffff)) : " FN "(in0, in1)", \
   .flt_routine = "isnan(in0) ? in0 : (isnan(in1) ? in1 : OUT(" FN "(in0, in1)))"}
/* cupy/_math/rounding.py's create_rounding_ufunc: the value itself, FN(in0) for floats */
#define ROUND(N)                                                                        \
  {.name = N, .cname = "cupy_" N, .nin = 1, .loops = "?->? " INT1 " " FLT1, .routine = "in0", \
   .flt_routine = N "(in0)"}
#define FMINMAX(N, FN)                                                                  \
  {.name = N, .cname = "cupy_" N, .nin = 2, .loops = "?\?->? " INT2 " " FLT2,             \
   .routine = FN "(in0, in1)", .flt_routine = N "(in0, in1)"}

static const UFunc ufuncs[] = {
  /* cupy/_core/_routines_math.pyx: arithmetic */
  {.name = "add", .cname = "cupy_add", .nin = 2, .loops = ARITH2, .routine = "in0 + in1",
   .bool_routine = "in0 | in1"},
  {.name = "subtract", .cname = "cupy_subtract", .nin = 2, .loops = ARITH2,
   .routine = "in0 - in1",
   .bool_error = "cupy boolean subtract, the `-` operator, is deprecated, use the "
                 "bitwise_xor, the `^` operator, or the logical_xor function instead."},
  {.name = "multiply", .cname = "cupy_multiply", .nin = 2, .loops = ARITH2,
   .routine = "in0 * in1", .bool_routine = "in0 & in1"},
  DIVIDE("true_divide"), DIVIDE("divide"),
  {.name = "floor_divide", .cname = "cupy_floor_divide", .nin = 2, .loops = INT2 " " FLT2,
   .routine = "_floor_divide(in0, in1)"},
  REMAINDER("remainder"), REMAINDER("mod"),
  {.name = "power", .cname = "cupy_power", .nin = 2,
   .loops = "?\?->b " INT2 " " FLT2 " " CPX2, .routine = "integral_power(in0, in1)",
   .cpx_routine = "in1 == OUT(0) ? OUT(1) : pow(in0, in1)",            /* complex_power */
   .flt_routine = "powf(in0, in1)", .dbl_routine = "pow(in0, in1)", .helpers = UH_POWER},
  {.name = "negative", .cname = "cupy_negative", .nin = 1,
   .loops = "?->? " INT1 " " FLT1 " " CPX1, .routine = "-in0",
   .bool_error = "The cupy boolean negative, the `-` operator, is not supported, use the "
                 "`~` operator or the logical_not function instead."},
  {.name = "positive", .cname = "cupy_positive", .nin = 1,
   .loops = "?->? " INT1 " " FLT1 " " CPX1, .routine = "+in0",
   .bool_error = "The cupy boolean positive is not supported."},
  /* cupy/_core/_routines_logic.pyx, _kernel.pyx's comparisons */
  CMP("greater", ">"), CMP("greater_equal", ">="), CMP("less", "<"),
  CMP("less_equal", "<="), CMP("equal", "=="), CMP("not_equal", "!="),
  LOGIC("logical_and", "&&"), LOGIC("logical_or", "||"),
  {.name = "logical_not", .cname = "cupy_logical_not", .nin = 1,
   .loops = "?->? b->? B->? h->? H->? i->? I->? l->? L->? e->? f->? d->?", .routine = "!in0"},
  {.name = "logical_xor", .cname = "cupy_logical_xor", .nin = 2,
   .loops = "?\?->? bb->? BB->? hh->? HH->? ii->? II->? ll->? LL->? ee->? ff->? dd->?",
   .routine = "!in0 != !in1"},
  /* cupy/_binary/elementwise.py */
  BIT("bitwise_and", "&", "?\?->? " INT2), BIT("bitwise_or", "|", "?\?->? " INT2),
  BIT("bitwise_xor", "^", "?\?->? " INT2), BIT("left_shift", "<<", INT2),
  BIT("right_shift", ">>", INT2),
  INVERT("invert"), INVERT("bitwise_not"),
  /* cupy/_math/misc.py, cupy/_sorting, cupy/_logic */
  MINMAX("maximum", "max"), MINMAX("minimum", "min"),
  FMINMAX("fmax", "max"), FMINMAX("fmin", "min"),
  {.name = "where", .cname = "cupy_where", .nin = 3,
   .loops = "??\?->? ?bb->b ?BB->B ?hh->h ?HH->H ?ii->i ?II->I ?ll->l ?LL->L ?ee->e "
            "?ff->f ?dd->d ?FF->F ?DD->D",
   .routine = "in0 ? in1 : in2"},
  {.name = "clip", .cname = "cupy_clip", .nin = 3,
   .loops = "??\?->? bbb->b BBB->B hhh->h HHH->H iii->i III->I lll->l LLL->L eee->e "
            "fff->f ddd->d",
   .routine = "in1 > in2 ? in2 : (in0 < in1 ? in1 : (in0 > in2 ? in2 : in0))"},
  ABSOLUTE("absolute"), ABSOLUTE("abs"),
  /* cupy_conjugate; cupy/_math/arithmetic.py's _real_ufunc and _imag_ufunc, which
     fusion calls for cp.real / cp.imag, and _angle */
  CONJUGATE("conjugate"), CONJUGATE("conj"),
  {.name = "real", .cname = "cupy_real", .nin = 1, .loops = PART1, .routine = "in0",
   .cpx_routine = "in0.real()"},
  {.name = "imag", .cname = "cupy_imag", .nin = 1, .loops = PART1, .routine = "0",
   .cpx_routine = "in0.imag()"},
  ANGLE("angle", "cupy_angle", M_PI, ""), ANGLE("_core.angle_deg", "cupy_angle_deg", 180.0,
                                                " * (180.0 / M_PI)"),
  {.name = "square", .cname = "cupy_square", .nin = 1, .loops = INT1 " " FLT1 " " CPX1,
   .routine = "in0 * in0"},
  {.name = "fabs", .cname = "cupy_fabs", .nin = 1, .loops = FLT1, .routine = "abs(in0)"},
  /* cupy/_math/misc.py's sign (the float routine as one expression), arithmetic.py's
     reciprocal */
  {.name = "sign", .cname = "cupy_sign", .nin = 1, .loops = INT1 " " FLT1,
   .routine = "(in0 > 0) - (in0 < 0)",
   .flt_routine = "(in0 < 0 || in0 > 0) ? copysign(OUT(1), in0) : in0 - in0"},
  {.name = "reciprocal", .cname = "cupy_reciprocal", .nin = 1,
   .loops = INT1 " " FLT1 " F->F D->D", .routine = "in0 == 0 ? 0 : (1 / in0)",
   .flt_routine = "1 / in0", .cpx_routine = "in0_type(1) / in0"},
  ROUND("floor"), ROUND("ceil"), ROUND("trunc"),
  {.name = "fix", .cname = "cupy_fix", .nin = 1, .loops = "?->? " INT1 " " FLT1,
   .routine = "in0", .flt_routine = "(in0 >= 0.0) ? floor(in0) : ceil(in0)"},
  AROUND("around"), AROUND("round"),
  /* cupy/_math/arithmetic.py's fmod, float_power, modf; core.pyx's divmod */
  {.name = "fmod", .cname = "cupy_fmod", .nin = 2, .loops = INT2 " " FLT2,
   .routine = "in1 == 0 ? 0 : fmod((double)in0, (double)in1)", .flt_routine = "fmodf(in0, in1)",
   .dbl_routine = "fmod(in0, in1)"},
  {.name = "float_power", .cname = "cupy_float_power", .nin = 2, .loops = "dd->d FF->D DD->D",
   .routine = "pow(in0, in1)", .cpx_routine = "in1 == in1_type(0) ? in1_type(1): pow(in0, in1)"},
  {.name = "modf", .cname = "cupy_modf", .nin = 1, .nout = 2, .loops = "e->ee f->ff d->dd",
   .routine = "float iptr; out0 = modff(in0, &iptr); out1 = iptr",
   .dbl_routine = "double iptr; out0 = modf(in0, &iptr); out1 = iptr"},
  {.name = "divmod", .cname = "cupy_divmod", .nin = 2, .nout = 2,
   .loops = "bb->bb BB->BB hh->hh HH->HH ii->ii II->II ll->ll LL->LL ee->ee ff->ff dd->dd",
   .routine = "if (in1 == 0) {\n    out0 = 0;\n    out1 = 0;\n} else {\n"
              "    out0_type a = _floor_divide(in0, in1);\n    out0 = a;\n"
              "    out1 = in0 - a * in1;\n}",
   .flt_routine = "out0_type a = _floor_divide(in0, in1);\nout0 = a;\nout1 = in0 - a * in1"},
  /* cupy/_math/explog.py */
  {.name = "logaddexp", .cname = "cupy_logaddexp", .nin = 2, .loops = FLT2,
   .routine = "if (in0 == in1) {\n    /* Handles infinities of the same sign */\n"
              "    out0 = in0 + log(2.0);\n} else {\n"
              "    out0 = fmax(in0, in1) + log1p(exp(-fabs(in0 - in1)));\n}"},
  {.name = "logaddexp2", .cname = "cupy_logaddexp2", .nin = 2, .loops = FLT2,
   .routine = "if (in0 == in1) {\n    /* Handles infinities of the same sign */\n"
              "    out0 = in0 + 1.0;\n} else {\n"
              "    out0 = fmax(in0, in1) + log2(1 + exp2(-fabs(in0 - in1)));\n}"},
  /* cupy/_math/trigonometric.py (degrees, radians: aliases) */
  DEGREES("deg2rad", "cupy_deg2rad", M_PI / 180),
  DEGREES("radians", "cupy_deg2rad", M_PI / 180),
  DEGREES("rad2deg", "cupy_rad2deg", 180 / M_PI),
  DEGREES("degrees", "cupy_rad2deg", 180 / M_PI),
  /* cupy/_math/misc.py's heaviside, special.py's sinc and i0 (its F/D loops call a
     cyl_bessel_i0 no complex<T> has: NVRTC refuses them, so they are left out) */
  {.name = "heaviside", .cname = "cupy_heaviside", .nin = 2, .loops = FLT2,
   .routine = "if (isnan(in0)) {\n    out0 = in0;\n} else if (in0 == 0) {\n    out0 = in1;\n"
              "} else {\n    out0 = (in0 > 0);\n}"},
  {.name = "sinc", .cname = "cupy_sinc", .nin = 1, .loops = FLT1 " " CPX1,
   .routine = "abs(in0) > 1e-9 ? sinpi(in0) / (M_PI * in0) : 1",
   .cpx_routine = "in0_type pi_in0 = (in0_type) M_PI * in0;"
                  "out0 = abs(in0) > 1e-9 ? sin(pi_in0) / (pi_in0) : 1"},
  MATH1("i0", "cyl_bessel_i0", FLT1),
  /* cupy/_math/floating.py (nextafter's F/D loops: as i0's) */
  MATH1("signbit", "signbit", "e->? f->? d->?"),
  {.name = "ldexp", .cname = "cupy_ldexp", .nin = 2,
   .loops = "ei->e fi->f el->e fl->f di->d dl->d", .routine = "ldexp(in0, in1)"},
  {.name = "frexp", .cname = "cupy_frexp", .nin = 1, .nout = 2, .loops = "e->ei f->fi d->di",
   .routine = "int nptr; out0 = frexp(in0, &nptr); out1 = nptr"},
  MATH2("nextafter", "nextafter"),
  /* cupy/_math/rational.py, _routines_binary.pyx's bitwise_count */
  {.name = "gcd", .cname = "cupy_gcd", .nin = 2, .loops = "?\?->? " INT2,
   .routine = "gcd(in0, in1)", .bool_error = "gcd cannot be computed with boolean arrays",
   .helpers = UH_GCD},
  {.name = "lcm", .cname = "cupy_lcm", .nin = 2, .loops = "?\?->? " INT2,
   .routine = "lcm(in0, in1)", .bool_error = "lcm cannot be computed with boolean arrays",
   .helpers = UH_GCD | UH_LCM},
  {.name = "bitwise_count", .cname = "cupy_bitwise_count", .nin = 1,
   .loops = "b->B B->B h->B H->B i->B I->B l->B L->B", .routine = "_cupy_bitcount(in0)",
   .helpers = UH_BITCOUNT},
  /* cupy/_logic/content.py's _create_float_test_ufunc */
  MATH1("isnan", "isnan", TEST1), MATH1("isinf", "isinf", TEST1),
  MATH1("isfinite", "isfinite", TEST1),
  /* create_math_ufunc's (cupy/_math/explog.py, trigonometric.py, hyperbolic.py,
     rounding.py, misc.py) */
  MATH1("sqrt", "sqrt", FLT1 " " CPX1), MATH1("exp", "exp", FLT1 " " CPX1),
  MATH1("exp2", "exp2", FLT1 " " CPX1), MATH1("expm1", "expm1", FLT1 " " CPX1),
  MATH1("log", "log", FLT1 " " CPX1), MATH1("log2", "log2", FLT1 " " CPX1),
  MATH1("log10", "log10", FLT1 " " CPX1), MATH1("log1p", "log1p", FLT1 " " CPX1),
  MATH1("sin", "sin", FLT1 " " CPX1), MATH1("cos", "cos", FLT1 " " CPX1),
  MATH1("tan", "tan", FLT1 " " CPX1), MATH1("arcsin", "asin", FLT1 " " CPX1),
  MATH1("arccos", "acos", FLT1 " " CPX1), MATH1("arctan", "atan", FLT1 " " CPX1),
  MATH1("sinh", "sinh", FLT1 " " CPX1), MATH1("cosh", "cosh", FLT1 " " CPX1),
  MATH1("tanh", "tanh", FLT1 " " CPX1), MATH1("arcsinh", "asinh", FLT1 " " CPX1),
  MATH1("arccosh", "acosh", FLT1 " " CPX1), MATH1("arctanh", "atanh", FLT1 " " CPX1),
  MATH1("rint", "rint", FLT1), MATH1("cbrt", "cbrt", FLT1),
  MATH2("arctan2", "atan2"), MATH2("hypot", "hypot"), MATH2("copysign", "copysign"),
  /* cupy/_core/_ufuncs.py's elementwise_copy (cupy.copy, x.copy(), x[:] = v in fuse) */
  {.name = "copy", .cname = "cupy_copy", .nin = 1, .loops = "?->? " INT1 " " FLT1 " " CPX1,
   .routine = "in0"},
  /* cupyx/_rsqrt.py (its F/D loops call an rsqrt that no complex<T> has: NVRTC refuses
     them, so they are left out) */
  {.name = "cupyx.rsqrt", .cname = "cupy_rsqrt", .nin = 1, .loops = FLT1,
   .routine = "rsqrt(in0)"},
};

/* NumPy 2's other names of ufuncs, which CuPy 14 binds too (cupy/__init__.py: `atan2 =
   arctan2`, `pow = power`, ...): the same ufunc, in kernels and in fuse. */
static const struct {
  const char *alias, *name;
} aliases[] = {
  {"acos", "arccos"}, {"asin", "arcsin"}, {"atan", "arctan"}, {"atan2", "arctan2"},
  {"acosh", "arccosh"}, {"asinh", "arcsinh"}, {"atanh", "arctanh"}, {"pow", "power"},
  {"bitwise_invert", "invert"}, {"bitwise_left_shift", "left_shift"},
  {"bitwise_right_shift", "right_shift"},
};

const char *ufunc_alias(const char *name) {
  for (size_t i = 0; i < sizeof aliases / sizeof *aliases; i++)
    if (!strcmp(aliases[i].alias, name))
      return aliases[i].name;
  return NULL;
}

const UFunc *ufunc_find(const char *name) {
  for (size_t i = 0; i < sizeof ufuncs / sizeof *ufuncs; i++)
    if (!strcmp(ufuncs[i].name, name))
      return &ufuncs[i];
  const char *same = ufunc_alias(name);
  return same ? ufunc_find(same) : NULL;
}

const char *const ufunc_of_op[OP_COUNT] = {
  [OP_ADD] = "add", [OP_SUB] = "subtract", [OP_MUL] = "multiply",
  [OP_DIV] = "true_divide", [OP_FLOORDIV] = "floor_divide", [OP_MOD] = "remainder",
  [OP_POW] = "power", [OP_LSHIFT] = "left_shift", [OP_RSHIFT] = "right_shift",
  [OP_BITAND] = "bitwise_and", [OP_BITOR] = "bitwise_or", [OP_BITXOR] = "bitwise_xor",
  [OP_NEG] = "negative", [OP_INVERT] = "invert",
  [OP_EQ] = "equal", [OP_NE] = "not_equal", [OP_LT] = "less", [OP_LE] = "less_equal",
  [OP_GT] = "greater", [OP_GE] = "greater_equal",
};

/* ---------------------------------------------------------------- loop selection */

bool ufunc_nth_loop(const char *loops, int nin, int i, Loop *l) {
  const char *p = loops;
  for (int k = 0; k < i && p; k++) {
    p = strchr(p, ' ');
    if (p)
      p++;
  }
  if (!p || !*p)
    return false;
  for (int j = 0; j < nin; j++)
    l->in[j] = type_of_char(p[j]);
  l->out = type_of_char(p[nin + 2]);
  l->out1 = p[nin + 3] && p[nin + 3] != ' ' ? type_of_char(p[nin + 3]) : TY_ERROR;
  l->types = p;
  l->index = i;
  return true;
}

bool ufunc_loops_valid(const char *loops, int *nin, int *nout) {
  *nin = *nout = -1;
  for (const char *p = loops; *p;) {
    size_t len = strcspn(p, " ");
    const char *arrow = strstr(p, "->");
    if (!arrow || arrow > p + len)
      return false;
    int i = (int)(arrow - p), o = (int)(p + len - arrow - 2);
    if (i < 1 || i > 3 || o < 1 || o > 2 || (*nin >= 0 && (i != *nin || o != *nout)))
      return false;
    *nin = i, *nout = o;
    for (const char *c = p; c < p + len; c++)
      if (c != arrow && c != arrow + 1 && type_of_char(*c) == TY_VOID)
        return false;
    p += len;
    if (*p && !*++p)
      return false;                                /* a space at the end */
  }
  return *nin > 0;
}

/* CuPy's _get_kind_score: bool 0, integers 1, floats 2, complex 3. */
static int kind_score(TypeKind k) { return (int)type_py_kind(k) - PY_BOOL; }

bool ufunc_select(const UFunc *u, const TypeKind *in, const PyKind *weak_in, bool weak_check,
                  Loop *out) {
  PyKind weak[3];
  int max_array = -1, max_scalar = -1;
  for (int i = 0; i < u->nin; i++) {
    weak[i] = weak_in[i];
    if (weak[i])
      max_scalar = max_scalar > (int)weak[i] - PY_BOOL ? max_scalar : (int)weak[i] - PY_BOOL;
    else
      max_array = max_array > kind_score(in[i]) ? max_array : kind_score(in[i]);
  }
  if (weak_check && !(max_scalar >= 0 && max_array >= 0 && max_array >= max_scalar))
    for (int i = 0; i < u->nin; i++)
      weak[i] = PY_NONE;
  if (u->weak_int_cmp) {                           /* promote_weak_int */
    if (weak[0] == PY_INT && !weak[1] && type_is_int(in[1]))
      weak[0] = PY_NONE;
    else if (weak[1] == PY_INT && !weak[0] && type_is_int(in[0]))
      weak[1] = PY_NONE;
  }
  Loop l;
  for (int i = 0; ufunc_nth_loop(u->loops, u->nin, i, &l); i++) {
    bool ok = true;
    for (int j = 0; j < u->nin && ok; j++)
      ok = type_can_cast(in[j], l.in[j]) || (weak[j] && type_weak_keeps(weak[j], l.in[j]));
    if (ok) {
      *out = l;
      return true;
    }
  }
  return false;
}

bool ufunc_routine_is_stmt(const char *r) {
  for (const char *p = strstr(r, "out0"); p; p = strstr(p + 1, "out0"))
    if ((p == r || !(p[-1] == '_' || (p[-1] >= 'a' && p[-1] <= 'z'))) && p[4] != '_')
      return true;
  return false;
}

bool ufunc_takes(const UFunc *u, bool (*is)(TypeKind)) {
  Loop l;
  for (int i = 0; ufunc_nth_loop(u->loops, u->nin, i, &l); i++)
    if (is(l.in[0]))
      return true;
  return false;
}

const char *ufunc_routine(const UFunc *u, const Loop *l) {
  TypeKind t = l->in[0];                           /* (where's ?ff->f has none of these) */
  char t0 = l->types[0], t1 = u->nin > 1 ? l->types[1] : 0;
  if (u->declared)
    return u->loop_routines && u->loop_routines[l->index] ? u->loop_routines[l->index]
                                                          : u->routine;
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
  return u->routine;
}

/* ---------------------------------------------------------------- preamble helpers */

/* The helpers whose text is fixed, by bit (UH_*): CuPy's preambles. */
static const char *const helper_texts[UFUNC_NHELPERS] = {
  [0] = "template <typename T> __device__ T integral_power(T in0, T in1) {\n" /* _routines_math */
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
  [1] = "template <typename T> inline __device__ T gcd(T in0, T in1) {\n"   /* rational.py */
        "  T r;\n"
        "  while (in1 != 0) {\n"
        "    r = in0 % in1;\n"
        "    in0 = in1;\n"
        "    in1 = r;\n"
        "  }\n"
        "  if (in0 < 0)\n"
        "    return -in0;\n"
        "  return in0;\n"
        "}\n",
  [2] = "template <typename T> inline __device__ T lcm(T in0, T in1) {\n"
        "  T r = gcd(in0, in1);\n"
        "  if (r == 0)\n"
        "    return 0;\n"
        "  r = in0 / r * in1;\n"
        "  if (r < 0)\n"
        "    return -r;\n"
        "  return r;\n"
        "}\n",
  /* _routines_binary.pyx's _cupy_bitcount without C++17: the 1-bits of |x| in 32 bits
     (64 for 8-byte types) */
  [3] = "template <typename T> __device__ inline int _cupy_bitcount(T x) {\n"
        "  unsigned long long ux = (unsigned long long)x;\n"
        "  if (x < (T)0)\n"
        "    ux = 0ull - ux;\n"
        "  return sizeof(T) <= 4 ? __popc((unsigned int)ux) : __popcll(ux);\n"
        "}\n",
  [4] = "template<typename T> __device__ T pow10(long long n){\n"          /* core.pyx */
        "  T x = 1, a = 10;\n"
        "  while (n) {\n"
        "    if (n & 1) x *= a;\n"
        "    a *= a;\n"
        "    n >>= 1;\n"
        "  }\n"
        "  return x;\n"
        "};\n",
};

void ufunc_helper_text(int h, Buf *o) {
  buf_puts(o, helper_texts[h]);
}
