# run: --kernel f --grid 1 --block 30 x=@real_deadcode_factory.x.npy y=@real_deadcode_factory.y.npy z=zeros:int32:30
# check: z
# input: x = rng.integers(-100, 100, 30).astype(np.int32)
# input: y = rng.integers(-100, 100, 30).astype(np.int32)
# A published rewrite of CuPy's test_device_function_duplicated_names (dead code
# inserted): a device-function factory `g(const)` instantiated three times, `print()` and
# `return i + 15` under `if False:` in the kernel and the device function, a dead
# `while True:` in the factory's host body.
import numpy
import cupy
from cupyx import jit


@jit.rawkernel()
def f(x, y, z):
    if False:
        print('Hello World!')
    tid = jit.threadIdx.x
    z[tid] = g(10)(x[tid], y[tid])
    z[tid] += g(20)(x[tid], y[tid])
    z[tid] += g(30)(x[tid], y[tid])

def g(const):
    if False:
        while True:
            i = 10

    @jit.rawkernel(device=True)
    def f(x, y):
        if False:
            i = 10
            return i + 15
        return x + y + const
    return f
