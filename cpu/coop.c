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
  fiber_suspend(s, FIBER(s, th->fiber));
}

/* ---------------------------------------------------------------- cooperative launches */

/* A cooperative launch runs every block at once (a grid barrier needs them all alive):
   the blocks take turns on the scheduler, each running until all its live threads wait at
   the grid barrier (or return); when every block is there, the barrier opens. Each block
   keeps its own threads, warps and shared memory, swapped in for its turn. */
#define BLOCK_FIELDS                                                                      \
  X(th) X(warps) X(runq) X(qhead) X(qlen) X(next) X(ndone) X(nbar) X(barcount)            \
  X(barresult) X(ngrid) X(nspin) X(nstep)

/* memcpy of N bytes, none (and no pointer) when N is 0. */
static void smem_copy(char *to, const char *from, size_t n) {
  if (n)
    memcpy(to, from, n);
}

void block_out(Sched *s, BlockSave *b) {
#define X(f) b->f = s->f;
  BLOCK_FIELDS
#undef X
  smem_copy(b->smem, s->sh_lo, s->sh_len);
  smem_copy(b->smem + s->sh_len, s->cpu->dyn_shared, s->g->shared_mem);
}

void block_in(Sched *s, BlockSave *b) {
#define X(f) s->f = b->f;
  BLOCK_FIELDS
#undef X
  smem_copy(s->sh_lo, b->smem, s->sh_len);
  smem_copy(s->cpu->dyn_shared, b->smem + s->sh_len, s->g->shared_mem);
  const RtGridRun *g = s->g;
  unsigned i = b->id;
  s->cpu->bid = (pykc_dim3){i % g->grid[0], i / g->grid[0] % g->grid[1],
                            i / (g->grid[0] * g->grid[1])};
}
#undef BLOCK_FIELDS

void fiber_block_enter(Sched *s, unsigned long long id) {
  const RtGridRun *g = s->g;
  PykcCpu *c = s->cpu;
  c->bid = (pykc_dim3){(unsigned)(id % g->grid[0]), (unsigned)(id / g->grid[0] % g->grid[1]),
                       (unsigned)(id / ((unsigned long long)g->grid[0] * g->grid[1]))};
  if (g->debug && c->dyn_shared_bytes)
    memset(c->dyn_shared, 0xff, c->dyn_shared_bytes);
  if (g->debug && c->poison_shared)
    c->poison_shared(0xff);
}

/* Every block is parked or done: a done block while others wait is an error (the GPU's
   grid barrier would wait for it forever); else the barrier opens. */
static bool open_grid_barrier(Sched *s) {
  BlockSave *waiting = NULL, *gone = NULL;
  for (unsigned i = 0; i < s->nblocks; i++) {
    if (s->blocks[i].nspin)
      return true;                                 /* some spin: another turn each */
    if (s->blocks[i].done && !gone)
      gone = &s->blocks[i];
    else if (!s->blocks[i].done && !waiting)
      waiting = &s->blocks[i];
  }
  if (!waiting)
    return false;                                  /* the grid is done */
  const Thread *t = waiting->th;
  while (t->state != TS_GRID)
    t++;
  if (gone) {
    block_in(s, gone);
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
      block_in(s, b);
      if (!b->started)
        fiber_block_init(s);
      else if (s->nspin)
        fiber_wake_spinners(s);
      b->started = true;
      fiber_block_loop(s);
      block_out(s, b);
      b->done = s->ndone == s->n;
    }
  } while (!s->failed && open_grid_barrier(s));
}

/* The blocks that run at once (a cooperative launch's, or those of a grid whose blocks
   spin, spin.c): the CPU backend holds them to a GPU's co-residency rule (8
   multiprocessors of 2048 threads, 32 blocks and 228 KiB of shared memory each: every
   thread of them may need a fiber at once, and each fiber is two mappings of the
   process's 65530). */
unsigned long long coop_resident(const RtGridRun *g, unsigned threads, unsigned *per_sm) {
  enum { SM_THREADS = 2048, SM_BLOCKS = 32, SM_SMEM = 233472 };
  unsigned k = SM_THREADS / threads < SM_BLOCKS ? SM_THREADS / threads : SM_BLOCKS;
  size_t smem = g->shared_mem + g->static_smem;
  if (smem && SM_SMEM / smem < k)
    k = (unsigned)(SM_SMEM / smem);
  *per_sm = k;
  return (unsigned long long)*per_sm * COOP_SMS;
}

/* A cooperative launch's grid must fit at once, reported as the GPU backend reports the
   device's limit. */
int coop_limit(const RtGridRun *g, unsigned threads, char *err) {
  unsigned per_sm;
  unsigned long long fit = coop_resident(g, threads, &per_sm);
  unsigned long long blocks = (unsigned long long)g->grid[0] * g->grid[1] * g->grid[2];
  if (blocks <= fit)
    return 0;
  snprintf(err, RT_ERRLEN, "kernel '%s' syncs its grid, so all its blocks must be resident "
           "at once: grid %ux%ux%u is %llu blocks, more than the %llu per multiprocessor x %d "
           "multiprocessors = %llu that fit (block %ux%ux%u, %zu bytes of dynamic shared "
           "memory; the CPU backend's limits are a GPU's)", g->name, g->grid[0], g->grid[1],
           g->grid[2], blocks, (unsigned long long)per_sm, (int)COOP_SMS, fit, g->block[0], g->block[1],
           g->block[2], g->shared_mem);
  return RT_EUSAGE;
}

/* The module's static shared memory (S's sh_lo and sh_len), swapped between blocks. */
void block_shared_span(Sched *s) {
  PykcCpu *c = s->g->cpu;
  if (c->shared_guard[0] && c->shared_guard[1] > c->shared_guard[0] + PYKC_GUARD) {
    s->sh_lo = c->shared_guard[0] + PYKC_GUARD;
    s->sh_len = (size_t)(c->shared_guard[1] - s->sh_lo);
  }
}

/* The states of COUNT blocks run at once, each holding the shared memory as the launch
   finds it (S->blocks; block i's id is i until the caller says otherwise). */
bool blocks_alloc(Sched *s, unsigned count) {
  const RtGridRun *g = s->g;
  PykcCpu *c = g->cpu;
  s->nblocks = count;
  block_shared_span(s);
  size_t per = s->sh_len + g->shared_mem;
  s->blocks = calloc(count, sizeof *s->blocks);
  Thread *th = calloc((size_t)count * s->n, sizeof *th);
  Warp *w = calloc((size_t)count * s->nwarps, sizeof *w);
  unsigned *q = calloc((size_t)count * s->n, sizeof *q);
  char *mem = per ? malloc(per * count) : NULL;
  if (!s->blocks || !th || !w || !q || (per && !mem)) {
    free(th), free(w), free(q), free(mem);
    return false;
  }
  for (unsigned i = 0; i < count; i++) {
    BlockSave *b = &s->blocks[i];
    b->id = i;
    b->th = th + (size_t)i * s->n;
    b->warps = w + (size_t)i * s->nwarps;
    b->runq = q + (size_t)i * s->n;
    b->smem = mem + per * i;
    smem_copy(b->smem, s->sh_lo, s->sh_len);       /* as the launch finds it */
    smem_copy(b->smem + s->sh_len, c->dyn_shared, g->shared_mem);
  }
  return true;
}

/* A cooperative launch: every block's state (S's th, warps and runq point into it). */
bool coop_alloc(Sched *s) { return blocks_alloc(s, (unsigned)s->nblocks_grid); }

void coop_free(Sched *s) {
  if (!s->blocks)
    return;
  free(s->blocks[0].th);
  free(s->blocks[0].warps);
  free(s->blocks[0].runq);
  free(s->blocks[0].smem);
  free(s->blocks);
}

