# run: --kernel cycle3 a=@fuse_vw_cycle3.a.npy b=@fuse_vw_cycle3.b.npy c=@fuse_vw_cycle3.c.npy
# check: a b c
# input: a = rng.integers(-50, 50, 6).astype(np.int32)
# input: b = rng.integers(-50, 50, 6).astype(np.int32)
# input: c = rng.integers(-50, 50, 6).astype(np.int32)
# @cupy.fuse: three updates; b's and c's each read the other's write (c through a view
# taken first), both read a's.
import cupy as cp


@cp.fuse()
def cycle3(a, b, c):
    cr = c[::-1]
    a += 1
    b += a + cr
    c += b
