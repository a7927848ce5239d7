/* cpu/cpu_spawn.h: running the C compiler interruptibly (spawn.c). */
#ifndef PYKC_CPU_SPAWN_H
#define PYKC_CPU_SPAWN_H

#include <signal.h>
#include <stdbool.h>
#include <sys/types.h>

typedef struct RtHold {
  struct sigaction old[4];                         /* SIGINT, SIGTERM, SIGHUP, SIGQUIT */
} RtHold;

/* Catches and records SIGINT/SIGTERM/SIGHUP/SIGQUIT (forwarding them to a running
   compiler) until rt_hold_end, which restores the handlers and returns the signal that
   came (0 if none); after cleaning up, the caller fails with RT_EINTR (the library
   raises nothing in its host; rt_hold_last names the signal). */
void rt_hold_begin(RtHold *h);
int rt_hold_end(RtHold *h);
bool rt_hold_interrupted(void);
int rt_hold_last(void);                            /* this thread's last hold's signal */


/* Starts ARGV (argv[0] searched on PATH) in its own process group with stdout and stderr
   on OUTFD (-1: inherited) and, unless TMPDIR is NULL, $TMPDIR set to it (the caller's
   private folder, so that the files of a compiler stopped by a signal are the caller's to
   remove). 0 with *PID, or -1 with errno (EINTR: a signal came first). */
int rt_spawn(char *const argv[], int outfd, const char *tmpdir, pid_t *pid);
/* Waits for PID: its exit status, 256 + the signal that killed it, or -1. */
int rt_spawn_wait(pid_t pid);

/* Appends the whitespace-separated words of S to ARGV (strdup'd) from index N, at most
   MAX in all; returns the new count. */
int rt_split_words(const char *s, char **argv, int n, int max);

#endif
