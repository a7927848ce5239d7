// run: --kernel compressed_nearfield2farfield --grid 2,3 --block 1024 nearfield=@real_slm_nf2ff.nearfield.npy W=40:int32 H=30:int32 N=3:int32 D=3:int32 kxyz=@real_slm_nf2ff.kxyz.npy cx=0.2:float32 cy=0.15:float32 dx=0.01:float32 dy=0.01:float32 farfield_intermediate=zeros:complex64:6
// check: farfield_intermediate tol=2e-4
// input: nearfield = (rng.standard_normal(1200) + 1j * rng.standard_normal(1200)).astype(np.complex64)
// input: kxyz = (rng.standard_normal(9) * 3).astype(np.float32)
// A published program (slmsuite, holography: the overlap integral of a nearfield with
// each farfield spot, one 1024-thread block per slice): a __shared__ complex<float>[1024]
// tree reduction with __syncthreads, the last 64 values folded by an `extern "C" __device__`
// warp_reduce with __syncwarp (warp-synchronous, no volatile), conj() and exp() of
// complex<float>, complex<float> = 0, a double literal `.5` in a float expression, a
// commented-out __forceinline__ variant, #define'd sizes.
#include <cupy/complex.cuh>
// This file is loaded into slmsuite.holography.toolbox.phase at runtime.
// cupy.RawKernels call functions inside it.

#define BASIS_SIZE 150

// extern "C"  __device__ __forceinline__ void warp_reduce(
//     complex<float>* sdata, // volatile
//     int tid
// ) {
//     complex<float> val;
//     val = sdata[tid + 32]; sdata[tid] += val; __syncwarp();
//     val = sdata[tid + 1]; sdata[tid] += val;
// }

extern "C"  __device__ void warp_reduce(
    complex<float>* sdata, // volatile
    int tid
) {
    sdata[tid] += sdata[tid + 32]; __syncwarp();
    sdata[tid] += sdata[tid + 16]; __syncwarp();
    sdata[tid] += sdata[tid + 8];  __syncwarp();
    sdata[tid] += sdata[tid + 4];  __syncwarp();
    sdata[tid] += sdata[tid + 2];  __syncwarp();
    sdata[tid] += sdata[tid + 1];  __syncwarp();
}

extern "C" __global__ void compressed_nearfield2farfield(
    const complex<float>* nearfield,        // Input (W*H)
    const int W,                            // Width of nearfield
    const int H,                            // Height of nearfield
    const int N,                            // Size of farfield
    const int D,                            // Dimension of spots (2 or 3)
    const float* kxyz,                      // Spot parameters (D*N)
    const float cx,                         // Grid offset x
    const float cy,                         // Grid offset y
    const float dx,                         // X grid pitch
    const float dy,                         // Y grid pitch
    complex<float>* farfield_intermediate   // Output (blockIdx.x*N)
) {
    // Allocate shared data which will store intermediate results.
    // (Hardcoded to 1024 block size).
    __shared__ complex<float> sdata[1024];

    // Make some IDs.
    int ff = blockIdx.y;                    // Farfield index  [0, N)
    int tid = threadIdx.x;                  // Thread ID
    int rid = blockIdx.x + ff * gridDim.x;  // Farfield result ID
    int nf = blockDim.x * blockIdx.x + tid; // Nearfield index [0, WH)

    float x = dx * (nf % W) - cx;
    float y = dy * (nf / W) - cy;

    float exponent = 0;
    complex<float> tau = complex<float>(0, 6.28318530717958647692f);

    if (nf < W * H) {
        exponent = x * kxyz[ff] + y * kxyz[ff + N];

        if (D == 3) {
            exponent += .5 * (x * x + y * y) * kxyz[ff + N + N];
        }

        // Do the overlap integrand for one nearfield-farfield mapping.
        sdata[tid] = conj(nearfield[nf]) * exp(tau * exponent);
    } else {
        sdata[tid] = 0;
    }

    // Now we want to integrate by summing these results.
    // Note that we assume 1024 block size and 32 warp size (change this?).
    __syncthreads();

    if (tid < 512) { sdata[tid] += sdata[tid + 512]; } __syncthreads();
    if (tid < 256) { sdata[tid] += sdata[tid + 256]; } __syncthreads();
    if (tid < 128) { sdata[tid] += sdata[tid + 128]; } __syncthreads();
    if (tid < 64) {  sdata[tid] += sdata[tid + 64];  } __syncthreads();
    if (tid < 32) {
        // The last 32 threads don't require __syncthreads() as they can be warped.
        warp_reduce(sdata, tid);

        // Save the summed results to global memory.
        if (tid == 0) { farfield_intermediate[rid] = sdata[0]; }
    }
}
