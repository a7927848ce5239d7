# run: --kernel names --grid 1 --block 64 new=@ext_cpp_names.new.npy this=7 out=zeros:int32:64
# check: out
# input: new = rng.integers(-1000, 1000, 64).astype(np.int32)
# Parameters named like C++ keywords are renamed in the emitted code (fix; numpy
# reference: cupyx emits them as they are and NVRTC fails).
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def names(new: cp.int32[:], this: cp.int32, out: cp.int32[:]):
    i = jit.threadIdx.x
    template = new[i] * 3
    out[i] = template + this
