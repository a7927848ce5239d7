/*
 * src/types/record.h: NumPy's void dtypes (kind 'V') as kernel forms take them (record.c):
 * a structured dtype ("i4,f8", nested ones) and unstructured bytes ("V8"). A client
 * describes one in a string (the grammar is record.c's); this is the one home of what
 * CuPy 14.2 makes of it (cupy/_core/_scalar.pyx, get_typename and _build_struct_typename):
 * its item size, the alignment CUDA gives it, its C++ type (`cupy::StructView<...>`,
 * `cupy::UnstructuredVoid<N>`) and the header that type needs, or CuPy's ValueError. The
 * runtime reads the item size alone (rec_itemsize), without an arena.
 */
#ifndef PYKC_RECORD_H
#define PYKC_RECORD_H

#include <stdbool.h>
#include <stdint.h>

typedef struct Arena Arena;                       /* base.h */

typedef struct Record {
  const char *descr;                               /* the description (the arena's copy) */
  int64_t size;                                    /* item size in bytes */
  int64_t align;                                   /* CUDA's alignment of ctype */
  const char *ctype;                               /* CuPy's C++ name of the type */
  bool structview, uvoid;                          /* it needs cupy/structview.cuh,
                                                      cupy/unstructured_void.cuh */
  uint32_t scalars;                                /* its fields' dtypes, 1u << pykc_dtype
                                                      each (complex ones need the forms'
                                                      complex<T>, float16 ones __half) */
  const char *shown;                               /* NumPy's str(dtype): "[('f0', '<i4')]" */
} Record;

/* The spelling of dtype K (a pykc_dtype) inside a record's C++ type: the forms' one. */
typedef const char *RecordSpell(int k);

/* DESCR read and typed as CuPy does; NULL with *err: a malformed description (the
   client's error) or CuPy's ValueError (a misaligned field, an item size that is no
   multiple of the alignment, a subarray field, a V0). *value_error tells which. */
const Record *rec_parse(Arena *a, const char *descr, RecordSpell *spell, const char **err,
                        bool *value_error);
/* DESCR's item size (its leading "V<size>"), or -1 when it has none. */
int64_t rec_itemsize(const char *descr);

#endif
