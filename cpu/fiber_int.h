/*
 * fiber_int.h: what the grid runner's files share: fiber.c (blocks one after another, the
 * threads of a block as fibers, barriers, warp collectives, crashes) and coop.c
 * (cooperative launches: every block at once, the grid barrier).
 */
#ifndef PYKC_FIBER_INT_H
#define PYKC_FIBER_INT_H

#include "cpu.h"
#define PYKC_CPU_HOST
#include "cpu_rt.h"

#include <setjmp.h>
#include <signal.h>
#include <stdbool.h>
#include <ucontext.h>

enum { TS_UNSTARTED, TS_READY, TS_RUNNING, TS_BAR, TS_WARP, TS_ENTRY, TS_GRID, TS_SPIN,
       TS_STEP, TS_DONE };

typedef struct Fiber {
  ucontext_t uc;
  jmp_buf jb;
  char *map;                                       /* mmap'd: guard page, then the stack */
  size_t maplen;
  bool parked;                                     /* its worker waits for more threads */
} Fiber;

typedef struct Thread {
  uint8_t state;                                   /* TS_* */
  int fiber;                                       /* the fiber it runs on (never moves) */
  const char *file;                                /* where it waits */
  int line;
  uint64_t res;                                    /* its result of the last collective */
  void *spin_addr;                                 /* TS_SPIN: what its atomics found */
  uint64_t spin_val;
  uint64_t stale;                                  /* atomics in a row that found it, over
                                                      its spins (0 after a __nanosleep:
                                                      not known) */
  int step;                                        /* TS_STEP: the lock-step point's depth */
} Thread;

/* One warp collective gathering its lanes. A warp has NCOLL of them open at once, so
   lanes split by a branch can each be inside a different collective. */
typedef struct Coll {
  bool open;
  int op, width;
  unsigned mask, need, arrived;                    /* need: mask & lanes that exist */
  const char *file;                                /* where the first lane arrived */
  int line;
  uint64_t val[32];
  int arg[32];
} Coll;

#define NCOLL 4

typedef struct Warp {
  unsigned done;                                   /* lanes that returned */
  Coll c[NCOLL];
} Warp;

/* A resident block while another runs (a cooperative launch's, or one of the blocks run
   at once while some spin): its scheduler state (Sched's fields of the same names), its
   shared memory (static, then dynamic) and its linear index in the grid. */
typedef struct BlockSave {
  Thread *th;
  Warp *warps;
  unsigned *runq;
  unsigned qhead, qlen, next, ndone, nbar, barcount, barresult, ngrid, nspin, nstep;
  char *smem;
  unsigned id;
  bool started, done;
} BlockSave;

typedef struct Sched {
  PykcCpu *cpu;
  const RtGridRun *g;
  unsigned n;                                      /* threads per block */
  Thread *th;
  Warp *warps;
  unsigned nwarps;
  Fiber **fchunk;                                  /* fibers, N to a chunk (FIBER) */
  int nchunks, maxchunks;
  int nfibers;
  int *freef;                                      /* free fiber indices */
  int nfree;
  unsigned *runq;                                  /* ring of ready threads */
  unsigned qhead, qlen;
  unsigned next, ndone, nbar;                      /* threads started, returned, at barrier */
  unsigned barcount, barresult;                    /* __syncthreads_count: the open barrier's
                                                      count, the last released one's */
  unsigned ngrid;                                  /* threads at the grid barrier */
  unsigned nspin;                                  /* threads that spin (TS_SPIN) */
  unsigned nstep;                                  /* threads at a lock-step point */
  unsigned long progress;                          /* events that can end a spin: threads
                                                      returned, barriers and collectives
                                                      released, values changed, blocks */
  unsigned long woke;                              /* PROGRESS when the spinners last woke */
  unsigned long long nblocks_grid;                 /* the grid's blocks */
  unsigned resident;                               /* how many may run at once (spin.c) */
  bool coop;                                       /* a cooperative launch: */
  BlockSave *blocks;                               /* every block's state (spin.c: the
                                                      resident blocks'), */
  unsigned nblocks;
  char *sh_lo;                                     /* the static shared memory swapped */
  size_t sh_len;                                   /* between them */
  unsigned cur;                                    /* running thread */
  int curfiber;                                    /* fiber a new worker runs on */
  ucontext_t main;
  jmp_buf mainjb;
  size_t stack;
  bool failed;
  volatile sig_atomic_t running;                   /* run_blocks under way (the watchdog) */
  char *err;
  sigjmp_buf crash;
} Sched;

/* fiber.c */
/* " (kernel 'k', block (x,y,z), thread (x,y,z))" (THREAD: with the running thread) */
void fiber_where(const Sched *s, char *buf, size_t n, bool thread);
/* Records the first error of the grid. */
void fiber_err(Sched *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
_Noreturn void fiber_abandon(Sched *s);            /* leaves the running fiber for good */
void fiber_suspend(Sched *s, Fiber *f);            /* its thread's state already set */
void fiber_block_init(Sched *s);                   /* the current block, fresh */
/* Runs the current block until every thread has returned, or every live one waits at the
   grid barrier, or it is stuck (reported). */
void fiber_block_loop(Sched *s);
/* Block ID (linear, x fastest) becomes the current block (its indices; in --debug,
   poisoned shared memory). */
void fiber_block_enter(Sched *s, unsigned long long id);

/* The fiber of index I. */
#define FIBER(s, i) (&(s)->fchunk[(i) / (s)->n][(i) % (s)->n])
/* Threads spinning while nothing else of the block can run: back to the ready queue. */
void fiber_wake_spinners(Sched *s);

/* coop.c */
/* RT_EUSAGE with the message when G's blocks cannot all be resident at once. */
int coop_limit(const RtGridRun *g, unsigned threads, char *err);
bool blocks_alloc(Sched *s, unsigned count);       /* COUNT blocks' states; false: no memory */
bool coop_alloc(Sched *s);                         /* every block's */
void coop_free(Sched *s);                          /* S->blocks' */
void coop_run(Sched *s);                           /* the grid, all blocks at once */
void coop_grid_sync(PykcCpu *c, const char *file, int line);  /* PykcCpu.grid_sync */
/* How many blocks of G (THREADS each) a GPU holds at once (the CPU backend's rule: 8
   multiprocessors), and how many per multiprocessor (PER_SM). */
unsigned long long coop_resident(const RtGridRun *g, unsigned threads, unsigned *per_sm);
enum { COOP_SMS = 8 };
void block_out(Sched *s, BlockSave *b);            /* the running block into B */
void block_in(Sched *s, BlockSave *b);             /* B becomes the running block */
void block_shared_span(Sched *s);                  /* sh_lo, sh_len */

/* spin.c */
void spin_yield(PykcCpu *c, int known);            /* PykcCpu.spin */
void spin_resume(PykcCpu *c, const Thread *th);    /* TH runs: its spin counts */
/* The block of linear index ID spins: runs the rest of the grid (from that block on) with
   up to S->resident blocks at once, taking turns; a grid where every resident thread
   spins without anything changing is reported. */
void spin_run(Sched *s, unsigned long long id);

#endif
