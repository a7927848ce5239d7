/*
 * api.c: libpykc's contexts and their errors (include/pykc.h). A context holds its
 * backend (backend.h) and the backend's state, or no state and the reason (NO_DEVICE
 * contexts still compile). api.h holds the structs the API's files share and says what
 * each file does. Every call with a context clears the message of an earlier failure.
 */
#include "api.h"

#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- errors ---- */

pykc_status api_set_err(pykc_context *cx, pykc_status st, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  Buf b = {0};
  buf_vprintf(&b, fmt, ap);
  va_end(ap);
  free(cx->err);
  cx->err = buf_detach(&b);                       /* NULL: out of memory (pykc_errmsg) */
  cx->err_lost = !cx->err;
  cx->usage = PYKC_USAGE_TYPE;
  return st;
}

/* Each call with a context starts by clearing the message of an earlier failure. */
void api_clear_err(pykc_context *cx) {
  if (cx && cx->err)
    cx->err[0] = 0;
  if (cx)
    cx->err_lost = false;
}

/* A call that needs the device, on a context pykc_init opened without one. */
pykc_status api_no_device(pykc_context *cx, const char *fn) {
  return api_set_err(cx, PYKC_ERR_NO_DEVICE, "%s: %s", fn, cx->nodev ? cx->nodev : "no CUDA device");
}

void api_note_interrupt(pykc_context *cx, int st) {
  cx->interrupt_sig = st == RT_EINTR && cx->be->interrupt_signal
                          ? cx->be->interrupt_signal(cx->dev) : 0;
}

pykc_status api_be_err(pykc_context *cx, int st, const char *err) {
  return st ? api_set_err(cx, (pykc_status)st, "%s", err) : PYKC_OK;
}

const char *pykc_version(void) { return kc_version(); }

const char *pykc_status_name(pykc_status s) {
  static const char *const names[] = {"ok", "source error", "bad usage", "CUDA failure",
                                      "no CUDA device", "out of memory", "interrupted"};
  return (unsigned)s < sizeof names / sizeof names[0] ? names[s] : "unknown status";
}

pykc_usage pykc_errusage(const pykc_context *cx) { return cx ? cx->usage : PYKC_USAGE_TYPE; }

int pykc_interrupt_signal(const pykc_context *cx) { return cx ? cx->interrupt_sig : 0; }

const char *pykc_errmsg(const pykc_context *cx) {
  if (!cx)
    return "no pykc_context (NULL: pykc_init was not called, or ran out of memory)";
  return cx->err ? cx->err : cx->err_lost ? "out of memory (for the message)" : "";
}

/* A NULL handle or pointer argument: PYKC_ERR_USAGE, with a message where there is a
   context to hold it. */
pykc_status api_null_arg(pykc_context *cx, const char *fn, const char *arg) {
  return cx ? api_set_err(cx, PYKC_ERR_USAGE, "%s: %s is NULL", fn, arg) : PYKC_ERR_USAGE;
}

/* A map twin's count per thread from the environment variable NAME (WHAT: trips or rows),
   1 .. 1024, DFLT when unset; nonzero (the context's error set) when malformed. */
static int env_count(pykc_context *cx, const char *name, const char *what, unsigned dflt,
                     unsigned *out) {
  const char *v = getenv(name);
  char *end;
  long n = v && *v ? strtol(v, &end, 10) : (long)dflt;
  if (v && *v && (*end || n < 1 || n > 1024))
    return api_set_err(cx, PYKC_ERR_USAGE, "%s='%s': expected a count of %s per thread, "
                       "1 .. 1024", name, v, what);
  *out = (unsigned)n;
  return 0;
}


/* ---- context ---- */

pykc_status pykc_init(int device, pykc_context **out) {
  if (!out)
    return PYKC_ERR_USAGE;
  pykc_context *cx = calloc(1, sizeof *cx);
  *out = cx;
  if (!cx)
    return PYKC_ERR_NOMEM;
  cx->be = device == PYKC_DEVICE_CPU ? &rt_cpu_backend : &rt_gpu_backend;
  char err[RT_ERRLEN];
  int st = cx->be->open(device, &cx->dev, err);
  if (st) {
    if (st == RT_ENODEV && !(cx->nodev = strdup(err)))
      return api_set_err(cx, PYKC_ERR_NOMEM, "out of memory");
    return api_set_err(cx, st == RT_ENODEV ? PYKC_ERR_NO_DEVICE : (pykc_status)st, "%s", err);
  }
  const char *mp = getenv("PYKC_MAP");             /* 0: every launch as written */
  cx->as_written = mp && strcmp(mp, "0") == 0;
  if (env_count(cx, "PYKC_MAP_TRIPS", "trips", API_MAP_TRIPS, &cx->map_trips) ||
      env_count(cx, "PYKC_MAP_ROWS", "rows", API_MAP_ROWS, &cx->map_rows))
    return PYKC_ERR_USAGE;
  char *end;
  const char *t = getenv("PYKC_TIMEOUT");          /* (a GPU grid is never stopped) */
  double s = t && *t ? strtod(t, &end) : 0;
  if (t && *t && (*end || pykc_set_timeout(cx, s)))
    return api_set_err(cx, PYKC_ERR_USAGE, "PYKC_TIMEOUT='%s': expected seconds (0: none, up to "
                       "1e6)", t);
  return PYKC_OK;
}

void pykc_free(pykc_context *cx) {
  if (!cx)
    return;
  while (cx->modules)
    pykc_module_free(cx->modules);
  if (cx->dev)
    cx->be->close(cx->dev);
  free(cx->err);
  free(cx->nodev);
  free(cx);
}

pykc_status pykc_set_log(pykc_context *cx, pykc_log_fn fn, void *user) {
  if (!cx)
    return PYKC_ERR_USAGE;
  api_clear_err(cx);
  cx->log = (RtLog){fn, user};
  return PYKC_OK;
}

pykc_status pykc_set_timeout(pykc_context *cx, double seconds) {
  if (!cx)
    return PYKC_ERR_USAGE;
  api_clear_err(cx);
  if (!(seconds >= 0 && seconds <= 1e6))
    return api_set_err(cx, PYKC_ERR_USAGE, "timeout %g s: expected 0 (none) to 1e6 seconds", seconds);
  cx->stop.timeout = seconds;
  return PYKC_OK;
}

pykc_status pykc_set_stop_signals(pykc_context *cx, const int *sigs, int n) {
  if (!cx)
    return PYKC_ERR_USAGE;
  api_clear_err(cx);
  int max = (int)(sizeof cx->stop.sigs / sizeof *cx->stop.sigs);
  if (n < 0 || n > max || (n && !sigs))
    return api_set_err(cx, PYKC_ERR_USAGE, "pykc_set_stop_signals: %d signals (0 to %d)", n, max);
  for (int i = 0; i < n; i++)
    if (sigs[i] <= 0 || sigs[i] >= NSIG || sigs[i] == SIGKILL || sigs[i] == SIGSTOP ||
        sigs[i] == SIGSEGV || sigs[i] == SIGBUS || sigs[i] == SIGFPE || sigs[i] == SIGILL)
      return api_set_err(cx, PYKC_ERR_USAGE, "pykc_set_stop_signals: signal %d cannot stop a "
                         "grid", sigs[i]);
  memcpy(cx->stop.sigs, sigs, sizeof *sigs * (size_t)n);
  cx->stop.nsigs = n;
  return PYKC_OK;
}

int pykc_device_arch(const pykc_context *cx) { return cx && cx->dev ? cx->be->arch(cx->dev) : 0; }

pykc_status pykc_make_current(pykc_context *cx) {
  if (!cx)
    return PYKC_ERR_USAGE;
  if (!cx->dev)
    return api_set_err(cx, PYKC_ERR_NO_DEVICE, "no CUDA device");
  char err[RT_ERRLEN];
  return api_be_err(cx, cx->be->make_current(cx->dev, err), err);
}

RtStats *rt_context_stats(pykc_context *cx) { return &cx->stats; }
