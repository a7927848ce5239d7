// run: --kernel warp_ops --grid 2 --block 64 x=@cu_warp_ops.x.npy o=zeros:int32:128x8
// check: o
// input: x = rng.integers(-50, 50, 128, dtype=np.int32)
// Warp collectives in CUDA C++: every shuffle kind (with a width), the votes, and the bit
// intrinsics, one row of results per thread.
extern "C" __global__ void warp_ops(const int *x, int *o) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = x[i];
  unsigned full = 0xffffffffu;
  int *r = o + 8 * i;
  r[0] = __shfl_sync(full, v, 5);
  r[1] = __shfl_up_sync(full, v, 3, 16);
  r[2] = __shfl_down_sync(full, v, 2, 8);
  r[3] = __shfl_xor_sync(full, v, 9);
  r[4] = (int)__ballot_sync(full, v > 0);
  r[5] = __any_sync(full, v > 45) + 2 * __all_sync(full, v > -50);
  r[6] = __popc((unsigned)v) + 100 * __clz(v) + 10000 * __ffs(v);
  r[7] = (int)__brev((unsigned)v);
}
