# run: --kernel masked_flags --grid 2 --block 32 x=@real_mask_select.x.npy mask=@real_mask_select.mask.npy keep=zeros:bool:50 flip=zeros:bool:50 score=zeros:int8:50 n=50:int64
# check: keep flip score
# input: x = rng.standard_normal(50).astype(np.float32)
# input: mask = rng.random(50) < 0.4
# Modelled on published cupyx.jit filtering code on boolean arrays: a bool input read in
# conditions, `and`/`or`/`not` of comparisons stored to bool outputs, a bool local, an
# int8 output built from bools.
from cupyx import jit


@jit.rawkernel()
def masked_flags(x, mask, keep, flip, score, n):
    i = jit.grid(1)
    if i < n:
        pos = x[i] > 0
        keep[i] = pos and not mask[i]
        flip[i] = (x[i] < -0.5) or mask[i]
        s = 0
        if keep[i]:
            s += 1
        if flip[i]:
            s += 2
        score[i] = s
