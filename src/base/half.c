/*
 * half.c: IEEE binary16 (float16) conversions in plain C (no _Float16: clang 14), the one
 * home used by the compiler's constant folding, the runtime, the CLI and the tests.
 */
#include <math.h>

#include "half.h"

float f16_to_float(uint16_t h) {
  int sign = h >> 15, exp = (h >> 10) & 0x1f, man = h & 0x3ff;
  float v;
  if (exp == 0) v = ldexpf((float)man, -24);
  else if (exp == 31) v = man ? NAN : INFINITY;
  else v = ldexpf((float)(man | 0x400), exp - 25);
  return sign ? -v : v;
}

/* Round to nearest even, straight from double (no double rounding through float). */
uint16_t f16_from_double(double d) {
  uint16_t sign = signbit(d) ? 0x8000 : 0;
  double a = fabs(d);
  if (isnan(d)) return sign | 0x7e00;
  if (a >= 65520.0) return sign | 0x7c00;  /* 65520 and up round to inf */
  int e;
  frexp(a, &e);                               /* a = f * 2^e, f in [0.5, 1) */
  if (a == 0 || e < -13) e = -13;             /* subnormal range: quantum 2^-24 */
  double q = ldexp(1.0, e - 11);              /* quantum: 10 mantissa bits below 2^(e-1) */
  double m = nearbyint(a / q);                /* default rounding mode: ties to even */
  double r = m * q;
  if (r == 0) return sign;
  int re;
  double rf = frexp(r, &re);
  if (re < -13) return sign | (uint16_t)(r / ldexp(1.0, -24));  /* subnormal */
  uint16_t exp = (uint16_t)(re + 14);
  uint16_t man = (uint16_t)((rf * 2 - 1) * 1024);
  return sign | (uint16_t)(exp << 10) | man;
}
