# run: --kernel kernel x=@real_histogram.x.npy bins=@real_histogram.bins.npy n_bins=11 y=zeros:int32:10
# check: y
# input: x = rng.random(3000) * 12 - 1
# input: bins = np.linspace(0, 10, 11)
# A real program (CuPy's early histogram): an ElementwiseKernel constructed and called in
# one expression, without a name (CuPy's default 'kernel'), `or` in its C++, an early
# return, and atomicAdd on a raw int32 output.
import cupy


def histogram(x, bins):
    y = cupy.zeros(bins.size - 1, dtype=cupy.int32)
    cupy.ElementwiseKernel(
        'S x, raw T bins, int32 n_bins',
        'raw int32 y',
        '''
        if (x < bins[0] or bins[n_bins - 1] < x) {
            return;
        }
        int high = n_bins - 1;
        int low = 0;

        while (high - low > 1) {
            int mid = (high + low) / 2;
            if (bins[mid] <= x) {
                low = mid;
            } else {
                high = mid;
            }
        }
        atomicAdd(&y[low], 1);
        '''
    )(x, bins, bins.size, y)
    return y
