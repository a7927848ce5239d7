# run: --kernel _invalid_overlap a=@real5f_ora_invalid.a.npy counts=@real5f_ora_invalid.counts.npy sizes=@real5f_ora_invalid.sizes.npy background=60
# check: out
# input: a = rng.integers(0, 5, (3, 6)).astype(np.float64)
# input: counts = rng.integers(5, 30, (3, 1)).astype(np.float64)
# input: sizes = rng.integers(5, 40, (1, 6)).astype(np.float64)
# A published program (the same over-representation analysis): cp.any of a broadcast
# comparison with a Python int (a 0-d bool).
import cupy as cp


@cp.fuse
def _invalid_overlap(a, counts, sizes, background):
    return cp.any(background - sizes - counts + a < 0)
