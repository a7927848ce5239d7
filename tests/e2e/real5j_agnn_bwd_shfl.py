# run: --kernel backward_Z_Q_CD_shfl --grid 4 --block 64 dC_out_data=zeros:float32:16 dD_out_data=zeros:float32:16 indices=@real5j_agnn_bwd_shfl.indices.npy indptr=@real5j_agnn_bwd_shfl.indptr.npy dZ=@real5j_agnn_bwd_shfl.dZ.npy M=@real5j_agnn_bwd_shfl.M.npy H_tile_1=@real5j_agnn_bwd_shfl.H_tile_1.npy H_tile_2=@real5j_agnn_bwd_shfl.H_tile_2.npy n_tile_1=@real5j_agnn_bwd_shfl.n_tile_1.npy n_tile_2=@real5j_agnn_bwd_shfl.n_tile_2.npy
# check: dC_out_data dD_out_data tol=1e-5
# input: indices = rng.integers(0, 6, 16).astype(np.int32)
# input: indptr = np.array([0, 3, 5, 9, 10, 13, 16], np.int32)
# input: dZ = rng.standard_normal((6, 40)).astype(np.float32)
# input: M = rng.standard_normal((6, 40)).astype(np.float32)
# input: H_tile_1 = rng.standard_normal((6, 40)).astype(np.float32)
# input: H_tile_2 = rng.standard_normal((6, 40)).astype(np.float32)
# input: n_tile_1 = (rng.random(6) + 0.5).astype(np.float32)
# input: n_tile_2 = (rng.random(6) + 0.5).astype(np.float32)
# A published program (graph attention networks on CuPy: the AGNN layer's backward
# kernel, warp-shuffle version), unchanged: two float32 partial sums over lanes reduced
# by ten `cpx.jit.shfl_down_sync` calls, `range(bid, len(indptr) - 1, num_blocks)`
# without parentheses, `-C * dQ / (D * D)` (unary minus of a float32 local), a
# docstring (`from cupyx import jit` added: CuPy sets cupyx.jit only once the submodule
# is imported).
import cupy as cp
import cupyx as cpx
from cupyx import jit  # noqa: F401
import numpy as np

FULL_MASK = 0xFFFFFFFF


@cpx.jit.rawkernel()
def backward_Z_Q_CD_shfl(dC_out_data, dD_out_data, indices, indptr, dZ, M, H_tile_1,
                    H_tile_2, n_tile_1, n_tile_2):
    """ Computes 
        dQ = A * (dZ @ M.T)
        dC = dQ / D
        dD = -C * dQ / D^2
        where (recompute C and D):
        C = H_tile_1 @ H_tile_2.T
        D = n_tile_1 @ n_tile_2.T
    """

    bid = cpx.jit.blockIdx.x  # Block ID
    num_blocks = cpx.jit.gridDim.x
    tid = cpx.jit.threadIdx.x  # Thread ID
    num_threads = cpx.jit.blockDim.x
    wid = tid // cpx.jit.warpsize  # Warp ID
    num_warps = cp.int32(cp.ceil(num_threads / cpx.jit.warpsize))
    twid = tid % cpx.jit.warpsize  # Thread ID within warp

    for i in range(bid, len(indptr) - 1, num_blocks):
        for j in range(indptr[i] + wid, indptr[i + 1], num_warps):
            rowNo = i
            colNo = indices[j]
            dQ = 0.0
            C = 0.0
            D = n_tile_1[rowNo] * n_tile_2[colNo]
            for k in range(twid, dZ.shape[1], cpx.jit.warpsize):
                dQ += dZ[rowNo, k] * M[colNo, k]
            for k in range(twid, H_tile_1.shape[1], cpx.jit.warpsize):
                C += H_tile_1[rowNo, k] * H_tile_2[colNo, k]
            
            dQ += cpx.jit.shfl_down_sync(FULL_MASK, dQ, 16)
            dQ += cpx.jit.shfl_down_sync(FULL_MASK, dQ, 8)
            dQ += cpx.jit.shfl_down_sync(FULL_MASK, dQ, 4)
            dQ += cpx.jit.shfl_down_sync(FULL_MASK, dQ, 2)
            dQ += cpx.jit.shfl_down_sync(FULL_MASK, dQ, 1)

            C += cpx.jit.shfl_down_sync(FULL_MASK, C, 16)
            C += cpx.jit.shfl_down_sync(FULL_MASK, C, 8)
            C += cpx.jit.shfl_down_sync(FULL_MASK, C, 4)
            C += cpx.jit.shfl_down_sync(FULL_MASK, C, 2)
            C += cpx.jit.shfl_down_sync(FULL_MASK, C, 1)

            if twid == 0:
                dC_out_data[j] = dQ / D
                dD_out_data[j] = -C * dQ / (D * D)
