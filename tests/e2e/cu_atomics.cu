// run: --kernel atomics --grid 4 --block 64 x=@cu_atomics.x.npy fsum=zeros:float64:1 isum=zeros:int32:2 usum=zeros:uint64:1 mx=zeros:float32:1 cnt=zeros:uint32:1
// check: fsum isum usum mx cnt
// input: x = rng.integers(-1000, 1000, 256).astype(np.float32) / 8
// Atomics of CUDA C++ as overloads: atomicAdd on double, int and unsigned long long,
// atomicMax and atomicMin on int, a float maximum through an atomicCAS loop, atomicInc
// wrapping at 100. Every sum is exact, so the order of the adds does not matter.
__device__ float atomic_max_float(float *p, float v) {
  int *ip = (int *)p;
  int old = *ip, assumed;
  do {
    assumed = old;
    old = atomicCAS(ip, assumed, __float_as_int(fmaxf(v, __int_as_float(assumed))));
  } while (assumed != old);
  return __int_as_float(old);
}
extern "C" __global__ void atomics(const float *x, double *fsum, int *isum,
                                   unsigned long long *usum, float *mx, unsigned *cnt) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = x[i];
  atomicAdd(fsum, (double)v);
  atomicAdd(&isum[0], (int)(v * 8));
  atomicMax(&isum[1], (int)v);
  atomicAdd(usum, (unsigned long long)(i * i));
  atomic_max_float(mx, v);
  atomicInc(cnt, 99u);
}
