# run: --kernel temp_fill x=@fuse_vw_temp_fill.x.npy
# check: out0 out1
# input: x = rng.integers(-50, 50, (3, 4)).astype(np.int64)
# @cupy.fuse: a computed value filled with a constant after a view of it was taken (the
# view sees it), and a reduction's result updated in place, also through its reverse
# (w += s: s is copied first, CuPy's copy of an input sharing the output's memory).
import cupy as cp


@cp.fuse()
def temp_fill(x):
    z = x * 2
    r = z[0]
    z[...] = 7
    s = x.sum(0)
    s += 1
    w = s[::-1]
    w += s
    return r + 0, s
