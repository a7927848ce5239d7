/*
 * bandwidth.c: a device's copy bandwidth, the yardstick of `pykc run --time`'s achieved
 * bandwidth: bytes read and written per second by cuMemcpyDtoD (CUDA's bandwidthTest counts
 * a device-to-device copy of N bytes as 2N), measured once per device (a warm-up copy, then
 * COPIES copies between two events) and kept in the cache folder under a key of the
 * device's UUID and name, where later calls and processes find it. The measurement asks
 * for two buffers of 256 MiB, halved while the device has no room, down to 16 MiB.
 */
#include "gpu.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { COPIES = 20 };
static const char ext[] = "copybw";

static void bw_key(const RtDevice *dev, const unsigned char uuid[16], char key[33]) {
  static const char tag[] = "pykc copy bandwidth 1";
  const void *parts[] = {tag, uuid, dev->name};
  size_t lens[] = {sizeof tag - 1, 16, strlen(dev->name)};
  rt_cache_key(parts, lens, 3, key);
}

/* The cached value of KEY, or 0. */
static double cached(const char *key) {
  void *data;
  size_t len;
  if (rt_cache_get(key, ext, &data, &len) != 1)
    return 0;
  char text[64];
  size_t n = len < sizeof text - 1 ? len : sizeof text - 1;
  memcpy(text, data, n);
  text[n] = 0;
  free(data);
  double v = strtod(text, NULL);
  return v > 0 ? v : 0;
}

/* COPIES copies of N bytes from one buffer to another and back, timed by two events on
   the default stream: *bps. RT_CU_OUT_OF_MEMORY when the buffers do not fit, else 0 or
   another CUDA error (WHAT names the call). */
static int measure(const RtCuda *cu, size_t n, double *bps, const char **what) {
  RtDevPtr a = 0, b = 0;
  void *e0 = NULL, *e1 = NULL;
  float ms = 0;
  *what = "cuMemAlloc";
  int r = cu->MemAlloc(&a, n);
  if (!r)
    r = cu->MemAlloc(&b, n);
  if (!r && !(r = cu->MemsetD8(a, 0, n)) && !(r = cu->MemsetD8(b, 0, n)))
    *what = "cuEventCreate", r = cu->EventCreate(&e0, 0);
  if (!r)
    r = cu->EventCreate(&e1, 0);
  if (!r)
    *what = "cuMemcpyDtoD", r = cu->MemcpyDtoD(b, a, n);          /* warm-up */
  if (!r)
    r = cu->EventRecord(e0, NULL);
  for (int i = 0; i < COPIES && !r; i++)
    r = i % 2 ? cu->MemcpyDtoD(a, b, n) : cu->MemcpyDtoD(b, a, n);
  if (!r && !(r = cu->EventRecord(e1, NULL)))
    *what = "cuEventSynchronize", r = cu->EventSynchronize(e1);
  if (!r)
    *what = "cuEventElapsedTime", r = cu->EventElapsedTime(&ms, e0, e1);
  if (e0)
    cu->EventDestroy(e0);
  if (e1)
    cu->EventDestroy(e1);
  if (a)
    cu->MemFree(a);
  if (b)
    cu->MemFree(b);
  if (!r)
    *bps = ms > 0 ? 2.0 * (double)n * COPIES / (ms * 1e-3) : 0;
  return r;
}

int rt_gpu_copy_bandwidth(const RtDevice *dev, double *bps, char *err) {
  const RtCuda *cu = rt_cuda(err);
  if (!cu)
    return RT_ENODEV;
  unsigned char uuid[16] = {0};
  char key[33], why[RT_ERRLEN];
  const char *what = "cuDeviceGetUuid";
  int r = cu->DeviceGetUuid(uuid, dev->cudev);
  if (!r) {
    bw_key(dev, uuid, key);
    if ((*bps = cached(key)) > 0)
      return 0;
    size_t n = (size_t)256 << 20;
    while ((r = measure(cu, n, bps, &what)) == RT_CU_OUT_OF_MEMORY && n > (16u << 20))
      n /= 2;
  }
  if (r) {
    rt_cuda_errstr(r, why, sizeof why);
    rt_errf(err, "the copy bandwidth of %s: %s: %s", dev->name, what, why);
    return RT_EFAIL;
  }
  if (*bps <= 0) {
    rt_errf(err, "the copy bandwidth of %s: the copies took no measurable time", dev->name);
    return RT_EFAIL;
  }
  char text[192];
  int len = snprintf(text, sizeof text, "%.17g bytes/s, %s\n", *bps, dev->name);
  rt_cache_put(key, ext, text, (size_t)len < sizeof text ? (size_t)len : sizeof text - 1,
               why);                                /* no cache: measured again next time */
  return 0;
}
