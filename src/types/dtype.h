/*
 * src/types/dtype.h: the dtypes' facts, one table (type.c) indexed by include/pykc.h's
 * pykc_dtype, which the compiler's TY_BOOL .. TY_COMPLEX128 follow in the same order.
 * The runtime reads it through src/driver/ksig.h.
 */
#ifndef PYKC_DTYPE_H
#define PYKC_DTYPE_H

#include <stdbool.h>

#include "../../include/pykc.h"

#define KC_NDTYPES (PYKC_COMPLEX128 + 1)

/* A dtype's facts (type.c's table, indexed by pykc_dtype). */
typedef struct DtypeInfo {
  const char *name;                                /* "float32" */
  const char *ctype;                               /* CUDA spelling: "float", "long long", "__half" */
  const char *code;                                /* short code for mangling/sigs: "f4" */
  char npy_kind;                                   /* 'b' 'i' 'u' 'f' 'c' */
  int size;                                        /* bytes */
  bool is_int, is_signed, is_float, is_complex;
} DtypeInfo;
extern const DtypeInfo dtype_info[KC_NDTYPES];

#endif
