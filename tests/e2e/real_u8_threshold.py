# run: --kernel brighten --grid 2,2 --block 8,8 img=@real_u8_threshold.img.npy out=zeros:uint8:12x10 gain=1.6 bias=-20
# check: out
# input: img = rng.integers(0, 256, (12, 10)).astype(np.uint8)
# Modelled on published cupyx.jit image code on uint8 pixels: a 2-d grid, the image shape
# unpacked, a pixel scaled by a float and shifted, clamped with min/max to 0..255, cast
# back with cp.uint8, a threshold on the original value.
# CuPy 14.2 cannot compile it (`h, w = img.shape`: its as_tuple does not convert to the
# pair it declares); pykc unpacks it (docs/language.md §10, fix), checked against
# tools/jit_models.py's model (gen_expected JIT_SHAPE_UNPACK).
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def brighten(img, out, gain, bias):
    h, w = img.shape
    y, x = jit.grid(2)
    if y < h and x < w:
        v = img[y, x] * gain + bias
        v = min(max(v, 0.0), 255.0)
        if img[y, x] < 16:
            v = 0.0
        out[y, x] = cp.uint8(v)
