# run: --kernel g x=@fuse_tuples.x.npy y=@fuse_tuples.y.npy z=@fuse_tuples.z.npy
# check: out0 out1
# input: x = rng.integers(-100, 100, (6, 7)).astype(np.int32)
# input: y = rng.integers(-100, 100, (6, 7)).astype(np.int32)
# input: z = rng.integers(-100, 100, 7).astype(np.int32)
# @cupy.fuse: tuple values as Python has them: a composed fuse function returning a
# tuple, unpacking, a swap through a tuple, a for loop over a tuple (unrolled, as CuPy's
# trace runs it in Python).
import cupy as cp


@cp.fuse()
def f(x, y):
    return x - y * 2, x + y


@cp.fuse()
def g(x, y, z):
    a, b = f(x + z, z - x * 3)
    c, d = f(x - y, y - z)
    (a, d) = (d, a)
    acc = a
    for t in (b, c, 3):
        acc = acc * 2 - t
    return a + b * c - d, acc
