# run: --kernel gat_backward_dZ_dAlpha_rowdot_shfl --grid 3 --block 64 out_data=zeros:float32:30 row_dot=zeros:float32:5 Alpha_data=@real_gat_rowdot_shfl.Alpha_data.npy dZ=@real_gat_rowdot_shfl.dZ.npy M=@real_gat_rowdot_shfl.M.npy indices=@real_gat_rowdot_shfl.indices.npy indptr=@real_gat_rowdot_shfl.indptr.npy
# check: out_data row_dot tol=1e-5
# input: Alpha_data = rng.standard_normal(30).astype(np.float32)
# input: dZ = rng.standard_normal((5, 70)).astype(np.float32)
# input: M = rng.standard_normal((7, 70)).astype(np.float32)
# input: indices = rng.integers(0, 7, 30).astype(np.int32)
# input: indptr = np.array([0, 4, 9, 9, 21, 30], np.int32)
# A published program (graph attention network, backward pass): one warp per nonzero,
# `jit.warpsize` in `//`, `%` and a true division, `cp.int32(cp.ceil(...))`, a float32
# local started from `0.0`, five `shfl_down_sync` steps with a module-level mask, a float
# atomic_add.
# CuPy 14.2 with NumPy 2 rejects the program as published (`tid // cpx.jit.warpsize`: an unsigned
# value with a signed one, "Cannot cast from 'int32' to uint32 with casting rule
# same_kind"); pykc computes it in the unsigned type (docs/language.md §2.6,
# extension), checked against tools/jit_models.py's model (gen_expected JIT_REFUSED).
import cupy as cp
import cupyx as cpx
import cupyx.jit  # noqa: F401  (`import cupyx` alone does not bind cupyx.jit)
import numpy as np

FULL_MASK = 0xFFFFFFFF


@cpx.jit.rawkernel()
def gat_backward_dZ_dAlpha_rowdot_shfl(out_data, row_dot, Alpha_data, dZ, M,
                                       indices, indptr):
    """ dAlpha = A * (dZ @ M.T) and row_dot(i) = dAlpha(i,:) @ Alpha(i,:).T
        stores the dAlpha in out_data
        stores the row_dot in row_dot
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
            dAlpha = 0.0
            for k in range(twid, dZ.shape[1], cpx.jit.warpsize):
                dAlpha += dZ[rowNo, k] * M[colNo, k]
            dAlpha += cpx.jit.shfl_down_sync(FULL_MASK, dAlpha, 16)
            dAlpha += cpx.jit.shfl_down_sync(FULL_MASK, dAlpha, 8)
            dAlpha += cpx.jit.shfl_down_sync(FULL_MASK, dAlpha, 4)
            dAlpha += cpx.jit.shfl_down_sync(FULL_MASK, dAlpha, 2)
            dAlpha += cpx.jit.shfl_down_sync(FULL_MASK, dAlpha, 1)
            if twid == 0:
                out_data[j] = dAlpha
                cpx.jit.atomic_add(row_dot, rowNo, out_data[j] * Alpha_data[j])
