# run: --kernel f --grid 1 --block 256 x=@real_deadcode_template.x.npy y=zeros:int32:256
# check: y
# input: x = rng.integers(-1000, 1000, 256).astype(np.int32)
# A published rewrite of CuPy's test_device_function_template_recursion (dead code
# inserted): a factory whose device function instantiates the factory again with
# `step * 2` under `if step < 256:` (a constant condition: the recursion ends at compile
# time), a tree sum with syncthreads inside divergent branches, `return i + 15` under
# `if False:` in a kernel.
import numpy
import cupy
from cupyx import jit


@jit.rawkernel()
def f(x, y):
    if False:
        i = 10
        return i + 15
    tid = jit.threadIdx.x
    y[tid] = x[tid]
    jit.syncthreads()
    g(1)(y)

def g(step):
    if False:
        print('Hello World!')

    @jit.rawkernel(device=True)
    def f(x):
        if False:
            i = 10
            return i + 15
        if step < 256:
            tid = jit.threadIdx.x
            if tid % (step * 2) == 0:
                x[tid] += x[tid + step]
                jit.syncthreads()
                g(step * 2)(x)
    return f
