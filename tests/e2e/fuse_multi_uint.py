# run: --kernel usum x=@fuse_multi_uint.x.npy k=3
# check: out0 out1
# input: x = rng.integers(0, 255, (2, 3, 4)).astype(np.uint8)
# @cupy.fuse on uint8 with a Python int: a scalar argument after a reduction (CuPy's old
# fusion refuses it: new fusion), the sums are uint64 (CuPy's sum of uint8), a min.
import cupy as cp


@cp.fuse()
def usum(x, k):
    s = x.sum(axis=(0, 2))
    return s * k, x.min(axis=0) + s.min()
