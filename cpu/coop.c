/*
 * coop.c: cooperative launches on the CPU (a kernel that syncs its grid, jit.cg). Every
 * block runs at once: each keeps its threads, warps and shared memory (the static section
 * and the dynamic bytes, swapped in for its turn), and runs until every live thread waits
 * at the grid barrier or returns; when every block is there, the barrier opens. A block
 * that returns while others wait is an error (the GPU's barrier would never open), and a
 * grid larger than a GPU's co-residency rule is refused before it starts.
 */
#include "fiber_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A grid's sync() (jit.cg): the thread waits until every live thread of the grid is
   there; coop_run releases them when every block is parked at it. */
void coop_grid_sync(PykcCpu *c, const char *file, int line) {
  Sched *s = c->sched;
  Thread *th = &s->th[s->cur];
  if (!s->coop) {                                  /* the launch path sets coop for it */
    char wh[160];
    fiber_where(s, wh, sizeof wh, true);
    fiber_err(s, "%s:%d: a grid's sync() in a launch that is not cooperative%s", file, line, wh);
    fiber_abandon(s);
  }
  th->state = TS_GRID;
  th->file = file;
  th->line = line;
  s->ngrid++;
  fiber_suspend(s, &s->fibers[th->fiber]);
}

/* ---------------------------------------------------------------- cooperative launches */

/* A cooperative launch runs every block at once (a grid barrier needs them all alive):
   the blocks take turns on the scheduler, each running until all its live threads wait at
   the grid barrier (or return); when every block is there, the barrier opens. Each block
   keeps its own threads, warps and shared memory, swapped in for its turn. */
#define BLOCK_FIELDS                                                                      \
  X(th) X(warps) X(runq) X(qhead) X(qlen) X(next) X(ndone) X(nbar) X(barcount)            \
  X(barresult) X(ngrid)

static void block_out(Sched *s, BlockSave *b) {
#define X(f) b->f = s->f;
  BLOCK_FIELDS
#undef X
  memcpy(b->smem, s->sh_lo, s->sh_len);
  memcpy(b->smem + s->sh_len, s->cpu->dyn_shared, s->g->shared_mem);
}

static void block_in(Sched *s, BlockSave *b, unsigned i) {
#define X(f) s->f = b->f;
  BLOCK_FIELDS
#undef X
  memcpy(s->sh_lo, b->smem, s->sh_len);
  memcpy(s->cpu->dyn_shared, b->smem + s->sh_len, s->g->shared_mem);
  const RtGridRun *g = s->g;
  s->cpu->bid = (pykc_dim3){i % g->grid[0], i / g->grid[0] % g->grid[1],
                            i / (g->grid[0] * g->grid[1])};
}
#undef BLOCK_FIELDS

/* Every block is parked or done: a done block while others wait is an error (the GPU's
   grid barrier would wait for it forever); else the barrier opens. */
static bool open_grid_barrier(Sched *s) {
  BlockSave *waiting = NULL, *gone = NULL;
  unsigned gone_i = 0;
  for (unsigned i = 0; i < s->nblocks; i++) {
    if (s->blocks[i].done && !gone)
      gone = &s->blocks[i], gone_i = i;
    else if (!s->blocks[i].done && !waiting)
      waiting = &s->blocks[i];
  }
  if (!waiting)
    return false;                                  /* the grid is done */
  const Thread *t = waiting->th;
  while (t->state != TS_GRID)
    t++;
  if (gone) {
    block_in(s, gone, gone_i);
    char wh[160];
    fiber_where(s, wh, sizeof wh, false);
    fiber_err(s, "block (%u,%u,%u) returned while other blocks wait at the grid's sync() at "
            "%s:%d: the grid barrier waits for every block (on the GPU it would never open)%s",
            s->cpu->bid.x, s->cpu->bid.y, s->cpu->bid.z, t->file, t->line, wh);
    return false;
  }
  for (unsigned i = 0; i < s->nblocks; i++) {
    BlockSave *b = &s->blocks[i];
    b->ngrid = 0;
    for (unsigned u = 0; u < s->n; u++)
      if (b->th[u].state == TS_GRID) {
        b->th[u].state = TS_READY;
        b->runq[(b->qhead + b->qlen++) % s->n] = u;
      }
  }
  return true;
}

void coop_run(Sched *s) {
  do {
    for (unsigned i = 0; i < s->nblocks && !s->failed; i++) {
      BlockSave *b = &s->blocks[i];
      if (b->done)
        continue;
      block_in(s, b, i);
      if (!b->started)
        fiber_block_init(s);
      b->started = true;
      fiber_block_loop(s);
      block_out(s, b);
      b->done = s->ndone == s->n;
    }
  } while (!s->failed && open_grid_barrier(s));
}

/* The blocks a cooperative launch may have: the CPU backend holds them to a GPU's
   co-residency rule (8 multiprocessors of 2048 threads, 32 blocks and 228 KiB of shared
   memory each: every thread of the grid may need a fiber at once, and each fiber is two
   mappings of the process's 65530), reported as the GPU backend reports the device's. */
int coop_limit(const RtGridRun *g, unsigned threads, char *err) {
  enum { SMS = 8, SM_THREADS = 2048, SM_BLOCKS = 32, SM_SMEM = 233472 };
  unsigned long long per_sm = SM_THREADS / threads < SM_BLOCKS ? SM_THREADS / threads : SM_BLOCKS;
  size_t smem = g->shared_mem + g->static_smem;
  if (smem && SM_SMEM / smem < per_sm)
    per_sm = SM_SMEM / smem;
  unsigned long long blocks = (unsigned long long)g->grid[0] * g->grid[1] * g->grid[2];
  if (blocks <= per_sm * SMS)
    return 0;
  snprintf(err, RT_ERRLEN, "kernel '%s' syncs its grid, so all its blocks must be resident "
           "at once: grid %ux%ux%u is %llu blocks, more than the %llu per multiprocessor x %d "
           "multiprocessors = %llu that fit (block %ux%ux%u, %zu bytes of dynamic shared "
           "memory; the CPU backend's limits are a GPU's)", g->name, g->grid[0], g->grid[1],
           g->grid[2], blocks, per_sm, (int)SMS, per_sm * SMS, g->block[0], g->block[1],
           g->block[2], g->shared_mem);
  return RT_EUSAGE;
}

/* The per-block state of a cooperative launch (S's th, warps and runq point into it). */
bool coop_alloc(Sched *s) {
  const RtGridRun *g = s->g;
  PykcCpu *c = g->cpu;
  s->nblocks = g->grid[0] * g->grid[1] * g->grid[2];
  if (c->shared_guard[0] && c->shared_guard[1] > c->shared_guard[0] + PYKC_GUARD) {
    s->sh_lo = c->shared_guard[0] + PYKC_GUARD;
    s->sh_len = (size_t)(c->shared_guard[1] - s->sh_lo);
  }
  size_t per = s->sh_len + g->shared_mem;
  s->blocks = calloc(s->nblocks, sizeof *s->blocks);
  Thread *th = calloc((size_t)s->nblocks * s->n, sizeof *th);
  Warp *w = calloc((size_t)s->nblocks * s->nwarps, sizeof *w);
  unsigned *q = calloc((size_t)s->nblocks * s->n, sizeof *q);
  char *mem = per ? malloc(per * s->nblocks) : NULL;
  if (!s->blocks || !th || !w || !q || (per && !mem)) {
    free(th), free(w), free(q), free(mem);
    return false;
  }
  for (unsigned i = 0; i < s->nblocks; i++) {
    BlockSave *b = &s->blocks[i];
    b->th = th + (size_t)i * s->n;
    b->warps = w + (size_t)i * s->nwarps;
    b->runq = q + (size_t)i * s->n;
    b->smem = mem + per * i;
    memcpy(b->smem, s->sh_lo, s->sh_len);          /* as the launch finds it */
    memcpy(b->smem + s->sh_len, c->dyn_shared, g->shared_mem);
  }
  return true;
}

void coop_free(Sched *s) {
  if (!s->blocks)
    return;
  free(s->blocks[0].th);
  free(s->blocks[0].warps);
  free(s->blocks[0].runq);
  free(s->blocks[0].smem);
  free(s->blocks);
}

