# run: --kernel gemm_stride --grid 2,1 --block 8,8 a=@real_gemm_stride.a.npy b=@real_gemm_stride.b.npy c=zeros:float32:24x20 M=24 N=20 K=40
# check: c tol=1e-6
# input: a = rng.random((24, 40)).astype(np.float32)
# input: b = rng.random((40, 20)).astype(np.float32)
# Modelled on a published kernel_tuner example of a cupyx.jit matrix product: 2-d
# thread indices from blockIdx/blockDim/threadIdx .y and .x, grid-stride `while` loops
# over rows and columns (the grid smaller than the matrix), a float32 accumulator begun
# as `0.0` (cuda mode), `acc += a[i, kk] * b[kk, j]`.
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def gemm_stride(a, b, c, M, N, K):
    row = jit.blockIdx.y * jit.blockDim.y + jit.threadIdx.y
    col = jit.blockIdx.x * jit.blockDim.x + jit.threadIdx.x
    stride_y = jit.gridDim.y * jit.blockDim.y
    stride_x = jit.gridDim.x * jit.blockDim.x
    i = row
    while i < M:
        j = col
        while j < N:
            acc = 0.0
            for kk in range(K):
                acc += a[i, kk] * b[kk, j]
            c[i, j] = acc
            j += stride_x
        i += stride_y
