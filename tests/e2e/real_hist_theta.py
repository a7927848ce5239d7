# run: --kernel histogram --grid 2 --block 128 input_data_1=@real_hist_theta.input_data_1.npy input_data_2=@real_hist_theta.input_data_2.npy mapper=2 global_histogram=zeros:int32:128 size=700 min_value=0.0 bin_width=0.03125
# check: global_histogram
# input: input_data_1 = (rng.random(700) * 2 - 1).astype(np.float32)
# input: input_data_2 = rng.standard_normal(1000).astype(np.float32)
# The same published program as real_hist_mapped, its arccos arm (theta): numpy
# scalar annotations (`np.int32`, `np.float32`) and `cp.ndarray`, an int32 shared-memory
# block histogram, `cp.arctan2`/`cp.arccos` chosen by a scalar, `int()` of a float floor
# division, `int(min(max(v, 0), 127))`, atomic_add into shared and global memory.
import cupy as cp  # type:ignore
import numpy as np
from cupyx import jit  # type:ignore


@jit.rawkernel()
def histogram(
    input_data_1: cp.ndarray,
    input_data_2: cp.ndarray,
    mapper: np.int32,
    global_histogram: cp.ndarray,
    size: np.int32,
    min_value: np.float32,
    bin_width: np.float32,
) -> None:
    """Histogram with a map function.

    That way you can transform coordinates on the fly, you don't need to store the transformed
    version.  For example, store cartesian, but histogram spherical.

    input_data_1: cp.ndarray[np.float32]
    input_data_2: cp.ndarray[np.float32], use for phi, 1:x, 2:y
    mapper: 0 = none, 1 = phi, 2 = theta
    global_histogram: cp.ndarray[np.int32]
    size: of the input
    """
    # Create a histogram for this block.  Size must match bins and threads.
    block_histogram = jit.shared_memory(np.int32, 128)

    # Alloc is not zeroed so do it.
    block_histogram[jit.threadIdx.x] = 0

    # Wait for all threads to set their zeros.
    jit.syncthreads()

    # Fill up the block-local histogram.
    # Adjacent threads get adjacent data:
    tid = jit.blockIdx.x * jit.blockDim.x + jit.threadIdx.x
    # If there's more than one grid (not recommended) then do that too:
    ntid = jit.gridDim.x * jit.blockDim.x

    for i in range(tid, size, ntid):
        if mapper == 1:  # phi
            mapped_data = cp.arctan2(input_data_2[i], input_data_1[i])
        elif mapper == 2:  # theta
            mapped_data = cp.arccos(input_data_1[i])
        else:
            mapped_data = input_data_1[i]
        bucket_idx = int((mapped_data - min_value) // bin_width)
        bucket_idx = int(min(max(bucket_idx, 0), 127))  # must match above
        jit.atomic_add(block_histogram, bucket_idx, 1)

    # Wait for all the threads to do it.
    jit.syncthreads()

    # Sum the block-local histograms into a global histogram.
    jit.atomic_add(global_histogram, jit.threadIdx.x, block_histogram[jit.threadIdx.x])
