# args: --sig 'scale(float32[:], float32)' --sig 'scale(float64[::1], float64)' --sig 'scale(int32[:], int32)'
# Several --sig for one generic kernel: one specialisation each, named NAME__CODE.
from cupyx import jit


@jit.rawkernel()
def scale(x, k):
    i = jit.grid(1)
    if i < x.size:
        x[i] *= k
