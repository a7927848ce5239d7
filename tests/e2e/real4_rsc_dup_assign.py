# run: --kernel _sum_duplicates_assign src_row=@real4_rsc_dup_assign.src_row.npy src_col=@real4_rsc_dup_assign.src_col.npy index=@real4_rsc_dup_assign.index.npy rows=zeros:int32:9 indices=zeros:int32:9
# check: rows indices
# input: src_row = np.array([0, 0, 1, 1, 1, 3, 3, 4, 4, 4, 6, 6], np.int32)
# input: src_col = np.array([1, 1, 0, 2, 2, 0, 3, 3, 3, 5, 0, 1], np.int32)
# input: index = np.array([0, 0, 1, 2, 2, 3, 4, 5, 5, 6, 7, 8], np.int64)
# Modelled on github.com/scverse/rapids_singlecell, src/rapids_singlecell/get/_kernels/
# _aggr_elementwise.py (d1cd06c4): the COO compaction, an ElementwiseKernel whose outputs
# are all `raw` (two int32 arrays the caller passes, written at `rows[index]`) so that its
# size is its inputs' (12), with an index of another type placeholder (I: int64): the
# running count of new (row, col) pairs (real4_rsc_dup_diff's output summed), so the
# elements that write one slot write the same pair.
import cupy as cp

_sum_duplicates_assign = cp.ElementwiseKernel(
    "T src_row, T src_col, I index",
    "raw T rows, raw T indices",
    """
    rows[index] = src_row;
    indices[index] = src_col;
    """,
    "cupyx_scipy_sparse_coo_sum_duplicates_assign",
)
