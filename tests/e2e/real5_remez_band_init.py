# run: --kernel ker_t12_band_init --grid 1 --block 128 n_band_items=6:int64 n_bands=3:int64 t2=True:bool band_map=@real5_remez_band_init.band_map.npy band_start=@real5_remez_band_init.band_start.npy freqs=@real5_remez_band_init.freqs.npy fbands_start=@real5_remez_band_init.fbands_start.npy fbands=zeros:float64:9 freq_bands=zeros:int64:9
# check: fbands freq_bands tol=1e-15
# input: band_map = np.array([2, 4, 6], dtype=np.int64)
# input: band_start = np.array([0, 2, 4], dtype=np.int64)
# input: freqs = np.array([0.0, 0.1, 0.1, 0.2, 0.3, 0.4, 0.4, 0.45, 0.6, 0.8, 0.8, 1.0])
# input: fbands_start = np.array([3, 6, 9], dtype=np.int64)
# Modelled on a published CuPy port of the Remez (Parks-McClellan) filter design (a
# cupyx.scipy.signal remez draft, parks_mclellan_bp): its RawKernel unchanged, launched as
# parks_mclellan_bp launches it: a #define'd CUDART_PI
# (the name of CUDA's math_constants.h macro), a __device__ binary search over long long
# band ends, a Python bool (is_type_2) for a bool parameter, Python ints for ints.
import cupy  # NOQA


ker_t12_band_init = cupy.RawKernel(r'''
#define CUDART_PI  3.1415926535897931e+0

__device__ int find_band(
        const int item, const int n_bands, const long long* band_map) {
    int left = 0;
    int right = n_bands;

    while(left < right) {
        int mid = (left + right) / 2;
        if(band_map[mid] < item) {
            left = mid + 1;
        } else if (band_map[mid] > item) {
            right = mid;
        } else {
            left = mid + 1;
            break;
        }
    }

    return left;
}


extern "C" __global__ void ker_t12_band_init(
    int n_band_items, int n_bands, bool t2, const long long* band_map,
    const long long* band_start, const double* freqs,
    const long long* fbands_start, double* fbands, long long* freq_bands
) {
    int idx = blockDim.x * blockIdx.x + threadIdx.x;
    if(idx >= n_band_items) {
        return;
    }

    int band = find_band(idx, n_bands, band_map);

    if(idx == band_start[band]) {
        fbands[idx + band] = CUDART_PI * freqs[2 * band];
        freq_bands[idx + band] = band;
    }

    if(t2 && freqs[2 * idx + 1] == 1.0) {
        if(freqs[2 * idx] < 0.9999) {
            fbands[idx + band + 1] = CUDART_PI * 0.9999;
        } else {
            fbands[idx + band + 1] = CUDART_PI * (freqs[2 * idx] + 1) / 2;
        }
    } else {
        fbands[idx + band + 1] = CUDART_PI * freqs[2 * idx + 1];
    }

    freq_bands[idx + band + 1] = band;

}
''', 'ker_t12_band_init')
