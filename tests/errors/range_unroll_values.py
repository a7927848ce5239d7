# args: --sig 'k(int32[::1])'
# jit.range's unroll= as cupyx takes it: None is the default (no pragma); an integer
# constant that is not positive or is past INT_MAX is ignored with cupyx's warning (NVRTC
# ignores such a pragma); a value that is not a constant is an error.
import cupy
from cupyx import jit


@jit.rawkernel()
def k(x):
    for i in jit.range(5, unroll=None):
        x[i] = 1
    for i in jit.range(5, unroll=0):
        x[i] = 2
    for i in jit.range(5, unroll=-3):
        x[i] = 3
    for i in jit.range(5, unroll=2**31):
        x[i] = 4
    for i in jit.range(5, unroll=x[0]):
        x[i] = 5
