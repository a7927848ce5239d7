# run: --kernel suffix_max --grid 1 --block 8 x=@real_rev_range.x.npy out=zeros:int32:8x20 ncol=20
# check: out
# input: x = rng.integers(-50, 50, (8, 20)).astype(np.int32)
# Modelled on published cupyx.jit code that scans rows backwards (a running maximum from
# the right, as in a "next greater" or backward-pass sweep): `range(n - 1, -1, -1)`,
# a second loop with step -2, `max` of two values, one row per thread.
from cupyx import jit


@jit.rawkernel()
def suffix_max(x, out, ncol):
    row = jit.threadIdx.x
    best = x[row, ncol - 1]
    for j in range(ncol - 1, -1, -1):
        best = max(best, x[row, j])
        out[row, j] = best
    for j in range(ncol - 2, 0, -2):
        out[row, j] -= x[row, j - 1]
