# run: --kernel int_ops x=@fuse_int_types.x.npy y=@fuse_int_types.y.npy
# check: out0 out1 out2 out3 out4 out5 out6 tol=1e-3
# input: x = int_edges(64, np.int8)
# input: y = int_edges(64, np.uint8)
# @cupy.fuse on integers, typed by CuPy's fuse: int8 + uint8 is int16, // and % keep
# Python's signs (0 for a zero divisor), / is float64, int8 * 1.0 is float16 (the first
# float loop an int8 reaches), shifts and maximum keep the integer loops.
import cupy as cp


@cp.fuse()
def int_ops(x, y):
    return x + y, x // 3, x % 7, x / y, x * 1.0, x << 1, cp.maximum(x, y)
