/*
 * emit_helpers.c: the helper functions of the emitted code (HelperKind in pykc.h, named
 * once by helper_names[] in lower.c): Python //, % and ** on integers, NaN-propagating
 * min/max, integer fmin/fmax/abs/sign/square/reciprocal/fmod, numpy's logaddexp, exact
 * int64-vs-uint64 comparison and (CPU backend) shifts with PTX semantics. IR_HELPER
 * nodes (lower.c's choices) and the C target's shift spelling call emit_helper_call(),
 * which marks helper x type as used; emit_program() then writes each used helper once,
 * in HelperKind x TY_* order.
 */
#include "emit.h"

/* The C name of helper h's instance for type k: py_NAME_DTYPE (the one spelling). */
static const char *helper_fn(Emitter *e, HelperKind h, TypeKind k) {
  return arena_printf(&e->c->arena, "py_%s_%s", helper_names[h], dtype_info[k].name);
}

/* Marks helper h for type k as used and writes its name followed by '('. */
void emit_helper_call(Emitter *e, HelperKind h, TypeKind k) {
  k = helper_type(h, k);
  e->helper_used[h][k] = true;
  if (type_is_complex(k))
    e->uses_complex = true;
  putf(e, "%s(", helper_fn(e, h, k));
}

void emit_call2(Emitter *e, HelperKind h, TypeKind k, const Node *a, const Node *b) {
  emit_helper_call(e, h, k);
  emit_expr(e, a, P_LOWEST);
  put(e, ", ");
  emit_expr(e, b, P_LOWEST);
  put(e, ")");
}

/* Writes helper h for type k. T is the C type, F the helper's name. */
void emit_helper_text(Emitter *e, Buf *o, HelperKind h, TypeKind k) {
  const char *T = dtype_info[k].ctype, *F = helper_fn(e, h, k), *Q = e->tg->helper_qual;
  const char *U = type_is_int(k) ? dtype_info[type_unsigned_of(k)].ctype : T;
  const char *f = k == TY_FLOAT64 ? "" : "f";
  bool fl = type_is_float(k), sg = ty_is_signed(ty_scalar(k)) && !fl;
  const char *nan = fl ? e->tg->nan(k == TY_FLOAT64 ? TY_FLOAT64 : TY_FLOAT32) : "";
  /* y == -1 guards: x86 traps on INT_MIN / -1; the GPU gives INT_MIN (q) and 0 (r). */
  const char *qexpr = sg && e->tg->div_minus1_guard ? "y == -1 ? -x : x / y" : "x / y";
  if (emit_complex_text(e, o, h, k))
    return;
  switch (h) {
  case HK_FLOORDIV:
    if (sg) {
      buf_printf(o, "%s %s %s(%s x, %s y) {\n", Q, T, F, T, T);
      ops_divmod_positive(o, T, U, false);
      ops_floordiv_body(o, T, qexpr);
      buf_puts(o, "}\n");
    } else
      buf_printf(o, "%s %s %s(%s x, %s y) { return y == 0 ? 0 : x / y; }\n",
                 Q, T, F, T, T);
    return;
  case HK_MOD: /* C's % made Python's: CuPy's x - floor(x / y) * y overflows q * y at
                  INT_MIN (undefined behaviour NVRTC may fold away), this never does */
    if (fl)
      buf_printf(o, "%s %s %s(%s x, %s y) { return " OPS_REMAINDER_FLT("x", "y", "floor%s(x / y)")
                    "; }\n", Q, T, F, T, T, f);
    else if (sg) {
      buf_printf(o, "%s %s %s(%s x, %s y) {\n", Q, T, F, T, T);
      ops_divmod_positive(o, T, U, true);
      buf_printf(o, "  if (y == 0%s) return 0;\n"
                    "  %s r = x %% y;\n"
                    "  return r != 0 && ((r < 0) != (y < 0)) ? r + y : r;\n}\n",
                 e->tg->div_minus1_guard ? " || y == -1" : "", T);
    } else
      buf_printf(o, "%s %s %s(%s x, %s y) { return y == 0 ? 0 : x %% y; }\n",
                 Q, T, F, T, T);
    return;
  case HK_DIVZ:
    buf_printf(o, "%s %s %s(%s x, %s y) { return y == 0 ? 0 : x / y; }\n",
               Q, T, F, T, T);
    return;
  case HK_MODZ:
    buf_printf(o, "%s %s %s(%s x, %s y) { return y == 0 ? 0 : x %% y; }\n",
               Q, T, F, T, T);
    return;
  case HK_POW: {
    const char *V = emit_value_ctype(k);
    /* CuPy's integral_power<T> (same loop, same wrap-around in T) */
    buf_printf(o, "%s %s %s(%s x, %s y) {\n", Q, V, F, T, T);
    if (sg)
      buf_printf(o, "  if (y < 0) return x == -1 ? ((y & 1) ? -1 : 1) : x == 1;\n");
    buf_printf(o, "  %s r = 1;\n"
                  "  while (y > 0) {\n"
                  "    if (y & 1) r = (%s)(r * x);\n"
                  "    x = (%s)(x * x);\n"
                  "    y >>= 1;\n"
                  "  }\n"
                  "  return r;\n}\n", T, T, T);
    return;
  }
  case HK_MIN:
  case HK_MAX: {
    const char *nm = h == HK_MIN ? "fmin" : "fmax", *cmp = h == HK_MIN ? "<" : ">";
    if (fl)
      buf_printf(o, "%s %s %s(%s x, %s y) {\n"
                    "  return (isnan(x) || isnan(y)) ? %s : %s%s(x, y);\n}\n",
                 Q, T, F, T, T, nan, nm, f);
    else
      buf_printf(o, "%s %s %s(%s x, %s y) { return x %s y ? x : y; }\n",
                 Q, T, F, T, T, cmp);
    return;
  }
  case HK_FMIN:
  case HK_FMAX:
    buf_printf(o, "%s %s %s(%s x, %s y) { return x %s y ? x : y; }\n", Q, T,
               F, T, T, h == HK_FMIN ? "<" : ">");
    return;
  case HK_ABS:
    if (k == TY_INT32 || k == TY_INT64) /* negate as unsigned: -INT_MIN is UB, and nvcc
                                            would then take the result as non-negative */
      buf_printf(o, "%s %s %s(%s x) { return x > 0 ? x : (%s)(0 - (%s)x); }\n", Q, T,
                 F, T, T, dtype_info[type_unsigned_of(k)].ctype);
    else
      buf_printf(o, "%s %s %s(%s x) { return x > 0 ? x : -x; }\n", Q, T, F, T);
    return;
  case HK_SIGN:
    if (fl)
      buf_printf(o, "%s %s %s(%s x) { return isnan(x) ? x : (%s)((x > 0) - (x < 0)); }\n",
                 Q, T, F, T, T);
    else if (sg)
      buf_printf(o, "%s %s %s(%s x) { return (x > 0) - (x < 0); }\n", Q, T, F, T);
    else
      buf_printf(o, "%s %s %s(%s x) { return x > 0; }\n", Q, T, F, T);
    return;
  case HK_SQUARE:
    buf_printf(o, "%s %s %s(%s x) { return x * x; }\n", Q, T, F, T);
    return;
  case HK_RECIP:
    buf_printf(o, "%s %s %s(%s x) { return x == 0 ? 0 : 1 / x; }\n", Q, T, F, T);
    return;
  case HK_FMOD:
    buf_printf(o, "%s %s %s(%s x, %s y) { return y == 0%s ? 0 : x %% y; }\n", Q, T, F,
               T, T, sg && e->tg->div_minus1_guard ? " || y == -1" : "");
    return;
  case HK_LOGADDEXP: /* numpy's npy_logaddexp: equal values (infinities too) and NaN */
    buf_printf(o, "%s %s %s(%s x, %s y) {\n"
                  "  if (x == y) return x + (%s)0.693147180559945309417232121458176568;\n"
                  "  %s d = x - y;\n"
                  "  if (d > 0) return x + log1p%s(exp%s(-d));\n"
                  "  if (d <= 0) return y + log1p%s(exp%s(d));\n"
                  "  return d;\n}\n", Q, T, F, T, T, T, T, f, f, f, f);
    return;
  case HK_CMP64:
    buf_printf(o, "%s int %s(long long x, unsigned long long y) {\n"
                  "  return x < 0 ? -1 : (unsigned long long)x < y ? -1 : (unsigned long long)x > y;\n}\n",
               Q, F);
    return;
  case HK_SHL:
  case HK_SHR: {
    /* PTX shl/shr clamp the count: >= width gives 0 (or the sign for signed >>) */
    int bits = dtype_info[k].size * 8;
    if (h == HK_SHL)
      buf_printf(o, "%s %s %s(%s x, %s y) { return (unsigned long long)y >= %d ? 0 : "
                    "(%s)((unsigned %s)x << y); }\n",
                 Q, T, F, T, T, bits, T, bits == 64 ? "long long" : "int");
    else if (sg)
      buf_printf(o, "%s %s %s(%s x, %s y) { return x >> ((unsigned long long)y >= %d ? "
                    "%d : y); }\n", Q, T, F, T, T, bits, bits - 1);
    else
      buf_printf(o, "%s %s %s(%s x, %s y) { return (unsigned long long)y >= %d ? 0 : "
                    "x >> y; }\n", Q, T, F, T, T, bits);
    return;
  }
  default:
    return;
  }
}
