/*
 * runtime/dtype.c: the dtypes' facts and the typing of Python scalars for the library's
 * clients (include/pykc.h): the compiler's one table (type.c's dtype_info) and its one
 * scalar rule (kc_scalar_dtype, types/promote.c), so that the CLI's argument parser and
 * the Python extension type a value as a kernel does.
 */
#include "rt.h"

int pykc_fuse_loop(const char *name, const char *in, const char *weak, char dtype,
                   int new_fusion, char out[4], const char **err) {
  return kc_fuse_loop(name, in, weak, dtype, new_fusion != 0, out, err);
}

int pykc_scalar_dtype(pykc_pyscalar kind, int negative, uint64_t magnitude, int numpy_mode) {
  return kc_scalar_dtype((int)kind, negative != 0, magnitude, numpy_mode != 0);
}

static const DtypeInfo *info(int dtype) {
  return dtype >= 0 && dtype < KC_NDTYPES ? &dtype_info[dtype] : NULL;
}

const char *pykc_dtype_name(int dtype) {
  return info(dtype) ? info(dtype)->name : dtype == PYKC_RECORD ? "void" : NULL;
}
int pykc_dtype_size(int dtype) { return info(dtype) ? info(dtype)->size : 0; }
char pykc_dtype_kind(int dtype) {
  return info(dtype) ? info(dtype)->npy_kind : dtype == PYKC_RECORD ? 'V' : 0;
}
int64_t pykc_record_size(const char *descr) { return rec_itemsize(descr); }

int pykc_dtype_of(char kind, int size) {
  for (int k = 0; k < KC_NDTYPES; k++)
    if (dtype_info[k].npy_kind == kind && dtype_info[k].size == size)
      return k;
  return -1;
}
