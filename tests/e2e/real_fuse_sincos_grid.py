# run: --kernel cupy_fuse_kernel j=@real_fuse_sincos_grid.j.npy k=@real_fuse_sincos_grid.k.npy
# check: out0 out1 tol=1e-12
# input: j = np.mgrid[0:6, 0:7][0]
# input: k = np.mgrid[0:6, 0:7][1]
# A real program (a matmul benchmark's initialisation; there the fuse function is defined
# inside the function that calls it): int64 index grids (cupy.mgrid) through sin/cos
# (float64), a tuple return.
import cupy


@cupy.fuse()
def cupy_fuse_kernel(j, k):
    a = j*cupy.sin(j) + k*cupy.cos(k)
    b = k*cupy.cos(j) + j*cupy.sin(k)
    return a, b
