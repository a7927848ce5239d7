# An array type of more than 8 dimensions (pykc's limit, PYKC_MAX_DIMS: the launch ABI's
# shape[] and strides[]) is refused where it is written; `pykc cuda` crashed on it (a stack
# overflow in the emitter's index list). 8 dimensions are fine.
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def nine(x: cp.float32[:, :, :, :, :, :, :, :, :], y: cp.float32[:]):
    i = jit.grid(1)
    y[0] = x[0, 0, 0, 0, 0, 0, 0, 0, i]


@jit.rawkernel()
def eight(x: cp.float32[:, :, :, :, :, :, :, ::1], y: cp.float32[:]):
    i = jit.grid(1)
    y[0] = x[0, 0, 0, 0, 0, 0, 0, i] + x.shape[7]
