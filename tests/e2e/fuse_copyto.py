# run: --kernel cpy x=@fuse_copyto.x.npy y=@fuse_copyto.y.npy m=@fuse_copyto.m.npy
# check: out x y
# input: x = rng.standard_normal((4, 5)).astype(np.float32)
# input: y = rng.integers(-50, 50, (4, 5)).astype(np.int16)
# input: m = rng.random(5) < 0.5
# @cupy.fuse: cp.copyto as CuPy's fuse runs it (cupy/_manipulation/basic.py): a
# copy into an argument (int16 * 2 into float32, 'same_kind'), a Python scalar copied
# where= a broadcast mask (the where ufunc with out=dst); both arrays are the caller's,
# updated.
import cupy as cp


@cp.fuse()
def cpy(x, y, m):
    cp.copyto(x, y * 2)
    cp.copyto(y, 7, where=m)
    return x + y
