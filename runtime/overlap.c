/*
 * overlap.c: whether a map twin's batched loads may run before other trips' stores
 * (docs/design.md §5.3): the byte ranges of the arrays a kernel writes against those it
 * reads. A pure function of the arguments, a few compares per pair of arrays
 * (bench/map_check.c times it); one view read and written at the thread's own element
 * only ([i] of 1-d, a 2-d twin's [y, x]) passes when its elements are distinct.
 */
#include "rt.h"

#include <stdbool.h>
#include <stdint.h>

/* The bytes array A spans, [*lo, *hi); false when it has no element. */
static bool span(const pykc_arg *a, uintptr_t *lo, uintptr_t *hi) {
  int64_t item = rt_dtype_ok(a) ? rt_itemsize(a) : 1;
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

/* The stride of dimension D of A in bytes (C-contiguous when it has none). */
static int64_t stride_of(const pykc_arg *a, int d, int64_t item) {
  if (a->strides)
    return a->strides[d];
  int64_t s = item;
  for (int e = a->ndim - 1; e > d; e--)
    s *= a->shape[e];
  return s;
}

/* No two elements of A share a byte: its dimensions by stride size, each stride at least
   the span of the dimensions inside it (the innermost at least the item). */
static bool distinct_elements(const pykc_arg *a, int64_t item) {
  int64_t st[RT_MAXDIM], ext[RT_MAXDIM];
  if (a->ndim > RT_MAXDIM)
    return false;
  for (int d = 0; d < a->ndim; d++) {
    int64_t v = stride_of(a, d, item), x = a->shape[d];
    v = v < 0 ? -v : v;
    int e = d;                                     /* insertion: st[] ascending */
    for (; e > 0 && st[e - 1] > v; e--) {
      st[e] = st[e - 1];
      ext[e] = ext[e - 1];
    }
    st[e] = v;
    ext[e] = x;
  }
  int64_t span = item;
  for (int d = 0; d < a->ndim; d++) {
    if (st[d] < span)
      return false;
    span = st[d] * ext[d];
  }
  return true;
}

/* W and R, both accessed only at the thread's own element ([i] of 1-d; a 2-d twin's
   [y, x] of 2-d), are one view whose elements do not overlap: trip i's store then reaches
   only element i, which no other trip loads. */
static bool same_view(const pykc_arg *w, const pykc_arg *r) {
  if (w->ndim != r->ndim || w->ndim < 1 || w->data != r->data ||
      !rt_dtype_ok(w) || !rt_dtype_ok(r) || rt_itemsize(w) != rt_itemsize(r))
    return false;
  int64_t item = rt_itemsize(w);
  for (int d = 0; d < w->ndim; d++)
    if (w->shape[d] != r->shape[d] || stride_of(w, d, item) != stride_of(r, d, item))
      return false;
  return distinct_elements(w, item);
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
