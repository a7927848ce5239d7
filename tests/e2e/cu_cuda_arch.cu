// run: --kernel total --grid 2 --block 32 acc=zeros:float64:1 x=@cu_cuda_arch.x.npy n=50:int32 flags=zeros:int32:2
// check: acc flags tol=1e-12
// input: x = rng.random(50)
// The macros NVRTC defines for the code it compiles, on both backends: __CUDACC__, and
// __CUDA_ARCH__ of a GPU (the CPU backend stands in for sm_90), so that a program's own
// `atomicAdd(double *, double)` for GPUs before sm_60 is left out, as on the GPU (tike's
// kernels carry one). The flags record what the code saw.
#if __CUDA_ARCH__ < 600
__device__ double atomicAdd(double *address, double val) {
  unsigned long long *p = (unsigned long long *)address, old = *p, assumed;
  do {
    assumed = old;
    old = atomicCAS(p, assumed, __double_as_longlong(val + __longlong_as_double(assumed)));
  } while (assumed != old);
  return __longlong_as_double(old);
}
#endif

extern "C" __global__ void total(double *acc, const double *x, int n, int *flags) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(acc, x[i]);
  if (i == 0) {
#ifdef __CUDACC__
    flags[0] = 1;
#endif
    flags[1] = __CUDA_ARCH__ >= 600;
  }
}
