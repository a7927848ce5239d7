# run: --kernel wsum x=@reduce_broadcast_x.npy w=@reduce_broadcast_w.npy s=0.5 y=zeros:float32:40 --axis -1
# check: y tol=1e-5
# input: x = rng.standard_normal((40, 33)).astype(np.float32)
# input: w = rng.standard_normal(33).astype(np.float32)
# Inputs broadcast against each other (w along the rows) and a scalar: the weighted
# sum of each row, times s.
import cupy as cp

SPECS_IN = 'T x, T w, float32 s'
wsum = cp.ReductionKernel(SPECS_IN, 'T y', 'x * w * s', 'a + b', 'y = a', '0', 'wsum')
