# run: --kernel var_kernel x0=@real2_kmeans_var.x0.npy x1=@real2_kmeans_var.x1.npy c0=@real2_kmeans_var.c0.npy c1=@real2_kmeans_var.c1.npy
# check: out tol=1e-12
# input: x0 = rng.standard_normal((40, 1))
# input: x1 = rng.standard_normal((40, 1))
# input: c0 = rng.standard_normal((1, 3))
# input: c1 = rng.standard_normal((1, 3))
# Source: github.com/cupy/cupy, examples/kmeans/kmeans.py (v14.2.0), its three kernels
# unchanged (fit_custom calls them): var_kernel on X[:, None, 0], X[:, None, 1] and
# centers[None, :, 1], centers[None, :, 0]: (40, 1) against (1, 3) views, the output
# CuPy allocates of the broadcast shape (40, 3).
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
