# run: --kernel max_kernel x=@real3_buffer_max.x.npy --axis 1
# check: y
# input: x = np.where(rng.random((4, 9)) < 0.2, -np.inf, rng.standard_normal((4, 9))).astype(np.float64)
# A published program (prefix sums and reductions of buffers, CuPy next to PyCUDA): its
# three module-level ReductionKernels, unchanged, the min and max ones with identities
# written as CUDA's `CUDART_INF_F` and `-CUDART_INF_F` (math_constants.h macros), a
# comment between the arguments; the PyCUDA half of the module is left out. The max along axis 1
# of a float64 (4, 9) buffer with -inf in it (the float identity widened to double).
import cupy as cp

sum_kernel = cp.ReductionKernel(
    "T x",  # input params
    "T y",  # output params
    "x",  # map
    "a + b",  # reduce
    "y = a",  # post-reduction map
    "0",  # identity value
    "buffer_sum",  # kernel name
)

min_kernel = cp.ReductionKernel(
    "T x",  # input params
    "T y",  # output params
    "x",  # map
    "min(a, b)",  # reduce
    "y = a",  # post-reduction map
    # a representation of Infinity number - https://forums.developer.nvidia.com/t/how-to-assign-infinity-to-variables-in-cuda-code/14348
    "CUDART_INF_F",
    "buffer_min",  # kernel name
)

max_kernel = cp.ReductionKernel(
    "T x",  # input params
    "T y",  # output params
    "x",  # map
    "max(a, b)",  # reduce
    "y = a",  # post-reduction map
    # a representation of Infinity number - https://forums.developer.nvidia.com/t/how-to-assign-infinity-to-variables-in-cuda-code/14348
    "-CUDART_INF_F",
    "buffer_max",  # kernel name
)
