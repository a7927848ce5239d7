# run: --kernel powtodB_eps x=@real_pow_todb.x.npy out=zeros:float64:3x4
# check: out tol=1e-14
# input: x = np.abs(rng.standard_normal((3, 4))) + 0.1
# A published program (a radar/sounder signal library: envelope and power to decibels),
# the power one called without its default `eps=0`: `out[:] = 10 * cupy.log10(cupy.abs(x)
# + eps)` into a float64 output argument, which the function returns. (The module's
# numba.cuda kernel is left out.)
import cupy


@cupy.fuse()
def envtopow(x, out):
    out[:] = cupy.abs(x) ** 2
    return out


@cupy.fuse()
def envtodB(x, out):
    out[:] = 20 * cupy.log10(cupy.abs(x))
    return out


@cupy.fuse()
def envtodB_noabs(x, out):
    out[:] = 20 * cupy.log10(x)
    return out


@cupy.fuse()
def envtodB_eps(x, out, eps):
    out[:] = 20 * cupy.log10(cupy.abs(x) + eps)
    return out


@cupy.fuse()
def envtodB_eps_noabs(x, out, eps):
    out[:] = 20 * cupy.log10(x + eps)
    return out


@cupy.fuse()
def powtodB(x, out):
    out[:] = 10 * cupy.log10(cupy.abs(x))
    return out


@cupy.fuse()
def powtodB_eps_noabs(x, out, eps=0):
    out[:] = 10 * cupy.log10(x + eps)
    return out


@cupy.fuse()
def powtodB_eps(x, out, eps=0):
    out[:] = 10 * cupy.log10(cupy.abs(x) + eps)
    return out


@cupy.fuse()
def powtodB_noabs(x, out):
    out[:] = 10 * cupy.log10(x)
    return out


@cupy.fuse()
def dBtopow(x, out):
    out[:] = 10 ** (x / 10)
    return out
