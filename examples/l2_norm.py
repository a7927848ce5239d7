# run: --kernel l2norm x=@l2_norm_x.npy y=zeros:float32:64 --axis 1
# check: y tol=1e-5
# args: --sig 'l2norm(float32[:, :], float32[:])'
# input: x = rng.standard_normal((64, 1000)).astype(np.float32)
"""The L2 norm of each row, as CuPy's documentation writes it with cp.ReductionKernel:
map x * x, reduce with a + b from the identity 0, post-map y = sqrt(a). pykc compiles the
kernel ahead of time and plans the call as CuPy does (axis=1 here: one norm per row),
spreading each row over a group of threads; the sums combine in a fixed order, so the
result has the same bits on every run."""
import cupy as cp
import numpy as np

l2norm = cp.ReductionKernel(
    'T x',          # input params
    'T y',          # output params
    'x * x',        # map
    'a + b',        # reduce
    'y = sqrt(a)',  # post-reduction map
    '0',            # identity value
    'l2norm',       # kernel name
)

if __name__ == '__main__':
    x = cp.arange(10, dtype=np.float32).reshape(2, 5)
    print(l2norm(x, axis=1))
