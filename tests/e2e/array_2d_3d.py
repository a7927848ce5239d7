# run: --kernel nd --grid 2 --block 8,4,2 a=@array_2d_3d.a.npy b=@array_2d_3d.b.npy o2=zeros:float32:8x6 o3=zeros:int32:2x4x3
# check: o2 o3
# input: a = rng.standard_normal((8, 6)).astype(np.float32)
# input: b = rng.integers(-9, 9, (2, 4, 3)).astype(np.int32)
# Full indexing of 2-d and 3-d arrays, shapes read in the kernel.
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def nd(a, b, o2, o3):
    r = jit.threadIdx.x
    c = jit.threadIdx.y + jit.blockIdx.x * jit.blockDim.y
    if jit.threadIdx.z == 0 and c < a.shape[1]:
        o2[r, c] = a[r, c] * 2 + a[a.shape[0] - 1 - r, c]
    if r < b.shape[0] and jit.threadIdx.y < b.shape[1]:
        for k in range(b.shape[2]):
            o3[r, jit.threadIdx.y, k] = b[r, jit.threadIdx.y, k] * (k + 1)
