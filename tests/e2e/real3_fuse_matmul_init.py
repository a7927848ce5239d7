# run: --kernel cupy_fuse_kernel j=@real3_fuse_matmul_init.j.npy k=@real3_fuse_matmul_init.k.npy
# check: out0 out1 tol=1e-12
# input: j = np.mgrid[0:6, 0:6][0]
# input: k = np.mgrid[0:6, 0:6][1]
# A published program (a matrix-multiply benchmark for accelerators, CuPy as its array
# library): the `@cupy.fuse()` function that initialize_accel_arrays defines (here at
# module level, its text unchanged),
# called on `cupy.mgrid[0:nsize, 0:nsize]`'s int64 index grids and returning a tuple
# (`A[:], B[:] = cupy_fuse_kernel(j, k)`): sin and cos of int64 arrays (float64 loops),
# products and sums of int64 and float64, two outputs.
import cupy
xp = cupy


@cupy.fuse()
def cupy_fuse_kernel(j, k):
    a = j*cupy.sin(j) + k*cupy.cos(k)
    b = k*cupy.cos(j) + j*cupy.sin(k)
    return a, b


def initialize_accel_arrays( nsize, A, B):

    j, k= cupy.mgrid[0:nsize, 0:nsize]

    A[:], B[:] = cupy_fuse_kernel(j, k)
    cupy.cuda.runtime.deviceSynchronize()
