# run: --kernel forward_ahhtnorm_shfl --grid 4 --block 64 out_data=zeros:float32:16 indices=@real5j_agnn_fwd_shfl.indices.npy indptr=@real5j_agnn_fwd_shfl.indptr.npy H_tile_1=@real5j_agnn_fwd_shfl.H_tile_1.npy H_tile_2=@real5j_agnn_fwd_shfl.H_tile_2.npy H_tile_1_norm=@real5j_agnn_fwd_shfl.H_tile_1_norm.npy H_tile_2_norm=@real5j_agnn_fwd_shfl.H_tile_2_norm.npy
# check: out_data tol=1e-5
# input: indices = rng.integers(0, 6, 16).astype(np.int32)
# input: indptr = np.array([0, 3, 5, 9, 10, 13, 16], np.int32)
# input: H_tile_1 = rng.standard_normal((6, 40)).astype(np.float32)
# input: H_tile_2 = rng.standard_normal((6, 40)).astype(np.float32)
# input: H_tile_1_norm = (rng.random(6) + 0.5).astype(np.float32)
# input: H_tile_2_norm = (rng.random(6) + 0.5).astype(np.float32)
# A published program (graph attention networks on CuPy: the AGNN layer's forward
# kernel, warp-shuffle version), unchanged: warps from `tid // cpx.jit.warpsize`, their
# count `cp.int32(cp.ceil(num_threads / cpx.jit.warpsize))` (a float64 quotient of two
# uint32 values), lanes striding the features by the warp size, a float32 partial sum
# reduced by five `cpx.jit.shfl_down_sync(FULL_MASK, a, 16 ... 1)` with a module-level
# mask constant, lane 0 storing (`from cupyx import jit` added: CuPy sets cupyx.jit only
# once the submodule is imported).
import cupy as cp
import cupyx as cpx
from cupyx import jit  # noqa: F401
import numpy as np

FULL_MASK = 0xFFFFFFFF


@cpx.jit.rawkernel()
def forward_ahhtnorm_shfl(out_data, indices, indptr, H_tile_1, H_tile_2,
                          H_tile_1_norm, H_tile_2_norm):
    """ Computes A * ((H x H^T) / (||H|| x ||H||^T)

    """
    bid = cpx.jit.blockIdx.x  # Block ID
    num_blocks = cpx.jit.gridDim.x
    tid = cpx.jit.threadIdx.x  # Thread ID
    num_threads = cpx.jit.blockDim.x
    wid = tid // cpx.jit.warpsize  # Warp ID
    num_warps = cp.int32(cp.ceil(num_threads / cpx.jit.warpsize))
    twid = tid % cpx.jit.warpsize  # Thread ID within warp

    for i in range(bid, (len(indptr) - 1), num_blocks):
        for j in range(indptr[i] + wid, indptr[i + 1], num_warps):
            rowNo = i
            colNo = indices[j]
            a = 0.0
            for k in range(twid, H_tile_1.shape[1], cpx.jit.warpsize):
                a += H_tile_1[rowNo, k] * H_tile_2[colNo, k]
            a += cpx.jit.shfl_down_sync(FULL_MASK, a, 16)
            a += cpx.jit.shfl_down_sync(FULL_MASK, a, 8)
            a += cpx.jit.shfl_down_sync(FULL_MASK, a, 4)
            a += cpx.jit.shfl_down_sync(FULL_MASK, a, 2)
            a += cpx.jit.shfl_down_sync(FULL_MASK, a, 1)
            if twid == 0:
                out_data[j] = a / (H_tile_1_norm[rowNo] * H_tile_2_norm[colNo])
