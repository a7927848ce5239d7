# run: --kernel special64 x=@fuse_special_sp64.x.npy
# check: out0 out1 out2 out3 out4 tol=1e-9
# input: x = rng.uniform(-0.95, 0.95, 257)
# @cupy.fuse calling cupyx.scipy.special's ufuncs (issue 19 class 2: the cupyx ufuncs CuPy
# exposes to fuse) under several import spellings, float64: CuPy's own loops and
# preambles (pykc's CLI reads them from runtime/cupy/special_ufuncs.py).
import cupy as cp
import cupyx
import cupyx.scipy.special as sp
from cupyx.scipy import special
from cupyx.scipy.special import expit


@cp.fuse()
def special64(x):
    a = sp.erf(x) + sp.erfc(x * 0.5) + special.erfinv(x)
    b = sp.ndtr(x) + sp.ndtri(x * 0.4 + 0.5) + sp.log_ndtr(x)
    c = expit(x) + sp.logit(x * 0.4 + 0.5) + sp.log_expit(x)
    d = cupyx.scipy.special.gammaln(x + 2.0) + sp.digamma(x + 2.0)
    e = sp.i0(x) + sp.j0(x) + sp.i1e(x) + sp.y0(x + 1.5) + sp.erfcx(x)
    return a, b, c, d, e
