/*
 * header_demo.c: runs kernels from a `pykc header` output with nothing but libcuda — no
 * pykc, no NVRTC at run time. The header embeds the cubin (and PTX for newer GPUs) and a
 * typed launch function per kernel.
 *
 *   pykc header examples/saxpy.py -o build/saxpy.h
 *   cc -std=c11 -I/usr/local/cuda/include -Ibuild examples/header_demo.c -o build/header_demo \
 *      -L/usr/local/cuda/lib64/stubs -lcuda        (the stub links; the real driver runs it)
 *   build/header_demo
 */
#include "saxpy.h"

#include <stdio.h>
#include <stdlib.h>

#define CHECK(call)                                                                        \
  do {                                                                                     \
    CUresult r_ = (call);                                                                  \
    if (r_ != CUDA_SUCCESS) {                                                              \
      const char *name_ = "?";                                                             \
      cuGetErrorName(r_, &name_);                                                          \
      fprintf(stderr, "header_demo: %s: %s\n", #call, name_);                              \
      return 1;                                                                            \
    }                                                                                      \
  } while (0)

int main(void) {
  enum { N = 100000 };
  CUdevice dev;
  CUcontext ctx;
  CHECK(cuInit(0));
  CHECK(cuDeviceGet(&dev, 0));
  CHECK(cuDevicePrimaryCtxRetain(&ctx, dev));
  CHECK(cuCtxSetCurrent(ctx));

  float *x = malloc(N * sizeof *x), *y = malloc(N * sizeof *y), *out = malloc(N * sizeof *out);
  for (int i = 0; i < N; i++)
    x[i] = (float)i, y[i] = 1.0f;
  CUdeviceptr dx, dy, dout;
  CHECK(cuMemAlloc(&dx, N * sizeof *x));
  CHECK(cuMemAlloc(&dy, N * sizeof *y));
  CHECK(cuMemAlloc(&dout, N * sizeof *out));
  CHECK(cuMemcpyHtoD(dx, x, N * sizeof *x));
  CHECK(cuMemcpyHtoD(dy, y, N * sizeof *y));

  int64_t shape[1] = {N};
  pykc_h_dim3 grid = {(N + 255) / 256, 1, 1}, block = {256, 1, 1};
  CHECK(saxpy_saxpy(grid, block, 0, NULL, 2.0f, pykc_h_array_float32_1_make(dx, shape),
                    pykc_h_array_float32_1_make(dy, shape),
                    pykc_h_array_float32_1_make(dout, shape)));
  CHECK(cuCtxSynchronize());
  CHECK(cuMemcpyDtoH(out, dout, N * sizeof *out));

  int bad = 0;
  for (int i = 0; i < N; i++)
    bad += out[i] != 2.0f * (float)i + 1.0f;
  printf("header_demo: saxpy on %d elements: %s\n", N, bad ? "WRONG" : "ok");

  cuMemFree(dx);
  cuMemFree(dy);
  cuMemFree(dout);
  saxpy_unload();
  cuDevicePrimaryCtxRelease(dev);
  free(x), free(y), free(out);
  return bad != 0;
}
