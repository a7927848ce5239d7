# run: --kernel label_overlap_kernel --grid 3 --block 128 x=@real_label_overlap.x.npy y=@real_label_overlap.y.npy overlap=zeros:uint64:5x6 N=300
# check: overlap
# input: x = rng.integers(0, 5, 300).astype(np.int32)
# input: y = rng.integers(0, 6, 300).astype(np.int32)
# A published program (segmentation metrics, label overlap of two masks): `jit.atomic_add`
# at a tuple index `(x[idx], y[idx])` of a 2-d uint64 array, adding a Python int; the
# kernel defined inside a function's `elif` arm (here at module level, its text unchanged).
import numpy as np
from cupyx import jit


@jit.rawkernel()
def label_overlap_kernel(x, y, overlap, N):
    idx = jit.blockIdx.x * jit.blockDim.x + jit.threadIdx.x
    if idx < N:
        jit.atomic_add(overlap, (x[idx], y[idx]), 1)
