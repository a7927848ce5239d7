# run: --kernel cycle x=@fuse_vw_cycle.x.npy a=@fuse_vw_cycle.a.npy
# check: x a
# input: x = rng.integers(-50, 50, (3, 4)).astype(np.int32)
# input: a = rng.integers(-50, 50, 4).astype(np.int32)
# @cupy.fuse: two updates of different shapes that each read what the other writes: a
# from a row of x, then x from the new a (broadcast over the rows).
import cupy as cp


@cp.fuse()
def cycle(x, a):
    a += x[0]
    x += a
