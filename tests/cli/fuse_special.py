# @cupy.fuse bodies calling cupyx.scipy.special's ufuncs under each import spelling
# (tests/cli/fuse_special.sh runs them on the CPU backend).
import cupy as cp
import cupyx
import cupyx.scipy.special as sp
from cupyx.scipy import special
from cupyx.scipy.special import expit, log_expit


@cp.fuse()
def errs(x):
    return sp.erf(x), sp.erfc(x), special.erfinv(x * 0.5), special.erfcinv(x * 0.5 + 1.0)


@cp.fuse()
def normal(x):
    return sp.ndtr(x), sp.ndtri(x * 0.4 + 0.5), sp.log_ndtr(x)


@cp.fuse()
def logistic(x):
    return expit(x), sp.logit(x * 0.4 + 0.5), log_expit(x)


@cp.fuse()
def gammas(x):
    return cupyx.scipy.special.gammaln(x + 2.0), sp.digamma(x + 2.0)


@cp.fuse()
def bessel(x):
    return sp.i0(x), sp.j0(x)
