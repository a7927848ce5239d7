/*
 * overlap.c: whether a map twin's batched loads may run before other trips' stores
 * (docs/design.md §5.3): the byte ranges of the arrays a kernel writes against those it
 * reads. A pure function of the arguments, a few compares per pair of arrays
 * (bench/map_check.c times it).
 */
#include "rt.h"

#include <stdbool.h>
#include <stdint.h>

/* The bytes array A spans, [*lo, *hi); false when it has no element. */
static bool span(const pykc_arg *a, uintptr_t *lo, uintptr_t *hi) {
  int64_t item = (int)a->dtype >= 0 && (int)a->dtype < KC_NDTYPES ? dtype_info[(int)a->dtype].size : 1;
  int64_t down = 0, up = 0, n = 1;
  for (int d = 0; d < a->ndim; d++) {
    if (a->shape[d] <= 0)
      return false;
    n *= a->shape[d];
    if (a->strides) {
      int64_t ext = (a->shape[d] - 1) * a->strides[d];
      if (ext < 0)
        down += ext;
      else
        up += ext;
    }
  }
  if (!a->strides)
    up = (n - 1) * item;
  *lo = (uintptr_t)a->data + (uintptr_t)down;     /* (wraps as intended for down < 0) */
  *hi = (uintptr_t)a->data + (uintptr_t)up + (uintptr_t)item;
  return true;
}

/* W and R, both accessed only at [i], are one 1-d view whose elements do not overlap:
   trip i's store then reaches only element i, which no other trip loads. */
static bool same_view(const pykc_arg *w, const pykc_arg *r) {
  if (w->ndim != 1 || r->ndim != 1 || w->data != r->data || w->shape[0] != r->shape[0] ||
      (int)w->dtype < 0 || (int)w->dtype >= KC_NDTYPES ||
      dtype_info[(int)w->dtype].size != dtype_info[(int)r->dtype].size)
    return false;
  int64_t item = dtype_info[(int)w->dtype].size;
  int64_t sw = w->strides ? w->strides[0] : item, sr = r->strides ? r->strides[0] : item;
  return sw == sr && (sw >= item || -sw >= item);
}

int rt_map_conflict(const pykc_arg *args, int nargs, const uint8_t *access, int *read) {
  uintptr_t lo[RT_MAXPARAMS], hi[RT_MAXPARAMS];
  bool has[RT_MAXPARAMS];                          /* an array the kernel touches, not empty */
  for (int i = 0; i < nargs && i < RT_MAXPARAMS; i++)
    has[i] = args[i].is_array && (access[i] & (KC_MAP_READ | KC_MAP_WRITE)) &&
             span(&args[i], &lo[i], &hi[i]);
  for (int w = 0; w < nargs && w < RT_MAXPARAMS; w++) {
    if (!has[w] || !(access[w] & KC_MAP_WRITE))
      continue;
    for (int r = 0; r < nargs && r < RT_MAXPARAMS; r++) {
      if (!has[r] || !(access[r] & KC_MAP_READ) || hi[r] <= lo[w] || hi[w] <= lo[r])
        continue;
      if (!((access[w] | access[r]) & KC_MAP_ELSEWHERE) && same_view(&args[w], &args[r]))
        continue;
      *read = r;
      return w;
    }
  }
  return -1;
}
