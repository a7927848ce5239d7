# run: --kernel sort_bands --grid 3 --block 128 band_length=@real5_remez_sort_bands.band_length.npy band_bounds=@real5_remez_sort_bands.band_bounds.npy cbands=@real5_remez_sort_bands.cbands.npy
# check: cbands
# input: band_length = np.array([4, 7, 5], dtype=np.int64)
# input: band_bounds = np.array([4, 11, 16], dtype=np.int64)
# input: cbands = rng.standard_normal(16)
# Modelled on a published CuPy port of the Remez (Parks-McClellan) filter design (a
# cupyx.scipy.signal remez draft, parks_mclellan_bp): its RawKernel unchanged, launched as
# parks_mclellan_bp launches it: one block per band
# (blockIdx.x), an odd-even transposition sort in global memory with __syncthreads()
# between the phases, the threads past the band's length returning before the first
# barrier, a double* made from a pointer plus a long long offset.
import cupy  # NOQA


ker_sort_bands = cupy.RawKernel(r'''
extern "C" __global__ void sort_bands(
    const long long* band_length, const long long* band_bounds, double* cbands
) {
    int nband = blockIdx.x;
    int pos = threadIdx.x;

    const long long length = band_length[nband];
    const long long start = band_bounds[nband] - length;

    if(pos >= length) {
        return;
    }

    double* band = cbands + start;
    long long l = length % 2 == 0 ? length / 2 : (length / 2) + 1;

    for(long long i = 0; i < l; i++) {
        if(!(pos & 1) && pos < (length - 1)) {
            if(band[pos] > band[pos + 1]) {
                double temp = band[pos];
                band[pos] = band[pos + 1];
                band[pos + 1] = temp;
            }
        }

        __syncthreads();

        if((pos & 1) && pos < (length - 1)) {
            if(band[pos] > band[pos + 1]) {
                double temp = band[pos];
                band[pos] = band[pos + 1];
                band[pos + 1] = temp;
            }
        }

        __syncthreads();
    }
}
''', 'sort_bands')
