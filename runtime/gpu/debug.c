/*
 * debug.c: --debug on the GPU. A module emitted with --debug that has bounds checks or
 * asserts holds one `__device__ struct PykcDebug pykc_debug` (src/emit_cuda.c), which the
 * first failing thread of a grid fills in (line, array name or assertion message, index,
 * axis, shape, block, thread). After loading such a module the runtime sets its
 * `reporter` field, so that the kernel records and goes on instead of printing and
 * trapping (a trap would leave the context unusable and the record unreadable); after a
 * synchronisation it reads the record, turns it into the message the CPU backend gives
 * for the same failure, with the kernel and the thread, and clears it for the next launch.
 */
#include "gpu.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

_Static_assert(sizeof(RtDebugRec) == 248 && offsetof(RtDebugRec, index) == 24 &&
                   offsetof(RtDebugRec, block) == 96 && offsetof(RtDebugRec, text) == 120,
               "RtDebugRec is the emitted struct PykcDebug");

static int cuda_fail(int r, const char *what, char *err) {
  char why[RT_ERRLEN / 2];
  rt_cuda_errstr(r, why, sizeof why);
  rt_errf(err, "--debug record: %s: %s", what, why);
  return RT_EFAIL;
}

int rt_debug_attach(void *module, RtDevPtr *rec, char *err) {
  const RtCuda *cu = rt_cuda(err);
  if (!cu)
    return RT_EFAIL;
  size_t bytes = 0;
  int r = cu->ModuleGetGlobal(rec, &bytes, module, "pykc_debug");
  if (r == RT_CU_NOT_FOUND)
    return 0;
  if (r)
    return cuda_fail(r, "cuModuleGetGlobal", err);
  if (bytes != sizeof(RtDebugRec)) {
    rt_errf(err, "--debug record: pykc_debug has %zu bytes, expected %zu", bytes,
            sizeof(RtDebugRec));
    return RT_EFAIL;
  }
  int32_t one = 1;
  r = cu->MemcpyHtoD(*rec + offsetof(RtDebugRec, reporter), &one, sizeof one);
  return r ? cuda_fail(r, "cuMemcpyHtoD", err) : 1;
}

/* "(1000,)", "(64, 32)" */
static void shape_str(const RtDebugRec *d, char *buf, size_t n) {
  size_t len = (size_t)snprintf(buf, n, "(");
  int nd = d->ndim < 0 ? 0 : d->ndim > 8 ? 8 : d->ndim;
  for (int i = 0; i < nd && len < n; i++)
    len += (size_t)snprintf(buf + len, n - len, "%s%lld", i ? ", " : "", (long long)d->shape[i]);
  if (len < n)
    snprintf(buf + len, n - len, nd == 1 ? ",)" : ")");
}

int rt_debug_take(RtDevPtr rec, const char *file, const char *kernel, char *msg) {
  const RtCuda *cu = rt_cuda(msg);
  if (!cu)
    return RT_EFAIL;
  RtDebugRec d;
  int r = cu->MemcpyDtoH(&d, rec, sizeof d);
  if (r)
    return cuda_fail(r, "cuMemcpyDtoH", msg);
  if (d.state == 0)
    return 0;
  d.text[sizeof d.text - 1] = 0;
  char where[200];
  snprintf(where, sizeof where, " (kernel '%s', block (%u,%u,%u), thread (%u,%u,%u))", kernel,
           d.block[0], d.block[1], d.block[2], d.thread[0], d.thread[1], d.thread[2]);
  if (d.kind == 1) {
    char shape[200];
    shape_str(&d, shape, sizeof shape);
    rt_errf(msg, "%s:%d: index %lld out of bounds for axis %d of %s with shape %s%s", file,
            d.line, (long long)d.index, d.axis, d.text, shape, where);
  } else {
    rt_errf(msg, "%s:%d: assertion failed%s%s%s", file, d.line, d.text[0] ? ": " : "", d.text,
            where);
  }
  RtDebugRec clear = {.reporter = 1};             /* ready for the next launch */
  r = cu->MemcpyHtoD(rec, &clear, sizeof clear);
  return r ? cuda_fail(r, "cuMemcpyHtoD", msg) : 1;
}
