# run: --kernel generate_stereo_row_wise --grid 1 --block 16 left_img=@real_stereo_shift.left_img.npy depth=@real_stereo_shift.depth.npy deviation=2.5 right_img=zeros:uint8:10x24x3
# check: right_img
# input: left_img = rng.integers(0, 256, (10, 24, 3)).astype(np.uint8)
# input: depth = rng.random((10, 24))
# A published program (stereo image generation from a depth map): shifts each row's
# pixels by a depth-dependent disparity, one thread per row. A Python float argument
# (float32 under cupyx's CUDA typing), `int()` of a float64 product, `**` of an array
# element, a 3-d shape unpacked, nested range loops over shape values.
import cupy as cp
import numpy as np
import cupyx.jit


@cupyx.jit.rawkernel()
def generate_stereo_row_wise(left_img, depth, deviation, right_img):
    h, w, c = left_img.shape
    row = cupyx.jit.grid(1)
    if row < h:
        for col in range(w):
            col_r = col - int((1 - depth[row, col] ** 2) * deviation)
            if 0 <= col_r and col_r < w:
                for channel in range(c):
                    right_img[row, col_r,
                              channel] = left_img[row, col, channel]
