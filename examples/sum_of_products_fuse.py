# run: --kernel sum_of_products x=@sum_of_products_fuse.x.npy y=@sum_of_products_fuse.y.npy
# check: out tol=1e-5
# args: --sig 'sum_of_products(float32[:, :], float32[:, :])'
# input: x = rng.standard_normal((64, 1000)).astype(np.float32)
# input: y = rng.standard_normal((64, 1000)).astype(np.float32)
"""Row sums of an elementwise product with @cupy.fuse: the map (x * y) and the final
reduction (cp.sum over the last axis) are one kernel. For (64, 1000) float32 inputs
the output `out` has shape (64,)."""
import cupy as cp


@cp.fuse()
def sum_of_products(x, y):
    return cp.sum(x * y, axis=-1)


if __name__ == '__main__':
    x = cp.random.rand(64, 1000, dtype=cp.float32)
    y = cp.random.rand(64, 1000, dtype=cp.float32)
    print(sum_of_products(x, y))
