# run: --kernel count_kernel mask=@real2_kmeans_count.mask.npy --axis 1
# check: out
# input: mask = rng.integers(0, 3, 40) == np.arange(3)[:, None]
# Source: github.com/cupy/cupy, examples/kmeans/kmeans.py (v14.2.0), its three kernels
# unchanged (fit_custom calls them): count_kernel(mask, axis=1): a bool (3, 40)
# input, a float32 output, the identity '0.0', `mask ? 1.0 : 0.0` (double) into float32.
import cupy
import numpy

var_kernel = cupy.ElementwiseKernel(
    'T x0, T x1, T c0, T c1', 'T out',
    'out = (x0 - c0) * (x0 - c0) + (x1 - c1) * (x1 - c1)',
    'var_kernel'
)
sum_kernel = cupy.ReductionKernel(
    'T x, S mask', 'T out',
    'mask ? x : 0',
    'a + b', 'out = a', '0',
    'sum_kernel'
)
count_kernel = cupy.ReductionKernel(
    'T mask', 'float32 out',
    'mask ? 1.0 : 0.0',
    'a + b', 'out = a', '0.0',
    'count_kernel'
)
