/*
 * spin.c: spin waits between blocks on the CPU backend. A GPU runs many blocks of a grid
 * at once, so programs wait for each other's blocks in loops: software grid barriers
 * (atomicAdd on a counter, then polls with atomicAdd(c, 0)), flags handed from block to
 * block, decoupled look-back scans. The CPU backend runs blocks one after another, so
 * such a loop would wait for a block that runs only after it.
 *
 * A thread spins when its atomics keep finding the same value at the same address
 * (PYKC_SPIN_POLLS in a row: cpu_rt.h's pykc_poll), when it calls __nanosleep(), or
 * after as many __threadfence()s (a loop on volatile flags between fences): it
 * yields (spin_yield), the other threads of its block run, and when nothing else of the
 * block can run and nothing has changed since its spinners last woke, the block is put
 * aside (fiber_block_loop returns). From then on the rest of the grid runs here with up to
 * S->resident blocks at once, as many as a GPU holds (coop_resident: 8 multiprocessors of
 * 2048 threads, 32 blocks and 228 KiB of shared memory), taking turns: each turn wakes a
 * block's spinners, and a block that finishes frees its place for the next block of the
 * grid, in order, as the GPU's block scheduler does. A kernel that never spins runs as
 * before, one block after another.
 *
 * A grid that cannot go on is reported, not left to hang: when a whole round of the
 * resident blocks changes nothing (no thread returned, no barrier or collective opened,
 * no block started, no atomic found a new value) and every live thread either waits at a
 * barrier or has polled an unchanged value SPIN_STALE times in a row. Where blocks wait
 * to start, the message says that the grid needs more blocks at once than a GPU holds. A
 * wait whose progress pykc cannot see (__nanosleep, __threadfence) is never judged
 * stuck; `pykc run --timeout` bounds it.
 *
 * A loop that polls memory with plain `volatile` reads and nothing else (no atomic, no
 * __threadfence(), no __nanosleep()) yields through the poll cpu/cxxvol.c puts into its
 * condition (pykc_vspin, every PYKC_VOLATILE_TRIPS trips, progress not known): the
 * threads of a block are fibers that switch only at such calls.
 */
#include "fiber_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Atomics in a row on an unchanged value that make a thread stuck (when nothing else
   changes either), and the most a thread polls before it yields again: a thread that
   keeps finding the same value polls longer each time (as long again as before), so that
   a long wait switches blocks less often. */
#define SPIN_STALE (1ull << 20)
#define SPIN_MAX_POLLS (1u << 16)

/* PykcCpu.spin: the running thread yields (KNOWN: its atomics found the same value
   PYKC_SPIN_POLLS times; else a __nanosleep). */
void spin_yield(PykcCpu *c, int known) {
  Sched *s = c->sched;
  Thread *th = &s->th[s->cur];
  if (known && th->spin_addr == c->spin_addr && th->spin_val == c->spin_val) {
    th->stale += c->spin_n;
  } else if (known) {
    th->stale = c->spin_n;
    s->progress++;                                 /* it found a new value */
  } else {
    th->stale = 0;
  }
  th->spin_addr = c->spin_addr;
  th->spin_val = c->spin_val;
  th->state = TS_SPIN;
  s->nspin++;
  fiber_suspend(s, FIBER(s, th->fiber));
}

void spin_resume(PykcCpu *c, const Thread *th) {
  c->spin_addr = th->spin_addr;                    /* a spinner goes on counting */
  c->spin_val = th->spin_val;
  c->spin_n = c->fence_n = c->vol_n = 0;
  c->spin_limit = th->stale < PYKC_SPIN_POLLS ? PYKC_SPIN_POLLS
                  : th->stale < SPIN_MAX_POLLS ? (unsigned)th->stale : SPIN_MAX_POLLS;
}

/* The first thread of block B (the running one) that spins on a value, or NULL when one
   spins where pykc cannot see its progress, or a live thread does anything but wait. */
static const Thread *stuck_spinner(const Sched *s, const BlockSave *b, bool *unknown) {
  const Thread *first = NULL;
  for (unsigned t = 0; t < s->n; t++) {
    const Thread *th = &b->th[t];
    if (th->state == TS_SPIN && th->stale < SPIN_STALE)
      *unknown = true;
    else if (th->state == TS_SPIN && !first)
      first = th;
    else if (th->state == TS_READY || th->state == TS_RUNNING)
      *unknown = true;
  }
  return first;
}

/* After a round that changed nothing: reports the grid when every resident block is
   stuck (true), else false. NEXT: the first block not started. */
static bool report_deadlock(Sched *s, unsigned long long next) {
  bool unknown = false;
  const Thread *first = NULL;
  const BlockSave *fb = NULL;
  for (unsigned i = 0; i < s->nblocks; i++) {
    const BlockSave *b = &s->blocks[i];
    if (!b->started)
      continue;
    const Thread *t = stuck_spinner(s, b, &unknown);
    if (t && !first)
      first = t, fb = b;
  }
  if (unknown || !first)
    return false;
  block_in(s, (BlockSave *)fb);
  PykcCpu *c = s->cpu;
  unsigned t = (unsigned)(first - fb->th);
  const RtGridRun *g = s->g;
  c->tid = (pykc_dim3){t % g->block[0], t / g->block[0] % g->block[1],
                       t / (g->block[0] * g->block[1])};
  char wh[160], why[400];
  fiber_where(s, wh, sizeof wh, true);
  unsigned long long waiting = s->nblocks_grid - next;
  unsigned per_sm;
  coop_resident(g, s->n, &per_sm);
  if (waiting)
    snprintf(why, sizeof why, ", while %llu blocks of the grid wait to start: a GPU holds "
             "at most %u blocks of this launch at once (%u per multiprocessor x %d "
             "multiprocessors: the CPU backend's limits are a GPU's), so a block that waits "
             "for a later one waits forever", waiting, s->nblocks, per_sm, (int)COOP_SMS);
  else
    snprintf(why, sizeof why, ": the grid is deadlocked (on a GPU it would hang)");
  fiber_err(s, "kernel '%s' cannot go on: every thread of its %u running blocks that has "
            "not returned waits, those that spin finding the same value again and again "
            "(%llu atomics in a row read 0x%llx at %p)%s%s", g->name, s->nblocks,
            (unsigned long long)first->stale,
            (unsigned long long)first->spin_val, first->spin_addr, why, wh);
  return true;
}

/* Block B starts block ID in its place (its arrays become the running block's). */
static void start_block(Sched *s, BlockSave *b, unsigned long long id) {
  b->id = (unsigned)id;
  b->started = true;
  s->th = b->th;
  s->warps = b->warps;
  s->runq = b->runq;
  fiber_block_enter(s, id);
  fiber_block_init(s);
  s->progress++;
}

/* The running block's state moves into place 0 of S->resident places; false: no memory. */
static bool spin_setup(Sched *s, unsigned long long id) {
  size_t cap = (size_t)s->resident * s->n;
  int *freef = realloc(s->freef, cap * sizeof *freef);
  if (freef)
    s->freef = freef;
  if (!freef || !blocks_alloc(s, s->resident))
    return false;
  BlockSave *b = &s->blocks[0];
  memcpy(b->th, s->th, s->n * sizeof *s->th);
  memcpy(b->warps, s->warps, s->nwarps * sizeof *s->warps);
  memcpy(b->runq, s->runq, s->n * sizeof *s->runq);
  s->th = b->th;
  s->warps = b->warps;
  s->runq = b->runq;
  b->id = (unsigned)id;
  b->started = true;
  block_out(s, b);
  return true;
}

void spin_run(Sched *s, unsigned long long id) {
  if (!spin_setup(s, id)) {
    fiber_err(s, "out of memory for %u blocks of %u threads at once", s->resident, s->n);
    return;
  }
  unsigned long long next = id + 1;
  unsigned live = 1;
  while (!s->failed && (live || next < s->nblocks_grid)) {
    unsigned long before = s->progress;
    for (unsigned i = 0; i < s->nblocks && !s->failed; i++) {
      BlockSave *b = &s->blocks[i];
      if (b->started) {
        block_in(s, b);
        fiber_wake_spinners(s);
      } else if (next < s->nblocks_grid) {
        start_block(s, b, next++);
        live++;
      } else {
        continue;
      }
      fiber_block_loop(s);
      if (s->failed)
        break;
      if (s->ndone == s->n) {                      /* its place goes to the next block */
        b->started = false;
        live--;
        s->progress++;
      } else {
        block_out(s, b);
      }
    }
    if (!s->failed && s->progress == before && report_deadlock(s, next))
      break;
  }
}
