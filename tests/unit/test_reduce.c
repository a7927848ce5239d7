/*
 * tests/unit/test_reduce.c: the reduction planner (runtime/reduce.c): CuPy's axis,
 * keepdims, broadcasting and output-shape rules, the permuted and merged views a
 * ReductionKernel is launched with, the messages CuPy gives, and the launch shapes
 * red_choose derives from the sizes (each strategy, the scratch bounds).
 */
#include "harness.h"

#include "../../src/forms/reduce.h"

#include <stdint.h>

static pykc_arg arr(pykc_dtype dt, int nd, const int64_t *shape, const int64_t *strides) {
  pykc_arg a;
  memset(&a, 0, sizeof a);
  a.is_array = 1;
  a.dtype = dt;
  a.data = (void *)(uintptr_t)0x1000;
  a.ndim = nd;
  for (int d = 0; d < nd; d++)
    a.shape[d] = shape[d];
  a.strides = strides;
  return a;
}

static pykc_arg views[8];
static int64_t vstrides[8][PYKC_MAX_DIMS];
static char err[256];

/* Plans kernel(in..., out...) with no raw parameters; returns red_plan's status. */
static int plan(const pykc_arg *args, int nin, int nout, const int *axes, int naxes, bool keep,
                RedPlan *p) {
  static const bool raw[8];
  RedCall c = {args, nin, nout, raw, axes, naxes, keep, true, "k", false};
  memset(p, 0, sizeof *p);
  p->views = views;
  p->vstrides = vstrides;
  err[0] = 0;
  return red_plan(&c, false, p, err, sizeof err);
}

static void expect_view(int i, int nd, const int64_t *shape, const int64_t *strides) {
  const pykc_arg *v = &views[i];
  if (v->ndim != nd) {
    failf("view %d: ndim %d, expected %d", i, v->ndim, nd);
    return;
  }
  for (int d = 0; d < nd; d++)
    if (v->shape[d] != shape[d] || v->strides[d] != strides[d])
      failf("view %d dim %d: extent %lld stride %lld, expected %lld %lld", i, d,
            (long long)v->shape[d], (long long)v->strides[d], (long long)shape[d],
            (long long)strides[d]);
}

static void test_rows_cols(void) {
  int64_t xs[] = {16384, 4096}, ys[] = {16384}, cs[] = {4096};
  pykc_arg a[2] = {arr(PYKC_FLOAT32, 2, xs, NULL), arr(PYKC_FLOAT32, 1, ys, NULL)};
  RedPlan p;
  int ax1[] = {1}, ax0[] = {0};
  if (plan(a, 1, 1, ax1, 1, false, &p))
    return failf("rows: %s", err);
  expect_view(0, 2, (int64_t[]){4096, 16384}, (int64_t[]){4, 16384});
  expect_view(1, 1, (int64_t[]){16384}, (int64_t[]){4});
  if (p.nred != 1 || p.nout != 1 || p.red_size != 4096 || p.out_size != 16384)
    failf("rows: nred %d nout %d sizes %lld %lld", p.nred, p.nout, (long long)p.red_size,
          (long long)p.out_size);
  if (p.launch.strategy != RED_ROWS || p.launch.block[0] != 128 || p.launch.block[1] != 2 ||
      p.launch.grid[0] != 8192)
    failf("rows: strategy %d block (%u, %u) grid %u", p.launch.strategy, p.launch.block[0],
          p.launch.block[1], p.launch.grid[0]);
  a[1] = arr(PYKC_FLOAT32, 1, cs, NULL);
  if (plan(a, 1, 1, ax0, 1, false, &p))
    return failf("cols: %s", err);
  expect_view(0, 2, (int64_t[]){16384, 4096}, (int64_t[]){16384, 4});
  if (p.launch.strategy != RED_COLS || p.launch.grid[0] != 128 || p.launch.grid[1] != 8 ||
      p.launch.block[0] != 32 || p.launch.block[2] != 8)
    failf("cols: strategy %d grid (%u, %u) block (%u, %u, %u)", p.launch.strategy,
          p.launch.grid[0], p.launch.grid[1], p.launch.block[0], p.launch.block[1],
          p.launch.block[2]);
}

static void test_full_and_merge(void) {
  int64_t xs[] = {2, 3, 4}, none[1] = {0};
  pykc_arg a[2] = {arr(PYKC_FLOAT64, 3, xs, NULL), arr(PYKC_FLOAT64, 0, none, NULL)};
  RedPlan p;
  if (plan(a, 1, 1, NULL, -1, false, &p))
    return failf("full: %s", err);
  expect_view(0, 1, (int64_t[]){24}, (int64_t[]){8});
  if (p.out_ndim != 0 || p.nred != 1 || p.nout != 0 || p.launch.strategy != RED_SPLIT ||
      p.launch.grid[0] != 1 || p.launch.grid[1] != 1)
    failf("full: out_ndim %d nred %d nout %d strategy %d grid %u", p.out_ndim, p.nred, p.nout,
          p.launch.strategy, p.launch.grid[0]);
  /* axis (0, 2) with keepdims: the reduced dims do not merge (strides 96, 8) */
  int64_t ks[] = {1, 3, 1};
  a[1] = arr(PYKC_FLOAT64, 3, ks, NULL);
  int ax[] = {2, 0};
  if (plan(a, 1, 1, ax, 2, true, &p))
    return failf("keepdims: %s", err);
  if (p.out_ndim != 3 || p.out_shape[0] != 1 || p.out_shape[1] != 3 || p.out_shape[2] != 1)
    failf("keepdims: out_ndim %d", p.out_ndim);
  expect_view(0, 3, (int64_t[]){2, 4, 3}, (int64_t[]){96, 8, 32});
  expect_view(1, 1, (int64_t[]){3}, (int64_t[]){8});
  /* a transposed input: axis -1 of a (4, 6) array stored as the transpose of (6, 4) */
  int64_t ts[] = {4, 6}, tst[] = {8, 32}, os[] = {4};
  a[0] = arr(PYKC_FLOAT64, 2, ts, tst);
  a[1] = arr(PYKC_FLOAT64, 1, os, NULL);
  int last[] = {-1};
  if (plan(a, 1, 1, last, 1, false, &p))
    return failf("transposed: %s", err);
  expect_view(0, 2, (int64_t[]){6, 4}, (int64_t[]){32, 8});
  if (p.launch.strategy != RED_COLS)
    failf("transposed: strategy %d, expected cols (the kept axis is the fast one)",
          p.launch.strategy);
}

static void test_broadcast(void) {
  int64_t as[] = {3, 1}, bs[] = {4}, ys[] = {3};
  pykc_arg a[3] = {arr(PYKC_FLOAT32, 2, as, NULL), arr(PYKC_FLOAT32, 1, bs, NULL),
                   arr(PYKC_FLOAT32, 1, ys, NULL)};
  RedPlan p;
  int ax[] = {1};
  if (plan(a, 2, 1, ax, 1, false, &p))
    return failf("%s", err);
  expect_view(0, 2, (int64_t[]){4, 3}, (int64_t[]){0, 4});
  expect_view(1, 2, (int64_t[]){4, 3}, (int64_t[]){4, 0});
  /* a scalar input is no array: it takes no part */
  pykc_arg s[3] = {arr(PYKC_FLOAT32, 1, bs, NULL), pykc_float32(2.0f),
                   arr(PYKC_FLOAT32, 0, ys, NULL)};
  if (plan(s, 2, 1, NULL, -1, false, &p))
    return failf("scalar: %s", err);
  if (views[1].is_array || views[1].value.f != 2.0)
    failf("scalar: the scalar argument changed");
}

static void expect_err(const char *what, int st, const char *msg) {
  if (!st)
    failf("%s: planned, expected '%s'", what, msg);
  else if (strcmp(err, msg))
    failf("%s: '%s', expected '%s'", what, err, msg);
}

static void test_errors(void) {
  int64_t xs[] = {2, 3}, ys[] = {2}, bs[] = {4}, zs[] = {0, 3}, z3[] = {3};
  pykc_arg a[3] = {arr(PYKC_INT32, 2, xs, NULL), arr(PYKC_INT32, 1, ys, NULL)};
  RedPlan p;
  int ax2[] = {2}, dup[] = {1, -1}, axm3[] = {-3}, ax1[] = {1}, ax0[] = {0};
  expect_err("axis 2", plan(a, 1, 1, ax2, 1, false, &p),
             "axis 2 is out of bounds for array of dimension 2");
  expect_err("axis -3", plan(a, 1, 1, axm3, 1, false, &p),
             "axis -3 is out of bounds for array of dimension 2");
  expect_err("duplicate", plan(a, 1, 1, dup, 2, false, &p), "duplicate value in 'axis'");
  expect_err("out shape", plan(a, 1, 1, ax0, 1, false, &p), "Out shape is mismatched");
  pykc_arg b[3] = {arr(PYKC_INT32, 2, xs, NULL), arr(PYKC_INT32, 1, bs, NULL),
                   arr(PYKC_INT32, 1, ys, NULL)};
  expect_err("broadcast", plan(b, 2, 1, ax1, 1, false, &p),
             "operands could not be broadcast together with shapes (2, 3) (4,)");
  static const bool raw2[3] = {false, true, false};
  RedCall rc = {b, 2, 1, raw2, ax1, 1, false, true, "k", false};
  p.views = views;
  p.vstrides = vstrides;
  int st = red_plan(&rc, false, &p, err, sizeof err);
  expect_err("raw, permuted", st,
             "Illegal conditions (CuPy does not reduce other than the leading axes of a "
             "ReductionKernel with raw parameters)");
  if (st != RED_EIMPL)
    failf("raw, permuted: %d, expected RED_EIMPL (CuPy's NotImplementedError)", st);
  rc.axes = ax0;
  b[2] = arr(PYKC_INT32, 1, (int64_t[]){3}, NULL);
  if (red_plan(&rc, false, &p, err, sizeof err))
    failf("raw, leading axis: %s", err);
  pykc_arg z[2] = {arr(PYKC_INT32, 2, zs, NULL), arr(PYKC_INT32, 1, z3, NULL)};
  static const bool raw[2];
  RedCall c = {z, 1, 1, raw, ax0, 1, false, false, "mysum", false};
  p.views = views;
  p.vstrides = vstrides;
  expect_err("no identity", red_plan(&c, false, &p, err, sizeof err),
             "zero-size array to reduction operation mysum which has no identity");
  c.has_identity = true;
  if (red_plan(&c, false, &p, err, sizeof err) || p.red_size != 0 || p.out_size != 3)
    failf("zero-size with identity: %s", err);
}

static void test_choose(void) {
  RedLaunch l = red_choose(1, 100000000, true);
  if (l.strategy != RED_SPLIT || l.grid[0] != 1024 || l.grid[1] != 1 || l.block[0] != RED_BLOCK)
    failf("full 1e8: strategy %d grid %u", l.strategy, l.grid[0]);
  l = red_choose(8, 8000000, true);
  if (l.strategy != RED_SPLIT || l.grid[0] != 128 || l.grid[1] != 8)
    failf("8 long rows: strategy %d grid (%u, %u)", l.strategy, l.grid[0], l.grid[1]);
  l = red_choose(1000000, 7, true);
  if (l.strategy != RED_ROWS || l.block[0] != 32 || l.block[1] != 8)
    failf("short rows: strategy %d block (%u, %u)", l.strategy, l.block[0], l.block[1]);
  l = red_choose(10000, 1, true);
  if (l.strategy != RED_ROWS)
    failf("many outputs (more than the counters): strategy %d", l.strategy);
  l = red_choose(1 << 20, 1 << 10, false);
  if (l.strategy != RED_COLS || l.grid[1] != 1)
    failf("many columns: the reduced axis is not split (grid y %u)", l.grid[1]);
  l = red_choose(4096, 1 << 20, false);
  if ((int64_t)l.grid[1] * 4096 > RED_PARTIALS)
    failf("cols: %u partials per column exceed the scratch", l.grid[1]);
  l = red_choose(3, 0, true);
  if (l.strategy != RED_SPLIT || l.grid[0] != 1 || l.grid[1] != 3)
    failf("empty reduction: strategy %d grid (%u, %u)", l.strategy, l.grid[0], l.grid[1]);
}

int main(void) {
  (void)remove_tree;
  run("reduce_rows_cols", test_rows_cols);
  run("reduce_full_and_merge", test_full_and_merge);
  run("reduce_broadcast", test_broadcast);
  run("reduce_errors", test_errors);
  run("reduce_choose", test_choose);
  printf("test_reduce: %d failed\n", nfail);
  return nfail ? 1 : 0;
}
