# run: --kernel make.add --grid 1 --block 8 x=arange:int32:8 out=zeros:int32:8
# check: out
# A kernel defined in a function reads the function's constant locals and its
# parameters' default values (issue 7 §1); the decorator is bound to a name first (§2).
import cupy as cp
import cupyx.jit as jit

kern = jit.rawkernel(mode="cuda")


def make(offset=3):
    N = 5
    M = N * offset

    @kern
    def add(x, out):
        i = jit.grid(1)
        out[i] = x[i] * offset + M

    return add
