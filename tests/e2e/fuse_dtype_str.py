# run: --kernel pick x=@fuse_dtype_str.x.npy y=@fuse_dtype_str.y.npy
# check: out
# input: x = rng.integers(0, 1000, 16).astype(np.uint64)
# input: y = rng.integers(0, 5, 16).astype(np.uint8)
# @cupy.fuse: a host branch on x.dtype compared with a str (NumPy's dtype == np.dtype(str):
# 'uint64' and 'Q' are uint64, 'float' is float64), after a skip that returns None for
# other dtypes, as CuPy's fusion tests write it.
import cupy as cp


@cp.fuse()
def pick(x, y):
    if x.dtype == 'float' or y.dtype.kind == 'i':
        return
    if x.dtype == 'uint64' and x.dtype == 'Q' and y.dtype != 'int8':
        return x << y
    return x + y
