/*
 * memory.c: device memory and streams, and the device's copy bandwidth, through the context's backend (on a CPU context,
 * host memory and stream tokens). The API checks the handles and arguments; the backend
 * does the rest.
 */
#include "api.h"

/* The context of a memory or stream call FN, cleared of its last message: PYKC_OK, or
   the status of a NULL context or one without a device. */
static pykc_status mem_call(pykc_context *cx, const char *fn) {
  if (!cx)
    return PYKC_ERR_USAGE;
  api_clear_err(cx);
  return cx->dev ? PYKC_OK : api_no_device(cx, fn);
}

pykc_status pykc_malloc(pykc_context *cx, size_t bytes, void **dptr) {
  pykc_status st = mem_call(cx, "pykc_malloc");
  if (st)
    return st;
  if (!dptr)
    return api_null_arg(cx, "pykc_malloc", "dptr");
  char err[RT_ERRLEN];
  return api_be_err(cx, cx->be->malloc(cx->dev, bytes, dptr, err), err);
}

pykc_status pykc_mem_free(pykc_context *cx, void *dptr) {
  pykc_status st = mem_call(cx, "pykc_mem_free");
  if (st || !dptr)
    return st;
  char err[RT_ERRLEN];
  return api_be_err(cx, cx->be->free(cx->dev, dptr, err), err);
}

static pykc_status copy(pykc_context *cx, const char *fn, void *dst, const void *src,
                        size_t bytes, bool htod) {
  pykc_status st = mem_call(cx, fn);
  if (st)
    return st;
  if (bytes && (!dst || !src))
    return api_null_arg(cx, fn, !dst ? "dst" : "src");
  if (!bytes)
    return PYKC_OK;
  char err[RT_ERRLEN];
  return api_be_err(cx, cx->be->memcpy(cx->dev, dst, src, bytes, htod, err), err);
}

pykc_status pykc_memcpy_htod(pykc_context *cx, void *dst, const void *src, size_t bytes) {
  return copy(cx, "pykc_memcpy_htod", dst, src, bytes, true);
}

pykc_status pykc_memcpy_dtoh(pykc_context *cx, void *dst, const void *src, size_t bytes) {
  return copy(cx, "pykc_memcpy_dtoh", dst, src, bytes, false);
}

pykc_status pykc_memset(pykc_context *cx, void *dptr, int byte, size_t bytes) {
  pykc_status st = mem_call(cx, "pykc_memset");
  if (st)
    return st;
  if (bytes && !dptr)
    return api_null_arg(cx, "pykc_memset", "dptr");
  if (!bytes)
    return PYKC_OK;
  char err[RT_ERRLEN];
  return api_be_err(cx, cx->be->memset(cx->dev, dptr, byte, bytes, err), err);
}

pykc_status pykc_stream_create(pykc_context *cx, void **stream) {
  pykc_status st = mem_call(cx, "pykc_stream_create");
  if (st)
    return st;
  if (!stream)
    return api_null_arg(cx, "pykc_stream_create", "stream");
  char err[RT_ERRLEN];
  return api_be_err(cx, cx->be->stream_create(cx->dev, stream, err), err);
}

pykc_status pykc_stream_synchronize(pykc_context *cx, void *stream) {
  pykc_status st = mem_call(cx, "pykc_stream_synchronize");
  if (st)
    return st;
  char err[RT_ERRLEN];
  return api_be_err(cx, cx->be->stream_synchronize(cx->dev, stream, err), err);
}

pykc_status pykc_stream_destroy(pykc_context *cx, void *stream) {
  pykc_status st = mem_call(cx, "pykc_stream_destroy");
  if (st || !stream)
    return st;
  char err[RT_ERRLEN];
  return api_be_err(cx, cx->be->stream_destroy(cx->dev, stream, err), err);
}

pykc_status pykc_device_copy_bandwidth(pykc_context *cx, double *bytes_per_s) {
  pykc_status st = mem_call(cx, "pykc_device_copy_bandwidth");
  if (st)
    return st;
  if (!bytes_per_s)
    return api_null_arg(cx, "pykc_device_copy_bandwidth", "bytes_per_s");
  char err[RT_ERRLEN];
  return api_be_err(cx, cx->be->copy_bandwidth(cx->dev, bytes_per_s, err), err);
}
