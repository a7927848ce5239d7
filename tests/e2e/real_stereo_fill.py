# run: --kernel fix_right --grid 2,2 --block 8,8 right_img=@real_stereo_fill.right_img.npy deviation=3.2 output_img=zeros:int64:12x16x3
# check: output_img
# input: right_img = np.where(np.array([[ch == '.' for ch in rng.choice(['x.x...x.......x.', 'xx...x.xx.......', 'x.......x.x...xx', 'x.x.x.x.x.x.x.xx', 'xx.......xx...x.', 'x...............', 'xxxxxxxxxxxxxxxx'])] for _ in range(12)])[:, :, None], 0, rng.integers(1, 256, (12, 16, 3))).astype(np.int64)
# A published program (stereo image generation from a depth map): fills the pixels the
# right-eye projection left black by interpolating the nearest coloured neighbours.
# `cupyx.jit.rawkernel` after `import cupyx.jit`, a 3-d shape unpacked into three names, a
# 2-d grid, tuple assignment of constants (`l_r, l_g, l_b = 0, 0, 0`), `int()` of a float,
# while loops with a flag. (Column 0 is never black: there `idx + offset` is a uint32 in
# cupyx's CUDA typing, wraps, and the program reads out of bounds, on the GPU as here.)
# The black runs between two coloured pixels are 1, 3 or 7 long, so the weights are k/2,
# k/4, k/8 and `r_r * l_weight + l_r * r_weight` is exact: which product NVVM fuses into
# the add (here the left for r, the right for g and b, by LLVM's operand ranks) cannot
# change the bits. With other gaps it can, by 1 after `int()`, and the CPU backend (g++,
# the left product) need not agree: docs/design.md, FMA contraction.
# CuPy 14.2 with NumPy 2 rejects the program as published (`idx + offset`: an unsigned
# value with a signed one, "Cannot cast from 'int32' to uint32 with casting rule
# same_kind"); pykc computes it in the unsigned type (docs/language.md §2.6,
# extension), checked against tools/jit_models.py's model (gen_expected JIT_REFUSED).
import cupy as cp
import numpy as np
import cupyx.jit
'''
    CUDA-based stereo-image generation

    Heavily inspired by the naive method found in:

    https://github.com/thygate/stable-diffusion-webui-depthmap-script/blob/main/scripts/stereoimage_generation.py
'''


@cupyx.jit.rawkernel()
def fix_right(right_img, deviation, output_img):
    h, w, c = right_img.shape
    idy, idx = cupyx.jit.grid(2)
    if idy < h and idx < w:
        r = right_img[idy, idx, 0]
        g = right_img[idy, idx, 1]
        b = right_img[idy, idx, 2]
        # check if pixel is black after right-eye projection (ie was not copied to)
        if (r + g + b) == 0:
            l_idx = -1
            r_idx = -1
            offset = 0
            l_r, l_g, l_b = 0, 0, 0
            r_r, r_g, r_b = 0, 0, 0
            # find nearest pixel left of idx that is colored
            while l_idx == -1:
                offset -= 1
                offset_idx = idx + offset
                if offset_idx > 0:
                    l_r = right_img[idy, offset_idx, 0]
                    l_g = right_img[idy, offset_idx, 1]
                    l_b = right_img[idy, offset_idx, 2]
                    if (l_r + l_g + l_b) != 0:
                        l_idx = offset_idx
                else:
                    l_idx = 0
            offset = 0
            # find nearest pixel right of idx that is colored
            while r_idx == -1:
                offset += 1
                offset_idx = idx + offset
                if offset_idx < w:
                    r_r = right_img[idy, offset_idx, 0]
                    r_g = right_img[idy, offset_idx, 1]
                    r_b = right_img[idy, offset_idx, 2]
                    if (r_r + r_g + r_b) != 0:
                        r_idx = offset_idx
                else:
                    r_idx = w
            # if the search reached the right-hand edge of the image, only use left pixel
            if r_idx == w:
                r = l_r
                g = l_g
                b = l_b
            # if the search reached the left-hand edge of the image, only use right pixel
            elif l_idx == 0:
                r = r_r
                g = r_g
                b = r_b
            # interpolate between the two found neighbors
            else:
                length = r_idx - l_idx
                l_weight = (idx - l_idx) / length
                r_weight = (r_idx - idx) / length
                r = int(r_r * l_weight + l_r * r_weight)
                g = int(r_g * l_weight + l_g * r_weight)
                b = int(r_b * l_weight + l_b * r_weight)
        output_img[idy, idx, 0] = r
        output_img[idy, idx, 1] = g
        output_img[idy, idx, 2] = b
