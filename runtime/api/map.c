/*
 * map.c: launches re-planned onto a specialisation's map twin (docs/design.md §5.3).
 *
 * A kernel whose threads never meet (src/lower/map.c) or a kernel form's grid-stride
 * loop has a twin that runs the same indices as a grid-stride loop, its trips' loads
 * four at a time before their stores. A launch goes to the twin when
 *   - the launch is 1-d (grid and block), with no dynamic shared memory, and fewer than
 *     2^31 threads (a jit kernel's i then never wraps);
 *   - the twin's grid, enough blocks for PYKC_MAP_TRIPS (default API_MAP_TRIPS) trips per
 *     thread over the work (a jit kernel's: the launch's threads; a form's: its loop's
 *     elements) and at least the blocks that fill the device (the backend's fill_grid,
 *     asked once per block size), is smaller than the launch's;
 *   - and no array the kernel writes overlaps one it reads (rt_map_conflict, a few
 *     compares per pair), unless both are one 1-d view accessed only at [i]: a trip's
 *     store then feeds no later trip's load.
 * Else the launch runs as written, and always with --debug (its reports name the thread of
 * the user's launch). PYKC_MAP=0 in the environment turns the twins off
 * (for timings against the kernel as written). The context's log (pykc_set_log, `pykc
 * run -v`) tells each choice.
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

bool api_map_plan(pykc_kernel *k, KSpec *ks, const pykc_launch_cfg *cfg, const pykc_arg *args,
                  int nargs, pykc_launch_cfg *out, int64_t *nthreads) {
  pykc_context *cx = k->m->cx;
  unsigned grid = cfg->grid.x ? cfg->grid.x : 1, block = cfg->block.x ? cfg->block.x : 1;
  int64_t threads = (int64_t)grid * block;
  if (!ks->has_map || cx->as_written || !one_d(&cfg->grid) || !one_d(&cfg->block) ||
      cfg->shared_mem || threads >= INT32_MAX ||
      (ks->map.size_arg >= 0 && (ks->map.size_arg >= nargs || !args[ks->map.size_arg].is_array)))
    return false;
  if (ks->map_block != block) {
    char err[RT_ERRLEN];
    if (cx->be->fill_grid(cx->dev, &ks->mapfn, block, &ks->map_grid, err))
      return false;
    ks->map_block = block;
  }
  int64_t work = ks->map.size_arg < 0 ? threads : elements(&args[ks->map.size_arg]);
  int64_t per_block = (int64_t)cx->map_trips * block;
  int64_t want = (work + per_block - 1) / per_block;
  if (want < ks->map_grid)                        /* at least the blocks that fill the device */
    want = ks->map_grid;
  if (want >= grid)
    return false;
  int r, w = rt_map_conflict(args, nargs, ks->map.access, &r);
  if (w >= 0) {
    if (cx->log.fn)
      rt_logf(&cx->log, "kernel '%s': launched as written: '%s' (written) overlaps '%s' (read)",
              k->name, arg_name(k, w), arg_name(k, r));
    return false;
  }
  *out = *cfg;
  out->grid.x = (unsigned)want;
  *nthreads = threads;
  if (cx->log.fn)
    rt_logf(&cx->log, "kernel '%s': launched as %s, grid %u x %u (for %u x %u)", k->name,
            ks->map.cname, out->grid.x, block, grid, block);
  return true;
}
