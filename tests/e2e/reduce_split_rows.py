# run: --kernel rowsum x=@reduce_split_rows_x.npy y=zeros:float64:3 --axis 1
# check: y tol=1e-12
# input: x = rng.standard_normal((3, 40000))
# Few long rows (strategy split): each row over several blocks, the last block of a
# row combining their partial sums in block order.
import cupy as cp

rowsum = cp.ReductionKernel('T x', 'T y', 'x', 'a + b', 'y = a', '0', 'rowsum')
