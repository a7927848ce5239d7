# run: --kernel f --grid 1 --block 30 x=@real_deadcode_device.x.npy y=@real_deadcode_device.y.npy z=zeros:int32:30
# check: z
# input: x = rng.integers(-100, 100, 30).astype(np.int32)
# input: y = rng.integers(-100, 100, 30).astype(np.int32)
# A published rewrite of CuPy's test_device_function (a corpus of programs with dead code
# inserted): `if False:` blocks holding `while True:`, `return 10` in a device function
# and `return i + 15` in a kernel are not compiled (cupyx skips a constant condition's
# other arm), so the kernel and its device function keep their types.
import numpy
import cupy
from cupyx import jit


@jit.rawkernel()
def f(x, y, z):
    if False:
        while True:
            i = 10
    tid = jit.threadIdx.x
    z[tid] = g(x[tid], y[tid]) + x[tid] + y[tid]

@jit.rawkernel(device=True)
def g(x, y):
    if False:
        return 10
    x += 1
    y += 1
    return x + y
