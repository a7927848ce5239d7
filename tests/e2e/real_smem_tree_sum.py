# run: --kernel block_sums --grid 3 --block 64 --shared-mem 512 x=@real_smem_tree_sum.x.npy out=zeros:float32:6 n=180:int64
# check: out tol=1e-5
# input: x = rng.standard_normal(180).astype(np.float32)
# Modelled on published Monte Carlo transport code's cupyx.jit block reduction: dynamic
# shared memory (`jit.shared_memory(cp.float32, None)`, sized by the launch), two partial
# sums per thread laid out at offsets made from module-level np.uint32 constants, a
# halving tree with a while loop and syncthreads in the loop body, thread 0 writing.
import cupy as cp
import numpy as np
from cupyx import jit

U32_ZERO = np.uint32(0)
U32_ONE = np.uint32(1)
U32_TWO = np.uint32(2)


@jit.rawkernel()
def block_sums(x, out, n):
    tid = jit.threadIdx.x
    nthreads = jit.blockDim.x
    i = jit.blockIdx.x * nthreads + tid
    s0 = cp.float32(0)
    s1 = cp.float32(0)
    if i < n:
        v = x[i]
        s0 = v
        s1 = v * v
    shared = jit.shared_memory(cp.float32, None)
    o0 = U32_ZERO
    o1 = U32_ONE * nthreads
    shared[o0 + tid] = s0
    shared[o1 + tid] = s1
    jit.syncthreads()
    stride = nthreads // U32_TWO
    while stride > 0:
        if tid < stride:
            shared[o0 + tid] += shared[o0 + tid + stride]
            shared[o1 + tid] += shared[o1 + tid + stride]
        jit.syncthreads()
        stride //= U32_TWO
    if tid == 0:
        out[U32_TWO * jit.blockIdx.x] = shared[o0]
        out[U32_TWO * jit.blockIdx.x + U32_ONE] = shared[o1]
