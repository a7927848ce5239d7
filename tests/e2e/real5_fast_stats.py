# run: --kernel fast_stats --grid 1 --block 256 a=@real5_fast_stats.a.npy b=@real5_fast_stats.b.npy out_r=zeros:float32:1 out_var=zeros:float32:1 n=1000:int64
# check: out_r out_var tol=1e-5
# input: a = (rng.random(1000) * 0.5 - 0.25).astype(np.float32)
# input: b = (rng.random(1000) * 0.5 - 0.25 + 0.3 * np.linspace(-0.2, 0.2, 1000)).astype(np.float32)
# Modelled on the same sensor's fast_stats: a RawModule made and get_function called in
# one expression at module level, launched (1,), (256,) as step_and_measure launches it
# (n = self.total a Python int): per-thread strided float sums, five __shared__ float[256]
# arrays reduced as a tree with __syncthreads() in the loop, correlation and variance
# written by thread 0 through float pointers.
import cupy as cp

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
