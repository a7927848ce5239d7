/*
 * ops.c: the operators' spellings and the Python-semantics helpers' names and the type
 * each instance works in (lower.c chooses helpers, the emitters print them, the builtin
 * table names them per loop).
 */
#include "types.h"

const char *const op_spelling[OP_COUNT] = {
    [OP_NONE] = "",        [OP_ADD] = "+",       [OP_SUB] = "-",        [OP_MUL] = "*",
    [OP_DIV] = "/",        [OP_FLOORDIV] = "//", [OP_MOD] = "%",        [OP_POW] = "**",
    [OP_LSHIFT] = "<<",    [OP_RSHIFT] = ">>",   [OP_BITAND] = "&",     [OP_BITOR] = "|",
    [OP_BITXOR] = "^",     [OP_MATMUL] = "@",    [OP_NEG] = "-",        [OP_POS] = "+",
    [OP_INVERT] = "~",     [OP_NOT] = "not",     [OP_AND] = "and",      [OP_OR] = "or",
    [OP_EQ] = "==",        [OP_NE] = "!=",       [OP_LT] = "<",         [OP_LE] = "<=",
    [OP_GT] = ">",         [OP_GE] = ">=",       [OP_IS] = "is",        [OP_ISNOT] = "is not",
    [OP_IN] = "in",        [OP_NOTIN] = "not in",
};

const char *const helper_names[HK_COUNT] = {
  [HK_FLOORDIV] = "floordiv", [HK_MOD] = "mod",     [HK_DIVZ] = "div",
  [HK_MODZ] = "rem",          [HK_POW] = "pow",     [HK_MIN] = "min",
  [HK_MAX] = "max",           [HK_FMIN] = "fmin",   [HK_FMAX] = "fmax",
  [HK_ABS] = "abs",           [HK_SIGN] = "sign",   [HK_SQUARE] = "square",
  [HK_RECIP] = "reciprocal",  [HK_FMOD] = "fmod",   [HK_LOGADDEXP] = "logaddexp",
  [HK_CMP64] = "cmp",         [HK_SHL] = "shl",     [HK_SHR] = "shr",
  [HK_CMAKE] = "cmake",       [HK_CCVT] = "ccvt",   [HK_CREAL] = "creal",
  [HK_CIMAG] = "cimag",       [HK_CADD] = "cadd",   [HK_CSUB] = "csub",
  [HK_CMUL] = "cmul",         [HK_CDIV] = "cdiv",   [HK_CNEG] = "cneg",
  [HK_CCONJ] = "cconj",       [HK_CEQ] = "ceq",     [HK_CNE] = "cne",
  [HK_CMIN] = "cmin",         [HK_CMAX] = "cmax",   [HK_CLESS] = "cless",
  [HK_CABS] = "cabs",         [HK_CARG] = "carg",   [HK_CISNAN] = "cisnan",
  [HK_CISINF] = "cisinf",     [HK_CISFINITE] = "cisfinite", [HK_CEXP] = "cexp",
  [HK_CLOG] = "clog",         [HK_CLOG10] = "clog10", [HK_CSQRT] = "csqrt",
  [HK_CPOW] = "cpow",         [HK_CEXP2] = "cexp2", [HK_CEXPM1] = "cexpm1",
  [HK_CLOG2] = "clog2",       [HK_CLOG1P] = "clog1p",         [HK_CSINH] = "csinh", [HK_CCOSH] = "ccosh",
  [HK_CTANH] = "ctanh",       [HK_CSIN] = "csin",   [HK_CCOS] = "ccos",
  [HK_CTAN] = "ctan",         [HK_CATRIG] = "catrig", [HK_CASINH] = "casinh",
  [HK_CASIN] = "casin",       [HK_CACOS] = "cacos", [HK_CACOSH] = "cacosh",
  [HK_CATANH] = "catanh",     [HK_CATAN] = "catan",
  [HK_CCUB] = "ccub",
};

TypeKind helper_type(HelperKind h, TypeKind k) {
  if (h == HK_POW)
    return k; /* integral_power<T> works in T, as CuPy's does */
  if (type_is_small_int(k))
    return TY_INT32;
  if (k == TY_FLOAT16)
    return TY_FLOAT32;
  return k;
}

void ops_divmod_positive(Buf *o, const char *T, const char *U, bool mod) {
  buf_printf(o, "  if (y > 0) {\n"
                "    %s s = (%s)0 - (%s)(x < 0);\n", U, U, U);
  if (mod)
    buf_printf(o, "    return (%s)(((((%s)x ^ s) %% (%s)y) ^ s) + (s & (%s)y));\n  }\n", T, U, U, U);
  else
    buf_printf(o, "    return (%s)((((%s)x ^ s) / (%s)y) ^ s);\n  }\n", T, U, U);
}

void ops_floordiv_body(Buf *o, const char *T, const char *q) {
  buf_printf(o, "  if (y == 0) return 0;\n"
                "  %s q = %s;\n"
                "  return q - (((x < 0) != (y < 0)) && q * y != x);\n", T, q);
}

void ops_floordiv_cupy(Buf *o) {
  static const struct { const char *T, *q; } sig[] = { /* the quotient guards INT_MIN / -1 */
      {"int", "y == -1 ? (int)(0u - (unsigned)x) : x / y"},
      {"long long", "y == -1 ? (long long)(0ull - (unsigned long long)x) : x / y"}};
  static const char *const uns[] = {"unsigned", "unsigned long long"};
  for (int i = 0; i < 2; i++) {
    buf_printf(o, "__device__ inline %s _floor_divide(%s x, %s y) {\n", sig[i].T, sig[i].T,
               sig[i].T);
    ops_floordiv_body(o, sig[i].T, sig[i].q);
    buf_puts(o, "}\n");
  }
  for (int i = 0; i < 2; i++)
    buf_printf(o, "__device__ inline %s _floor_divide(%s x, %s y) {\n"
                  "  return y ? x / y : 0;\n"
                  "}\n", uns[i], uns[i], uns[i]);
  buf_puts(o, "__device__ inline float _floor_divide(float x, float y) { return floor(x / y); }\n"
              "__device__ inline double _floor_divide(double x, double y) { return floor(x / y); "
              "}\n");
}
