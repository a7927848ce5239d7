# run: --kernel l1_partial --grid 2 --block 8 --shared-mem 32 A=@real_docstring_kernel.A.npy B=@real_docstring_kernel.B.npy output=ones:float32:2 N=16:int32
# check: output
# input: A = rng.random(16).astype(np.float32)
# input: B = rng.random(16).astype(np.float32)
# Modelled on a published course assignment (distance kernels for k-means): a
# `@rawkernel()` (`from cupyx.jit import rawkernel`) whose body is only a docstring holding
# CUDA C, as if cupyx compiled the docstring. cupyx transpiles the Python body: the string
# is an expression statement that does nothing, so the kernel launches (with dynamic
# shared memory) and leaves its output as it was.
import numpy as np
import cupy as cp
from cupyx.jit import rawkernel


@rawkernel()
def l1_partial(A, B, output, N):
    """
    extern "C" __global__
    void l1_partial(const float *A, const float *B, float *output, int N) {
        extern __shared__ float sdata[];
        int tid = threadIdx.x;
        float sum = 0.0f;
        for (int i = blockIdx.x * blockDim.x + tid; i < N; i += gridDim.x * blockDim.x)
            sum += fabsf(A[i] - B[i]);
        sdata[tid] = sum;
        __syncthreads();
        if (tid == 0) output[blockIdx.x] = sdata[0];
    }
    """
