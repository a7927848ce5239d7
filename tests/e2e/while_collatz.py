# run: --kernel collatz --grid 4 --block 64 x=@while_collatz.x.npy steps=zeros:int32:256 peak=zeros:int64:256
# check: steps peak
# input: x = np.concatenate([np.array([1, 2, 3, 27, 97, 871, 77031, 837799], np.int64), rng.integers(1, 100000, 248)])
# while loops: Collatz steps and peaks.
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def collatz(x, steps, peak):
    i = jit.grid(1)
    if i < x.size:
        n = x[i]
        s = 0
        top = n
        while n != 1:
            if n % 2 == 0:
                n = n // 2
            else:
                n = 3 * n + 1
            s += 1
            if n > top:
                top = n
        steps[i] = s
        peak[i] = top
