# run: --kernel _histogram_kernel x=@real3_cupy_histogram.x.npy bins=@real3_cupy_histogram.bins.npy n_bins=7 y=zeros:int64:6
# check: y
# input: x = np.concatenate([rng.standard_normal(200) * 1.5, [-3.0, 3.0, 0.5, -9.0, 9.0]])
# input: bins = np.array([-3.0, -1.5, -0.5, 0.0, 0.5, 1.5, 3.0])
# Source: github.com/cupy/cupy, cupy/_statistics/histogram.py (v14.2.0): CuPy's histogram
# kernels, unchanged, the unweighted one launched as cupy.histogram launches it without
# CUB (`_histogram_kernel(x, bin_edges, bin_edges.size, y)`: a Python int for the int32
# n_bins, y int64 zeros): C++'s alternative token `or`, `return` from the loop body for
# values outside the edges, a binary search over raw bins, `atomicAdd(&y[low], U(1))` on
# a long long (CuPy's own overload), values on the edges and outside them.
from cupy import _core
_histogram_kernel = _core.ElementwiseKernel(
    'S x, raw T bins, int32 n_bins',
    'raw U y',
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
    atomicAdd(&y[low], U(1));
    ''',
    'cupy_histogram_kernel')


_weighted_histogram_kernel = _core.ElementwiseKernel(
    'S x, raw T bins, int32 n_bins, raw W weights',
    'raw Y y',
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
    atomicAdd(&y[low], (Y)weights[i]);
    ''',
    'cupy_weighted_histogram_kernel')


