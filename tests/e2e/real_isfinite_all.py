# run: --kernel _CUPY_ISFINITE_ALL x=@real_isfinite_all.x.npy --axis 1
# check: y
# input: x = np.where(rng.random((8, 500)) < 0.002, np.inf, rng.standard_normal((8, 500))).astype(np.float32)
# A real program (audio checks): a ReductionKernel built with keyword arguments, a bool
# output of isfinite() and'ed over each row, identity "true".
import cupy as cp

# Define once so it doesn't recompile each call
_CUPY_ISFINITE_ALL = cp.ReductionKernel(
    in_params="T x",
    out_params="bool y",
    map_expr="isfinite(x)",  # true if element is finite
    reduce_expr="a && b",  # logical AND across elements
    post_map_expr="y = a",
    identity="true",
    name="cupy_isfinite_all",
)
