# run: --kernel qr x=@fuse_tuple_name.x.npy y=@fuse_tuple_name.y.npy
# check: out0 out1 out2 tol=1e-6
# input: x = (rng.standard_normal((5, 8)) * 20).astype(np.float32)
# input: y = (rng.standard_normal(8) * 3 + 0.5).astype(np.float32)
# @cupy.fuse: a tuple held in names, as CuPy's trace runs the Python: divmod's tuple bound
# to a name, its items read by index (t[0], t[-1]), a tuple display in a name unpacked,
# another returned through its name: the outputs are out0, out1, out2.
import cupy as cp


@cp.fuse()
def qr(x, y):
    t = cp.divmod(x, y)
    s = (t[0] * 2, t[-1] + x)
    a, b = s
    u = (b, a, y - t[1])
    return u
