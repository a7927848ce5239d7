# args: --sig 'scale(float64[::1], float64)'
# A generic (unannotated) kernel specialised by --sig: C-contiguous indexing.
from cupyx import jit


@jit.rawkernel()
def scale(x, k):
    i = jit.grid(1)
    if i < x.size:
        x[i] *= k
