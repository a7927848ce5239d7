# run: --kernel envtodB_eps x=@real_env_todb.x.npy out=zeros:float32:24 eps=1e-3
# check: out tol=2e-6
# input: x = (rng.standard_normal(24) + 1j * rng.standard_normal(24)).astype(np.complex64)
# A published program (a radar/sounder signal library: envelope and power to decibels):
# @cupy.fuse functions that write `out[:] = ...` into an output argument and return it,
# cupy.log10 of cupy.abs of complex64 plus a Python float eps (float32 by NumPy 2's
# rules), defaults `eps=0`, `10 ** (x / 10)`. (The module's numba.cuda kernel is left out.)
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
