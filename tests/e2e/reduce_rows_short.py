# run: --kernel sumsq x=@reduce_rows_short_x.npy y=zeros:float64:5000 --axis 1
# check: y tol=1e-12
# input: x = rng.standard_normal((5000, 7))
# Many short rows (strategy rows, a warp per row): the sum of squares of each row.
import cupy as cp

sumsq = cp.ReductionKernel(
    'T x',
    'T y',
    'x * x',
    'a + b',
    'y = a',
    '0',
    'sumsq',
)
