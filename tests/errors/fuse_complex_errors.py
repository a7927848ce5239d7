# args: --kernel cmax --sig 'cmax(complex64[:], complex64[:])' --kernel shift --sig 'shift(complex64[:])'
# Complex values in @cupy.fuse: what CuPy has no complex loop for (fmax, <<).
import cupy as cp


@cp.fuse()
def cmax(z, w):
    return cp.fmax(z, w)


@cp.fuse()
def shift(z):
    return z << 1
