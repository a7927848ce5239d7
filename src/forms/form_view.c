/*
 * form_view.c: a fuse body's view of an array (view.h): its ndim for the trace, its
 * shape, strides and offset for the planner, by NumPy's basic indexing as CuPy's
 * _routines_indexing.pyx (_view_getitem) does it.
 */
#include "view.h"

#include <stdio.h>

/* The dimensions of the array that the key's ints and slices take. */
static int taken(const ViewIndex *key, int nkey) {
  int n = 0;
  for (int k = 0; k < nkey; k++)
    n += key[k].kind == VIX_INT || key[k].kind == VIX_SLICE;
  return n;
}

int view_ndim(int ndim, const ViewIndex *key, int nkey) {
  int used = taken(key, nkey), out = ndim - used;
  if (out < 0)
    return -1;
  for (int k = 0; k < nkey; k++)
    out += key[k].kind == VIX_SLICE || key[k].kind == VIX_NEWAXIS;
  return out;
}

int view_apply(int ndim, const int64_t *shape, const int64_t *strides, const ViewIndex *key,
               int nkey, int *vndim, int64_t *vshape, int64_t *vstrides, int64_t *offset,
               char *err, size_t errlen) {
  int skip = ndim - taken(key, nkey), a = 0, v = 0;  /* skip: the axes an Ellipsis takes */
  *offset = 0;
  for (int k = 0; k <= nkey; k++) {
    ViewIndexKind kind = k < nkey ? key[k].kind : VIX_ELLIPSIS;   /* then the rest */
    if (kind == VIX_ELLIPSIS) {
      int n = k < nkey ? skip : ndim - a;
      for (int j = 0; j < n; j++, a++, v++) {
        vshape[v] = shape[a];
        vstrides[v] = strides[a];
      }
    } else if (kind == VIX_NEWAXIS) {
      vshape[v] = 1;
      vstrides[v++] = 0;
    } else if (kind == VIX_SLICE) {                /* x[::1], x[::-1] */
      int64_t step = key[k].v, len = shape[a];
      vshape[v] = len;
      vstrides[v++] = len ? strides[a] * step : strides[a];
      if (step < 0 && len > 0)
        *offset += strides[a] * (len - 1);
      a++;
    } else {
      int64_t i = key[k].v < 0 ? key[k].v + shape[a] : key[k].v;
      if (i < 0 || i >= shape[a]) {
        snprintf(err, errlen, "Index %lld is out of bounds for axis %d with size %lld",
                 (long long)key[k].v, a, (long long)shape[a]);
        return -1;
      }
      *offset += i * strides[a++];
    }
  }
  *vndim = v;
  return 0;
}
