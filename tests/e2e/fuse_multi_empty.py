# run: --kernel empty x=@fuse_multi_empty.x.npy y=@fuse_multi_empty.y.npy
# check: out0 out1 out2
# input: x = np.zeros((0, 4), dtype=np.int32)
# input: y = np.arange(6, dtype=np.uint8).reshape(2, 3)
# @cupy.fuse on an empty array: the column sums of a (0, 4) array are zeros, the
# centred (0, 4) array is empty, and the sum of y minus its column sums is (3,).
import cupy as cp


@cp.fuse()
def empty(x, y):
    s = cp.sum(x, axis=0)
    return s, x - s, y.sum() - y.sum(axis=0)
