# run: --kernel half_ops --grid 2 --block 32 a=@float16_arith.a.npy b=@float16_arith.b.npy o=zeros:float16:4x64 of=zeros:float32:2x64
# check: o of tol=1e-3
# input: a = (rng.standard_normal(64) * 50).astype(np.float16)
# input: b = np.concatenate([np.array([0, -0.0, 3, 0.5], np.float16), (rng.standard_normal(60) * 4).astype(np.float16)])
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def half_ops(a, b, o, of):
    i = jit.grid(1)
    o[0, i] = a[i] * b[i]
    o[1, i] = a[i] / b[i]
    o[2, i] = a[i] - b[i] * 2
    acc = a[i]
    for k in range(4):
        acc += b[i]
    o[3, i] = acc
    of[0, i] = a[i] * b[i] + 1
    of[1, i] = a[i] < b[i]
