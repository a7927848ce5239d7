# args: --sig "norm_p(float32[:], float32[:], float32[:], int32, float32)"
# Python builtins a kernel calls on values (a published self-organising map's Lp
# distance: pow): cupyx.jit calls them on constants only, when it compiles ("Invalid
# function call 'pow'"); pykc run folds the constants docs/language.md 6.2 lists, not
# round() or divmod() of them.
import cupy as cp
from cupyx import jit

N = 10


@jit.rawkernel()
def norm_p(batch, weights, distances, n, p):
    i = jit.threadIdx.x
    if i < n:
        diff = batch[i] - weights[i]
        distances[i] = pow(diff, p) + round(N / 3) + divmod(N, 3)[0] + sum(batch)
