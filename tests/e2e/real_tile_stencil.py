# run: --kernel blur --grid 3,3 --block 8,8 img=@real_tile_stencil.img.npy out=zeros:float32:20x20 h=20:int64 w=20:int64
# check: out tol=1e-6
# input: img = rng.random((20, 20)).astype(np.float32)
# Modelled on published cupyx.jit image stencils with a shared-memory tile and a halo:
# a (block+2)^2 tile in 1-d shared memory indexed by row * pitch + column, halo cells
# loaded by the edge threads with clamped coordinates, a 3x3 box blur from the tile.
import cupy as cp
from cupyx import jit

B = 8
P = B + 2


@jit.rawkernel(device=True)
def at(img, y, x, h, w):
    yy = min(max(y, 0), h - 1)
    xx = min(max(x, 0), w - 1)
    return img[yy, xx]


@jit.rawkernel()
def blur(img, out, h, w):
    ty = jit.threadIdx.y
    tx = jit.threadIdx.x
    y = jit.blockIdx.y * B + ty
    x = jit.blockIdx.x * B + tx
    tile = jit.shared_memory(cp.float32, P * P)
    yi = cp.int64(y)
    xi = cp.int64(x)
    tile[(ty + 1) * P + tx + 1] = at(img, yi, xi, h, w)
    if ty == 0:
        tile[tx + 1] = at(img, yi - 1, xi, h, w)
    if ty == B - 1:
        tile[(B + 1) * P + tx + 1] = at(img, yi + 1, xi, h, w)
    if tx == 0:
        tile[(ty + 1) * P] = at(img, yi, xi - 1, h, w)
    if tx == B - 1:
        tile[(ty + 1) * P + B + 1] = at(img, yi, xi + 1, h, w)
    if tx == 0 and ty == 0:
        tile[0] = at(img, yi - 1, xi - 1, h, w)
        tile[B + 1] = at(img, yi - 1, xi + B, h, w)
        tile[(B + 1) * P] = at(img, yi + B, xi - 1, h, w)
        tile[(B + 1) * P + B + 1] = at(img, yi + B, xi + B, h, w)
    jit.syncthreads()
    if yi < h and xi < w:
        s = cp.float32(0)
        for dy in range(cp.uint32(3)):
            for dx in range(cp.uint32(3)):
                s += tile[(ty + dy) * P + tx + dx]
        out[y, x] = s / cp.float32(9)
