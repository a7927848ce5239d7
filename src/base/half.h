/*
 * src/base/half.h: float16 conversions (half.c), exact and round-to-nearest-even.
 */
#ifndef PYKC_HALF_H
#define PYKC_HALF_H

#include <stdint.h>

float f16_to_float(uint16_t h);
uint16_t f16_from_double(double d);               /* straight from double: no double rounding */

#endif
