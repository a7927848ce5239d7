# run: --kernel ProxD x=@real_proxd.x.npy y=@real_proxd.y.npy eps=0.01:float32
# check: out tol=1e-5
# input: x = (rng.standard_normal((8, 8)) + 1j * rng.standard_normal((8, 8))).astype(np.complex64)
# input: y = rng.random((8, 8)).astype(np.float32)
# A real program (ptychography, a proximal operator): @cp.fuse(kernel_name=...),
# cupyx.rsqrt through an alias (`cpx`), the module's `xp` alias of cupy, real and imag of
# complex64, a NumPy float32 scalar argument.
import numpy as np
import cupy as cp
import cupyx as cpx

xp = cp
GPU = True

eps = xp.float32(1e-2)


if GPU:

    @cp.fuse(kernel_name="ProxD")
    def ProxD(x, y, eps):
        # return   x* cpx.rsqrt(((x*x.conj()).real+eps)/(y+eps))
        # return   x* cpx.rsqrt(((xp.real(x)*xp.real(x.real)+xp.imag(x)**2)+eps)/(y+eps))
        return x * cpx.rsqrt(((xp.real(x) ** 2 + xp.imag(x) ** 2) + eps) / (y + eps))
