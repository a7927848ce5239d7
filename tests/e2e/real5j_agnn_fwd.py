# run: --kernel forward_ahhtnorm --grid 4 --block 32 out_data=zeros:float32:16 indices=@real5j_agnn_fwd.indices.npy indptr=@real5j_agnn_fwd.indptr.npy H_tile_1=@real5j_agnn_fwd.H_tile_1.npy H_tile_2=@real5j_agnn_fwd.H_tile_2.npy H_tile_1_norm=@real5j_agnn_fwd.H_tile_1_norm.npy H_tile_2_norm=@real5j_agnn_fwd.H_tile_2_norm.npy
# check: out_data tol=1e-5
# input: indices = rng.integers(0, 6, 16).astype(np.int32)
# input: indptr = np.array([0, 3, 5, 9, 10, 13, 16], np.int32)
# input: H_tile_1 = rng.standard_normal((6, 40)).astype(np.float32)
# input: H_tile_2 = rng.standard_normal((6, 40)).astype(np.float32)
# input: H_tile_1_norm = (rng.random(6) + 0.5).astype(np.float32)
# input: H_tile_2_norm = (rng.random(6) + 0.5).astype(np.float32)
# A published program (graph attention networks on CuPy: the AGNN layer's forward
# kernel, A * ((H H^T) / (|H| |H|^T)) on a CSR pattern), unchanged: `import cupyx as cpx`
# with `cpx.jit.rawkernel()` (`from cupyx import jit` added: CuPy sets cupyx.jit only once
# the submodule is imported), a block-strided loop over rows bounded by
# `len(indptr) - 1`, a thread-strided loop over the row's nonzeros from int32 indptr values, a float32
# dot product accumulated in a local from `0.0`.
import cupy as cp
import cupyx as cpx
from cupyx import jit  # noqa: F401
import numpy as np

FULL_MASK = 0xFFFFFFFF


@cpx.jit.rawkernel()
def forward_ahhtnorm(out_data, indices, indptr, H_tile_1, H_tile_2,
                     H_tile_1_norm, H_tile_2_norm):
    """ Computes A * ((H x H^T) / (||H|| x ||H||^T)

    """

    bid = cpx.jit.blockIdx.x
    num_blocks = cpx.jit.gridDim.x
    tid = cpx.jit.threadIdx.x
    num_threads = cpx.jit.blockDim.x

    for i in range(bid, (len(indptr) - 1), num_blocks):
        for j in range(indptr[i] + tid, indptr[i + 1], num_threads):
            rowNo = i
            colNo = indices[j]
            tmp = 0.0
            for k in range(H_tile_1.shape[1]):
                tmp += (H_tile_1[rowNo, k] * H_tile_2[colNo, k])
            out_data[j] = tmp / (H_tile_1_norm[rowNo] * H_tile_2_norm[colNo])
