// run: --kernel twice --grid 1 --block 64 x=arange:float32:64 n=64:int32
// check: x
// Kernel lookup as NVRTC reads the code (runtime/cxx/cxxscan.c): the launched kernel is
// declared with `void __global__` after a repeated __global__, attributes and launch
// bounds through a macro; the commented, #if 0 and string-literal declarations are none.
// removed: __global__ void old_kernel(
#define KERNEL extern "C" __global__ __global__
#if 0
extern "C" __global__ void twice(float *x, int n) { x[0] = -1; }
#endif
__device__ const char *note = "extern \"C\" __global__ void twice(float *x, int n) {}";
KERNEL void __launch_bounds__(64) __attribute__((noinline)) twice(float *x, int n) {
  int i = threadIdx.x;
  if (i < n) x[i] = 2.0f * x[i] + 1.0f;
}
extern "C" { static __global__ void hidden(float *x) { x[0] = 0; } }
