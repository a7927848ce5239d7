# Parameters and locals named like C++ keywords are renamed in the emitted code.
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def names(new: cp.int32[:], class_: cp.int32, int: cp.int32):
    this = jit.threadIdx.x
    template = class_ + int
    new[this] = template
