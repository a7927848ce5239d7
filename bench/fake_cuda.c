/* bench/fake_cuda.c: a stand-in CUDA driver and NVRTC for timing pykc's host side of a
 * launch without a GPU (bench/forms_host.py with BENCH_FAKE=1): every entry point pykc
 * loads (runtime/gpu/driver.c's and nvrtc.c's tables) succeeds at once; "compiling"
 * gives a one-byte image, cuLaunchKernel counts the launch and returns. No memory is
 * touched through a device pointer, so stand-in arrays may carry any address.
 *
 *   cc -O2 -shared -fPIC bench/fake_cuda.c -o build/fake_cuda.so
 *   PYKC_LIBCUDA=build/fake_cuda.so PYKC_NVRTC=build/fake_cuda.so PYKC_CACHE=0 ...
 */
#include <stddef.h>
#include <string.h>

typedef unsigned long long devptr;

unsigned long long fake_launches;                 /* cuLaunchKernel calls so far */

/* ---------------------------------------------------------------- driver */

int cuInit(unsigned f) { return (void)f, 0; }
int cuDriverGetVersion(int *v) { return *v = 13000, 0; }
int cuDeviceGetCount(int *n) { return *n = 1, 0; }
int cuDeviceGet(int *d, int i) { return *d = i, 0; }
int cuDeviceGetName(char *s, int n, int d) {
  (void)d;
  strncpy(s, "fake CUDA device", (size_t)n);
  return 0;
}
int cuDeviceGetAttribute(int *v, int attr, int d) {
  (void)d;
  switch (attr) {
  case 75: *v = 9; break;                         /* compute capability 9.0 */
  case 76: *v = 0; break;
  case 16: *v = 132; break;                       /* SMs */
  case 39: *v = 2048; break;                      /* threads per SM */
  case 97: *v = 232448; break;                    /* shared memory per block, opt-in */
  default: *v = 1; break;
  }
  return 0;
}
int cuDeviceGetUuid_v2(unsigned char *u, int d) { return (void)d, memset(u, 0, 16), 0; }
int cuDevicePrimaryCtxRetain(void **c, int d) { return (void)d, *c = (void *)0x1, 0; }
int cuDevicePrimaryCtxRelease_v2(int d) { return (void)d, 0; }
int cuCtxSetCurrent(void *c) { return (void)c, 0; }
int cuCtxSynchronize(void) { return 0; }
int cuModuleLoadData(void **m, const void *img) { return (void)img, *m = (void *)0x2, 0; }
int cuModuleUnload(void *m) { return (void)m, 0; }
int cuModuleGetFunction(void **f, void *m, const char *n) {
  return (void)m, (void)n, *f = (void *)0x3, 0;
}
int cuModuleGetGlobal_v2(devptr *p, size_t *n, void *m, const char *s) {
  (void)m, (void)s;
  *p = 0x1000;
  if (n)
    *n = 8;
  return 0;
}
int cuFuncGetAttribute(int *v, int attr, void *f) { return (void)attr, (void)f, *v = 0, 0; }
int cuFuncSetAttribute(void *f, int attr, int v) { return (void)f, (void)attr, (void)v, 0; }
int cuOccupancyMaxActiveBlocksPerMultiprocessor(int *n, void *f, int b, size_t s) {
  return (void)f, (void)b, (void)s, *n = 8, 0;
}
int cuLaunchKernel(void *f, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by,
                   unsigned bz, unsigned smem, void *stream, void **args, void **extra) {
  (void)f, (void)gx, (void)gy, (void)gz, (void)bx, (void)by, (void)bz, (void)smem;
  (void)stream, (void)args, (void)extra;
  fake_launches++;
  return 0;
}
int cuLaunchCooperativeKernel(void *f, unsigned gx, unsigned gy, unsigned gz, unsigned bx,
                              unsigned by, unsigned bz, unsigned smem, void *stream,
                              void **args) {
  return cuLaunchKernel(f, gx, gy, gz, bx, by, bz, smem, stream, args, NULL);
}
int cuMemAlloc_v2(devptr *p, size_t n) { return (void)n, *p = 0x100000, 0; }
int cuMemFree_v2(devptr p) { return (void)p, 0; }
int cuMemcpyHtoD_v2(devptr d, const void *s, size_t n) { return (void)d, (void)s, (void)n, 0; }
int cuMemcpyDtoH_v2(void *d, devptr s, size_t n) { return (void)s, memset(d, 0, n), 0; }
int cuMemcpyDtoD_v2(devptr d, devptr s, size_t n) { return (void)d, (void)s, (void)n, 0; }
int cuMemsetD8_v2(devptr d, unsigned char c, size_t n) { return (void)d, (void)c, (void)n, 0; }
int cuStreamCreate(void **s, unsigned f) { return (void)f, *s = (void *)0x4, 0; }
int cuStreamDestroy_v2(void *s) { return (void)s, 0; }
int cuStreamSynchronize(void *s) { return (void)s, 0; }
int cuEventCreate(void **e, unsigned f) { return (void)f, *e = (void *)0x5, 0; }
int cuEventRecord(void *e, void *s) { return (void)e, (void)s, 0; }
int cuEventSynchronize(void *e) { return (void)e, 0; }
int cuEventElapsedTime_v2(float *ms, void *a, void *b) { return (void)a, (void)b, *ms = 0, 0; }
int cuEventDestroy_v2(void *e) { return (void)e, 0; }
int cuGetErrorName(int r, const char **s) { return (void)r, *s = "FAKE_ERROR", 0; }
int cuGetErrorString(int r, const char **s) { return (void)r, *s = "fake CUDA error", 0; }

/* ---------------------------------------------------------------- NVRTC */

int nvrtcVersion(int *major, int *minor) { return *major = 13, *minor = 0, 0; }
int nvrtcGetNumSupportedArchs(int *n) { return *n = 1, 0; }
int nvrtcGetSupportedArchs(int *a) { return a[0] = 90, 0; }
int nvrtcCreateProgram(void **p, const char *src, const char *name, int nh,
                       const char *const *h, const char *const *hn) {
  (void)src, (void)name, (void)nh, (void)h, (void)hn;
  *p = (void *)0x6;
  return 0;
}
int nvrtcCompileProgram(void *p, int n, const char *const *o) { return (void)p, (void)n, (void)o, 0; }
int nvrtcGetPTXSize(void *p, size_t *n) { return (void)p, *n = 1, 0; }
int nvrtcGetPTX(void *p, char *s) { return (void)p, *s = 0, 0; }
int nvrtcGetCUBINSize(void *p, size_t *n) { return (void)p, *n = 1, 0; }
int nvrtcGetCUBIN(void *p, char *s) { return (void)p, *s = 0, 0; }
int nvrtcGetProgramLogSize(void *p, size_t *n) { return (void)p, *n = 1, 0; }
int nvrtcGetProgramLog(void *p, char *s) { return (void)p, *s = 0, 0; }
int nvrtcDestroyProgram(void **p) { return *p = NULL, 0; }
const char *nvrtcGetErrorString(int r) { return (void)r, "fake NVRTC error"; }
int nvrtcAddNameExpression(void *p, const char *e) { return (void)p, (void)e, 0; }
int nvrtcGetLoweredName(void *p, const char *e, const char **low) {
  return (void)p, *low = e, 0;
}

/* ---------------------------------------------------------------- CuPy */

/* CuPy's current stream as cupy_backends.cuda.stream exports it to C (__pyx_capi__'s
   get_current_stream_ptr, which pykc calls at each launch): the default stream. */
long fake_current_stream_ptr(void) { return 0; }
