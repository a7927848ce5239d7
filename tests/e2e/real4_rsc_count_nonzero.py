# run: --kernel _scatter_count_nonzero src=@real4_rsc_count_nonzero.src.npy index=@real4_rsc_count_nonzero.index.npy counts=zeros:float32:5
# check: counts
# input: src = rng.standard_normal(40) * (rng.random(40) > 0.4)
# input: index = rng.integers(0, 5, 40).astype(np.int64)
# Modelled on github.com/scverse/rapids_singlecell, src/rapids_singlecell/get/_kernels/
# _aggr_elementwise.py (d1cd06c4): the per-group count of nonzeros, the same module's
# other kernel (real4_rsc_scatter): a branch on a float64 input and atomicAdd of a float
# literal (1.0f) into a `raw float32` output, the index here int64.
import cupy as cp

_scatter_mean_var = cp.ElementwiseKernel(
    "float64 src, I index",
    "raw float64 means, raw float64 var",
    """
    atomicAdd(&means[index], src);
    atomicAdd(&var[index], src * src);
    """,
    "create_mean_var_sparse_matrix",
)

_scatter_count_nonzero = cp.ElementwiseKernel(
    "float64 src, I index",
    "raw float32 counts",
    """
    if (src != 0){
        atomicAdd(&counts[index], 1.0f);
    }
    """,
    "create_count_nonzero_sparse_matrix",
)
