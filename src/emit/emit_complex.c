/*
 * emit_complex.c: the complex64/complex128 helpers of the emitted code (HK_C* in pykc.h).
 *
 * Complex values are `pykc_complex64` / `pykc_complex128`: two floats / doubles aligned to
 * their size, CuPy's thrust::complex<T> layout. Every operation on them is a helper, one
 * text for both targets (CUDA and the CPU backend's C11), following CuPy's own formulas
 * (cupy/_core/include/cupy/complex/: arithmetic.h for + - * / and abs = hypot, cexp[f].h,
 * clog[f].h, csqrt[f].h, cpow.h, complex.cuh for isnan/isinf/isfinite, and CuPy's ufunc
 * routines: power is `in1 == 0 ? 1 : exp(log(in0) * in1)`, negative is `in0 * -1`), so
 * that results are CuPy's bit for bit where the underlying libm calls agree.
 *
 * Texts are templates: $Q qualifier, $C complex C type, $R part C type, $f the float
 * suffix of libm names ("f" for complex64), $D the dtype name (helpers call each other
 * as py_NAME_$D), $O the other complex C type, $P its dtype name, $INF the part's +inf,
 * $TRIM and $T1..$T4 the per-width parts of clog and csqrt, $Z(x) the target's flush of a
 * float32 subnormal (the CPU backend's complex64 parts: the GPU's -ftz=true flushes every
 * float32 result; CUDA and complex128: x itself). A helper only calls
 * helpers above it in HelperKind order; emit_complex_deps() says which.
 */
#include "emit.h"

#include <string.h>

/* The complex types, written once before the structs when any complex value is used. */
void emit_complex_types(Emitter *e, Buf *o) {
  const char *as = e->tg->target == TARGET_CUDA || e->cxx ? "alignas" : "_Alignas";
  buf_printf(o, "typedef struct { %s(8) float re; float im; } pykc_complex64;\n", as);
  buf_printf(o, "typedef struct { %s(16) double re; double im; } pykc_complex128;\n", as);
}

/* Helpers each complex helper calls (closed over by emit_program). */
static const HelperKind deps[][4] = {
  [HK_CADD] = {HK_CMAKE},  [HK_CSUB] = {HK_CMAKE},  [HK_CMUL] = {HK_CMAKE},
  [HK_CDIV] = {HK_CMAKE},  [HK_CNEG] = {HK_CMAKE},  [HK_CCONJ] = {HK_CMAKE},
  [HK_CCVT] = {HK_CMAKE},  [HK_CEXP] = {HK_CMAKE},
  [HK_CMIN] = {HK_CMAKE},  [HK_CMAX] = {HK_CMAKE},  [HK_CLOG] = {HK_CMAKE},
  [HK_CLOG10] = {HK_CLOG, HK_CMAKE},  [HK_CSQRT] = {HK_CMAKE},
  [HK_CPOW] = {HK_CEXP, HK_CLOG, HK_CMUL, HK_CMAKE},
  [HK_CEXP2] = {HK_CEXP, HK_CLOG, HK_CMUL, HK_CMAKE},  [HK_CEXPM1] = {HK_CEXP, HK_CMAKE},
  [HK_CLOG2] = {HK_CLOG, HK_CDIV, HK_CMAKE},  [HK_CLOG1P] = {HK_CLOG, HK_CMAKE},
  [HK_CSINH] = {HK_CEXP, HK_CMAKE},  [HK_CCOSH] = {HK_CEXP, HK_CMAKE},
  [HK_CTANH] = {HK_CMAKE},  [HK_CSIN] = {HK_CSINH},  [HK_CCOS] = {HK_CCOSH},
  [HK_CTAN] = {HK_CTANH},  [HK_CATRIG] = {HK_CMAKE},  [HK_CASINH] = {HK_CATRIG, HK_CMAKE},
  [HK_CASIN] = {HK_CASINH, HK_CMAKE},  [HK_CACOS] = {HK_CATRIG, HK_CMAKE},
  [HK_CACOSH] = {HK_CACOS, HK_CMAKE},  [HK_CATANH] = {HK_CMAKE},
  [HK_CATAN] = {HK_CATANH, HK_CMAKE},  [HK_CCUB] = {HK_CADD, HK_CLESS},
};

void emit_complex_deps(Emitter *e) {
  for (int h = HK_COUNT - 1; h >= 0; h--)
    for (int k = TY_COMPLEX64; k <= TY_COMPLEX128; k++)
      if (e->helper_used[h][k] && (size_t)h < sizeof deps / sizeof *deps)
        for (int i = 0; i < 4 && deps[h][i]; i++)
          e->helper_used[deps[h][i]][k] = true;
}

/* Texts shared by both widths. */
static const char *const shared_text[HK_COUNT] = {
  [HK_CMAKE] = "$Q $C py_cmake_$D($R re, $R im) {\n  $C z;\n  z.re = $Z(re);\n  z.im = $Z(im);\n"
               "  return z;\n}\n",
  [HK_CCVT] = "$Q $C py_ccvt_$D($O z) { return py_cmake_$D(($R)z.re, ($R)z.im); }\n",
  [HK_CREAL] = "$Q $R py_creal_$D($C z) { return z.re; }\n",
  [HK_CIMAG] = "$Q $R py_cimag_$D($C z) { return z.im; }\n",
  [HK_CADD] = "$Q $C py_cadd_$D($C a, $C b) { return py_cmake_$D(a.re + b.re, a.im + b.im); }\n",
  [HK_CSUB] = "$Q $C py_csub_$D($C a, $C b) { return py_cmake_$D(a.re - b.re, a.im - b.im); }\n",
  [HK_CMUL] = "$Q $C py_cmul_$D($C a, $C b) {\n"
              "  return py_cmake_$D(a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re);\n}\n",
  /* thrust's operator/: scaled by 1 / (|b.re| + |b.im|), which is subnormal for a
     float32 |b| over 2^126 (flushed to 0 on the GPU: then NaN parts) */
  [HK_CDIV] = "$Q $C py_cdiv_$D($C a, $C b) {\n"
              "  $R s = fabs$f(b.re) + fabs$f(b.im);\n"
              "  $R oos = $Z(($R)1.0 / s);\n"
              "  $R ars = $Z(a.re * oos), ais = $Z(a.im * oos), brs = $Z(b.re * oos), "
              "bis = $Z(b.im * oos);\n"
              "  s = (brs * brs) + (bis * bis);\n"
              "  oos = ($R)1.0 / s;\n"
              "  return py_cmake_$D(((ars * brs) + (ais * bis)) * oos,\n"
              "                     ((ais * brs) - (ars * bis)) * oos);\n}\n",
  [HK_CNEG] = "$Q $C py_cneg_$D($C a) { return py_cmake_$D(a.re * -($R)1, a.im * -($R)1); }\n",
  [HK_CCONJ] = "$Q $C py_cconj_$D($C a) { return py_cmake_$D(a.re, -a.im); }\n",
  [HK_CEQ] = "$Q bool py_ceq_$D($C a, $C b) { return a.re == b.re && a.im == b.im; }\n",
  [HK_CLESS] = "$Q bool py_cless_$D($C a, $C b) {\n"
               "  return a.re == b.re && a.im == b.im ? false : a.re < b.re ? true\n"
               "         : a.re == b.re ? a.im < b.im : false;\n}\n",
  [HK_CNE] = "$Q bool py_cne_$D($C a, $C b) { return !(a.re == b.re && a.im == b.im); }\n",
  [HK_CABS] = "$Q $R py_cabs_$D($C a) { return hypot$f(a.re, a.im); }\n",
  [HK_CARG] = "$Q $R py_carg_$D($C a) { return atan2$f(a.im, a.re); }\n",
  [HK_CISNAN] = "$Q bool py_cisnan_$D($C a) { return isnan(a.re) || isnan(a.im); }\n",
  /* CuPy's minimum/maximum loops: (isnan(in0) | isnan(in1)) ? out0_type(NAN) :
     min/max(in0, in1), with complex.cuh's min/max (real parts, then imaginary) */
  [HK_CMIN] = "$Q $C py_cmin_$D($C x, $C y) {\n"
              "  if (isnan(x.re) || isnan(x.im) || isnan(y.re) || isnan(y.im))\n"
              "    return py_cmake_$D($NAN, 0);\n"
              "  if (x.re < y.re) return x;\n"
              "  if (x.re > y.re) return y;\n"
              "  if (x.im < y.im) return x;\n"
              "  return y;\n}\n",
  [HK_CMAX] = "$Q $C py_cmax_$D($C x, $C y) {\n"
              "  if (isnan(x.re) || isnan(x.im) || isnan(y.re) || isnan(y.im))\n"
              "    return py_cmake_$D($NAN, 0);\n"
              "  if (x.re < y.re) return y;\n"
              "  if (x.re > y.re) return x;\n"
              "  if (x.im < y.im) return y;\n"
              "  return x;\n}\n",
  [HK_CISINF] = "$Q bool py_cisinf_$D($C a) { return isinf(a.re) || isinf(a.im); }\n",
  [HK_CISFINITE] = "$Q bool py_cisfinite_$D($C a) { return isfinite(a.re) && isfinite(a.im); }\n",
  /* thrust::log10: log(z) / ValueType(ln 10), a complex by real division */
  [HK_CLOG10] = "$Q $C py_clog10_$D($C z) {\n"
                "  $C l = py_clog_$D(z);\n"
                "  const $R ln10 = ($R)2.30258509299404568402;\n"
                "  return py_cmake_$D(l.re / ln10, l.im / ln10);\n}\n",
  /* CuPy's complex_power: in1 == 0 ? 1 : exp(log(in0) * in1) */
  [HK_CPOW] = "$Q $C py_cpow_$D($C a, $C b) {\n"
              "  if (b.re == 0 && b.im == 0) return py_cmake_$D(1, 0);\n"
              "  return py_cexp_$D(py_cmul_$D(py_clog_$D(a), b));\n}\n",
  /* CuPy's exp2 loop (pow(in0_type(2), in0): thrust's exp(log(2) * z)) and complex.cuh's
     expm1 (exp(x) - 1), log2 (log(x) / complex(log(2)), thrust's division) and log1p
     (log(x + 1)) */
  [HK_CEXP2] = "$Q $C py_cexp2_$D($C z) {\n"
               "  return py_cexp_$D(py_cmul_$D(py_clog_$D(py_cmake_$D(2, 0)), z));\n}\n",
  [HK_CEXPM1] = "$Q $C py_cexpm1_$D($C z) {\n"
                "  $C w = py_cexp_$D(z);\n"
                "  return py_cmake_$D(w.re - 1, w.im - 0);\n}\n",
  [HK_CLOG2] = "$Q $C py_clog2_$D($C z) {\n"
               "  return py_cdiv_$D(py_clog_$D(z), py_cmake_$D(log$f(($R)2), 0));\n}\n",
  [HK_CLOG1P] = "$Q $C py_clog1p_$D($C z) {\n"
                "  return py_clog_$D(py_cmake_$D(z.re + 1, z.im + 0));\n}\n",
  /* csinh.h / csinhf.h (FreeBSD's s_csinh.c); csin(z) = -i csinh(i z) */
  [HK_CSINH] =
    "$Q $C py_csinh_$D($C z) {\n"
    "  $R x = z.re, y = z.im, h;\n"
    "$WORDS"
    "  unsigned int ix = 0x7fffffff & hx, iy = 0x7fffffff & hy;\n"
    "  if (ix < $INFW && iy < $INFW) {\n"
    "    if ((iy | ly) == 0) return py_cmake_$D(sinh$f(x), y);\n"
    "    if (ix < $SMALL) return py_cmake_$D(sinh$f(x) * cos$f(y), cosh$f(x) * sin$f(y));\n"
    "    if (ix < $OVF) {\n"
    "      h = exp$f(fabs$f(x)) * ($R)0.5;\n"
    "      return py_cmake_$D(copysign$f(h, x) * cos$f(y), h * sin$f(y));\n"
    "    } else if (ix < $OVF2) {\n"
    "      $C w = py_cexp_scaled_$D(fabs$f(x), y, -1);\n"
    "      return py_cmake_$D(w.re * copysign$f(($R)1, x), w.im);\n"
    "    } else {\n"
    "      h = ($R)$HUGE * x;\n"
    "      return py_cmake_$D(h * cos$f(y), h * h * sin$f(y));\n"
    "    }\n"
    "  }\n"
    "  if ((ix | lx) == 0 && iy >= $INFW) return py_cmake_$D(copysign$f(($R)0, x * (y - y)), y - y);\n"
    "  if ((iy | ly) == 0 && ix >= $INFW) {\n"
    "    if (((hx & $MANT) | lx) == 0) return py_cmake_$D(x, y);\n"
    "    return py_cmake_$D(x, copysign$f(($R)0, y));\n"
    "  }\n"
    "  if (ix < $INFW && iy >= $INFW) return py_cmake_$D(y - y, x * (y - y));\n"
    "  if (ix >= $INFW && ((hx & $MANT) | lx) == 0) {\n"
    "    if (iy >= $INFW) return py_cmake_$D(x * x, x * (y - y));\n"
    "    return py_cmake_$D(x * cos$f(y), $INF * sin$f(y));\n"
    "  }\n"
    "  return py_cmake_$D((x * x) * (y - y), (x + x) * (y - y));\n"
    "}\n",
  /* ccosh.h / ccoshf.h (FreeBSD's s_ccosh.c); ccos(z) = ccosh(i z) */
  [HK_CCOSH] =
    "$Q $C py_ccosh_$D($C z) {\n"
    "  $R x = z.re, y = z.im, h;\n"
    "$WORDS"
    "  unsigned int ix = 0x7fffffff & hx, iy = 0x7fffffff & hy;\n"
    "  if (ix < $INFW && iy < $INFW) {\n"
    "    if ((iy | ly) == 0) return py_cmake_$D(cosh$f(x), x * y);\n"
    "    if (ix < $SMALL) return py_cmake_$D(cosh$f(x) * cos$f(y), sinh$f(x) * sin$f(y));\n"
    "    if (ix < $OVF) {\n"
    "      h = exp$f(fabs$f(x)) * ($R)0.5;\n"
    "      return py_cmake_$D(h * cos$f(y), copysign$f(h, x) * sin$f(y));\n"
    "    } else if (ix < $OVF2) {\n"
    "      $C w = py_cexp_scaled_$D(fabs$f(x), y, -1);\n"
    "      return py_cmake_$D(w.re, w.im * copysign$f(($R)1, x));\n"
    "    } else {\n"
    "      h = ($R)$HUGE * x;\n"
    "      return py_cmake_$D(h * h * cos$f(y), h * sin$f(y));\n"
    "    }\n"
    "  }\n"
    "  if ((ix | lx) == 0 && iy >= $INFW) return py_cmake_$D(y - y, copysign$f(($R)0, x * (y - y)));\n"
    "  if ((iy | ly) == 0 && ix >= $INFW) {\n"
    "    if (((hx & $MANT) | lx) == 0) return py_cmake_$D(x * x, copysign$f(($R)0, x) * y);\n"
    "    return py_cmake_$D(x * x, copysign$f(($R)0, (x + x) * y));\n"
    "  }\n"
    "  if (ix < $INFW && iy >= $INFW) return py_cmake_$D(y - y, x * (y - y));\n"
    "  if (ix >= $INFW && ((hx & $MANT) | lx) == 0) {\n"
    "    if (iy >= $INFW) return py_cmake_$D(x * x, x * (y - y));\n"
    "    return py_cmake_$D((x * x) * cos$f(y), x * sin$f(y));\n"
    "  }\n"
    "  return py_cmake_$D((x * x) * (y - y), (x + x) * (y - y));\n"
    "}\n",
  /* ctanh.h / ctanhf.h (FreeBSD's s_ctanh.c, Kahan's algorithm); ctan(z) = -i ctanh(i z).
     set_high_word(x, hx - 0x40000000) of an infinite x is copysign(1, x). */
  [HK_CTANH] =
    "$Q $C py_ctanh_$D($C z) {\n"
    "  $R x = z.re, y = z.im, t, beta, s, rho, denom;\n"
    "$XWORDS"
    "  unsigned int ix = hx & 0x7fffffff;\n"
    "  if (ix >= $INFW) {\n"
    "    if ((ix & $MANT) | lx) return py_cmake_$D(x, y == 0 ? y : x * y);\n"
    "    x = copysign$f(($R)1, x);\n"
    "    return py_cmake_$D(x, copysign$f(($R)0, isinf(y) ? y : sin$f(y) * cos$f(y)));\n"
    "  }\n"
    "  if (!isfinite(y)) return py_cmake_$D(y - y, y - y);\n"
    "  if (ix >= $TBIG) {\n"
    "    $R exp_mx = exp$f(-fabs$f(x));\n"
    "    return py_cmake_$D(copysign$f(($R)1, x), 4 * sin$f(y) * cos$f(y) * exp_mx * exp_mx);\n"
    "  }\n"
    "  t = tan$f(y);\n"
    "  beta = 1 + t * t;\n"
    "  s = sinh$f(x);\n"
    "  rho = sqrt$f(1 + s * s);\n"
    "  denom = 1 + beta * s * s;\n"
    "  return py_cmake_$D((beta * rho * s) / denom, t / denom);\n"
    "}\n",
  [HK_CSIN] = "$Q $C py_csin_$D($C z) {\n"
              "  $C w = py_csinh_$D(py_cmake_$D(-z.im, z.re));\n"
              "  return py_cmake_$D(w.im, -w.re);\n}\n",
  [HK_CCOS] = "$Q $C py_ccos_$D($C z) { return py_ccosh_$D(py_cmake_$D(-z.im, z.re)); }\n",
  [HK_CTAN] = "$Q $C py_ctan_$D($C z) {\n"
              "  $C w = py_ctanh_$D(py_cmake_$D(-z.im, z.re));\n"
              "  return py_cmake_$D(w.im, -w.re);\n}\n",
  /* casin(z) = i casinh(conj-swapped z), catan likewise (catrig.c) */
  [HK_CASIN] = "$Q $C py_casin_$D($C z) {\n"
               "  $C w = py_casinh_$D(py_cmake_$D(z.im, z.re));\n"
               "  return py_cmake_$D(w.im, w.re);\n}\n",
  [HK_CATAN] = "$Q $C py_catan_$D($C z) {\n"
               "  $C w = py_catanh_$D(py_cmake_$D(z.im, z.re));\n"
               "  return py_cmake_$D(w.im, w.re);\n}\n",
  [HK_CACOSH] = "$Q $C py_cacosh_$D($C z) {\n"
                "  $C w = py_cacos_$D(z);\n"
                "  $R rx = w.re, ry = w.im;\n"
                "  if (isnan(rx) && isnan(ry)) return py_cmake_$D(ry, rx);\n"
                "  if (isnan(rx)) return py_cmake_$D(fabs$f(ry), rx);\n"
                "  if (isnan(ry)) return py_cmake_$D(ry, ry);\n"
                "  return py_cmake_$D(fabs$f(ry), copysign$f(rx, z.im));\n}\n",
};

/* cexp.h (FreeBSD's s_cexp.c) with ldexp_cexp for 709.7 < x < 1454.3 */
static const char cexp128[] =
  "$Q $C py_cexp_scaled_$D(double x, double y, int expt) {\n"
  "  union { double d; unsigned long long u; } w;\n"
  "  w.d = exp(x - 1246.97177782734161156);\n"
  "  unsigned int hx = (unsigned int)(w.u >> 32);\n"
  "  expt += (int)(hx >> 20) - (0x3ff + 1023) + 1799;\n"
  "  w.u = ((unsigned long long)((hx & 0xfffff) | ((0x3ff + 1023) << 20)) << 32) | (w.u & 0xffffffffu);\n"
  "  double exp_x = w.d, scale1, scale2;\n"
  "  int half_expt = expt / 2;\n"
  "  w.u = (unsigned long long)(unsigned int)((0x3ff + half_expt) << 20) << 32;\n"
  "  scale1 = w.d;\n"
  "  half_expt = expt - half_expt;\n"
  "  w.u = (unsigned long long)(unsigned int)((0x3ff + half_expt) << 20) << 32;\n"
  "  scale2 = w.d;\n"
  "  return py_cmake_$D(cos(y) * exp_x * scale1 * scale2, sin(y) * exp_x * scale1 * scale2);\n"
  "}\n"
  "$Q $C py_cexp_$D($C z) {\n"
  "  double x = z.re, y = z.im;\n"
  "  union { double d; unsigned long long u; } wx, wy;\n"
  "  wx.d = x;\n"
  "  wy.d = y;\n"
  "  unsigned int hx = (unsigned int)(wx.u >> 32), lx = (unsigned int)wx.u;\n"
  "  unsigned int hy = (unsigned int)(wy.u >> 32) & 0x7fffffff, ly = (unsigned int)wy.u;\n"
  "  if ((hy | ly) == 0) return py_cmake_$D(exp(x), y);\n"
  "  if (((hx & 0x7fffffff) | lx) == 0) return py_cmake_$D(cos(y), sin(y));\n"
  "  if (hy >= 0x7ff00000) {\n"
  "    if (lx != 0 || (hx & 0x7fffffff) != 0x7ff00000) return py_cmake_$D(y - y, y - y);\n"
  "    if (hx & 0x80000000) return py_cmake_$D(0.0, 0.0);\n"
  "    return py_cmake_$D(x, y - y);\n"
  "  }\n"
  "  if (hx >= 0x40862e42 && hx <= 0x4096b8e4) return py_cexp_scaled_$D(x, y, 0);\n"
  "  double exp_x = exp(x);\n"
  "  return py_cmake_$D(exp_x * cos(y), exp_x * sin(y));\n"
  "}\n";

/* cexpf.h */
static const char cexp64[] =
  "$Q $C py_cexp_scaled_$D(float x, float y, int expt) {\n"
  "  union { float f; unsigned int u; } w;\n"
  "  w.f = expf(x - 162.88958740F);\n"
  "  unsigned int hx = w.u;\n"
  "  expt += (int)(hx >> 23) - (0x7f + 127) + 235;\n"
  "  w.u = (hx & 0x7fffff) | ((0x7f + 127) << 23);\n"
  "  float exp_x = w.f, scale1, scale2;\n"
  "  int half_expt = expt / 2;\n"
  "  w.u = (unsigned int)((0x7f + half_expt) << 23);\n"
  "  scale1 = w.f;\n"
  "  half_expt = expt - half_expt;\n"
  "  w.u = (unsigned int)((0x7f + half_expt) << 23);\n"
  "  scale2 = w.f;\n"
  "  return py_cmake_$D(cosf(y) * exp_x * scale1 * scale2, sinf(y) * exp_x * scale1 * scale2);\n"
  "}\n"
  "$Q $C py_cexp_$D($C z) {\n"
  "  float x = z.re, y = z.im;\n"
  "  union { float f; unsigned int u; } wx, wy;\n"
  "  wx.f = x;\n"
  "  wy.f = y;\n"
  "  unsigned int hx = wx.u, hy = wy.u & 0x7fffffff;\n"
  "  if (hy == 0) return py_cmake_$D(expf(x), y);\n"
  "  if ((hx & 0x7fffffff) == 0) return py_cmake_$D(cosf(y), sinf(y));\n"
  "  if (hy >= 0x7f800000) {\n"
  "    if ((hx & 0x7fffffff) != 0x7f800000) return py_cmake_$D(y - y, y - y);\n"
  "    if (hx & 0x80000000) return py_cmake_$D(0.0f, 0.0f);\n"
  "    return py_cmake_$D(x, y - y);\n"
  "  }\n"
  "  if (hx >= 0x42b17218 && hx <= 0x43400074) return py_cexp_scaled_$D(x, y, 0);\n"
  "  float exp_x = expf(x);\n"
  "  return py_cmake_$D(exp_x * cosf(y), exp_x * sinf(y));\n"
  "}\n";

/* clog.h / clogf.h (FreeBSD's s_clog.c): one text, the constants and trim() per width.
   $T1..$T5: thresholds; the trim mask keeps the high bits of the part. */
static const char clog_text[] =
  "$Q $R py_clog_trim_$D($R x) {\n"
  "$TRIM"
  "}\n"
  "$Q $C py_clog_$D($C z) {\n"
  "  $R x = z.re, y = z.im, ax, ay, x0, y0, x1, y1, x2, y2, t, hm1, val[12];\n"
  "  int i, sorted;\n"
  "  const $R e = ($R)2.7182818284590452354;\n"
  "  if (x != x || y != y) return py_cmake_$D(log$f(x * x + y * y), atan2$f(y, x));\n"
  "  ax = fabs$f(x);\n"
  "  ay = fabs$f(y);\n"
  "  if (ax < ay) {\n"
  "    t = ax;\n"
  "    ax = ay;\n"
  "    ay = t;\n"
  "  }\n"
  "  if (ay > $T1) return py_cmake_$D(log$f(hypot$f(x / e, y / e)) + 1, atan2$f(y, x));\n"
  "  if (ax == 1) {\n"
  "    if (ay < $T2) return py_cmake_$D((ay * ($R)0.5) * ay, atan2$f(y, x));\n"
  "    return py_cmake_$D(log1p$f(ay * ay) * ($R)0.5, atan2$f(y, x));\n"
  "  }\n"
  "  if (ax < $T3 || ay < $T3 || ax > $T4 || ay > $T4)\n"
  "    return py_cmake_$D(log$f(hypot$f(x, y)), atan2$f(y, x));\n"
  "  if (ax >= 1)\n"
  "    return py_cmake_$D(log1p$f((ax - 1) * (ax + 1) + ay * ay) * ($R)0.5, atan2$f(y, x));\n"
  "  if (ax * ax + ay * ay <= ($R)0.7)\n"
  "    return py_cmake_$D(log$f(ax * ax + ay * ay) * ($R)0.5, atan2$f(y, x));\n"
  "  x0 = py_clog_trim_$D(ax);\n"
  "  ax = ax - x0;\n"
  "  x1 = py_clog_trim_$D(ax);\n"
  "  x2 = ax - x1;\n"
  "  y0 = py_clog_trim_$D(ay);\n"
  "  ay = ay - y0;\n"
  "  y1 = py_clog_trim_$D(ay);\n"
  "  y2 = ay - y1;\n"
  "  val[0] = x0 * x0;\n"
  "  val[1] = y0 * y0;\n"
  "  val[2] = 2 * x0 * x1;\n"
  "  val[3] = 2 * y0 * y1;\n"
  "  val[4] = x1 * x1;\n"
  "  val[5] = y1 * y1;\n"
  "  val[6] = 2 * x0 * x2;\n"
  "  val[7] = 2 * y0 * y2;\n"
  "  val[8] = 2 * x1 * x2;\n"
  "  val[9] = 2 * y1 * y2;\n"
  "  val[10] = x2 * x2;\n"
  "  val[11] = y2 * y2;\n"
  "  do {\n"
  "    sorted = 1;\n"
  "    for (i = 0; i < 11; i++) {\n"
  "      if (val[i] < val[i + 1]) {\n"
  "        sorted = 0;\n"
  "        t = val[i];\n"
  "        val[i] = val[i + 1];\n"
  "        val[i + 1] = t;\n"
  "      }\n"
  "    }\n"
  "  } while (!sorted);\n"
  "  hm1 = -1;\n"
  "  for (i = 0; i < 12; i++) hm1 += val[i];\n"
  "  return py_cmake_$D(($R)0.5 * log1p$f(hm1), atan2$f(y, x));\n"
  "}\n";

/* csqrt.h / csqrtf.h (FreeBSD's s_csqrt.c, Algorithm 312 of CACM): $T1 the overflow
   threshold, $T2 the underflow one. */
static const char csqrt_text[] =
  "$Q $C py_csqrt_$D($C z) {\n"
  "  $R a = z.re, b = z.im, t;\n"
  "  int scale = 0;\n"
  "  $C r;\n"
  "  if (a == 0 && b == 0) return py_cmake_$D(0, b);\n"
  "  if (isinf(b)) return py_cmake_$D($INF, b);\n"
  "  if (isnan(a)) {\n"
  "    t = (b - b) / (b - b);\n"
  "    return py_cmake_$D(a, t);\n"
  "  }\n"
  "  if (isinf(a)) {\n"
  "    if (signbit(a)) return py_cmake_$D(fabs$f(b - b), copysign$f(a, b));\n"
  "    return py_cmake_$D(a, copysign$f(b - b, b));\n"
  "  }\n"
  "  if (fabs$f(a) >= $T1 || fabs$f(b) >= $T1) {\n"
  "    a *= ($R)0.25;\n"
  "    b *= ($R)0.25;\n"
  "    scale = 1;\n"
  "  } else if (fabs$f(a) <= $T2 && fabs$f(b) <= $T2) {\n"
  "    a *= ($R)4.0;\n"
  "    b *= ($R)4.0;\n"
  "    scale = 2;\n"
  "  }\n"
  "  if (a >= 0) {\n"
  "    t = sqrt$f((a + hypot$f(a, b)) * ($R)0.5);\n"
  "    r = py_cmake_$D(t, b / (2 * t));\n"
  "  } else {\n"
  "    t = sqrt$f((-a + hypot$f(a, b)) * ($R)0.5);\n"
  "    r = py_cmake_$D(fabs$f(b) / (2 * t), copysign$f(t, b));\n"
  "  }\n"
  "  if (scale == 1) return py_cmake_$D(r.re * 2, r.im * 2);\n"
  "  if (scale == 2) return py_cmake_$D(r.re * ($R)0.5, r.im * ($R)0.5);\n"
  "  return r;\n"
  "}\n";

/* catrig.h / catrigf.h (FreeBSD's catrig.c: Hull, Fairgrieve and Tang's algorithm), as
   CuPy ships them; its constants are copied as they are (the double clog_for_large_values'
   QUARTER_SQRT_MAX is 0x1p-509 there, not the 0x1p509 its comment says). raise_inexact()
   sets only a floating-point flag and is left out. */
static const char catrig_text[] =
  "$Q $R py_catrig_f_$D($R a, $R b, $R hypot_a_b) {\n"
  "  if (b < 0) return ((hypot_a_b - b) / 2);\n"
  "  if (b == 0) return (a / 2);\n"
  "  return (a * a / (hypot_a_b + b) / 2);\n"
  "}\n"
  "$Q void py_catrig_hard_$D($R x, $R y, $R *rx, int *B_is_usable, $R *B, $R *sqrt_A2my2,\n"
  "                          $R *new_y) {\n"
  "  $R R, S, A, Am1, Amy;\n"
  "  const $R A_crossover = 10, FOUR_SQRT_MIN = $FSM, B_crossover = ($R)0.6417;\n"
  "  const $R eps = $EPS;\n"
  "  R = hypot$f(x, y + 1);\n"
  "  S = hypot$f(x, y - 1);\n"
  "  A = (R + S) / 2;\n"
  "  if (A < 1) A = 1;\n"
  "  if (A < A_crossover) {\n"
  "    if (y == 1 && x < eps * eps / 128) {\n"
  "      *rx = sqrt$f(x);\n"
  "    } else if (x >= eps * fabs$f(y - 1)) {\n"
  "      Am1 = py_catrig_f_$D(x, 1 + y, R) + py_catrig_f_$D(x, 1 - y, S);\n"
  "      *rx = log1p$f(Am1 + sqrt$f(Am1 * (A + 1)));\n"
  "    } else if (y < 1) {\n"
  "      *rx = x / sqrt$f((1 - y) * (1 + y));\n"
  "    } else {\n"
  "      *rx = log1p$f((y - 1) + sqrt$f((y - 1) * (y + 1)));\n"
  "    }\n"
  "  } else {\n"
  "    *rx = log$f(A + sqrt$f(A * A - 1));\n"
  "  }\n"
  "  *new_y = y;\n"
  "  if (y < FOUR_SQRT_MIN) {\n"
  "    *B_is_usable = 0;\n"
  "    *sqrt_A2my2 = A * (2 / eps);\n"
  "    *new_y = y * (2 / eps);\n"
  "    return;\n"
  "  }\n"
  "  *B = y / A;\n"
  "  *B_is_usable = 1;\n"
  "  if (*B > B_crossover) {\n"
  "    *B_is_usable = 0;\n"
  "    if (y == 1 && x < eps / 128) {\n"
  "      *sqrt_A2my2 = sqrt$f(x) * sqrt$f((A + y) / 2);\n"
  "    } else if (x >= eps * fabs$f(y - 1)) {\n"
  "      Amy = py_catrig_f_$D(x, y + 1, R) + py_catrig_f_$D(x, y - 1, S);\n"
  "      *sqrt_A2my2 = sqrt$f(Amy * (A + y));\n"
  "    } else if (y > 1) {\n"
  "      *sqrt_A2my2 = x * (4 / eps / eps) * y / sqrt$f((y + 1) * (y - 1));\n"
  "      *new_y = y * (4 / eps / eps);\n"
  "    } else {\n"
  "      *sqrt_A2my2 = sqrt$f((1 - y) * (1 + y));\n"
  "    }\n"
  "  }\n"
  "}\n"
  "$Q $C py_catrig_clog_large_$D($R x, $R y) {\n"
  "  $R ax = fabs$f(x), ay = fabs$f(y), t;\n"
  "  const $R m_e = $ME;\n"
  "  if (ax < ay) {\n"
  "    t = ax;\n"
  "    ax = ay;\n"
  "    ay = t;\n"
  "  }\n"
  "  if (ax > $DMAX / 2)\n"
  "    return py_cmake_$D(log$f(hypot$f(x / m_e, y / m_e)) + 1, atan2$f(y, x));\n"
  "  if (ax > ($R)$QSM || ay < ($R)$SMIN)\n"
  "    return py_cmake_$D(log$f(hypot$f(x, y)), atan2$f(y, x));\n"
  "  return py_cmake_$D(log$f(ax * ax + ay * ay) / 2, atan2$f(y, x));\n"
  "}\n";

static const char casinh_text[] =
  "$Q $C py_casinh_$D($C z) {\n"
  "  $R x = z.re, y = z.im, ax = fabs$f(x), ay = fabs$f(y), rx, ry, B, sqrt_A2my2, new_y;\n"
  "  int B_is_usable;\n"
  "  $C w;\n"
  "  const $R RECIP_EPSILON = ($R)(1.0 / $EPS), m_ln2 = $LN2;\n"
  "  if (isnan(x) || isnan(y)) {\n"
  "    if (isinf(x)) return py_cmake_$D(x, y + y);\n"
  "    if (isinf(y)) return py_cmake_$D(y, x + x);\n"
  "    if (y == 0) return py_cmake_$D(x + x, y);\n"
  "    return py_cmake_$D(x + 0 + (y + 0), x + 0 + (y + 0));\n"
  "  }\n"
  "  if (ax > RECIP_EPSILON || ay > RECIP_EPSILON) {\n"
  "    if (signbit(x) == 0)\n"
  "      w = py_catrig_clog_large_$D(x, y);\n"
  "    else\n"
  "      w = py_catrig_clog_large_$D(x * -1, y * -1);\n"
  "    return py_cmake_$D(copysign$f(w.re + m_ln2, x), copysign$f(w.im, y));\n"
  "  }\n"
  "  if (x == 0 && y == 0) return z;\n"
  "  if (ax < ($R)$S6E / 4 && ay < ($R)$S6E / 4) return z;\n"
  "  py_catrig_hard_$D(ax, ay, &rx, &B_is_usable, &B, &sqrt_A2my2, &new_y);\n"
  "  if (B_is_usable)\n"
  "    ry = asin$f(B);\n"
  "  else\n"
  "    ry = atan2$f(new_y, sqrt_A2my2);\n"
  "  return py_cmake_$D(copysign$f(rx, x), copysign$f(ry, y));\n"
  "}\n";

static const char cacos_text[] =
  "$Q $C py_cacos_$D($C z) {\n"
  "  $R x = z.re, y = z.im, ax = fabs$f(x), ay = fabs$f(y), rx, ry, B, sqrt_A2mx2, new_x;\n"
  "  int sx = signbit(x), sy = signbit(y), B_is_usable;\n"
  "  $C w;\n"
  "  const $R pio2_hi = $PIO2HI, pio2_lo = $PIO2LO, m_ln2 = $LN2;\n"
  "  if (isnan(x) || isnan(y)) {\n"
  "    if (isinf(x)) return py_cmake_$D(y + y, -$INF);\n"
  "    if (isinf(y)) return py_cmake_$D(x + x, -y);\n"
  "    if (x == 0) return py_cmake_$D(pio2_hi + pio2_lo, y + y);\n"
  "    return py_cmake_$D(x + 0 + (y + 0), x + 0 + (y + 0));\n"
  "  }\n"
  "  const $R RECIP_EPSILON = ($R)(1.0 / $EPS);\n"
  "  if (ax > RECIP_EPSILON || ay > RECIP_EPSILON) {\n"
  "    w = py_catrig_clog_large_$D(x, y);\n"
  "    rx = fabs$f(w.im);\n"
  "    ry = w.re + m_ln2;\n"
  "    if (sy == 0) ry = -ry;\n"
  "    return py_cmake_$D(rx, ry);\n"
  "  }\n"
  "  if (x == 1 && y == 0) return py_cmake_$D(0, -y);\n"
  "  if (ax < ($R)$S6E / 4 && ay < ($R)$S6E / 4)\n"
  "    return py_cmake_$D(pio2_hi - (x - pio2_lo), -y);\n"
  "  py_catrig_hard_$D(ay, ax, &ry, &B_is_usable, &B, &sqrt_A2mx2, &new_x);\n"
  "  if (B_is_usable)\n"
  "    rx = sx == 0 ? acos$f(B) : acos$f(-B);\n"
  "  else\n"
  "    rx = sx == 0 ? atan2$f(sqrt_A2mx2, new_x) : atan2$f(sqrt_A2mx2, -new_x);\n"
  "  if (sy == 0) ry = -ry;\n"
  "  return py_cmake_$D(rx, ry);\n"
  "}\n";

static const char catanh_text[] =
  "$Q $R py_catanh_rpr_$D($R x, $R y) {\n"
  "$RPR"
  "}\n"
  "$Q $C py_catanh_$D($C z) {\n"
  "  $R x = z.re, y = z.im, ax = fabs$f(x), ay = fabs$f(y), rx, ry;\n"
  "  const $R pio2_lo = $PIO2LO, pio2_hi = $PIO2HI, eps = $EPS;\n"
  "  if (y == 0 && ax <= 1) return py_cmake_$D(atanh$f(x), y);\n"
  "  if (x == 0) return py_cmake_$D(x, atan$f(y));\n"
  "  if (isnan(x) || isnan(y)) {\n"
  "    if (isinf(x)) return py_cmake_$D(copysign$f(($R)0, x), y + y);\n"
  "    if (isinf(y)) return py_cmake_$D(copysign$f(($R)0, x), copysign$f(pio2_hi + pio2_lo, y));\n"
  "    return py_cmake_$D(x + 0 + (y + 0), x + 0 + (y + 0));\n"
  "  }\n"
  "  const $R RECIP_EPSILON = ($R)(1.0 / $EPS);\n"
  "  if (ax > RECIP_EPSILON || ay > RECIP_EPSILON)\n"
  "    return py_cmake_$D(py_catanh_rpr_$D(x, y), copysign$f(pio2_hi + pio2_lo, y));\n"
  "  const $R SQRT_3_EPSILON = ($R)$S3E;\n"
  "  if (ax < SQRT_3_EPSILON / 2 && ay < SQRT_3_EPSILON / 2) return z;\n"
  "  const $R m_ln2 = $LN2T, SQRT_MIN = ($R)$SMIN;\n"
  "  if (ax == 1 && ay < eps)\n"
  "    rx = (m_ln2 - log$f(ay)) / 2;\n"
  "  else {\n"
  "    $R u = ax - 1, ss = ay < SQRT_MIN ? u * u : u * u + ay * ay;\n"
  "    rx = log1p$f(4 * ax / ss) / 4;\n"
  "  }\n"
  "  if (ax == 1)\n"
  "    ry = atan2$f(($R)2, -ay) / 2;\n"
  "  else if (ay < eps)\n"
  "    ry = atan2$f(2 * ay, (1 - ax) * (1 + ax)) / 2;\n"
  "  else\n"
  "    ry = atan2$f(2 * ay, (1 - ax) * (1 + ax) - ay * ay) / 2;\n"
  "  return py_cmake_$D(copysign$f(rx, x), copysign$f(ry, y));\n"
  "}\n";

/* A complex CUB reducer's addition and comparison (CuPy's complex<T>: its + and <): on
   CUDA the operators CUB's cuda::std::plus and cuda::maximum/minimum apply, on the CPU
   cpu_lib.h's reducer functions of the type. */
static const char ccub_cuda[] = "$Q $C operator+($C a, $C b) { return py_cadd_$D(a, b); }\n"
                                "$Q bool operator<($C a, $C b) { return py_cless_$D(a, b); }\n";
static const char ccub_c[] = "PYKC_CUB_DEF($D, $C, $C, py_cadd_$D, py_cless_$D)\n";

/* Expands the template t (up to end, or its NUL when end is NULL) into o. $Z is a
   wrapper: `$Z(x)` is `F(x)` where the target flushes (F its function), else plain `x`. */
static void expand(Buf *o, const char *t, const char *end, const char *const *keys,
                   const char *const *vals, int n) {
  while (end ? t < end : *t) {
    if (*t == '$') {
      int best = -1;
      size_t blen = 0;
      for (int i = 0; i < n; i++) {
        size_t l = strlen(keys[i]);
        if (l > blen && !strncmp(t + 1, keys[i], l)) {
          best = i;
          blen = l;
        }
      }
      if (best >= 0 && !strcmp(keys[best], "Z") && !*vals[best] && t[2] == '(') {
        const char *close = t + 3;
        for (int depth = 1; *close && (depth -= (*close == ')') - (*close == '(')) > 0;)
          close++;
        expand(o, t + 3, close, keys, vals, n);
        t = *close ? close + 1 : close;
        continue;
      }
      if (best >= 0) {
        buf_puts(o, vals[best]);
        t += 1 + blen;
        continue;
      }
    }
    buf_putc(o, *t++);
  }
}

bool emit_complex_text(Emitter *e, Buf *o, HelperKind h, TypeKind k) {
  bool single = k == TY_COMPLEX64;
  const char *text = shared_text[h];
  if (h == HK_CEXP)
    text = single ? cexp64 : cexp128;
  else if (h == HK_CLOG)
    text = clog_text;
  else if (h == HK_CSQRT)
    text = csqrt_text;
  else if (h == HK_CATRIG)
    text = catrig_text;
  else if (h == HK_CASINH)
    text = casinh_text;
  else if (h == HK_CACOS)
    text = cacos_text;
  else if (h == HK_CATANH)
    text = catanh_text;
  else if (h == HK_CCUB)
    text = e->tg->target == TARGET_CUDA ? ccub_cuda : ccub_c;
  if (!text)
    return false;
  TypeKind other = single ? TY_COMPLEX128 : TY_COMPLEX64;
  const char *trim = single ? "  union { float f; unsigned int u; } w;\n"
                              "  w.f = x;\n  w.u &= 0xffff0000u;\n  return w.f;\n"
                            : "  union { double d; unsigned long long u; } w;\n"
                              "  w.d = x;\n  w.u &= 0xfffffff800000000ull;\n  return w.d;\n";
  static const char *const keys[] = {"Q", "C", "R", "f", "D", "O", "P", "TRIM",
                                     "T1", "T2", "T3", "T4", "INF", "WORDS", "INFW",
                                     "MANT", "SMALL", "OVF", "OVF2", "HUGE", "TBIG",
                                     "XWORDS", "EPS", "DMAX", "FSM", "S6E", "S3E", "QSM",
                                     "SMIN", "LN2", "LN2T", "PIO2HI", "PIO2LO", "ME", "RPR",
                                     "NAN", "Z"};
  /* catrig's real_part_reciprocal: exponent words (math_private.h's get_high_word /
     get_float_word) */
  const char *rpr =
      single ? "  union { float f; unsigned int u; } w;\n"
               "  w.f = x;\n  int ix = (int)(w.u & 0x7f800000);\n"
               "  w.f = y;\n  int iy = (int)(w.u & 0x7f800000);\n"
               "  const int BIAS = 128 - 1, CUTOFF = 24 / 2 + 1;\n"
               "  if (ix - iy >= CUTOFF << 23 || isinf(x)) return 1 / x;\n"
               "  if (iy - ix >= CUTOFF << 23) return x / y / y;\n"
               "  if (ix <= (BIAS + 128 / 2 - CUTOFF) << 23) return x / (x * x + y * y);\n"
               "  w.u = (unsigned int)(0x7f800000 - ix);\n"
               "  float scale = w.f;\n"
               "  x *= scale;\n  y *= scale;\n"
               "  return x / (x * x + y * y) * scale;\n"
             : "  union { double d; unsigned long long u; } w;\n"
               "  w.d = x;\n  int ix = (int)((w.u >> 32) & 0x7ff00000);\n"
               "  w.d = y;\n  int iy = (int)((w.u >> 32) & 0x7ff00000);\n"
               "  const int BIAS = 1024 - 1, CUTOFF = 53 / 2 + 1;\n"
               "  if (ix - iy >= CUTOFF << 20 || isinf(x)) return 1 / x;\n"
               "  if (iy - ix >= CUTOFF << 20) return x / y / y;\n"
               "  if (ix <= (BIAS + 1024 / 2 - CUTOFF) << 20) return x / (x * x + y * y);\n"
               "  w.u = (unsigned long long)(unsigned int)(0x7ff00000 - ix) << 32;\n"
               "  double scale = w.d;\n"
               "  x *= scale;\n  y *= scale;\n"
               "  return x / (x * x + y * y) * scale;\n";
  /* the words of FreeBSD's math_private.h: high/low 32 bits (a float has no low word) */
  const char *words =
      single ? "  union { float f; unsigned int u; } wx, wy;\n"
               "  wx.f = x;\n  wy.f = y;\n"
               "  unsigned int hx = wx.u, lx = 0, hy = wy.u, ly = 0;\n"
             : "  union { double d; unsigned long long u; } wx, wy;\n"
               "  wx.d = x;\n  wy.d = y;\n"
               "  unsigned int hx = (unsigned int)(wx.u >> 32), lx = (unsigned int)wx.u;\n"
               "  unsigned int hy = (unsigned int)(wy.u >> 32), ly = (unsigned int)wy.u;\n";
  const char *xwords =
      single ? "  union { float f; unsigned int u; } wx;\n"
               "  wx.f = x;\n"
               "  unsigned int hx = wx.u, lx = 0;\n"
             : "  union { double d; unsigned long long u; } wx;\n"
               "  wx.d = x;\n"
               "  unsigned int hx = (unsigned int)(wx.u >> 32), lx = (unsigned int)wx.u;\n";
  const char *clog_t[] = {"1e34f", "1e-19f", "1e-6f", "1e6f"};
  const char *clog_d[] = {"5e307", "1e-150", "1e-50", "1e50"};
  const char *sqrt_t[] = {"1.40949553037932e+38f", "2.35098870164458e-38f", "", ""};
  const char *sqrt_d[] = {"7.446288774449766337959726e+307", "4.450147717014402766180465e-308",
                          "", ""};
  const char *const *th = h == HK_CSQRT ? (single ? sqrt_t : sqrt_d)
                                        : (single ? clog_t : clog_d);
  const char *vals[] = {e->tg->helper_qual, dtype_info[k].ctype,
                        dtype_info[type_part_of(k)].ctype, single ? "f" : "",
                        dtype_info[k].name, dtype_info[other].ctype, dtype_info[other].name,
                        trim, th[0], th[1], th[2], th[3],
                        e->tg->inf(type_part_of(k)), words,
                        single ? "0x7f800000" : "0x7ff00000", single ? "0x7fffff" : "0xfffff",
                        single ? "0x41100000" : "0x40360000", single ? "0x42b17218" : "0x40862e42",
                        single ? "0x4340b1e7" : "0x4096bbaa",
                        single ? "1.70141183460469231731687303716e+38" : "8.98846567431157953864652595395e+307",
                        single ? "0x41300000" : "0x40360000", xwords,
                        single ? "1.19209289550781250000000000000000000e-7f"
                               : "2.22044604925031308084726333618164062e-16",
                        single ? "3.40282346638528859811704183484516925e+38f"
                               : "1.79769313486231570814527423731704357e+308",
                        single ? "4.336808689942017736029811e-19f" : "5.966672584960165394632772e-154",
                        single ? "8.4572793338e-4f" : "3.6500241499888571e-8",
                        single ? "5.9801995673e-4" : "2.5809568279517849e-8",
                        single ? "2.3058430092136939520000000e+18f" : "5.966672584960165394632772e-154",
                        single ? "1.084202172485504434007453e-19f" : "1.491668146240041348658193e-154",
                        single ? "6.9314718055994531e-1f" : "6.9314718055994531e-1",
                        single ? "6.9314718056e-1f" : "6.9314718055994531e-1",
                        single ? "1.5707963267948966e0f" : "1.5707963267948966e0",
                        single ? "6.1232339957367659e-17f" : "6.1232339957367659e-17",
                        single ? "2.7182818284590452e0f" : "2.7182818284590452e0", rpr,
                        e->tg->nan(type_part_of(k)),
                        single && e->tg->ftz32 ? e->tg->ftz32 : ""};
  expand(o, text, NULL, keys, vals, (int)(sizeof keys / sizeof *keys));
  return true;
}

/* <cupy/complex.cuh> for CUDA C++ code: the complex structs and the DSL's helpers (CUDA's
   text, no float32 flush: user code is compiled without -ftz on both backends) that
   complex<T>'s operators and tests wrap, then the class itself (form_complex_class) with
   thrust's functions of complex<T>, and complex.cuh's own rint. */
char *emit_complex_header(void) {
  Emitter e = {.tg = &emit_cuda_target, .cxx = true};
  const char *fns[HK_COUNT] = {0};
  builtin_complex_fns(fns);                        /* thrust's exp, log, sqrt, sin, ... */
  form_complex_op_helpers(fns);
  for (int h = 0; h < HK_COUNT; h++)
    for (int k = TY_COMPLEX64; fns[h] && k <= TY_COMPLEX128; k++)
      e.helper_used[h][k] = true;
  emit_complex_deps(&e);
  Buf o = {0};
  buf_puts(&o, "#ifndef PYKC_CUPY_COMPLEX_CUH\n#define PYKC_CUPY_COMPLEX_CUH\n");
  emit_complex_types(&e, &o);
  for (int h = 0; h < HK_COUNT; h++)
    for (int k = TY_COMPLEX64; k <= TY_COMPLEX128; k++)
      if (e.helper_used[h][k])
        emit_complex_text(&e, &o, h, k);
  form_complex_class(&o, fns, true);
  buf_puts(&o, complex_rint);
  buf_puts(&o, "#endif\n");
  return buf_detach(&o);
}
