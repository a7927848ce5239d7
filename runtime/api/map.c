/*
 * map.c: launches re-planned onto a specialisation's map twin (docs/design.md §5.3).
 *
 * A kernel whose threads never meet (src/lower/map.c) or a kernel form's grid-stride
 * loop has a twin that runs the same indices as a grid-stride loop, its trips' loads
 * four at a time before their stores. A launch goes to the twin when
 *   - the launch is 1-d (grid and block), with no dynamic shared memory, and fewer than
 *     2^31 threads (a jit kernel's i then never wraps);
 *   - the blocks that fill the device (the backend's fill_grid, asked once per block
 *     size) are fewer than the launch's: the twin then runs several trips per thread;
 *   - and no array the kernel writes overlaps one it reads (rt_map_conflict, a few
 *     compares per pair), unless both are one 1-d view accessed only at [i]: a trip's
 *     store then feeds no later trip's load.
 * Else the launch runs as written. PYKC_MAP=0 in the environment turns the twins off
 * (for timings against the kernel as written). The context's log (pykc_set_log, `pykc
 * run -v`) tells each choice.
 */
#include "api.h"

#include <stdio.h>

void api_map_function(pykc_module *m, KSpec *ks) {
  pykc_context *cx = m->cx;
  char err[RT_ERRLEN];
  ks->has_map = false;
  if (!ks->ksig || !kc_map(m->unit, ks->ksig, &ks->map))
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

bool api_map_plan(pykc_kernel *k, KSpec *ks, const pykc_launch_cfg *cfg, const pykc_arg *args,
                  int nargs, pykc_launch_cfg *out, int64_t *nthreads) {
  pykc_context *cx = k->m->cx;
  unsigned grid = cfg->grid.x ? cfg->grid.x : 1, block = cfg->block.x ? cfg->block.x : 1;
  int64_t threads = (int64_t)grid * block;
  if (!ks->has_map || cx->as_written || !one_d(&cfg->grid) || !one_d(&cfg->block) ||
      cfg->shared_mem || threads >= INT32_MAX)
    return false;
  if (ks->map_block != block) {
    char err[RT_ERRLEN];
    if (cx->be->fill_grid(cx->dev, &ks->mapfn, block, &ks->map_grid, err))
      return false;
    ks->map_block = block;
  }
  if (ks->map_grid >= grid)
    return false;
  int r, w = rt_map_conflict(args, nargs, ks->map.access, &r);
  if (w >= 0) {
    if (cx->log.fn)
      rt_logf(&cx->log, "kernel '%s': launched as written: '%s' (written) overlaps '%s' (read)",
              k->name, arg_name(k, w), arg_name(k, r));
    return false;
  }
  *out = *cfg;
  out->grid.x = ks->map_grid;
  *nthreads = threads;
  if (cx->log.fn)
    rt_logf(&cx->log, "kernel '%s': launched as %s, grid %u x %u (for %u x %u)", k->name,
            ks->map.cname, ks->map_grid, block, grid, block);
  return true;
}
