# run: --kernel make_kernel.kern --grid 2 --block 32 x=@real_factory_closure.x.npy y=zeros:float32:40
# check: y tol=1e-6
# input: x = rng.standard_normal(40).astype(np.float32)
# Modelled on published code that builds a cupyx.jit kernel in a factory (a precision
# switch and constants in the closure): the kernel reads a closure's float_type, a
# closure's int, a closure's float and a closure's device function.
import cupy as cp
from cupyx import jit


def make_kernel(double=False, n=40, gain=1.75):
    float_type = cp.float64 if double else cp.float32

    @jit.rawkernel(device=True)
    def clip(v):
        lo = float_type(-1.5)
        hi = float_type(1.5)
        return min(max(v, lo), hi)

    @jit.rawkernel()
    def kern(x, y):
        i = jit.grid(1)
        if i < n:
            y[i] = clip(x[i] * float_type(gain))
    return kern


kern = make_kernel()
