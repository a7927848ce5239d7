// run: --kernel reduce5<128> --grid 3 --block 128 g_idata=@real4_warp_reduce.g_idata.npy g_odata=zeros:float32:3 n=700:uint32
// check: g_odata
// input: g_idata = rng.integers(-50, 50, 768).astype(np.float32)
// Modelled on the CUDA samples' parallel reduction (reduction_kernel.cu, reduce4/reduce5),
// as many published RawKernels copy it (CuPy programs among them): each thread loads and
// adds two elements, a shared-memory tree reduction with __syncthreads while more than a
// warp remains, then the last warp finishes without a barrier through a `volatile float*`
// in a __device__ function: `smem[tid] = mySum = mySum + smem[tid + 32];` chained
// assignments, one per halving, on lanes that run in lock step (pre-Volta code; a GPU
// still runs these straight-line lanes together). Integer-valued floats: the sums are
// exact whatever the order.
template <unsigned int blockSize>
__device__ void warpReduce(volatile float *smem, unsigned int tid, float mySum) {
    if (blockSize >= 64) { smem[tid] = mySum = mySum + smem[tid + 32]; }
    if (blockSize >= 32) { smem[tid] = mySum = mySum + smem[tid + 16]; }
    if (blockSize >= 16) { smem[tid] = mySum = mySum + smem[tid + 8]; }
    if (blockSize >= 8) { smem[tid] = mySum = mySum + smem[tid + 4]; }
    if (blockSize >= 4) { smem[tid] = mySum = mySum + smem[tid + 2]; }
    if (blockSize >= 2) { smem[tid] = mySum = mySum + smem[tid + 1]; }
}

template <unsigned int blockSize>
__global__ void reduce5(const float *g_idata, float *g_odata, unsigned int n) {
    __shared__ float sdata[blockSize];
    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * (blockSize * 2) + threadIdx.x;

    float mySum = (i < n) ? g_idata[i] : 0;
    if (i + blockSize < n)
        mySum += g_idata[i + blockSize];
    sdata[tid] = mySum;
    __syncthreads();

    if (blockSize >= 512) { if (tid < 256) { sdata[tid] = mySum = mySum + sdata[tid + 256]; } __syncthreads(); }
    if (blockSize >= 256) { if (tid < 128) { sdata[tid] = mySum = mySum + sdata[tid + 128]; } __syncthreads(); }
    if (blockSize >= 128) { if (tid < 64) { sdata[tid] = mySum = mySum + sdata[tid + 64]; } __syncthreads(); }

    if (tid < 32)
        warpReduce<blockSize>(sdata, tid, mySum);

    if (tid == 0)
        g_odata[blockIdx.x] = sdata[0];
}
