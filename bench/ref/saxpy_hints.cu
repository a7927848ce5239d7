// saxpy one element per thread (the jit kernel's shape, grid n/256) with the cache hints a
// compiler could give its loads and stores, for bench/saxpy_bw.py (issue 21 §5): which of
// them moves a one-element-per-thread kernel towards the copy bandwidth.
//   saxpy_nc      loads through the read-only path (ld.global.nc, as __restrict__ gives)
//   saxpy_l2pf    loads that have L2 fetch 256 bytes around each (ld.global.L2::256B)
//   saxpy_cs      stores streamed (st.global.cs: evict first)
//   saxpy_all     all three
__device__ __forceinline__ float ld_l2pf(const float *p) {
  float v;
  asm volatile("ld.global.L2::256B.f32 %0, [%1];" : "=f"(v) : "l"(p));
  return v;
}
__device__ __forceinline__ float ld_nc_l2pf(const float *p) {
  float v;
  asm volatile("ld.global.nc.L2::256B.f32 %0, [%1];" : "=f"(v) : "l"(p));
  return v;
}

#define INDEX long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; if (i >= n) return;

extern "C" __global__ void saxpy_nc(float a, const float *__restrict__ x,
                                    const float *__restrict__ y, float *__restrict__ out,
                                    long long n) {
  INDEX
  out[i] = a * __ldg(x + i) + __ldg(y + i);
}

extern "C" __global__ void saxpy_l2pf(float a, const float *x, const float *y, float *out,
                                      long long n) {
  INDEX
  out[i] = a * ld_l2pf(x + i) + ld_l2pf(y + i);
}

extern "C" __global__ void saxpy_cs(float a, const float *x, const float *y, float *out,
                                    long long n) {
  INDEX
  __stcs(out + i, a * x[i] + y[i]);
}

extern "C" __global__ void saxpy_all(float a, const float *x, const float *y, float *out,
                                     long long n) {
  INDEX
  __stcs(out + i, a * ld_nc_l2pf(x + i) + ld_nc_l2pf(y + i));
}
