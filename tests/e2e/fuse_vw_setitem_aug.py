# run: --kernel setitem_aug x=@fuse_vw_setitem_aug.x.npy y=@fuse_vw_setitem_aug.y.npy
# check: out x tol=1e-6
# input: x = rng.standard_normal((3, 4)).astype(np.float32)
# input: y = rng.standard_normal(4).astype(np.float32)
# @cupy.fuse: augmented assignments through item syntax (x[:] *= 2, x[...] += y,
# x[1][...] -= 1: the view's __iop__, then __setitem__ copies it back).
import cupy as cp


@cp.fuse()
def setitem_aug(x, y):
    x[:] *= 2
    x[...] += y
    x[1][...] -= 1
    return x + 0
