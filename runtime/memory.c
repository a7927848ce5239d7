/*
 * memory.c: device memory and streams (on a CPU context, host memory and stream tokens).
 */
#include "api.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- memory and streams ---- */

/* The context's driver for a memory or stream call FN: NULL with *st set when there is
   none (or, *st == PYKC_OK, when the context is a CPU one). */
static const RtCuda *mem_cuda(pykc_context *cx, const char *fn, pykc_status *st) {
  *st = PYKC_OK;
  if (!cx)
    return *st = PYKC_ERR_USAGE, NULL;
  api_clear_err(cx);
  if (cx->cpu)
    return NULL;
  const RtCuda *cu = api_cu_of(cx);
  if (!cu)
    *st = api_no_device(cx, fn);
  return cu;
}

/* CPU memory: 256-byte aligned like cuMemAlloc's, and remembered so that freeing a
   pointer the context did not hand out is an error. */
static pykc_status cpu_malloc(pykc_context *cx, size_t bytes, void **dptr) {
  size_t n = bytes ? (bytes + 255) / 256 * 256 : 256;
  void *p = n >= bytes ? aligned_alloc(256, n) : NULL;
  if (p && !rt_ptrset_add(&cx->allocs, p)) {
    free(p);
    p = NULL;
  }
  *dptr = p;
  return p ? PYKC_OK
           : api_set_err(cx, PYKC_ERR_NOMEM, "pykc_malloc: cannot allocate %zu bytes", bytes);
}

pykc_status pykc_malloc(pykc_context *cx, size_t bytes, void **dptr) {
  pykc_status st;
  const RtCuda *cu = mem_cuda(cx, "pykc_malloc", &st);
  if (st)
    return st;
  if (!dptr)
    return api_null_arg(cx, "pykc_malloc", "dptr");
  if (cx->cpu)
    return cpu_malloc(cx, bytes, dptr);
  RtDevPtr p = 0;
  int r = cu->MemAlloc(&p, bytes ? bytes : 1);
  *dptr = (void *)(uintptr_t)p;
  return r ? api_cuda_err(cx, r, "cuMemAlloc") : PYKC_OK;
}

pykc_status pykc_mem_free(pykc_context *cx, void *dptr) {
  pykc_status st;
  const RtCuda *cu = mem_cuda(cx, "pykc_mem_free", &st);
  if (st || !dptr)
    return st;
  if (cx->cpu) {
    if (!rt_ptrset_remove(&cx->allocs, dptr))
      return api_set_err(cx, PYKC_ERR_USAGE, "pykc_mem_free: %p was not allocated by pykc_malloc "
                     "on this context (or was freed already)", dptr);
    free(dptr);
    return PYKC_OK;
  }
  int r = cu->MemFree((RtDevPtr)(uintptr_t)dptr);
  return r ? api_cuda_err(cx, r, "cuMemFree") : PYKC_OK;
}

/* Copies and memset: on a CPU context "device" memory is host memory. */
static pykc_status copy(pykc_context *cx, const char *fn, void *dst, const void *src,
                        size_t bytes, bool htod) {
  pykc_status st;
  const RtCuda *cu = mem_cuda(cx, fn, &st);
  if (st)
    return st;
  if (bytes && (!dst || !src))
    return api_null_arg(cx, fn, !dst ? "dst" : "src");
  if (!bytes)
    return PYKC_OK;
  if (cx->cpu) {
    memmove(dst, src, bytes);
    return PYKC_OK;
  }
  int r = htod ? cu->MemcpyHtoD((RtDevPtr)(uintptr_t)dst, src, bytes)
               : cu->MemcpyDtoH(dst, (RtDevPtr)(uintptr_t)src, bytes);
  return r ? api_cuda_err(cx, r, htod ? "cuMemcpyHtoD" : "cuMemcpyDtoH") : PYKC_OK;
}

pykc_status pykc_memcpy_htod(pykc_context *cx, void *dst, const void *src, size_t bytes) {
  return copy(cx, "pykc_memcpy_htod", dst, src, bytes, true);
}

pykc_status pykc_memcpy_dtoh(pykc_context *cx, void *dst, const void *src, size_t bytes) {
  return copy(cx, "pykc_memcpy_dtoh", dst, src, bytes, false);
}

pykc_status pykc_memset(pykc_context *cx, void *dptr, int byte, size_t bytes) {
  pykc_status st;
  const RtCuda *cu = mem_cuda(cx, "pykc_memset", &st);
  if (st)
    return st;
  if (bytes && !dptr)
    return api_null_arg(cx, "pykc_memset", "dptr");
  if (!bytes)
    return PYKC_OK;
  if (cx->cpu) {
    memset(dptr, byte, bytes);
    return PYKC_OK;
  }
  int r = cu->MemsetD8((RtDevPtr)(uintptr_t)dptr, (unsigned char)byte, bytes);
  return r ? api_cuda_err(cx, r, "cuMemsetD8") : PYKC_OK;
}

/* CPU streams are tokens: grids run within pykc_launch, so there is nothing to order. */
pykc_status pykc_stream_create(pykc_context *cx, void **stream) {
  pykc_status st;
  const RtCuda *cu = mem_cuda(cx, "pykc_stream_create", &st);
  if (st)
    return st;
  if (!stream)
    return api_null_arg(cx, "pykc_stream_create", "stream");
  if (cx->cpu) {
    void *p = malloc(1);
    if (!p || !rt_ptrset_add(&cx->streams, p)) {
      free(p);
      *stream = NULL;
      return api_set_err(cx, PYKC_ERR_NOMEM, "out of memory");
    }
    *stream = p;
    return PYKC_OK;
  }
  int r = cu->StreamCreate(stream, 1 /* CU_STREAM_NON_BLOCKING */);
  return r ? api_cuda_err(cx, r, "cuStreamCreate") : PYKC_OK;
}

/* A CPU context's stream argument: NULL or one of its streams. */
static pykc_status cpu_stream(pykc_context *cx, const char *fn, void *stream) {
  return !stream || rt_ptrset_has(&cx->streams, stream)
             ? PYKC_OK
             : api_set_err(cx, PYKC_ERR_USAGE, "%s: %p is not a stream of this context", fn, stream);
}

pykc_status pykc_stream_synchronize(pykc_context *cx, void *stream) {
  pykc_status st;
  const RtCuda *cu = mem_cuda(cx, "pykc_stream_synchronize", &st);
  if (st)
    return st;
  if (cx->cpu)
    return cpu_stream(cx, "pykc_stream_synchronize", stream);
  int r = cu->StreamSynchronize(stream);
  return r ? api_cuda_err(cx, r, "cuStreamSynchronize") : api_debug_check(cx);
}

pykc_status pykc_stream_destroy(pykc_context *cx, void *stream) {
  pykc_status st;
  const RtCuda *cu = mem_cuda(cx, "pykc_stream_destroy", &st);
  if (st || !stream)
    return st;
  if (cx->cpu) {
    if ((st = cpu_stream(cx, "pykc_stream_destroy", stream)))
      return st;
    rt_ptrset_remove(&cx->streams, stream);
    free(stream);
    return PYKC_OK;
  }
  int r = cu->StreamDestroy(stream);
  return r ? api_cuda_err(cx, r, "cuStreamDestroy") : PYKC_OK;
}
