/*
 * driver.c: the CUDA Driver API through dlopen("libcuda.so.1"), so that pykc needs no
 * driver to build, to emit code or to run on the CPU backend. The function table is
 * filled once (the versioned `_v2` entry points first, as cuda.h's macros pick them) and
 * cuInit is called once; later calls get the same table or the same message.
 * $PYKC_LIBCUDA names another library (tests use a missing path to simulate no driver).
 */
#include "gpu.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct {
  const char *names[2];                       /* preferred first */
  size_t off;
} cu_syms[] = {
#define CU(f) {{"cu" #f, NULL}, offsetof(RtCuda, f)}
#define CU2(f) {{"cu" #f "_v2", "cu" #f}, offsetof(RtCuda, f)}
    CU(Init),           CU(DriverGetVersion),   CU(DeviceGetCount),     CU(DeviceGet),
    CU(DeviceGetAttribute), CU(DeviceGetName),  CU(DevicePrimaryCtxRetain),
    CU2(DevicePrimaryCtxRelease), CU(CtxSetCurrent), CU(CtxSynchronize),
    CU(ModuleLoadData), CU(ModuleUnload),       CU(ModuleGetFunction),  CU2(ModuleGetGlobal),
    CU(FuncGetAttribute), CU(OccupancyMaxActiveBlocksPerMultiprocessor), CU2(DeviceGetUuid),
    CU(FuncSetAttribute), CU(LaunchKernel),     CU2(MemAlloc),          CU2(MemFree),
    CU2(MemcpyHtoD),    CU2(MemcpyDtoH),        CU2(MemcpyDtoD),        CU2(MemsetD8),
    CU(StreamCreate),
    CU2(StreamDestroy), CU(StreamSynchronize),  CU(EventCreate),        CU(EventRecord),
    CU(EventSynchronize), CU2(EventElapsedTime), CU2(EventDestroy),     CU(GetErrorName),
    CU(GetErrorString), CU(LaunchCooperativeKernel),
};

/* The linker (link.c: relocatable code only): NULL where a driver lacks it. */
static const struct {
  const char *names[2];
  size_t off;
} cu_optional[] = {
    CU2(LinkCreate), CU2(LinkAddData), CU2(LinkAddFile), CU(LinkComplete), CU(LinkDestroy),
#undef CU
#undef CU2
};

static pthread_once_t cu_once = PTHREAD_ONCE_INIT;
static RtCuda cu;
static char cu_error[RT_ERRLEN];                /* empty once loaded and initialised */

void rt_cuda_errstr(int r, char *buf, size_t n) {
  const char *name = NULL, *desc = NULL;
  if (cu.GetErrorName)
    cu.GetErrorName(r, &name);
  if (cu.GetErrorString)
    cu.GetErrorString(r, &desc);
  if (name && desc)
    snprintf(buf, n, "%s (%s)", name, desc);
  else
    snprintf(buf, n, "CUDA error %d", r);
}

bool rt_cuda_is_kernel_error(int r) {
  return r == 700 || r == 702 || r == 710 || (r >= 714 && r <= 719);
}

/* The entry point of NAMES (the preferred first) in H, or NULL. */
static void *sym(void *h, const char *const names[2]) {
  void *f = dlsym(h, names[0]);
  return !f && names[1] ? dlsym(h, names[1]) : f;
}

static void load_once(void) {
  const char *forced = getenv("PYKC_LIBCUDA");
  const char *lib = forced && *forced ? forced : "libcuda.so.1";
  void *h = dlopen(lib, RTLD_NOW | RTLD_LOCAL);
  if (!h) {
    const char *why = dlerror();
    snprintf(cu_error, sizeof cu_error, "no CUDA driver (%s)", why ? why : lib);
    return;
  }
  for (size_t i = 0; i < sizeof cu_syms / sizeof cu_syms[0]; i++) {
    void *f = sym(h, cu_syms[i].names);
    if (!f) {
      snprintf(cu_error, sizeof cu_error, "no CUDA driver (%s lacks %s)", lib,
               cu_syms[i].names[0]);
      return;
    }
    memcpy((char *)&cu + cu_syms[i].off, &f, sizeof f);
  }
  for (size_t i = 0; i < sizeof cu_optional / sizeof cu_optional[0]; i++) {
    void *f = sym(h, cu_optional[i].names);
    memcpy((char *)&cu + cu_optional[i].off, &f, sizeof f);
  }
  int r = cu.Init(0), count = 0;
  char why[RT_ERRLEN / 2];
  if (r) {
    rt_cuda_errstr(r, why, sizeof why);
    snprintf(cu_error, sizeof cu_error, "no CUDA %s (cuInit: %s)",
             r == 100 ? "device" : "driver", why);
    return;
  }
  if ((r = cu.DeviceGetCount(&count)) || count == 0) {
    rt_cuda_errstr(r ? r : 100, why, sizeof why);
    snprintf(cu_error, sizeof cu_error, "no CUDA device (cuDeviceGetCount: %s)",
             r ? why : "0 devices");
  }
}

const RtCuda *rt_cuda(char *err) {
  pthread_once(&cu_once, load_once);
  if (cu_error[0]) {
    snprintf(err, RT_ERRLEN, "%s", cu_error);
    return NULL;
  }
  return &cu;
}

static int fail(int r, const char *what, char *err) {
  char why[RT_ERRLEN / 2];
  rt_cuda_errstr(r, why, sizeof why);
  snprintf(err, RT_ERRLEN, "%s: %s", what, why);
  return RT_EFAIL;
}

int rt_device_open(int ordinal, RtDevice *d, char *err) {
  memset(d, 0, sizeof *d);
  d->cudev = -1;
  if (!rt_cuda(err))
    return RT_ENODEV;
  int count = 0, r, major = 0, minor = 0;
  if ((r = cu.DeviceGetCount(&count)))
    return fail(r, "cuDeviceGetCount", err);
  if (ordinal < 0 || ordinal >= count) {
    snprintf(err, RT_ERRLEN, "no CUDA device %d (this machine has %d)", ordinal, count);
    return RT_EUSAGE;
  }
  int dev;
  if ((r = cu.DeviceGet(&dev, ordinal)))
    return fail(r, "cuDeviceGet", err);
  if ((r = cu.DevicePrimaryCtxRetain(&d->ctx, dev)))
    return fail(r, "cuDevicePrimaryCtxRetain", err);
  d->cudev = dev;
  d->ordinal = ordinal;
  if ((r = cu.CtxSetCurrent(d->ctx))) {
    rt_device_close(d);
    return fail(r, "cuCtxSetCurrent", err);
  }
  cu.DeviceGetAttribute(&major, RT_CU_DEV_CC_MAJOR, dev);
  cu.DeviceGetAttribute(&minor, RT_CU_DEV_CC_MINOR, dev);
  d->arch = major * 10 + minor;
  if (cu.DeviceGetName(d->name, sizeof d->name, dev))
    snprintf(d->name, sizeof d->name, "CUDA device %d", ordinal);
  return 0;
}

void rt_device_close(RtDevice *d) {
  if (d->ctx && d->cudev >= 0) {
    cu.CtxSetCurrent(NULL);
    cu.DevicePrimaryCtxRelease(d->cudev);
  }
  d->ctx = NULL;
  d->cudev = -1;
}

int rt_device_arch0(void) {
  char err[RT_ERRLEN];
  if (!rt_cuda(err))
    return 0;
  int dev, major = 0, minor = 0;
  if (cu.DeviceGet(&dev, 0) || cu.DeviceGetAttribute(&major, RT_CU_DEV_CC_MAJOR, dev) ||
      cu.DeviceGetAttribute(&minor, RT_CU_DEV_CC_MINOR, dev))
    return 0;
  return major * 10 + minor;
}
