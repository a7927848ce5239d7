# run: --kernel _find_ranks_kernel --grid 1 --block 32 nnz_section_offsets=@real_find_ranks.nnz_section_offsets.npy inds=@real_find_ranks.inds.npy ranks=zeros:int64:8
# check: ranks
# input: nnz_section_offsets = np.array([0, 4, 9, 15], dtype=np.int64)
# input: inds = np.array([0, 1, 4, 5, 9, 10, 16, 3], dtype=np.int64)
# A real program (quantum transport, qttools): cupy.typing's ArrayLike annotations,
# int() of a comparison, x.shape[0] bounds.
import cupy as cp
from cupy.typing import ArrayLike
from cupyx import jit


@jit.rawkernel()
def _find_ranks_kernel(
    nnz_section_offsets: ArrayLike, inds: ArrayLike, ranks: ArrayLike
):
    """Finds the ranks of the indices in the offsets."""
    i = jit.blockIdx.x * jit.blockDim.x + jit.threadIdx.x
    if i < inds.shape[0]:
        for j in range(nnz_section_offsets.shape[0]):
            cond = int(nnz_section_offsets[j] < inds[i])
            ranks[i] = ranks[i] * (1 - cond) + j * cond
