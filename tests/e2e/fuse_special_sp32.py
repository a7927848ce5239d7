# run: --kernel special32 x=@fuse_special_sp32.x.npy
# check: out tol=1e-5
# input: x = rng.uniform(-0.9, 0.9, 300).astype(np.float32)
# @cupy.fuse calling cupyx.scipy.special's ufuncs on float32 (their 'f->f' loops) mixed
# with cupy ufuncs and a Python scalar, as programs write it.
import cupy as cp
from cupyx.scipy import special as S


@cp.fuse()
def special32(x):
    return S.erf(x) * 2.0 + S.expit(x) - S.ndtr(x) + cp.sqrt(S.i0e(x)) + S.erfinv(x * 0.9)
