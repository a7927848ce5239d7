# run: --kernel sq_sum x=@real4_rsc_sqsum.x.npy --axis 0
# check: y tol=1e-12
# input: x = rng.integers(0, 20, (9, 5)).astype(np.float32)
# Modelled on github.com/scverse/rapids_singlecell, src/rapids_singlecell/preprocessing/
# _kernels/_mean_var_kernel.py (d1cd06c4): the per-gene sum of squares as a
# ReductionKernel from a `T x` input to a fixed `float64 y` output (the map `x * x` in
# float32, accumulated in float64: CuPy's reduce type is the output's when no
# reduce_type is given), identity "0", over axis 0 of a cells x genes matrix.
import cupy as cp

sq_sum = cp.ReductionKernel(
    "T x",
    "float64 y",
    "x * x",
    "a + b",
    "y = a",
    "0",
    "sqsum64",
)
