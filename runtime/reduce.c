/*
 * runtime/reduce.c: the launch shape of a reduction (src/reduce.h's red_choose), a pure
 * function of the sizes, so that a float reduction combines in the same order on every
 * run and every device.
 *
 * The rules aim at about TARGET_BLOCKS blocks of RED_BLOCK threads (one resident wave on
 * an H100 or H200: 132 SMs x 8 blocks of 256 threads) and at least 16 elements per
 * thread, enough loads in flight to hide the memory latency:
 *   - the reduced axis fast (or one output): G = 32..128 threads per output (about 16
 *     elements each) when that alone gives TARGET_BLOCKS / 2 blocks (RED_ROWS); otherwise
 *     each output split over gridDim.x blocks (RED_SPLIT);
 *   - the kept axis fast: tiles of 32 outputs, the reduced axis split over gridDim.y
 *     blocks until the grid has TARGET_BLOCKS blocks (RED_COLS).
 * The scratch capacities of reduce.h bound the splits.
 */
#include "../src/forms/reduce.h"
#include "../src/driver/ksig.h"
#include "rt.h"

#define TARGET_BLOCKS 1024
#define MIN_PER_THREAD 16

static int64_t cdiv(int64_t a, int64_t b) { return (a + b - 1) / b; }
static int64_t clamp64(int64_t v, int64_t lo, int64_t hi) { return v < lo ? lo : v > hi ? hi : v; }

RedLaunch red_choose(int64_t out_size, int64_t red_size, bool reduce_fast) {
  RedLaunch l = {RED_SPLIT, {1, 1, 1}, {RED_BLOCK, 1, 1}};
  if (out_size < 1)
    out_size = 1;
  if (out_size > 1 && !reduce_fast) {
    int64_t tiles = cdiv(out_size, 32), warps = RED_BLOCK / 32, s = 1;
    if (tiles <= RED_COUNTERS)
      s = clamp64(cdiv(TARGET_BLOCKS, tiles), 1,
                  clamp64(cdiv(red_size, warps * MIN_PER_THREAD), 1, RED_PARTIALS / out_size));
    l.strategy = RED_COLS;
    l.grid[0] = (unsigned)clamp64(tiles, 1, INT32_MAX);
    l.grid[1] = (unsigned)clamp64(s, 1, 65535);
    l.block[0] = 32;
    l.block[2] = (unsigned)warps;
    return l;
  }
  int64_t group = 32;
  while (group < RED_BLOCK / 2 && group * MIN_PER_THREAD < red_size)
    group *= 2;
  int64_t per_block = RED_BLOCK / group, row_blocks = cdiv(out_size, per_block);
  if (out_size > 1 && (row_blocks >= TARGET_BLOCKS / 2 || out_size > RED_COUNTERS)) {
    l.strategy = RED_ROWS;
    l.grid[0] = (unsigned)clamp64(row_blocks, 1, INT32_MAX);
    l.block[0] = (unsigned)group;
    l.block[1] = (unsigned)per_block;
    return l;
  }
  int64_t x = clamp64(cdiv(TARGET_BLOCKS, out_size), 1, cdiv(red_size, RED_BLOCK * MIN_PER_THREAD));
  l.grid[0] = (unsigned)clamp64(x, 1, RED_PARTIALS / out_size);
  l.grid[1] = (unsigned)clamp64(out_size, 1, 65535);
  return l;
}

/* ---- planning a call ---- */

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static int fail(char *err, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int fail(char *err, size_t n, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(err, n, fmt, ap);
  va_end(ap);
  return RED_EVALUE;
}

/* A's byte strides: its own, or C-contiguous ones. */
static void arg_strides(const pykc_arg *a, int64_t *st) {
  int64_t s = rt_itemsize(a);
  for (int d = a->ndim - 1; d >= 0; d--) {
    st[d] = a->strides ? a->strides[d] : s;
    s *= a->shape[d] > 1 ? a->shape[d] : 1;
  }
}

/* Merges dims [lo, hi) of every view in LIST where each one is contiguous over the pair
   (CuPy's _reduce_dims, kept within one group: the reduced dims never merge with the kept
   ones) and drops dims of extent 1; returns the group's new number of dims. SH is the
   shared shape of the group, rewritten in place. */
static int merge_group(int64_t *sh, int lo, int hi, int n, int64_t (*st)[PYKC_MAX_DIMS]) {
  int k = lo;   /* dims kept so far end at k */
  for (int d = lo; d < hi; d++) {
    if (sh[d] == 1)
      continue;
    bool merge = k > lo;
    for (int a = 0; merge && a < n; a++)
      merge = st[a][k - 1] == st[a][d] * sh[d];
    if (merge) {
      sh[k - 1] *= sh[d];
      for (int a = 0; a < n; a++)
        st[a][k - 1] = st[a][d];
      continue;
    }
    sh[k] = sh[d];
    for (int a = 0; a < n; a++)
      st[a][k] = st[a][d];
    k++;
  }
  return k - lo;
}

static void put_shape(char *b, size_t n, const int64_t *sh, int nd) {
  size_t k = (size_t)snprintf(b, n, "(");
  for (int d = 0; d < nd && k < n; d++)
    k += (size_t)snprintf(b + k, n - k, "%s%lld", d ? ", " : "", (long long)sh[d]);
  if (k < n)
    snprintf(b + k, n - k, nd == 1 ? ",)" : ")");
}

int red_plan(const RedCall *call, bool shape_only, RedPlan *plan, char *err, size_t errlen) {
  const pykc_arg *args = call->args;
  int nargs = call->nin + call->nout;
  /* the broadcast shape of the non-raw input arrays (NumPy's rules) */
  int nd = 0;
  int64_t shape[PYKC_MAX_DIMS];
  for (int i = 0; i < call->nin; i++) {
    const pykc_arg *a = &args[i];
    if (!a->is_array || call->raw[i])
      continue;
    if (a->ndim > nd) {
      for (int d = nd - 1; d >= 0; d--)
        shape[d + a->ndim - nd] = shape[d];
      for (int d = 0; d < a->ndim - nd; d++)
        shape[d] = 1;
      nd = a->ndim;
    }
    for (int d = 0; d < a->ndim; d++) {
      int64_t *s = &shape[d + nd - a->ndim], e = a->shape[d];
      if (*s == e || e == 1)
        continue;
      if (*s != 1) {
        char x[160], y[160];
        put_shape(x, sizeof x, shape, nd);
        put_shape(y, sizeof y, a->shape, a->ndim);
        return fail(err, errlen, "operands could not be broadcast together with shapes %s %s",
                    x, y);
      }
      *s = e;
    }
  }
  /* axis= (CuPy's _get_axis): reduced axes ascending, then the kept ones */
  bool reduced[PYKC_MAX_DIMS] = {false};
  for (int k = 0; k < call->naxes; k++) {
    int a = call->axes[k];
    if (a < -nd || a >= nd) {
      fail(err, errlen, "axis %d is out of bounds for array of dimension %d", a, nd);
      return RED_EAXIS;
    }
    if (a < 0)
      a += nd;
    if (reduced[a])
      return fail(err, errlen, "duplicate value in 'axis'");
    reduced[a] = true;
  }
  int perm[PYKC_MAX_DIMS], R = 0, O = 0;
  for (int d = 0; d < nd; d++)
    if (call->naxes < 0 || reduced[d])
      perm[R++] = d;
  for (int d = 0; d < nd; d++)
    if (!(call->naxes < 0 || reduced[d]))
      perm[R + O++] = d;
  /* CuPy transposes the arrays to put the reduced axes first, which it refuses when a
     parameter is raw (_set_permuted_args) */
  bool permuted = false, any_raw = false;
  for (int k = 0; k < nd; k++)
    permuted |= perm[k] != k;
  for (int i = 0; i < nargs; i++)
    any_raw |= call->raw[i];
  if (permuted && any_raw && !call->raw_unread) {
    fail(err, errlen, "Illegal conditions (CuPy does not reduce other than the leading axes "
         "of a ReductionKernel with raw parameters)");
    return RED_EIMPL;                              /* CuPy's NotImplementedError */
  }
  plan->out_ndim = 0;
  for (int d = 0; d < nd; d++) {
    bool red = call->naxes < 0 || reduced[d];
    if (call->keepdims || !red)
      plan->out_shape[plan->out_ndim++] = red ? 1 : shape[d];
  }
  if (shape_only)
    return 0;

  /* the outputs: the planned shape (CuPy's _get_out_args_with_params) */
  for (int i = call->nin; i < nargs; i++) {
    const pykc_arg *a = &args[i];
    if (!a->is_array || call->raw[i])
      continue;
    bool same = a->ndim == plan->out_ndim;
    for (int d = 0; same && d < a->ndim; d++)
      same = a->shape[d] == plan->out_shape[d];
    if (!same)
      return fail(err, errlen, "Out shape is mismatched");
  }
  int64_t red_size = 1, out_size = 1;
  for (int k = 0; k < R; k++)
    red_size *= shape[perm[k]];
  for (int k = R; k < R + O; k++)
    out_size *= shape[perm[k]];
  if (out_size > 0 && red_size == 0 && !call->has_identity)
    return fail(err, errlen, "zero-size array to reduction operation %s which has no identity",
                call->name);

  /* the views: every non-raw array's strides over the index space (permuted; outputs
     only along the kept dims), then the groups merged */
  int64_t sh[PYKC_MAX_DIMS], (*st)[PYKC_MAX_DIMS] = plan->vstrides;
  int who[RED_MAX_ARGS], nin_elem = 0, nelem = 0;
  for (int k = 0; k < R + O; k++)
    sh[k] = shape[perm[k]];
  for (int pass = 0; pass < 2; pass++)
    for (int i = pass ? call->nin : 0; i < (pass ? nargs : call->nin); i++) {
      const pykc_arg *a = &args[i];
      if (!a->is_array || call->raw[i])
        continue;
      if (nelem == (int)(sizeof who / sizeof *who))
        return fail(err, errlen, "too many array parameters (at most %d)", RED_MAX_ARGS);
      int64_t own[PYKC_MAX_DIMS];
      arg_strides(a, own);
      if (!pass) {
        /* broadcast: right-aligned, stride 0 where the extent is 1 and the shape's is not */
        int64_t full[PYKC_MAX_DIMS];
        for (int d = 0; d < nd; d++) {
          int ad = d - (nd - a->ndim);
          full[d] = ad < 0 || (a->shape[ad] == 1 && shape[d] != 1) ? 0 : own[ad];
        }
        for (int k = 0; k < R + O; k++)
          st[nelem][k] = full[perm[k]];
        nin_elem++;
      } else {
        /* the output's own dims are the kept ones (with 1s at the reduced ones: keepdims) */
        int od = 0;
        for (int d = 0; d < nd; d++) {
          bool red = call->naxes < 0 || reduced[d];
          if (!red)
            st[nelem][R + od] = own[call->keepdims ? d : od];
          od += !red;
        }
        for (int k = 0; k < R; k++)
          st[nelem][k] = 0;
      }
      who[nelem++] = i;
    }
  int r2 = merge_group(sh, 0, R, nin_elem, st);
  int o2 = merge_group(sh, R, R + O, nelem, st);
  for (int k = 0; k < o2; k++) {
    sh[r2 + k] = sh[R + k];
    for (int a = 0; a < nelem; a++)
      st[a][r2 + k] = st[a][R + k];
  }
  for (int i = 0; i < nargs; i++)
    plan->views[i] = args[i];
  for (int a = 0; a < nelem; a++) {
    pykc_arg *v = &plan->views[who[a]];
    bool out = who[a] >= call->nin;
    v->ndim = out ? o2 : r2 + o2;
    for (int d = 0; d < v->ndim; d++)
      v->shape[d] = sh[(out ? r2 : 0) + d];
    v->strides = st[a] + (out ? r2 : 0);
  }
  plan->nred = r2;
  plan->nout = o2;
  plan->red_size = red_size;
  plan->out_size = out_size;
  /* the reduced axis is the fast one when its stride in the first input is the smaller */
  bool fast = true;
  if (nin_elem && r2 && o2) {
    int64_t sr = st[0][r2 - 1], so = st[0][r2 + o2 - 1];
    fast = (sr < 0 ? -sr : sr) <= (so < 0 ? -so : so);
  }
  plan->launch = red_choose(out_size, red_size, fast);
  return 0;
}
