/*
 * raw_header.c: the header `pykc header examples/raw_template.py -o raw_template.h` makes
 * for a RawModule's template instances, used with libcuda only: fx3<float> and
 * fx3<double> launched through their lowered names (tests/gpu/run.sh).
 */
#include "raw_template.h"

#include <stdio.h>

#define CHECK(call)                                                                        \
  do {                                                                                     \
    CUresult r_ = (call);                                                                  \
    if (r_ != CUDA_SUCCESS) {                                                              \
      const char *name_ = "?";                                                             \
      cuGetErrorName(r_, &name_);                                                          \
      fprintf(stderr, "raw_header: %s: %s\n", #call, name_);                               \
      return 1;                                                                            \
    }                                                                                      \
  } while (0)

int main(void) {
  enum { N = 1000 };
  static float f[N];
  static double d[N];
  CUdevice dev;
  CUcontext ctx;
  CHECK(cuInit(0));
  CHECK(cuDeviceGet(&dev, 0));
  CHECK(cuDevicePrimaryCtxRetain(&ctx, dev));
  CHECK(cuCtxSetCurrent(ctx));
  for (int i = 0; i < N; i++)
    f[i] = (float)i, d[i] = i * 0.5;
  CUdeviceptr df, dd;
  CHECK(cuMemAlloc(&df, sizeof f));
  CHECK(cuMemAlloc(&dd, sizeof d));
  CHECK(cuMemcpyHtoD(df, f, sizeof f));
  CHECK(cuMemcpyHtoD(dd, d, sizeof d));
  pykc_h_dim3 grid = {(N + 127) / 128, 1, 1}, block = {128, 1, 1};
  CHECK(raw_template_fx3_float(grid, block, 0, NULL, df, N - 1));   /* the last one stays */
  CHECK(raw_template_fx3_double(grid, block, 0, NULL, dd, N));
  CHECK(cuCtxSynchronize());
  CHECK(cuMemcpyDtoH(f, df, sizeof f));
  CHECK(cuMemcpyDtoH(d, dd, sizeof d));
  int bad = 0;
  for (int i = 0; i < N; i++)
    bad += f[i] != (i < N - 1 ? 3.0f * i : (float)i) || d[i] != 1.5 * i;
  printf("raw_template: fx3<float> and fx3<double> on %d elements: %s\n", N,
         bad ? "WRONG" : "ok");
  CHECK(raw_template_unload());
  return bad != 0;
}
