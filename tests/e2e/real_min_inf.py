# run: --kernel min_kernel x=@real_min_inf.x.npy
# check: y
# input: x = rng.standard_normal(5000).astype(np.float32)
# A real program (buffer statistics): a ReductionKernel whose identity is CUDA's
# CUDART_INF_F (math_constants.h, which CuPy's kernels include).
import cupy as cp

min_kernel = cp.ReductionKernel(
    "T x",  # input params
    "T y",  # output params
    "x",  # map
    "min(a, b)",  # reduce
    "y = a",  # post-reduction map
    "CUDART_INF_F",
    "buffer_min",  # kernel name
)

max_kernel = cp.ReductionKernel(
    "T x",  # input params
    "T y",  # output params
    "x",  # map
    "max(a, b)",  # reduce
    "y = a",  # post-reduction map
    "-CUDART_INF_F",
    "buffer_max",  # kernel name
)
