# run: --kernel flip m=@fuse_view_step.m.npy
# check: out0 out1
# input: m = rng.integers(0, 100, (4, 5)).astype(np.int64)
# @cupy.fuse views by full slices: m[::-1] reverses the rows, m[:, ::-1] the columns,
# m[::-1, ::-1] both, m[::1] and m[:] are m.
import cupy as cp


@cp.fuse()
def flip(m):
    return m[::-1] * 10 + m[:, ::-1], m[::-1, ::-1] - m[::1] + m[:]
