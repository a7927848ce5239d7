# run: --kernel ker_band_len --grid 1 --block 128 n_weights=6:int64 freqs=@real5_remez_band_len.freqs.npy band_start=zeros:bool:6
# check: band_start
# input: freqs = np.array([0.0, 0.1, 0.1, 0.2, 0.3, 0.4, 0.4, 0.45, 0.6, 0.8, 0.8, 1.0])
# Modelled on a published CuPy port of the Remez (Parks-McClellan) filter design (a
# cupyx.scipy.signal remez draft, parks_mclellan_bp): its RawKernel unchanged, launched as
# parks_mclellan_bp launches it: weights.shape[0] (a Python int) for an
# int, a bool output written from a double comparison, an early return.
import cupy  # NOQA


ker_band_len = cupy.RawKernel(r'''
extern "C" __global__ void ker_band_len(
    int n_weights, const double* freqs, bool* band_start
) {
    int idx = blockDim.x * blockIdx.x + threadIdx.x;
    if(idx >= n_weights) {
        return;
    }

    if(idx == 0) {
        band_start[idx] = true;
    }

    if(idx < n_weights - 1) {
        band_start[idx + 1] = freqs[2 * idx + 1] != freqs[2 * idx + 2];
    }
}
''', 'ker_band_len')
