# run: --kernel value_base x=@fuse_vw_value_base.x.npy
# check: out0 out1 out2
# input: x = rng.integers(-50, 50, (3, 4)).astype(np.int64)
# @cupy.fuse: a view of a computed value taken before the value is updated in place sees
# the update (the view is returned, and used).
import cupy as cp


@cp.fuse()
def value_base(x):
    z = x * 3
    r = z[1]
    z += 1
    return r, z, r * x
