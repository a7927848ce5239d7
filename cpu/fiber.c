/*
 * fiber.c: runs a grid on the CPU. Blocks run one after another (a cooperative launch's
 * run all at once: coop.c; once a block spins, up to a GPU's co-resident blocks take
 * turns: spin.c); the threads of a block are fibers (ucontext) on mmap'd stacks with a
 * guard page, reused from block to block.
 *
 * Scheduling. A worker fiber runs threads one after another (thread 0, 1, 2, ... each a
 * call of the kernel's entry) until its current thread blocks at a barrier or a warp
 * collective; the scheduler then starts a fresh worker for the next thread. So a kernel
 * without barriers runs a whole block on one fiber, and one with barriers gets one fiber
 * per thread. When nothing can run and no thread is left to start, either every thread
 * has returned (the block is done) or the block is stuck, which is reported
 * ("block (0,0,0), warp 0: shfl_xor_sync at k.py:30 reached by 16 of the 32 lanes of mask
 * 0xffffffff; 16 threads wait at syncthreads at k.py:32"), never a hang.
 *
 * __syncthreads() completes when every thread of the block that has not returned has
 * arrived (PTX's exit releases a barrier that waits only for the exiting threads). A warp
 * collective (shuffles, ballots, __syncwarp) is a rendezvous of the lanes of its mask that
 * exist in the block: each lane leaves its value in the warp's slots and waits; the last
 * one to arrive computes every lane's result with PTX's shfl rules and wakes the others. Lanes
 * meet in a collective of the same kind and mask; a warp can have a few open at once
 * (lanes split by a branch). Errors (traps, asserts, --debug bounds checks, stuck blocks, and
 * SIGSEGV/SIGBUS/SIGFPE/SIGILL raised by the kernel) stop the grid with a message; the
 * fiber is abandoned and the scheduler's context resumed, so the process carries on.
 * Stacks are 1 MiB (PYKC_CPU_STACK_KB), room for the 512 KiB of local memory a GPU thread
 * can have; a SIGSEGV on the guard page, or with the stack pointer below the stack, is
 * reported as a stack overflow. CUDA's launch limits (runtime/limits.c) are checked
 * first, as on the GPU.
 *
 * Signals. A crash of the kernel is caught with process-wide handlers for SIGSEGV,
 * SIGBUS, SIGFPE and SIGILL on an alternate signal stack (the faulting fiber's own stack
 * may be the one that overflowed): rt_fiber_run_grid installs them once per grid, before
 * the first block, and restores the previous handlers and alternate stack when the grid
 * ends, however it ends; between grids the host program's handlers are in place. A crash
 * outside a running kernel (in the host, during the grid, on another thread) would be
 * taken for the kernel's: the grids of the process run one at a time (a lock), so that
 * two threads never swap handlers under each other, and other threads are expected not
 * to crash while a grid runs. SIGINT and the other signals are left alone.
 *
 * Switching. makecontext builds each fiber and setcontext enters it the first time; after
 * that, switches are _setjmp/_longjmp between the fiber stacks (GNU Pth's method): glibc's
 * swapcontext makes a sigprocmask system call each time, 20 times slower. Under
 * AddressSanitizer, which tracks stack switches only through swapcontext, every switch is
 * a swapcontext.
 */
#undef _FORTIFY_SOURCE                             /* _longjmp between fiber stacks */
#include "fiber_int.h"

#include <errno.h>
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/time.h>
#include <ucontext.h>
#include <unistd.h>

static const char *const warp_op_name[PYKC_WARP_NOPS] = {
    "shfl_sync", "shfl_up_sync", "shfl_down_sync", "shfl_xor_sync",
    "ballot_sync", "all_sync", "any_sync", "syncwarp", "activemask",
};

#if defined(__SANITIZE_ADDRESS__)
#define FAST_SWITCH 0
#else
#define FAST_SWITCH 1
#endif

/* ---------------------------------------------------------------- errors */

void fiber_where(const Sched *s, char *buf, size_t n, bool thread) {
  const PykcCpu *c = s->cpu;
  if (thread)
    snprintf(buf, n, " (kernel '%s', block (%u,%u,%u), thread (%u,%u,%u))", s->g->name,
             c->bid.x, c->bid.y, c->bid.z, c->tid.x, c->tid.y, c->tid.z);
  else
    snprintf(buf, n, " (kernel '%s')", s->g->name);
}

/* Records the first error of the grid. */
void fiber_err(Sched *s, const char *fmt, ...) {
  if (s->failed)
    return;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(s->err, RT_ERRLEN, fmt, ap);
  va_end(ap);
  s->failed = true;
}

/* ---------------------------------------------------------------- switches */

/* Leaves the running fiber for good and resumes the scheduler. */
_Noreturn void fiber_abandon(Sched *s) {
#if FAST_SWITCH
  _longjmp(s->mainjb, 1);
#else
  setcontext(&s->main);
  __builtin_unreachable();                         /* setcontext does not return */
#endif
}

/* Suspends fiber F (its thread's state already set) and resumes the scheduler. */
void fiber_suspend(Sched *s, Fiber *f) {
#if FAST_SWITCH
  if (!_setjmp(f->jb))
    _longjmp(s->mainjb, 1);
#else
  swapcontext(&f->uc, &s->main);
#endif
}

/* From the scheduler: runs fiber F until it suspends or leaves; FRESH: its first entry. */
static void enter(Sched *s, Fiber *f, bool fresh) {
#if FAST_SWITCH
  if (!_setjmp(s->mainjb)) {
    if (fresh)
      setcontext(&f->uc);
    _longjmp(f->jb, 1);
  }
#else
  (void)fresh;
  swapcontext(&s->main, &f->uc);
#endif
}

static void cb_fail(PykcCpu *c, const char *file, int line, const char *what, const char *msg) {
  Sched *s = c->sched;
  char w[160];
  fiber_where(s, w, sizeof w, true);
  fiber_err(s, "%s:%d: %s%s%s%s", file, line, what, msg ? ": " : "", msg ? msg : "", w);
  fiber_abandon(s);
}

static void cb_oob(PykcCpu *c, int64_t idx, int64_t extent, int dim, const char *file,
                   int line) {
  Sched *s = c->sched;
  char w[160];
  fiber_where(s, w, sizeof w, true);
  fiber_err(s, "%s:%d: index %lld out of bounds for axis %d with size %lld%s", file, line,
          (long long)idx, dim, (long long)extent, w);
  fiber_abandon(s);
}

/* ---------------------------------------------------------------- fibers */

static void set_thread(Sched *s, unsigned t) {
  const RtGridRun *g = s->g;
  PykcCpu *c = s->cpu;
  s->cur = t;
  s->th[t].state = TS_RUNNING;
  c->tid.x = t % g->block[0];
  c->tid.y = t / g->block[0] % g->block[1];
  c->tid.z = t / (g->block[0] * g->block[1]);
  c->lane = t % 32;
  spin_resume(c, &s->th[t]);
}

static void make_ready(Sched *s, unsigned t) {
  s->th[t].state = TS_READY;
  s->runq[(s->qhead + s->qlen++) % s->n] = t;
}

static void thread_done(Sched *s, unsigned t);

/* A worker runs unstarted threads until one blocks, then parks until the scheduler
   needs a worker again (in this block or a later one). */
static void worker(unsigned lo, unsigned hi) {
  Sched *s = (Sched *)(((uintptr_t)hi << 32) | lo);
  int fi = s->curfiber;
  for (;;) {
    while (s->next < s->n && !s->failed) {
      unsigned t = s->next++;
      s->th[t].fiber = fi;
      set_thread(s, t);
      s->g->entry(s->g->args);
      thread_done(s, t);
    }
    s->freef[s->nfree++] = fi;
    FIBER(s, fi)->parked = true;
    fiber_suspend(s, FIBER(s, fi));
  }
}

static int fiber_new(Sched *s, char *err) {
  if (s->nfree > 0)
    return s->freef[--s->nfree];
  if (s->nfibers % s->n == 0) {                    /* a new chunk */
    if (s->nchunks == s->maxchunks ||
        !(s->fchunk[s->nchunks] = calloc(s->n, sizeof(Fiber)))) {
      snprintf(err, RT_ERRLEN, "out of memory for the fibers of %d threads", s->nfibers + 1);
      return -1;
    }
    s->nchunks++;
  }
  long page = sysconf(_SC_PAGESIZE);
  Fiber *f = FIBER(s, s->nfibers);
  f->maplen = s->stack + (size_t)page;
  f->map = mmap(NULL, f->maplen, PROT_READ | PROT_WRITE,
                MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK, -1, 0);
  if (f->map == MAP_FAILED) {
    snprintf(err, RT_ERRLEN, "cannot map a fiber stack: %s", strerror(errno));
    return -1;
  }
  if (mprotect(f->map, (size_t)page, PROT_NONE) != 0) {
    snprintf(err, RT_ERRLEN, "cannot protect a fiber stack: %s", strerror(errno));
    munmap(f->map, f->maplen);
    return -1;
  }
  return s->nfibers++;
}

static int start_worker(Sched *s) {
  char err[RT_ERRLEN];
  int fi = fiber_new(s, err);
  if (fi < 0) {
    fiber_err(s, "%s", err);
    return -1;
  }
  Fiber *f = FIBER(s, fi);
  s->curfiber = fi;
  if (f->parked) {
    f->parked = false;
    enter(s, f, false);
    return 0;
  }
  long page = sysconf(_SC_PAGESIZE);
  getcontext(&f->uc);
  f->uc.uc_stack.ss_sp = f->map + page;
  f->uc.uc_stack.ss_size = s->stack;
  f->uc.uc_link = &s->main;
  uintptr_t p = (uintptr_t)s;
  makecontext(&f->uc, (void (*)(void))worker, 2, (unsigned)(p & 0xffffffffu),
              (unsigned)(p >> 32));
  enter(s, f, true);
  return 0;
}

static void resume(Sched *s, unsigned t) {
  Fiber *f = FIBER(s, s->th[t].fiber);
  set_thread(s, t);
  enter(s, f, false);
}

/* ---------------------------------------------------------------- barriers */

/* Wakes the threads waiting at the barrier: every thread that has not returned is there. */
static void release_barrier(Sched *s) {
  s->progress++;
  s->nbar = 0;
  s->barresult = s->barcount;                      /* read by each thread as it resumes, */
  s->barcount = 0;                                 /* before any reaches the next barrier */
  for (unsigned u = 0; u < s->n; u++)
    if (s->th[u].state == TS_BAR)
      make_ready(s, u);
}

/* As PTX's bar.sync with exit: the barrier waits for the threads that have not returned,
   so the last of them to arrive, or to return, releases it. The threads go on in thread
   order, the releasing one too, as a warp's lanes go on together on the GPU (code that
   reads a neighbour's element and then writes its own, without a barrier between, reads
   the value from before the barrier). */
static void cb_sync(PykcCpu *c, const char *file, int line) {
  Sched *s = c->sched;
  Thread *th = &s->th[s->cur];
  th->state = TS_BAR;
  th->file = file;
  th->line = line;
  if (++s->nbar + s->ndone == s->n)                 /* the last to arrive releases all */
    release_barrier(s);
  fiber_suspend(s, FIBER(s, th->fiber));
}

/* __syncthreads_count(pred): the barrier, and the number of threads whose PRED was true
   (__syncthreads_and / _or are built on it in cpu_rt.h). */
static int cb_sync_count(PykcCpu *c, int pred, const char *file, int line) {
  Sched *s = c->sched;
  s->barcount += pred != 0;
  cb_sync(c, file, line);
  return (int)s->barresult;
}

static unsigned warp_lanes(const Sched *s, unsigned w) {
  unsigned n = s->n - w * 32;
  return n >= 32 ? 0xffffffffu : (1u << n) - 1;
}

/* The source lane of LANE for a shuffle, by PTX's shfl rules (own lane if out of range). */
static int shfl_src(int op, int lane, int b, int width) {
  int segmask = (32 - width) & 31, bval = b & 31;
  int minlane = lane & segmask;
  int maxlane = op == PYKC_SHFL_UP ? minlane : (minlane | (31 & ~segmask));
  int j;
  bool ok;
  switch (op) {
  case PYKC_SHFL_UP: j = lane - bval; ok = j >= maxlane; break;
  case PYKC_SHFL_DOWN: j = lane + bval; ok = j <= maxlane; break;
  case PYKC_SHFL_XOR: j = lane ^ bval; ok = j <= maxlane; break;
  default: j = minlane | (bval & ~segmask); ok = j <= maxlane; break;
  }
  return ok ? j : lane;
}

/* Computes the result of every lane of collective C (warp W) and wakes them in lane order
   (the lane that completed it too: the lanes go on as a warp does, lane 0 first, so that
   a warp-synchronous `s[lane] += s[lane + 16]; __syncwarp();` reads what the GPU's
   lock-step load reads), then the lanes waiting for a free slot. */
static void warp_complete(Sched *s, unsigned w, Coll *C) {
  unsigned ballot = 0;
  s->progress++;
  for (int l = 0; l < 32; l++)
    if ((C->arrived >> l & 1) && C->val[l])
      ballot |= 1u << l;
  for (int l = 0; l < 32; l++) {
    if (!(C->arrived >> l & 1))
      continue;
    uint64_t r = 0;
    if (C->op <= PYKC_SHFL_XOR) {
      int j = shfl_src(C->op, l, C->arg[l], C->width);
      r = (C->arrived >> j & 1) ? C->val[j] : C->val[l];
    } else if (C->op == PYKC_BALLOT)
      r = ballot;
    else if (C->op == PYKC_ACTIVEMASK)
      r = C->arrived;
    else if (C->op == PYKC_ALL)
      r = ballot == C->arrived;
    else if (C->op == PYKC_ANY)
      r = ballot != 0;
    unsigned t = w * 32 + (unsigned)l;
    s->th[t].res = r;
    make_ready(s, t);
  }
  C->open = false;
  for (unsigned l = 0; l < 32 && w * 32 + l < s->n; l++)
    if (s->th[w * 32 + l].state == TS_ENTRY)
      make_ready(s, w * 32 + l);
}

/* The open collective of warp W that a lane arriving at (OP, MASK) joins, else a free
   slot opened for it, else NULL (all slots busy). */
static Coll *warp_slot(Sched *s, unsigned w, int op, unsigned mask) {
  Warp *W = &s->warps[w];
  Coll *free_slot = NULL;
  for (int k = 0; k < NCOLL; k++) {
    Coll *C = &W->c[k];
    if (C->open && C->op == op && (C->mask == mask || op == PYKC_ACTIVEMASK))
      return C;
    if (!C->open && !free_slot)
      free_slot = C;
  }
  if (free_slot) {
    memset(free_slot, 0, offsetof(Coll, val));
    free_slot->open = true;
    free_slot->op = op;
    free_slot->mask = mask;
    free_slot->need = mask & warp_lanes(s, w);
  }
  return free_slot;
}

static uint64_t cb_warp(PykcCpu *c, int op, unsigned mask, uint64_t val, int arg, int width,
                        const char *file, int line) {
  Sched *s = c->sched;
  unsigned t = s->cur, w = t / 32, lane = t % 32;
  Thread *th = &s->th[t];
  char wh[160];
  if (!(mask >> lane & 1)) {
    fiber_where(s, wh, sizeof wh, true);
    fiber_err(s, "%s:%d: %s with mask 0x%08x called by lane %u, which is not in the mask%s",
            file, line, warp_op_name[op], mask, lane, wh);
    fiber_abandon(s);
  }
  if (width < 1 || width > 32 || (width & (width - 1))) {
    fiber_where(s, wh, sizeof wh, true);
    fiber_err(s, "%s:%d: %s width %d is not a power of 2 between 1 and 32%s", file, line,
            warp_op_name[op], width, wh);
    fiber_abandon(s);
  }
  th->file = file;
  th->line = line;
  Coll *C;
  while (!(C = warp_slot(s, w, op, mask))) {
    th->state = TS_ENTRY;
    fiber_suspend(s, FIBER(s, th->fiber));
  }
  if (!C->arrived) {
    C->width = width;
    C->file = file;
    C->line = line;
  }
  C->val[lane] = val;
  C->arg[lane] = arg;
  C->arrived |= 1u << lane;
  th->state = TS_WARP;
  if (C->arrived == C->need)
    warp_complete(s, w, C);                        /* this lane is queued with the others */
  fiber_suspend(s, FIBER(s, th->fiber));
  return th->res;
}

/* A rendezvous of the warp's live lanes; lanes that return drop out (thread_done), and
   a block stuck otherwise settles for the lanes that arrived (settle_activemask). */
static unsigned cb_activemask(PykcCpu *c) {
  Sched *s = c->sched;
  unsigned w = s->cur / 32;
  unsigned live = warp_lanes(s, w) & ~s->warps[w].done;
  return (unsigned)cb_warp(c, PYKC_ACTIVEMASK, live, 0, 0, 32, "", 0);
}

/* A lock-step point of warp-synchronous code (cpu/cxxwarp.c): the lane waits there. */
static void cb_wstep(PykcCpu *c, int depth) {
  Sched *s = c->sched;
  Thread *th = &s->th[s->cur];
  th->state = TS_STEP;
  th->step = depth;
  s->nstep++;
  fiber_suspend(s, FIBER(s, th->fiber));
}

/* Nothing else of the block can run: in each warp, the lanes at its deepest lock-step
   point go on, in lane order (those at a shallower one, past a branch the others took,
   wait for them there, as a divergent warp reconverges). */
static void release_steps(Sched *s) {
  s->progress++;
  for (unsigned w = 0; w < s->nwarps; w++) {
    int deepest = -1;
    unsigned hi = w * 32 + 32 < s->n ? w * 32 + 32 : s->n;
    for (unsigned t = w * 32; t < hi; t++)
      if (s->th[t].state == TS_STEP && s->th[t].step > deepest)
        deepest = s->th[t].step;
    for (unsigned t = w * 32; t < hi && deepest >= 0; t++)
      if (s->th[t].state == TS_STEP && s->th[t].step == deepest) {
        s->nstep--;
        make_ready(s, t);
      }
  }
}

void fiber_wake_spinners(Sched *s) {
  s->woke = s->progress;
  for (unsigned t = 0; t < s->n && s->nspin; t++)
    if (s->th[t].state == TS_SPIN) {
      s->nspin--;
      make_ready(s, t);
    }
}

/* Thread T returned: a barrier that waited only for it is released, and an open
   __activemask() in its warp stops waiting for it. Other warp collectives still wait
   for it (a shuffle from a lane that returned is stuck, as on the GPU). */
static void thread_done(Sched *s, unsigned t) {
  Warp *W = &s->warps[t / 32];
  s->th[t].state = TS_DONE;
  s->ndone++;
  s->progress++;
  if (s->nbar && s->nbar + s->ndone == s->n)
    release_barrier(s);
  W->done |= 1u << (t % 32);
  for (int k = 0; k < NCOLL; k++) {
    Coll *C = &W->c[k];
    if (C->open && C->op == PYKC_ACTIVEMASK) {
      C->need &= ~(1u << (t % 32));
      if (C->arrived == C->need)
        warp_complete(s, t / 32, C);
    }
  }
}

/* The block is stuck: an open __activemask() settles for the lanes that reached it.
   Returns true if one did (the block can go on). */
static bool settle_activemask(Sched *s) {
  for (unsigned w = 0; w < s->nwarps; w++)
    for (int k = 0; k < NCOLL; k++) {
      Coll *C = &s->warps[w].c[k];
      if (C->open && C->op == PYKC_ACTIVEMASK && C->arrived) {
        C->need = C->arrived;
        warp_complete(s, w, C);
        return true;
      }
    }
  return false;
}

/* ---------------------------------------------------------------- stuck blocks */

static void report_stuck(Sched *s) {
  const PykcCpu *c = s->cpu;
  char blk[64], wh[160];
  snprintf(blk, sizeof blk, "block (%u,%u,%u)", c->bid.x, c->bid.y, c->bid.z);
  fiber_where(s, wh, sizeof wh, false);
  unsigned nbar = 0, first_bar = s->n;
  for (unsigned t = 0; t < s->n; t++)
    if (s->th[t].state == TS_BAR && nbar++ == 0)
      first_bar = t;
  for (unsigned w = 0; w < s->nwarps; w++)
    for (int k = 0; k < NCOLL; k++) {
      Coll *C = &s->warps[w].c[k];
      if (!C->open)
        continue;
      unsigned missing = C->need & ~C->arrived, done = s->warps[w].done;
      char extra[128] = "";
      if (missing & done)
        snprintf(extra, sizeof extra, "; lanes 0x%08x returned", missing & done);
      else if (nbar)
        snprintf(extra, sizeof extra, "; %u threads wait at syncthreads at %s:%d", nbar,
                 s->th[first_bar].file, s->th[first_bar].line);
      fiber_err(s, "%s, warp %u: %s at %s:%d reached by %d of the %d lanes of mask 0x%08x%s%s",
              blk, w, warp_op_name[C->op], C->file, C->line, __builtin_popcount(C->arrived),
              __builtin_popcount(C->need), C->mask, extra, wh);
      return;
    }
  /* Not reached while barriers and collectives keep their invariants: with no collective
     open, every live thread waits at the barrier, which the last of them released. */
  if (nbar) {
    fiber_err(s, "%s: syncthreads at %s:%d reached by %u of the %u threads that have not "
            "returned%s", blk, s->th[first_bar].file, s->th[first_bar].line, nbar,
            s->n - s->ndone, wh);
    return;
  }
  fiber_err(s, "%s: lanes wait for a free warp-collective slot that never frees%s", blk, wh);
}

/* ---------------------------------------------------------------- crashes */

static Sched *volatile crash_sched;                /* for the signal handler only */
static pthread_mutex_t grid_lock = PTHREAD_MUTEX_INITIALIZER;  /* one grid at a time */

/* The stack pointer of the interrupted code, or 0 where pykc does not know the layout. */
static uintptr_t crash_sp(void *uc) {
  const ucontext_t *u = uc;
#if defined(__x86_64__)
  return (uintptr_t)u->uc_mcontext.gregs[REG_RSP];
#elif defined(__aarch64__)
  return (uintptr_t)u->uc_mcontext.sp;
#else
  (void)u;
  return 0;
#endif
}

/* A SIGSEGV is a stack overflow when it hits the running fiber's guard page, or when that
   fiber's stack pointer has left its stack downwards (a large local array can jump the
   guard page). */
static bool stack_overflow(const Sched *s, const siginfo_t *si, uintptr_t sp) {
  long page = sysconf(_SC_PAGESIZE);
  for (int i = 0; i < s->nfibers; i++) {
    const char *a = si->si_addr, *map = FIBER(s, i)->map;
    if (a >= map && a < map + page)
      return true;
  }
  if (s->cur >= s->n || s->th[s->cur].state != TS_RUNNING || !sp)
    return false;
  uintptr_t lo = (uintptr_t)FIBER(s, s->th[s->cur].fiber)->map + (uintptr_t)page;
  return sp < lo && lo - sp < ((uintptr_t)1 << 40);
}

static void on_crash(int sig, siginfo_t *si, void *uc) {
  Sched *s = crash_sched;
  const char *what = sig == SIGSEGV ? "invalid memory access (SIGSEGV)"
                     : sig == SIGBUS ? "bus error (SIGBUS)"
                     : sig == SIGFPE ? "arithmetic exception (SIGFPE)"
                                     : "illegal instruction (SIGILL)";
  char big[160];
  const char *hint = s->g->cxx ? "" : "; --debug checks array indices";
  if (sig == SIGSEGV && stack_overflow(s, si, crash_sp(uc))) {
    hint = "";
    snprintf(big, sizeof big, "stack overflow (a thread used more than its %zu KiB fiber "
             "stack: large local arrays? set PYKC_CPU_STACK_KB)", s->stack / 1024);
    what = big;
  }
  char wh[160];
  fiber_where(s, wh, sizeof wh, true);
  fiber_err(s, "%s in the kernel%s%s", what, wh, hint);
  siglongjmp(s->crash, 1);
}

/* --timeout: the watchdog's SIGALRM stops the grid where it is, as a crash does. */
static void on_alarm(int sig) {
  Sched *s = crash_sched;
  (void)sig;
  if (!s->running)                                 /* the grid just finished */
    return;
  char wh[160];
  fiber_where(s, wh, sizeof wh, true);
  fiber_err(s, "the launch ran longer than --timeout %g s%s", s->g->timeout_s, wh);
  siglongjmp(s->crash, 1);
}

/* A stop signal (RtGridRun.stop_sigs: the host's Ctrl-C, alarm, ...): the process's own
   handler runs first (CPython's notes the signal for the interpreter), then the grid
   stops where it is. Sent to another thread, the signal is handled there and passed on
   to the grid's thread, which then only stops. */
enum { MAXSTOP = 8 };
static struct sigaction stop_old[MAXSTOP];
static int stop_sig[MAXSTOP], nstop_sigs;
static volatile sig_atomic_t stop_passed, stopped_by;
static pthread_t grid_thread;

static void chain(int sig, siginfo_t *si, void *uc) {
  for (int i = 0; i < nstop_sigs; i++)
    if (stop_sig[i] == sig) {
      const struct sigaction *o = &stop_old[i];
      if (o->sa_flags & SA_SIGINFO)
        o->sa_sigaction(sig, si, uc);
      else if (o->sa_handler != SIG_DFL && o->sa_handler != SIG_IGN)
        o->sa_handler(sig);
    }
}

static void on_stop(int sig, siginfo_t *si, void *uc) {
  Sched *s = crash_sched;
  if (!pthread_equal(pthread_self(), grid_thread)) {
    chain(sig, si, uc);
    stop_passed = sig;
    pthread_kill(grid_thread, sig);
    return;
  }
  if (stop_passed == sig)
    stop_passed = 0;
  else
    chain(sig, si, uc);
  if (!s || !s->running)
    return;
  stopped_by = sig;
  char wh[160];
  fiber_where(s, wh, sizeof wh, true);
  fiber_err(s, "interrupted by signal %d (%s)%s", sig, strsignal(sig), wh);
  siglongjmp(s->crash, 1);
}

int rt_grid_last_signal(void) { return stopped_by; }

static const int crash_sigs[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL};
#define NCRASH (int)(sizeof crash_sigs / sizeof crash_sigs[0])

/* ---------------------------------------------------------------- the grid */

void fiber_block_init(Sched *s) {
  s->next = s->ndone = s->nbar = s->barcount = s->ngrid = s->nspin = s->nstep = 0;
  s->woke = s->progress;
  s->qhead = s->qlen = 0;
  memset(s->th, 0, s->n * sizeof *s->th);
  memset(s->warps, 0, s->nwarps * sizeof *s->warps);
}

/* Runs the current block until every thread has returned, or (a cooperative launch)
   every live one waits at the grid barrier, or some spin and nothing has changed since
   they last woke (S->nspin), or it is stuck (reported). */
void fiber_block_loop(Sched *s) {
  while (!s->failed) {
    if (s->qlen) {
      unsigned t = s->runq[s->qhead];
      s->qhead = (s->qhead + 1) % s->n;
      s->qlen--;
      resume(s, t);
    } else if (s->next < s->n) {
      if (start_worker(s) != 0)
        return;
    } else if (s->nstep) {
      release_steps(s);
    } else if (s->ndone == s->n || (s->ngrid && s->ngrid + s->ndone == s->n)) {
      return;
    } else if (s->nspin) {
      if (s->woke == s->progress)
        return;                                    /* they wait for another block */
      fiber_wake_spinners(s);
    } else if (!settle_activemask(s)) {
      report_stuck(s);
      return;
    }
  }
}

static void run_block(Sched *s) {
  s->nfree = 0;                                    /* every fiber is free between blocks */
  for (int i = s->nfibers - 1; i >= 0; i--)
    s->freef[s->nfree++] = i;
  fiber_block_init(s);
  fiber_block_loop(s);
}

/* The blocks one after another, until one spins: then they run several at once. */
static void run_blocks(Sched *s) {
  for (unsigned long long id = 0; id < s->nblocks_grid && !s->failed; id++) {
    fiber_block_enter(s, id);
    run_block(s);
    if (s->nspin && !s->failed) {
      spin_run(s, id);
      return;
    }
  }
}

static int run_grid(const RtGridRun *g, char *err) {
  int bad = rt_launch_check(g->grid, g->block, g->shared_mem, RT_MAX_SHARED, err);
  if (bad)
    return bad;
  uint64_t n = (uint64_t)g->block[0] * g->block[1] * g->block[2];
  if (g->coop && (bad = coop_limit(g, (unsigned)n, err)))
    return bad;
  Sched s = {.cpu = g->cpu, .g = g, .n = (unsigned)n, .err = err, .coop = g->coop};
  s.nblocks_grid = (unsigned long long)g->grid[0] * g->grid[1] * g->grid[2];
  unsigned per_sm;
  unsigned long long fit = coop_resident(g, s.n, &per_sm);
  s.resident = (unsigned)(fit < 1 ? 1 : fit < s.nblocks_grid ? fit : s.nblocks_grid);
  size_t nthreads = g->coop ? (size_t)n * s.nblocks_grid : n;
  s.nwarps = (s.n + 31) / 32;
  s.stack = 1024 * 1024;                           /* a GPU thread has up to 512 KiB local */
  const char *env = getenv("PYKC_CPU_STACK_KB");
  if (env && *env) {                               /* KiB, 16 .. 1 GiB; else a message */
    char *end;
    errno = 0;
    unsigned long long kb = strtoull(env, &end, 10);
    if (*env < '0' || *env > '9' || *end || errno || kb < 16 || kb > (1u << 20)) {
      snprintf(err, RT_ERRLEN, "PYKC_CPU_STACK_KB='%s': expected a fiber stack size in KiB, "
               "16 .. 1048576", env);
      return RT_EUSAGE;
    }
    s.stack = (size_t)kb * 1024;
  }
  Thread *th = g->coop ? NULL : calloc(s.n, sizeof *s.th);   /* a cooperative launch's */
  Warp *warps = g->coop ? NULL : calloc(s.nwarps, sizeof *s.warps); /* are its blocks' */
  unsigned *runq = g->coop ? NULL : calloc(s.n, sizeof *s.runq);
  s.th = th, s.warps = warps, s.runq = runq;
  s.maxchunks = g->coop ? (int)s.nblocks_grid : (int)s.resident;
  s.fchunk = calloc((size_t)s.maxchunks, sizeof *s.fchunk);
  s.freef = calloc(nthreads, sizeof *s.freef);
  char *dyn = NULL;
  size_t dynlen = (g->shared_mem + 15) / 16 * 16;
  if (dynlen)
    dyn = rt_guarded_alloc(dynlen);                /* an overrun faults (guard.c) */
  int rc = 0;
  PykcCpu *c = g->cpu;
  c->dyn_shared = dyn;
  if (g->coop && g->debug && c->poison_shared)    /* poisoned once, before the snapshots */
    c->poison_shared(0xff);
  if (g->coop && g->debug && dyn)
    memset(dyn, 0xff, g->shared_mem);
  if ((!g->coop && (!th || !warps || !runq)) || !s.fchunk || !s.freef || (dynlen && !dyn) ||
      (g->coop && !coop_alloc(&s))) {
    snprintf(err, RT_ERRLEN, "out of memory for a %s of %zu threads", g->coop ? "grid" : "block",
             nthreads);
    rc = RT_EFAIL;
    goto out;
  }
  c->bdim = (pykc_dim3){g->block[0], g->block[1], g->block[2]};
  c->gdim = (pykc_dim3){g->grid[0], g->grid[1], g->grid[2]};
  c->dyn_shared_bytes = g->shared_mem;
  c->sched = &s;
  c->coop = g->coop;
  c->grid_sync = coop_grid_sync;
  c->sync = cb_sync;
  c->sync_count = cb_sync_count;
  c->warp = cb_warp;
  c->activemask = cb_activemask;
  c->fail = cb_fail;
  c->oob = cb_oob;
  c->spin = spin_yield;
  c->wstep = cb_wstep;

  /* Catch the kernel's crashes on an alternate stack (a fiber's may be the one that
     overflowed), restoring the previous handlers afterwards. */
  stack_t alt = {.ss_size = 64 * 1024}, oldalt;
  alt.ss_sp = malloc(alt.ss_size);
  struct sigaction sa = {.sa_sigaction = on_crash, .sa_flags = SA_SIGINFO | SA_ONSTACK},
                   old[NCRASH];
  sigemptyset(&sa.sa_mask);
  volatile bool catching = alt.ss_sp && sigaltstack(&alt, &oldalt) == 0;
  struct sigaction alarm_sa = {.sa_handler = on_alarm, .sa_flags = SA_ONSTACK}, old_alarm;
  sigemptyset(&alarm_sa.sa_mask);
  struct itimerval watchdog = {{0, 0}, {0, 0}}, off = {{0, 0}, {0, 0}};
  volatile bool timing = catching && g->timeout_s > 0;
  if (catching) {
    crash_sched = &s;
    for (int i = 0; i < NCRASH; i++)
      sigaction(crash_sigs[i], &sa, &old[i]);
  }
  struct sigaction stop_sa = {.sa_sigaction = on_stop, .sa_flags = SA_SIGINFO | SA_ONSTACK};
  sigemptyset(&stop_sa.sa_mask);
  stopped_by = stop_passed = 0;
  nstop_sigs = catching ? (g->nstop < MAXSTOP ? g->nstop : MAXSTOP) : 0;
  grid_thread = pthread_self();
  for (int i = 0; i < nstop_sigs; i++) {
    stop_sig[i] = g->stop_sigs[i];
    sigaction(stop_sig[i], NULL, &stop_old[i]);
    if (stop_old[i].sa_handler != SIG_IGN)         /* ignored stays ignored */
      sigaction(stop_sig[i], &stop_sa, NULL);
  }
  if (timing) {
    watchdog.it_value.tv_sec = (time_t)g->timeout_s;
    watchdog.it_value.tv_usec = (suseconds_t)((g->timeout_s - (double)(time_t)g->timeout_s) * 1e6);
    if (!watchdog.it_value.tv_sec && !watchdog.it_value.tv_usec)
      watchdog.it_value.tv_usec = 1;
    sigaction(SIGALRM, &alarm_sa, &old_alarm);
  }
  if (!catching || sigsetjmp(s.crash, 1) == 0) {
    s.running = 1;
    if (timing)
      setitimer(ITIMER_REAL, &watchdog, NULL);
    if (g->coop)
      coop_run(&s);
    else
      run_blocks(&s);
  }
  s.running = 0;
  if (timing) {
    setitimer(ITIMER_REAL, &off, NULL);
    sigaction(SIGALRM, &old_alarm, NULL);
  }
  for (int i = 0; i < nstop_sigs; i++)
    sigaction(stop_sig[i], &stop_old[i], NULL);
  nstop_sigs = 0;
  if (catching) {
    for (int i = 0; i < NCRASH; i++)
      sigaction(crash_sigs[i], &old[i], NULL);
    sigaltstack(&oldalt, NULL);
    crash_sched = NULL;
  }
  free(alt.ss_sp);
  fflush(stdout);                                  /* the kernel's printf output, as CUDA
                                                      flushes it at synchronisation */
  if (s.failed)
    rc = stopped_by ? RT_EINTR : RT_EFAIL;
  c->sched = NULL;
out:
  for (int i = 0; i < s.nfibers; i++)
    munmap(FIBER(&s, i)->map, FIBER(&s, i)->maplen);
  for (int i = 0; i < s.nchunks; i++)
    free(s.fchunk[i]);
  free(th);
  free(warps);
  free(runq);
  coop_free(&s);
  free(s.fchunk);
  free(s.freef);
  rt_guarded_free(dyn, dynlen);
  return rc;
}

int rt_fiber_run_grid(const RtGridRun *g, char *err) {
  pthread_mutex_lock(&grid_lock);
  int rc = run_grid(g, err);
  pthread_mutex_unlock(&grid_lock);
  return rc;
}
