# run: --kernel sum_kernel x=@real2_kmeans_sum.x.npy mask=@real2_kmeans_sum.mask.npy --axis 1
# check: out tol=1e-12
# input: x = rng.standard_normal((40, 2))
# input: mask = (rng.integers(0, 3, 40) == np.arange(3)[:, None])[:, :, None]
# Source: github.com/cupy/cupy, examples/kmeans/kmeans.py (v14.2.0), its three kernels
# unchanged (fit_custom calls them): sum_kernel(X, mask[:, :, None], axis=1): a
# (40, 2) float64 input broadcast against a (3, 40, 1) bool mask to (3, 40, 2), reduced
# over axis 1, `mask ? x : 0` with S bound to bool.
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
