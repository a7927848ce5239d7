# run: --kernel apply_ops --grid 1 --block 64 x=@jit_class_device.x.npy y=zeros:float32:40
# check: y
# input: x = rng.standard_normal(40).astype(np.float32)
# Device functions reached through their class (issue 19 §5): a @staticmethod, a plain
# function of the class body, a nested class, and a class constant.
import cupy as cp
from cupyx import jit


class Ops:
    LIMIT = 1.5

    @staticmethod
    @jit.rawkernel(device=True)
    def twice(v):
        return v * 2

    @jit.rawkernel(device=True)
    def clip(v):
        return min(max(v, -Ops.LIMIT), Ops.LIMIT)

    class Inner:
        @staticmethod
        @jit.rawkernel(device=True)
        def cube(v):
            return v * v * v


@jit.rawkernel()
def apply_ops(x, y):
    i = jit.grid(1)
    if i < x.size:
        y[i] = Ops.clip(Ops.twice(x[i])) + Ops.Inner.cube(x[i])
