# run: --kernel qr x=@fuse_divmod_return.x.npy y=@fuse_divmod_return.y.npy
# check: out0 out1 tol=1e-6
# input: x = (rng.standard_normal(64) * 20).astype(np.float32)
# input: y = (rng.standard_normal(64) * 3 + 0.5).astype(np.float32)
# @cupy.fuse: a two-output ufunc's tuple returned as it is (`return cp.divmod(x, y)`): the
# kernel's outputs are out0 and out1, as CuPy's fuse returns the tuple.
import cupy as cp


@cp.fuse()
def qr(x, y):
    return cp.divmod(x, y)
