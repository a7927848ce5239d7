/*
 * cpu/spawn.c: runs the C compiler for the CPU backend, interruptibly and cleanly.
 *
 * system() ignores SIGINT and SIGQUIT while its command runs, and a signal that kills pykc
 * between creating a temporary file and removing it leaves the file behind. So the CPU
 * backend brackets its work with temporary files in a hold (rt_hold_begin/_end): while it
 * holds, SIGINT, SIGTERM, SIGHUP and SIGQUIT are caught and recorded, and forwarded to
 * the compiler if one runs; the compiler runs through posix_spawn in its own process
 * group (a Ctrl-C at the terminal reaches pykc, which passes it on), and no compiler is
 * started once a signal arrived. After the hold the caller removes its files and, if a
 * signal came, fails with RT_EINTR (PYKC_ERR_INTERRUPTED): the library never raises a
 * signal in its host; the pykc command raises it again (stopping as the user meant), the
 * Python package turns it into the interpreter's own handling (KeyboardInterrupt).
 */
#include "../runtime/rt.h"
#include "cpu_spawn.h"

#include <errno.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

static const int held_sigs[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};
#define NHELD (int)(sizeof held_sigs / sizeof held_sigs[0])

/* For the signal handler only: the signal received, and the compiler's process group. */
static volatile sig_atomic_t caught_sig;
static volatile sig_atomic_t child_pgid;

static void on_signal(int sig) {
  if (!caught_sig)
    caught_sig = sig;
  if (child_pgid > 0)
    kill(-(pid_t)child_pgid, sig);
}

void rt_hold_begin(RtHold *h) {
  struct sigaction sa = {.sa_handler = on_signal};
  sigemptyset(&sa.sa_mask);
  caught_sig = 0;
  child_pgid = 0;
  for (int i = 0; i < NHELD; i++) {
    sigaction(held_sigs[i], NULL, &h->old[i]);
    if (h->old[i].sa_handler != SIG_IGN)         /* nohup'd: stay ignored */
      sigaction(held_sigs[i], &sa, NULL);
  }
}

static _Thread_local int last_sig;                 /* the last hold's signal */

int rt_hold_end(RtHold *h) {
  for (int i = 0; i < NHELD; i++)
    sigaction(held_sigs[i], &h->old[i], NULL);
  int sig = caught_sig;
  caught_sig = 0;
  last_sig = sig;
  return sig;
}

int rt_hold_last(void) { return last_sig; }

bool rt_hold_interrupted(void) { return caught_sig != 0; }


/* The environment with TMPDIR=DIR in front of the caller's (which a later TMPDIR would not
   override: getenv takes the first); NULL when out of memory. */
static char **env_with_tmpdir(const char *dir) {
  size_t n = 0;
  while (environ[n])
    n++;
  char **env = malloc((n + 2) * sizeof *env);
  size_t len = strlen(dir) + sizeof "TMPDIR=";
  char *first = malloc(len);
  if (!env || !first) {
    free(env);
    free(first);
    return NULL;
  }
  snprintf(first, len, "TMPDIR=%s", dir);
  env[0] = first;
  size_t k = 1;
  for (size_t i = 0; i < n; i++)
    if (strncmp(environ[i], "TMPDIR=", 7) != 0)
      env[k++] = environ[i];
  env[k] = NULL;
  return env;
}

int rt_spawn(char *const argv[], int outfd, const char *tmpdir, pid_t *pid) {
  if (caught_sig) {
    errno = EINTR;
    return -1;
  }
  char **env = tmpdir ? env_with_tmpdir(tmpdir) : environ;
  if (!env) {
    errno = ENOMEM;
    return -1;
  }
  posix_spawn_file_actions_t fa;
  posix_spawnattr_t at;
  posix_spawn_file_actions_init(&fa);
  posix_spawnattr_init(&at);
  if (outfd >= 0) {
    posix_spawn_file_actions_adddup2(&fa, outfd, 1);
    posix_spawn_file_actions_adddup2(&fa, outfd, 2);
  }
  /* Its own process group; default signal actions (ours are handlers, which exec resets,
     but an ignored SIGINT would be inherited). */
  sigset_t def;
  sigemptyset(&def);
  for (int i = 0; i < NHELD; i++)
    sigaddset(&def, held_sigs[i]);
  posix_spawnattr_setpgroup(&at, 0);
  posix_spawnattr_setsigdefault(&at, &def);
  posix_spawnattr_setflags(&at, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF);
  int e = posix_spawnp(pid, argv[0], &fa, &at, argv, env);
  posix_spawn_file_actions_destroy(&fa);
  posix_spawnattr_destroy(&at);
  if (env != environ) {
    free(env[0]);
    free(env);
  }
  if (e) {
    errno = e;
    return -1;
  }
  child_pgid = *pid;
  if (caught_sig)                                  /* arrived while it was starting */
    kill(-*pid, caught_sig);
  return 0;
}

int rt_spawn_wait(pid_t pid) {
  int st;
  while (waitpid(pid, &st, 0) < 0)
    if (errno != EINTR) {
      child_pgid = 0;
      return -1;
    }
  child_pgid = 0;
  /* A compiler stopped by a signal exits before its own children (collect2, ld: the same
     group, signalled too) are gone; wait for them (a second at most), so that the caller
     removes their files after the last one was written. */
  for (int i = 0; i < 1000 && kill(-pid, 0) == 0; i++)
    nanosleep(&(struct timespec){0, 1000000}, NULL);
  if (WIFEXITED(st))
    return WEXITSTATUS(st);
  return WIFSIGNALED(st) ? 256 + WTERMSIG(st) : -1;
}

int rt_split_words(const char *s, char **argv, int n, int max) {
  for (;;) {
    while (*s == ' ' || *s == '\t' || *s == '\n')
      s++;
    if (!*s || n >= max)
      return n;
    size_t k = strcspn(s, " \t\n");
    argv[n++] = strndup(s, k);
    s += k;
  }
}
