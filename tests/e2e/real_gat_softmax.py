# run: --kernel gat_forward_softmax_1 --grid 4 --block 8 out_data=zeros:float32:40 row_sum=zeros:float32:6 E_data=@real_gat_softmax.E_data.npy indices=@real_gat_softmax.indices.npy indptr=@real_gat_softmax.indptr.npy row_max=@real_gat_softmax.row_max.npy
# check: out_data row_sum tol=1e-5
# input: E_data = rng.standard_normal(40).astype(np.float32)
# input: indices = rng.integers(0, 6, 40).astype(np.int32)
# input: indptr = np.array([0, 3, 11, 11, 20, 33, 40], np.int32)
# input: row_max = np.full(6, 2.5, np.float32)
# A published program (graph attention network, softmax over a CSR row, part 1): kernels
# reached through `import cupyx as cpx` (`cpx.jit.blockIdx.x`), `len()` of an array in a
# range bound, block-strided loops whose bounds mix uint32 and int32, `cp.exp`, a float
# atomic_add.
# CuPy 14.2 with NumPy 2 rejects the program as published (`indptr[i] + tid`: an unsigned
# value with a signed one, "Cannot cast from 'int32' to uint32 with casting rule
# same_kind"); pykc computes it in the unsigned type (docs/language.md §2.6,
# extension), checked against tools/jit_models.py's model (gen_expected JIT_REFUSED).
import cupy as cp
import cupyx as cpx
import cupyx.jit  # noqa: F401  (`import cupyx` alone does not bind cupyx.jit)
import numpy as np

FULL_MASK = 0xFFFFFFFF


@cpx.jit.rawkernel()
def gat_forward_softmax_1(out_data, row_sum, E_data, indices, indptr, row_max):
    """Softmax on each row of E part 1:
        exp(E(i,j) - rowmax(i))
        stores the sum of each row in row_sum
        stores the result in out_data

    """
    bid = cpx.jit.blockIdx.x
    num_blocks = cpx.jit.gridDim.x
    tid = cpx.jit.threadIdx.x
    num_threads = cpx.jit.blockDim.x

    for i in range(bid, (len(indptr) - 1), num_blocks):
        for j in range(indptr[i] + tid, indptr[i + 1], num_threads):
            rowNo = i
            colNo = indices[j]
            tmp = cp.exp(E_data[j] - row_max[rowNo])
            out_data[j] = tmp
            cpx.jit.atomic_add(row_sum, rowNo, tmp)
