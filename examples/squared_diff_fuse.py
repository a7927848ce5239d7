# run: --kernel squared_diff x=arange:float32:1000 y=@squared_diff_fuse.y.npy
# check: out
# args: --sig 'squared_diff(float32[:], float32[:])'
# input: y = rng.standard_normal(1000).astype(np.float32)
"""A squared difference with @cupy.fuse: one elementwise kernel, typed by NumPy's rules as
CuPy's fuse types it (float32 - float32 is float32). The result is the output `out`,
allocated with the broadcast shape; --print out shows it."""
import cupy as cp


@cp.fuse(kernel_name='squared_diff')
def squared_diff(x, y):
    return (x - y) * (x - y)


if __name__ == '__main__':
    x = cp.arange(10, dtype=cp.float32)
    y = x[::-1]
    print(squared_diff(x, y))
