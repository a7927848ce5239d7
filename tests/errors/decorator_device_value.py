# device= is any constant and its truth decides, as cupyx.jit tests it (`device="cuda"`, as
# an agent simulator writes, makes a device function; 0, "" and None make kernels); a value
# pykc cannot evaluate is an error at it.
import os
import cupy as cp
from cupyx import jit

FLAG = os.environ.get("DEV")


@jit.rawkernel(device="cuda")
def add_one(v):
    return v + 1


@jit.rawkernel(device=0)
def k0(x: cp.int32[:]):
    x[0] = add_one(x[0])


@jit.rawkernel(device="")
def k1(x: cp.int32[:]):
    x[0] = add_one(x[1])


@jit.rawkernel(device=None)
def k2(x: cp.int32[:]):
    x[0] = 2


@jit.rawkernel(device=FLAG)
def k3(x: cp.int32[:]):
    x[0] = 3
