// run: --kernel scan --grid 4 --block 128 --shared-mem 1024 x=@cu_dyn_scan.x.npy y=zeros:float32:512 n=500:int32
// check: y
// input: x = rng.integers(-8, 9, 512).astype(np.float32)
// An inclusive scan per block (Hillis-Steele) in dynamic shared memory: `extern
// __shared__` declared in the kernel, double-buffered, __syncthreads between the steps.
extern "C" __global__ void scan(const float *x, float *y, int n) {
  extern __shared__ float buf[];
  float *a = buf, *b = buf + blockDim.x;
  int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
  a[t] = i < n ? x[i] : 0.0f;
  __syncthreads();
  for (unsigned d = 1; d < blockDim.x; d *= 2) {
    b[t] = t >= d ? a[t] + a[t - d] : a[t];
    __syncthreads();
    float *tmp = a;
    a = b;
    b = tmp;
  }
  if (i < n)
    y[i] = a[t];
}
