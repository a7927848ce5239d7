# run: --kernel augl --grid 1 --block 64 x=@augassign_local.x.npy o=zeros:int32:64 of=zeros:float32:64 o8=zeros:int8:64
# check: o of o8
# input: x = rng.integers(-1000, 1000, 64).astype(np.int32)
# Augmented assignment on locals; a local's type is fixed at its first assignment and
# later values convert to it (float64 -> float32, int32 -> int8 narrowing).
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def augl(x, o, of, o8):
    i = jit.threadIdx.x
    v = x[i]
    v += 7
    v *= -3
    v //= 4
    v %= 1000
    v -= x[i]
    o[i] = v
    acc = 0.0
    acc += cp.float64(v) / 7.0
    acc *= 1.5
    of[i] = acc
    small = cp.int8(0)
    small += x[i]
    small *= 3
    o8[i] = small
