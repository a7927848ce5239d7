# run: --kernel _seurat_v3_elementwise_kernel data=@real4_rsc_seurat.data.npy idx=@real4_rsc_seurat.idx.npy clip_val=@real4_rsc_seurat.clip_val.npy sq_sum=zeros:float64:6 sum=zeros:float64:6
# check: sq_sum sum tol=1e-12
# input: data = (rng.random(50) * 12).astype(np.float32)
# input: idx = rng.integers(0, 6, 50).astype(np.int32)
# input: clip_val = rng.uniform(2, 10, 6)
# Modelled on github.com/scverse/rapids_singlecell, src/rapids_singlecell/preprocessing/
# _hvg/_seurat_v3.py (d1cd06c4): the clipped sums of the seurat_v3 highly-variable-gene
# test over a CSR matrix's data and column indices: three type placeholders (T float32
# data, S int32 indices, D float64), a `raw D` input read at `clip_val[idx]`, two `raw D`
# outputs accumulated with atomicAdd, min of a `(double)` cast and a double, and
# no_return=True (the call returns None; the outputs are the arrays passed).
import cupy as cp

_seurat_v3_elementwise_kernel = cp.ElementwiseKernel(
    "T data, S idx, raw D clip_val",
    "raw D sq_sum, raw D sum",
    """
    D element = min((double)data, clip_val[idx]);
    atomicAdd(&sq_sum[idx], element * element);
    atomicAdd(&sum[idx], element);
    """,
    "seurat_v3_elementwise_kernel",
    no_return=True,
)
