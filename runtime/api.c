/*
 * api.c: libpykc's contexts and their errors (include/pykc.h). api.h holds the structs
 * the API's files share and says what each file does.
 * Every call with a context clears the message of an earlier failure.
 */
#include "api.h"

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

pykc_status api_cuda_err(pykc_context *cx, int r, const char *what) {
  char why[RT_ERRLEN];
  rt_cuda_errstr(r, why, sizeof why);
  if (rt_cuda_is_kernel_error(r) && cx->last_kernel[0])
    return api_set_err(cx, PYKC_ERR_CUDA, "kernel '%s' failed: %s", cx->last_kernel, why);
  return api_set_err(cx, PYKC_ERR_CUDA, "%s: %s", what, why);
}

const RtCuda *api_cu_of(pykc_context *cx) {
  char err[RT_ERRLEN];
  return cx->have_dev ? rt_cuda(err) : NULL;
}

const char *pykc_version(void) { return kc_version(); }

const char *pykc_status_name(pykc_status s) {
  static const char *const names[] = {"ok", "source error", "bad usage", "CUDA failure",
                                      "no CUDA device", "out of memory"};
  return (unsigned)s < sizeof names / sizeof names[0] ? names[s] : "unknown status";
}

pykc_usage pykc_errusage(const pykc_context *cx) { return cx ? cx->usage : PYKC_USAGE_TYPE; }

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


/* ---- context ---- */

pykc_status pykc_init(int device, pykc_context **out) {
  if (!out)
    return PYKC_ERR_USAGE;
  pykc_context *cx = calloc(1, sizeof *cx);
  *out = cx;
  if (!cx)
    return PYKC_ERR_NOMEM;
  if (device == PYKC_DEVICE_CPU) {                /* no driver, no NVRTC: host memory */
    cx->cpu = true;
    return PYKC_OK;
  }
  char err[RT_ERRLEN];
  int st = rt_device_open(device, &cx->dev, err);
  if (st) {
    if (st == RT_ENODEV && !(cx->nodev = strdup(err)))
      return api_set_err(cx, PYKC_ERR_NOMEM, "out of memory");
    return api_set_err(cx, st == RT_ENODEV ? PYKC_ERR_NO_DEVICE : (pykc_status)st, "%s", err);
  }
  cx->have_dev = true;
  const RtCuda *cu = rt_cuda(err);
  if (cu && cu->DeviceGetAttribute(&cx->smem_optin, RT_CU_DEV_SMEM_OPTIN, cx->dev.cudev))
    cx->smem_optin = 0;
  if (rt_nvrtc_load(err) == 0) {
    int best = rt_nvrtc_best_arch(cx->dev.arch, NULL, NULL);
    cx->cubin = best == cx->dev.arch;
    cx->arch = best ? best : cx->dev.arch;
  } else {
    cx->arch = cx->dev.arch;                      /* compiling will report NVRTC missing */
  }
  return PYKC_OK;
}

void pykc_free(pykc_context *cx) {
  if (!cx)
    return;
  while (cx->modules)
    pykc_module_free(cx->modules);
  if (cx->have_dev)
    rt_device_close(&cx->dev);
  rt_ptrset_free_all(&cx->allocs);
  rt_ptrset_free_all(&cx->streams);
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
  cx->timeout = seconds;
  return PYKC_OK;
}

int pykc_device_arch(const pykc_context *cx) { return cx && cx->have_dev ? cx->dev.arch : 0; }

pykc_status pykc_make_current(pykc_context *cx) {
  if (!cx)
    return PYKC_ERR_USAGE;
  if (cx->cpu)
    return PYKC_OK;
  const RtCuda *cu = api_cu_of(cx);
  if (!cu)
    return api_set_err(cx, PYKC_ERR_NO_DEVICE, "no CUDA device");
  int r = cu->CtxSetCurrent(cx->dev.ctx);
  return r ? api_cuda_err(cx, r, "cuCtxSetCurrent") : PYKC_OK;
}
RtStats *rt_context_stats(pykc_context *cx) { return &cx->stats; }
int rt_context_arch(pykc_context *cx) { return cx->arch; }
