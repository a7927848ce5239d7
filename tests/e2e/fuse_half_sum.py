# run: --kernel hsq h=@fuse_half_sum.h.npy
# check: out tol=2e-3
# input: h = rng.uniform(-1, 1, 5000).astype(np.float16)
# @cupy.fuse ending in cp.sum of float16 values: cupy_sum's e->e loop with reduce_type
# float (each square rounded to float16, the sum accumulated in float).
import cupy as cp


@cp.fuse()
def hsq(h):
    return cp.sum(h * h)
