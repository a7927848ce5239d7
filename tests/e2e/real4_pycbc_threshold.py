# run: --kernel threshold_and_cluster --grid 4 --block 128 in=@real4_pycbc_threshold.in.npy outv=zeros:complex64:4 outl=zeros:int32:4 window=100:int32 threshold=9.0:float32
# check: outv outl
# input: in = (lambda s, p: np.where(np.isin(np.arange(400), p), (8 + 3j) * np.array([1, -1, 1j, -1j])[np.arange(400) % 4], s).astype(np.complex64))(rng.standard_normal(400) + 1j * rng.standard_normal(400), np.arange(4) * 100 + rng.integers(0, 100, 4))
# Modelled on github.com/gwastro/pycbc, pycbc/events/threshold_cupy.py (39db77cbe): the
# trigger search's first kernel, one block per window of the complex64 SNR series (read as
# float2): each of the 128 threads keeps its loudest sample, the block's candidates go to
# __shared__ arrays, and warp 0 finishes the search without a barrier (a loop over the
# candidates, then halving steps `if (t < 16 && v[t] < v[t + 16]) { v[t] = v[t + 16]; ... }`
# down to one): code that relies on the 32 lanes of a warp running in lock step, as the
# program (and the CUDA samples it follows) was written for. pycbc renders the text with
# mako (${chunk}: the block size); here it is rendered.
import cupy as cp

threshold_and_cluster = cp.RawKernel(r"""
extern "C" __global__ void threshold_and_cluster(float2* in, float2* outv, int* outl,
                                                 int window, float threshold) {
    int first = window * blockIdx.x;
    int last = first + window;

    __shared__ float cand_re[128];
    __shared__ float cand_im[128];
    __shared__ int cand_loc[128];
    __shared__ float power[32];
    __shared__ int which[32];

    int loc = -1;
    float best_re = 0, best_im = 0;
    float re, im;

    for (int i = first + threadIdx.x; i < last; i += blockDim.x) {
        re = in[i].x;
        im = in[i].y;
        if (re * re + im * im > best_re * best_re + best_im * best_im) {
            best_re = re;
            best_im = im;
            loc = i;
        }
    }
    cand_re[threadIdx.x] = best_re;
    cand_im[threadIdx.x] = best_im;
    cand_loc[threadIdx.x] = loc;
    __syncthreads();

    if (threadIdx.x < 32) {
        int k = threadIdx.x;
        for (int i = threadIdx.x; i < 128; i += 32) {
            re = cand_re[i];
            im = cand_im[i];
            if (re * re + im * im > best_re * best_re + best_im * best_im) {
                k = i;
                best_re = re;
                best_im = im;
            }
        }
        power[threadIdx.x] = cand_re[k] * cand_re[k] + cand_im[k] * cand_im[k];
        which[threadIdx.x] = k;

        if (threadIdx.x < 16 && power[threadIdx.x] < power[threadIdx.x + 16]) {
            power[threadIdx.x] = power[threadIdx.x + 16];
            which[threadIdx.x] = which[threadIdx.x + 16];
        }
        if (threadIdx.x < 8 && power[threadIdx.x] < power[threadIdx.x + 8]) {
            power[threadIdx.x] = power[threadIdx.x + 8];
            which[threadIdx.x] = which[threadIdx.x + 8];
        }
        if (threadIdx.x < 4 && power[threadIdx.x] < power[threadIdx.x + 4]) {
            power[threadIdx.x] = power[threadIdx.x + 4];
            which[threadIdx.x] = which[threadIdx.x + 4];
        }
        if (threadIdx.x < 2 && power[threadIdx.x] < power[threadIdx.x + 2]) {
            power[threadIdx.x] = power[threadIdx.x + 2];
            which[threadIdx.x] = which[threadIdx.x + 2];
        }
        if (threadIdx.x == 0) {
            if (power[0] < power[1]) {
                which[0] = which[1];
                power[0] = power[1];
            }
            if (power[0] > threshold) {
                k = which[0];
                outv[blockIdx.x].x = cand_re[k];
                outv[blockIdx.x].y = cand_im[k];
                outl[blockIdx.x] = cand_loc[k];
            } else {
                outl[blockIdx.x] = -1;
            }
        }
    }
}
""", "threshold_and_cluster", backend="nvcc")
