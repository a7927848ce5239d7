/*
 * map.c: launches re-planned onto a specialisation's map twin (docs/design.md §5.3).
 *
 * A kernel whose threads never meet (src/lower/map.c) or a kernel form's grid-stride
 * loop has a twin that runs the same indices as a grid-stride loop, its trips' loads
 * four at a time before their stores. A launch goes to the twin when
 *   - the launch is 1-d (grid and block; a 2-d twin's: z of 1, its loop over y), with no
 *     dynamic shared memory, and fewer than 2^31 threads along the loop (a jit kernel's
 *     i then never wraps);
 *   - the twin's grid, enough blocks for PYKC_MAP_TRIPS (default API_MAP_TRIPS) trips per
 *     thread over the work (a jit kernel's: the launch's threads; a form's: its loop's
 *     elements; a 2-d twin's: PYKC_MAP_ROWS, default API_MAP_ROWS, rows per thread over
 *     the threads along y, grid.x kept) and at least the blocks that fill the device (the
 *     backend's fill_grid, asked once per block size), is smaller than the launch's;
 *   - and no array the kernel writes overlaps one it reads (rt_map_conflict, a few
 *     compares per pair), unless both are one view accessed only at the thread's own
 *     element ([i]; [y, x]): a trip's store then feeds no later trip's load.
 * Else the launch runs as written, and always with --debug (its reports name the thread of
 * the user's launch). PYKC_MAP=0 in the environment turns the twins off
 * (for timings against the kernel as written). The context's log (pykc_set_log, `pykc
 * run -v`) tells each choice, and why a launch runs as written.
 */
#include "api.h"

#include <stdio.h>

void api_map_function(pykc_module *m, KSpec *ks) {
  pykc_context *cx = m->cx;
  char err[RT_ERRLEN];
  ks->has_map = false;                            /* (--debug: reports name the user's */
  if (!ks->ksig || kc_debug(m->unit) || !kc_map(m->unit, ks->ksig, &ks->map))   /* threads) */
    return;
  ks->mapfn = ks->fn;
  ks->mapfn.h = ks->mapfn.entry = NULL;
  ks->has_map = cx->be->function(cx->dev, m->cur, ks->map.cname, &ks->mapfn, err) == 0;
}

static const char *arg_name(const pykc_kernel *k, int i) {
  const char *n = pykc_kernel_param_name(k, i);
  return n ? n : "(a view)";
}

static bool one_d(const pykc_dim3 *d) { return d->y <= 1 && d->z <= 1; }

/* The elements of array A (its shape's product). */
static int64_t elements(const pykc_arg *a) {
  int64_t n = 1;
  for (int d = 0; d < a->ndim; d++)
    n *= a->shape[d];
  return n;
}

/* The launch's threads along the twin's loop (x; a 2-d twin's: y), or -1 when CFG is of
   another shape than the twin's loop takes (1-d: grid and block 1-d; 2-d: z of 1). */
static int64_t loop_threads(const KMap *map, const pykc_launch_cfg *cfg) {
  const pykc_dim3 *g = &cfg->grid, *b = &cfg->block;
  if (g->z > 1 || b->z > 1 || (map->dims != 2 && (!one_d(g) || !one_d(b))))
    return -1;
  return map->dims == 2 ? (int64_t)(g->y ? g->y : 1) * (b->y ? b->y : 1)
                        : (int64_t)(g->x ? g->x : 1) * (b->x ? b->x : 1);
}

/* Logs why K's launch runs as written though it has a twin; false. */
static bool as_written(const pykc_kernel *k, const char *why) {
  pykc_context *cx = k->m->cx;
  if (cx->log.fn)
    rt_logf(&cx->log, "kernel '%s': launched as written: %s", k->name, why);
  return false;
}

/* A 2-d twin's block width: rows of up to 128 threads along x (the same threads per
   block) where its body reads x only in its elements' last index and every array it
   touches is C-contiguous, so that a warp reads 128 bytes of one row or more, not pieces
   of several (bench/stencil_sweep.py, H200, 4 rows per thread: 16 x 16 0.73x the nvcc
   anchor, 32 x 8 0.69x, 128 x 2 0.67x). The width divides the launch's threads along x
   (XT), so the twin's x are the launch's; else BX. */
static unsigned map_width(const KSpec *ks, const pykc_arg *args, int nargs, unsigned bx,
                          unsigned block, int64_t xt) {
  if (!ks->map.xinner)
    return bx;
  for (int i = 0; i < nargs; i++)
    if (args[i].is_array && (ks->map.access[i] & (KC_MAP_READ | KC_MAP_WRITE)) &&
        !rt_arg_contig(&args[i]))
      return bx;
  for (unsigned w = 128; w >= 32 && w > bx; w /= 2)
    if (block % w == 0 && xt % w == 0)
      return w;
  return bx;
}

bool api_map_plan(pykc_kernel *k, KSpec *ks, const pykc_launch_cfg *cfg, const pykc_arg *args,
                  int nargs, pykc_launch_cfg *out, int64_t *nthreads) {
  pykc_context *cx = k->m->cx;
  bool two = ks->map.dims == 2;
  unsigned gx = cfg->grid.x ? cfg->grid.x : 1, gy = cfg->grid.y ? cfg->grid.y : 1;
  unsigned bx = cfg->block.x ? cfg->block.x : 1, by = cfg->block.y ? cfg->block.y : 1;
  unsigned block = bx * by;
  int64_t threads = loop_threads(&ks->map, cfg);
  if (!ks->has_map || (ks->map.size_arg >= 0 && (ks->map.size_arg >= nargs ||
                                                 !args[ks->map.size_arg].is_array)))
    return false;
  if (cx->as_written)
    return as_written(k, "PYKC_MAP=0");
  if (threads < 0)
    return as_written(k, two ? "a 3-d launch (its twin loops over y)"
                             : "a 2-d or 3-d launch (its twin loops over x)");
  if (cfg->shared_mem)
    return as_written(k, "dynamic shared memory");
  if (threads >= INT32_MAX)
    return as_written(k, "2^31 threads or more");
  if (ks->map_block != block) {
    char err[RT_ERRLEN];
    if (cx->be->fill_grid(cx->dev, &ks->mapfn, block, &ks->map_grid, err))
      return false;
    ks->map_block = block;
  }
  unsigned wx = two ? map_width(ks, args, nargs, bx, block, (int64_t)gx * bx) : bx;
  unsigned wy = block / wx, wgx = two ? (unsigned)((int64_t)gx * bx / wx) : 1;
  int64_t work = ks->map.size_arg < 0 ? threads : elements(&args[ks->map.size_arg]);
  int64_t per_block = (int64_t)(two ? cx->map_rows : cx->map_trips) * (two ? wy : bx);
  int64_t want = (work + per_block - 1) / per_block;
  int64_t fills = two ? (ks->map_grid + wgx - 1) / wgx : ks->map_grid;
  if (want < fills)                               /* at least the blocks that fill the device */
    want = fills;
  if (two ? want * wgx >= (int64_t)gx * gy : want >= gx)
    return as_written(k, "its twin would take as many blocks");
  int r, w = rt_map_conflict(args, nargs, ks->map.access, &r);
  if (w >= 0) {
    if (cx->log.fn)
      rt_logf(&cx->log, "kernel '%s': launched as written: '%s' (written) overlaps '%s' (read)",
              k->name, arg_name(k, w), arg_name(k, r));
    return false;
  }
  *out = *cfg;
  *nthreads = threads;
  if (two) {
    out->grid.x = wgx;
    out->grid.y = (unsigned)want;
    out->block.x = wx;
    out->block.y = wy;
    if (cx->log.fn)
      rt_logf(&cx->log, "kernel '%s': launched as %s, grid %u x %u, block %u x %u (for grid "
              "%u x %u, block %u x %u): up to %lld rows per thread", k->name, ks->map.cname,
              wgx, out->grid.y, wx, wy, gx, gy, bx, by,
              (long long)((threads + want * wy - 1) / (want * wy)));
    return true;
  }
  out->grid.x = (unsigned)want;
  if (cx->log.fn)
    rt_logf(&cx->log, "kernel '%s': launched as %s, grid %u x %u (for %u x %u)", k->name,
            ks->map.cname, out->grid.x, block, gx, block);
  return true;
}
