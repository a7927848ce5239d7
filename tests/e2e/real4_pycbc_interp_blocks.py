# run: --kernel find_block_indices --grid 1 --block 4 lower=zeros:int32:4 upper=zeros:int32:4 texlen=40:int32 df=1.0:float32 flow=20.0:float32 freq_tex=@real4_pycbc_interp_blocks.freq_tex.npy
# check: lower upper
# input: freq_tex = np.sort(np.concatenate([[10.0, 300.0], rng.uniform(10, 300, 38)])).astype(np.float32)
# Modelled on github.com/gwastro/pycbc, pycbc/waveform/decompress_cupy.py (39db77cbe):
# the waveform decompressor's RawModule (mako renders the threads per block, ${ntpb}:
# here 64), one module of a __device__ binary search and two extern "C" kernels taken
# with get_function (real4_pycbc_interp_linear launches the other): each thread finds the
# sample-frequency range its block of the output will read.
import cupy as cp

kernel_sources = r"""
__device__ int binary_search(float freq, int lower, int upper, const float* freq_tex) {
    // the largest index whose frequency is <= freq (lower - 1 when none)
    int begin = lower;
    int end = upper;
    while (begin != end) {
        int mid = (begin + end) / 2;
        float fcomp = freq_tex[mid];
        if (fcomp <= freq) {
            begin = mid + 1;
        } else {
            end = mid;
        }
    }
    return begin - 1;
}

extern "C" __global__ void find_block_indices(int *lower, int *upper, int texlen, float df,
                                              float flow, const float *freq_tex) {
    int i = threadIdx.x;
    float ffirst = i * df * 64;
    float flast = (i + 1) * df * 64 - df;
    if (ffirst < flow) {
        ffirst = flow;
    }
    lower[i] = binary_search(ffirst, 0, texlen, freq_tex);
    upper[i] = binary_search(flast, 0, texlen, freq_tex) + 1;
}

extern "C" __global__ void linear_interp(float2 *h, float df, int hlen, float flow, float fmax,
                                         int texlen, const float *freq_tex,
                                         const float *amp_tex, const float *phase_tex,
                                         const int *lower, const int *upper) {
    __shared__ int low[1];
    __shared__ int high[1];
    if (threadIdx.x == 0) {
        low[0] = lower[blockIdx.x];
        high[0] = upper[blockIdx.x];
    }
    __syncthreads();

    int i = 64 * blockIdx.x + threadIdx.x;
    if (i < hlen) {
        float freq = df * i;
        float2 tmp;
        if ((freq < flow) || (freq > fmax)) {
            tmp.x = 0.0;
            tmp.y = 0.0;
        } else {
            int idx = binary_search(freq, low[0], high[0], freq_tex);
            float amp, phase, inv_df, x, y;
            float a0, a1, f0, f1, p0, p1;
            if (idx < texlen - 1) {
                f0 = freq_tex[idx];
                f1 = freq_tex[idx + 1];
                inv_df = 1.0 / (f1 - f0);
                a0 = amp_tex[idx];
                a1 = amp_tex[idx + 1];
                p0 = phase_tex[idx];
                p1 = phase_tex[idx + 1];
                amp = a0 * inv_df * (f1 - freq) + a1 * inv_df * (freq - f0);
                phase = p0 * inv_df * (f1 - freq) + p1 * inv_df * (freq - f0);
            } else {
                // idx is texlen - 1: the frequency is fmax itself
                amp = amp_tex[idx];
                phase = phase_tex[idx];
            }
            __sincosf(phase, &y, &x);
            tmp.x = amp * x;
            tmp.y = amp * y;
        }
        h[i] = tmp;
    }
}
"""

mod = cp.RawModule(code=kernel_sources)
fn1 = mod.get_function("find_block_indices")
fn2 = mod.get_function("linear_interp")
