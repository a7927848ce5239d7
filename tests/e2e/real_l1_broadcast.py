# run: --kernel _manhattan_distance_kernel x=@real_l1_broadcast.x.npy w=@real_l1_broadcast.w.npy --axis 2
# check: y tol=1e-6
# input: x = rng.random((30, 1, 8)).astype(np.float32)
# input: w = rng.random((1, 20, 8)).astype(np.float32)
# A real program (self-organising maps): a ReductionKernel of two inputs that broadcast
# against each other, abs() of their difference summed over the last axis.
import cupy as cp

_manhattan_distance_kernel = cp.ReductionKernel(
    'T x, T w',
    'T y',
    'abs(x-w)',
    'a+b',
    'y = a',
    '0',
    'l1norm'
)
