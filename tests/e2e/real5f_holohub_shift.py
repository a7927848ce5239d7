# run: --kernel shift_to_uint8 img=@real5f_holohub_shift.img.npy shift=4
# check: out
# input: img = rng.integers(0, 4096, (6, 9)).astype(np.uint16)
# Source: github.com/nvidia-holoscan/holohub, an operator's image_shift_to_uint8 (a
# Holoscan operator turning 12-bit camera frames into 8 bits): a parameter rebound to
# `img >> shift` (uint16 shifted by a Python int), then `.astype(cp.uint8)`.
import cupy as cp


@cp.fuse()
def shift_to_uint8(img, shift):
    img = img >> shift
    return img.astype(cp.uint8)
