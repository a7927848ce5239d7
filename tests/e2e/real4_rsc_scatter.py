# run: --kernel _scatter_mean_var src=@real4_rsc_scatter.src.npy index=@real4_rsc_scatter.index.npy means=zeros:float64:5 var=zeros:float64:5
# check: means var tol=1e-12
# input: src = rng.standard_normal(30)
# input: index = rng.integers(0, 5, 30).astype(np.int32)
# Modelled on github.com/scverse/rapids_singlecell, src/rapids_singlecell/get/_kernels/
# _aggr_elementwise.py (d1cd06c4): the per-group sums for mean and variance, an
# ElementwiseKernel with a fixed-type input (float64 src), an index of placeholder I
# (int32 here), and two `raw float64` outputs accumulated with atomicAdd at `&means[index]`.
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
