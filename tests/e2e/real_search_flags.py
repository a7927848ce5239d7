# run: --kernel first_above --grid 2 --block 16 x=@real_search_flags.x.npy thr=@real_search_flags.thr.npy pos=zeros:int32:20 cnt=zeros:int32:20 nrow=20:int64 ncol=30:int64
# check: pos cnt
# input: x = rng.standard_normal((20, 30)).astype(np.float32)
# input: thr = (rng.standard_normal(20) + 1.2).astype(np.float32)
# Modelled on published cupyx.jit search kernels: an early bare `return` for threads past
# the end, a while loop with `break` on a boolean flag, `continue` skipping NaN-like
# entries, a counting for loop, -1 for "not found".
from cupyx import jit


@jit.rawkernel()
def first_above(x, thr, pos, cnt, nrow, ncol):
    r = jit.grid(1)
    if r >= nrow:
        return
    found = False
    j = 0
    while j < ncol:
        if x[r, j] > thr[r]:
            found = True
            break
        j += 1
    pos[r] = j if found else -1
    c = 0
    for k in range(ncol):
        if x[r, k] != x[r, k]:
            continue
        if x[r, k] > thr[r]:
            c += 1
    cnt[r] = c
