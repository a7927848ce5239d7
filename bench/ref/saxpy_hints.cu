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

// The launch a compiler could plan for a jit kernel whose threads never meet (no shared
// memory, no sync, no warp operation): the same scalar body in a grid-stride loop over a
// few blocks per SM (what `i = jit.grid(1); if i < n` becomes when a thread runs several
// of the user's threads), plain and with its trips' loads four at a time.
extern "C" __global__ void saxpy_gs(float a, const float *x, const float *y, float *out,
                                    long long n) {
  long long s = (long long)blockDim.x * gridDim.x;
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n; i += s)
    out[i] = a * x[i] + y[i];
}

extern "C" __global__ void saxpy_gs4(float a, const float *x, const float *y, float *out,
                                     long long n) {
  long long s = (long long)blockDim.x * gridDim.x;
  long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x;
  for (; i < n - 3 * s; i += 4 * s) {
    float u0 = x[i], u1 = x[i + s], u2 = x[i + 2 * s], u3 = x[i + 3 * s];
    float v0 = y[i], v1 = y[i + s], v2 = y[i + 2 * s], v3 = y[i + 3 * s];
    out[i] = a * u0 + v0;
    out[i + s] = a * u1 + v1;
    out[i + 2 * s] = a * u2 + v2;
    out[i + 3 * s] = a * u3 + v3;
  }
  for (; i < n; i += s)
    out[i] = a * x[i] + y[i];
}
