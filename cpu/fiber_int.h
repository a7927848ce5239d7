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

enum { TS_UNSTARTED, TS_READY, TS_RUNNING, TS_BAR, TS_WARP, TS_ENTRY, TS_GRID, TS_DONE };

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

/* A block of a cooperative launch while another runs: its scheduler state (Sched's
   fields of the same names) and its shared memory (static, then dynamic). */
typedef struct BlockSave {
  Thread *th;
  Warp *warps;
  unsigned *runq;
  unsigned qhead, qlen, next, ndone, nbar, barcount, barresult, ngrid;
  char *smem;
  bool started, done;
} BlockSave;

typedef struct Sched {
  PykcCpu *cpu;
  const RtGridRun *g;
  unsigned n;                                      /* threads per block */
  Thread *th;
  Warp *warps;
  unsigned nwarps;
  Fiber *fibers;
  int nfibers;
  int *freef;                                      /* free fiber indices */
  int nfree;
  unsigned *runq;                                  /* ring of ready threads */
  unsigned qhead, qlen;
  unsigned next, ndone, nbar;                      /* threads started, returned, at barrier */
  unsigned barcount, barresult;                    /* __syncthreads_count: the open barrier's
                                                      count, the last released one's */
  unsigned ngrid;                                  /* threads at the grid barrier */
  bool coop;                                       /* a cooperative launch: */
  BlockSave *blocks;                               /* every block's state, */
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

/* coop.c */
/* RT_EUSAGE with the message when G's blocks cannot all be resident at once. */
int coop_limit(const RtGridRun *g, unsigned threads, char *err);
bool coop_alloc(Sched *s);                         /* the blocks' states; false: no memory */
void coop_free(Sched *s);
void coop_run(Sched *s);                           /* the grid, all blocks at once */
void coop_grid_sync(PykcCpu *c, const char *file, int line);  /* PykcCpu.grid_sync */

#endif
