# run: --kernel _sentinel_kernel --grid 2 --block 256 osc_a=@real_sentinel_step.osc_a.npy osc_b=@real_sentinel_step.osc_b.npy osc_c=@real_sentinel_step.osc_c.npy noise=@real_sentinel_step.noise.npy coupling_ab=0.00029994:float32 coupling_bc=5.7592e-06:float32 coupling_ca=0.00018541:float32 noise_amp=0.02:float32 n=320:int32 iters=3:int32
# check: osc_a osc_b osc_c tol=1e-6
# input: osc_a = (rng.random(320) * 0.5 - 0.25).astype(np.float32)
# input: osc_b = (rng.random(320) * 0.5 - 0.25).astype(np.float32)
# input: osc_c = (rng.random(320) * 0.5 - 0.25).astype(np.float32)
# input: noise = (rng.random(960) - 0.5).astype(np.float32)
# A published program (an oscillator-array "entropy wave" sensor, one step): a RawKernel
# whose code holds a second kernel that it never launches (five __shared__ float scalars
# declared in one statement, chained `=` initialisation, atomicAdd on shared floats),
# fmaxf/fminf clamps, numpy.float32 couplings and Python int sizes.
import numpy as np
import cupy as cp

PHI = (1 + np.sqrt(5)) / 2
MAGIC_ANGLE = 1.1
COUPLING_FACTOR = 0.0003


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

_correlate_kernel = cp.RawModule(code=r'''
extern "C" __global__
void fast_stats(
    float* a, float* b,
    float* out_r, float* out_var,
    int n
) {
    // Compute correlation and variance in one pass
    float sum_a = 0, sum_b = 0, sum_ab = 0, sum_a2 = 0, sum_b2 = 0;

    for (int i = threadIdx.x; i < n; i += blockDim.x) {
        float va = a[i];
        float vb = b[i];
        sum_a += va;
        sum_b += vb;
        sum_ab += va * vb;
        sum_a2 += va * va;
        sum_b2 += vb * vb;
    }

    // Reduce within block
    __shared__ float s_sum_a[256], s_sum_b[256], s_sum_ab[256], s_sum_a2[256], s_sum_b2[256];

    s_sum_a[threadIdx.x] = sum_a;
    s_sum_b[threadIdx.x] = sum_b;
    s_sum_ab[threadIdx.x] = sum_ab;
    s_sum_a2[threadIdx.x] = sum_a2;
    s_sum_b2[threadIdx.x] = sum_b2;
    __syncthreads();

    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s) {
            s_sum_a[threadIdx.x] += s_sum_a[threadIdx.x + s];
            s_sum_b[threadIdx.x] += s_sum_b[threadIdx.x + s];
            s_sum_ab[threadIdx.x] += s_sum_ab[threadIdx.x + s];
            s_sum_a2[threadIdx.x] += s_sum_a2[threadIdx.x + s];
            s_sum_b2[threadIdx.x] += s_sum_b2[threadIdx.x + s];
        }
        __syncthreads();
    }

    if (threadIdx.x == 0) {
        float mean_a = s_sum_a[0] / n;
        float mean_b = s_sum_b[0] / n;
        float var_a = s_sum_a2[0] / n - mean_a * mean_a;
        float var_b = s_sum_b2[0] / n - mean_b * mean_b;
        float cov = s_sum_ab[0] / n - mean_a * mean_b;

        float denom = sqrtf(var_a * var_b);
        *out_r = (denom > 1e-10f) ? cov / denom : 0.0f;
        *out_var = var_a + var_b;
    }
}
''').get_function('fast_stats')
