# run: --kernel cycle2 x=@fuse_vw_cycle2.x.npy a=@fuse_vw_cycle2.a.npy
# check: x a tol=1e-6
# input: x = rng.standard_normal((3, 4)).astype(np.float32)
# input: a = rng.standard_normal(4).astype(np.float32)
# @cupy.fuse: a saved (t), overwritten with a row of x, and x scaled by the saved a:
# the update of a reads x, the update of x reads a's old values.
import cupy as cp


@cp.fuse()
def cycle2(x, a):
    t = a * 1.0
    a[...] = x[1]
    x *= t
