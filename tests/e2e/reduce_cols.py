# run: --kernel colsum x=@reduce_cols_x.npy y=zeros:float32:70 --axis 0
# check: y tol=1e-3
# input: x = rng.standard_normal((3000, 70)).astype(np.float32)
# Column sums: the kept axis is the fast one (strategy cols), the rows split over blocks
# whose partials the last block of each column tile combines.
import cupy as cp

colsum = cp.ReductionKernel('T x', 'T y', 'x', 'a + b', 'y = a', '0', 'colsum')
