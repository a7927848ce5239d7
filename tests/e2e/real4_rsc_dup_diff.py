# run: --kernel _sum_duplicates_diff row=@real4_rsc_dup_diff.row.npy col=@real4_rsc_dup_diff.col.npy diff=zeros:int32:12
# check: diff
# input: row = np.array([0, 0, 1, 1, 1, 3, 3, 4, 4, 4, 6, 6], np.int32)
# input: col = np.array([1, 1, 0, 2, 2, 0, 3, 3, 3, 5, 0, 1], np.int32)
# Modelled on github.com/scverse/rapids_singlecell, src/rapids_singlecell/get/_kernels/
# _aggr_elementwise.py (d1cd06c4): the COO duplicate marker of its sparse aggregation
# (CuPy's own cupyx.scipy.sparse kernel, copied): both inputs `raw T`, so the loop's size
# is the output's (given), `i - 1` neighbours read at `row[i - 1]`, a local `T diff_out`
# in an operation that also names the output `diff`.
import cupy as cp

_sum_duplicates_diff = cp.ElementwiseKernel(
    "raw T row, raw T col",
    "T diff",
    """
    T diff_out = 1;
    if (i == 0 || (row[i - 1] == row[i] && col[i - 1] == col[i])) {
    diff_out = 0;
    }
    diff = diff_out;
    """,
    "cupyx_scipy_sparse_coo_sum_duplicates_diff",
)
