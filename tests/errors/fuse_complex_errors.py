# args: --kernel cmax --sig 'cmax(complex64[:], complex64[:])' --kernel camax --sig 'camax(complex128[:])' --kernel shift --sig 'shift(complex64[:])'
# Complex values in @cupy.fuse: what pykc does not compile (amax/amin of complex values)
# and what CuPy has no complex loop for (fmax, <<).
import cupy as cp


@cp.fuse()
def cmax(z, w):
    return cp.fmax(z, w)


@cp.fuse()
def camax(z):
    return cp.amax(z * 2)


@cp.fuse()
def shift(z):
    return z << 1
