# args: --sig 'f(float64[:])' --sig 'g(float64[:])' --sig 'h(float64[:])' --sig 'k(float64[:])'
# cupyx.scipy.special's functions that are no ufunc (softmax, logsumexp, polygamma) and a
# name the module lacks: fuse in pykc's CLI cannot trace them.
import cupy as cp
import cupyx.scipy.special as sp
from cupyx.scipy.special import polygamma


@cp.fuse()
def f(x):
    return sp.softmax(x)


@cp.fuse()
def g(x):
    return polygamma(1, x) + sp.logsumexp(x)


@cp.fuse()
def h(x):
    return sp.erf(x) + sp.no_such_function(x)


@cp.fuse()
def k(x):
    return sp.sinc(x)
