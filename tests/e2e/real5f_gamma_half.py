# run: --kernel GammaCorrector._fused_process img_norm=@real5f_gamma_half.img_norm.npy mask=@real5f_gamma_half.mask.npy neg_mask=@real5f_gamma_half.neg_mask.npy inv_gamma=0.45 m_val=@real5f_gamma_half.m_val.npy
# check: out tol=2e-3
# input: img_norm = (rng.random((6, 7, 3)) * np.float16(1)).astype(np.float16)
# input: mask = (rng.random((6, 7, 1)) > 0.5).astype(np.float16)
# input: neg_mask = (1 - (rng.random((6, 7, 1)) > 0.5)).astype(np.float16)
# input: m_val = np.asarray(np.float16(0.4375))
# A published program (a gamma-corrected image pyramid; found by the code index): a
# `@cp.fuse()` function in a class body called through self, float16 images, a (6, 7, 1)
# mask broadcast against (6, 7, 3), cp.power with a Python float exponent, a 0-d float16
# mean (`cp.mean(img_norm)`), times a Python 255.0: float16 throughout.
import cupy as cp


class GammaCorrector:
    @cp.fuse()
    def _fused_process(img_norm, mask, neg_mask, inv_gamma, m_val):
        corrected = cp.power(img_norm, inv_gamma)
        return (mask * corrected + neg_mask * m_val) * 255.0
