# run: --kernel _fused_variance_kernel1 eta=1e-08 x_start=@real4_cucim_cv_variance.x_start.npy x_mid=@real4_cucim_cv_variance.x_mid.npy x_end=@real4_cucim_cv_variance.x_end.npy y_start=@real4_cucim_cv_variance.y_start.npy y_mid=@real4_cucim_cv_variance.y_mid.npy y_end=@real4_cucim_cv_variance.y_end.npy
# check: out0 out1 tol=1e-5
# input: x_start = rng.standard_normal((6, 7)).astype(np.float32)
# input: x_mid = rng.standard_normal((6, 7)).astype(np.float32)
# input: x_end = rng.standard_normal((6, 7)).astype(np.float32)
# input: y_start = rng.standard_normal((6, 7)).astype(np.float32)
# input: y_mid = rng.standard_normal((6, 7)).astype(np.float32)
# input: y_end = rng.standard_normal((6, 7)).astype(np.float32)
# Modelled on github.com/rapidsai/cucim, python/cucim/src/cucim/skimage/segmentation/
# _chan_vese.py (043cf754): the Chan-Vese curvature step as `@cp.fuse()` (with
# parentheses): a Python float and six float32 arrays (the program passes shifted views of
# one padded level set, x_mid and y_mid the same view), in-place operators on the traced
# values (`phix0 /= 2.0`, `phixp *= phixp`, `K += ...`), a name rebound to another
# value (`Csum = C1` then `Csum += C2`: CuPy's fusion makes Csum a new variable, C1 stays),
# cupyx's rsqrt imported by name, two results.
import cupy as cp
from cupyx import rsqrt


@cp.fuse()
def _fused_variance_kernel1(eta, x_start, x_mid, x_end, y_start, y_mid, y_end):
    phixp = x_end - x_mid
    phixn = x_mid - x_start
    phix0 = x_end - x_start
    phix0 /= 2.0
    phixp *= phixp
    phixn *= phixn
    phix0 *= phix0

    phiyp = y_end - y_mid
    phiyn = y_mid - y_start
    phiy0 = y_end - y_start
    phiy0 /= 2.0
    phiyp *= phiyp
    phiyn *= phiyn
    phiy0 *= phiy0

    C1 = rsqrt(eta + phixp + phiy0)
    C2 = rsqrt(eta + phixn + phiy0)
    C3 = rsqrt(eta + phix0 + phiyp)
    C4 = rsqrt(eta + phix0 + phiyn)

    K = x_end * C1
    K += x_start * C2
    K += y_end * C3
    K += y_start * C4

    Csum = C1
    Csum += C2
    Csum += C3
    Csum += C4

    return K, Csum
