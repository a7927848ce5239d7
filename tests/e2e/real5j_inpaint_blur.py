# run: --kernel blur_cuda --grid 2,2 --block 8,8 src=@real5j_inpaint_blur.src.npy mask=@real5j_inpaint_blur.mask.npy out=zeros:float32:20x24x3 kernel_s=5 w=24 h=20
# check: out tol=1e-5
# input: src = rng.random((20, 24, 3)).astype(np.float32)
# input: mask = (rng.random((20, 24)) < 0.6).astype(np.float32)
# A published program (image inpainting from a depth map's holes: a masked average over a
# disc), its kernel unchanged: `(kernel_s / 2) ** 2` (a float64 from true division of
# ints), `max()`/`min()` of int32 expressions clamping the window (the range stops
# before ymax and xmax, as the program writes it), float32 running means updated by
# `avg * (count - 1) / count + v / count`, `== 0.0` and `> 0.0` tests of a float mask,
# a 2-d grid-stride over rows and columns.
import numpy as np
from cupyx import jit


@jit.rawkernel()
def blur_cuda(src, mask, out, kernel_s, w, h):
    tidx = jit.blockIdx.x * jit.blockDim.x + jit.threadIdx.x
    tidy = jit.blockIdx.y * jit.blockDim.y + jit.threadIdx.y

    kernel_r2 = (kernel_s / 2) ** 2
    ntidx = jit.gridDim.x * jit.blockDim.x
    ntidy = jit.gridDim.y * jit.blockDim.y

    for j in range(tidy, h, ntidy):
        ymin = max(j - kernel_s // 2, 0)
        ymax = min(j + kernel_s // 2, h - 1)
        for i in range(tidx, w, ntidx):
            if mask[j, i] == 0.0:
                xmin = max(i - kernel_s // 2, 0)
                xmax = min(i + kernel_s // 2, w - 1)
                count = 0.0
                avg_c0 = 0.0
                avg_c1 = 0.0
                avg_c2 = 0.0
                for y in range(ymin, ymax):
                    for x in range(xmin, xmax):
                        if mask[y, x] > 0.0:
                            dist2 = (j - y) ** 2 + (i - x) ** 2
                            if dist2 <= kernel_r2:
                                count += 1.0
                                avg_c0 = avg_c0 * (count - 1) / count + src[y, x, 0] / count
                                avg_c1 = avg_c1 * (count - 1) / count + src[y, x, 1] / count
                                avg_c2 = avg_c2 * (count - 1) / count + src[y, x, 2] / count
                out[j, i, 0] = avg_c0
                out[j, i, 1] = avg_c1
                out[j, i, 2] = avg_c2
