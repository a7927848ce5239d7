# run: --kernel blend --grid 2 --block 32 x=@jit_annot_ignored.x.npy w=@jit_annot_ignored.w.npy out=zeros:float64:50 n=50
# check: out
# input: x = rng.standard_normal(50).astype(np.float32)
# input: w = rng.random(50).astype(np.float32)
# Annotations that are not pykc types are ignored, as cupyx.jit ignores them (issue 19
# §5): typing's NDArray, a string, a user class, a partly annotated kernel, `-> float`
# on a device function (its float32 arguments give float32 arithmetic).
import numpy as np
import numpy.typing as npt
from cupyx import jit


class Weights:
    pass


@jit.rawkernel(device=True)
def lerp(a, b, t) -> float:
    return a * t + b * (1 - t)


@jit.rawkernel()
def blend(x: npt.NDArray[np.float32], w: "Weights", out, n: int):
    i = jit.grid(1)
    if i < n:
        out[i] = lerp(x[i], w[i], w[i]) / 3
