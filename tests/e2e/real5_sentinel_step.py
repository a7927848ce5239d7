# run: --kernel sentinel_step --grid 3 --block 256 osc_a=@real5_sentinel_step.osc_a.npy osc_b=@real5_sentinel_step.osc_b.npy osc_c=@real5_sentinel_step.osc_c.npy noise=@real5_sentinel_step.noise.npy coupling_ab=0.0002999447169713676:float32 coupling_bc=5.759232863056241e-06:float32 coupling_ca=0.00018541020108386874:float32 noise_amp=0.02:float32 n=640:int64 iters=3:int64
# check: osc_a osc_b osc_c tol=1e-6
# input: osc_a = (rng.random(640) * 0.5 - 0.25).astype(np.float32)
# input: osc_b = (rng.random(640) * 0.5 - 0.25).astype(np.float32)
# input: osc_c = (rng.random(640) * 0.5 - 0.25).astype(np.float32)
# input: noise = (rng.random(3 * 640) - 0.5).astype(np.float32)
# Modelled on a published GPU "entropy wave" sensor (CIRIS Sentinel): its RawKernel
# unchanged, a code string holding two kernels of which RawKernel takes sentinel_step,
# launched as step_and_measure launches it (NumPy float32 couplings, Python ints for
# n = self.total and iters = 3): three coupled oscillators per element, fmaxf/fminf
# clamps, noise read at idx, idx + n and idx + 2*n.
import numpy as np
import cupy as cp

# Optimized CUDA kernel for minimal array
_sentinel_kernel = cp.RawKernel(r'''
extern "C" __global__
void sentinel_step(
    float* osc_a, float* osc_b, float* osc_c,
    float* noise,
    float coupling_ab, float coupling_bc, float coupling_ca,
    float noise_amp,
    int n, int iters
) {
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (idx >= n) return;

    float a = osc_a[idx];
    float b = osc_b[idx];
    float c = osc_c[idx];

    // Dynamics
    for (int i = 0; i < iters; i++) {
        float da = coupling_ab * (b - a) + coupling_ca * (c - a);
        float db = coupling_ab * (a - b) + coupling_bc * (c - b);
        float dc = coupling_bc * (b - c) + coupling_ca * (a - c);

        a += da;
        b += db;
        c += dc;

        a = fmaxf(-10.0f, fminf(10.0f, a));
        b = fmaxf(-10.0f, fminf(10.0f, b));
        c = fmaxf(-10.0f, fminf(10.0f, c));
    }

    // Inject noise to maintain transient
    a += noise[idx] * noise_amp;
    b += noise[idx + n] * noise_amp;
    c += noise[idx + 2*n] * noise_amp;

    osc_a[idx] = a;
    osc_b[idx] = b;
    osc_c[idx] = c;
}

extern "C" __global__
void fast_correlate(
    float* a, float* b, float* result,
    int n
) {
    // Simple correlation estimator using shared memory
    __shared__ float sum_a, sum_b, sum_ab, sum_a2, sum_b2;

    if (threadIdx.x == 0) {
        sum_a = sum_b = sum_ab = sum_a2 = sum_b2 = 0.0f;
    }
    __syncthreads();

    int idx = blockIdx.x * blockDim.x + threadIdx.x;

    if (idx < n) {
        float va = a[idx];
        float vb = b[idx];

        atomicAdd(&sum_a, va);
        atomicAdd(&sum_b, vb);
        atomicAdd(&sum_ab, va * vb);
        atomicAdd(&sum_a2, va * va);
        atomicAdd(&sum_b2, vb * vb);
    }
    __syncthreads();

    if (threadIdx.x == 0 && blockIdx.x == 0) {
        float mean_a = sum_a / n;
        float mean_b = sum_b / n;
        float var_a = sum_a2 / n - mean_a * mean_a;
        float var_b = sum_b2 / n - mean_b * mean_b;
        float cov = sum_ab / n - mean_a * mean_b;

        float denom = sqrtf(var_a * var_b);
        *result = (denom > 1e-10f) ? cov / denom : 0.0f;
    }
}
''', 'sentinel_step')
