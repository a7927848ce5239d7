# run: --kernel select_and_stack --grid 2 --block 16 i0=@real_select_stack.i0.npy i1=@real_select_stack.i1.npy i2=@real_select_stack.i2.npy i3=@real_select_stack.i3.npy i4=@real_select_stack.i4.npy i5=@real_select_stack.i5.npy p=zeros:float32:20x3 d=zeros:float32:20x3 selection_size=20 scale=7
# check: p d
# input: i0 = rng.standard_normal(150).astype(np.float32)
# input: i1 = rng.standard_normal(150).astype(np.float32)
# input: i2 = rng.standard_normal(150).astype(np.float32)
# input: i3 = rng.standard_normal(150).astype(np.float32)
# input: i4 = rng.standard_normal(150).astype(np.float32)
# input: i5 = rng.standard_normal(150).astype(np.float32)
# A published program (an optics simulation, picking every scale-th ray for plotting):
# parenthesised tuple subscripts `p[(idx, 0)]` as stores, a uint32 index times an int32.
# CuPy 14.2 with NumPy 2 rejects the program as published (`idx * scale`: an unsigned
# value with a signed one, "Cannot cast from 'int32' to uint32 with casting rule
# same_kind"); pykc computes it in the unsigned type (docs/language.md §2.6,
# extension), checked against tools/jit_models.py's model (gen_expected JIT_REFUSED).
import cupy as cp  # type:ignore
import numpy as np
from cupyx import jit  # type:ignore


@jit.rawkernel()
def select_and_stack(i0, i1, i2, i3, i4, i5, p, d, selection_size, scale):  # Nx3
    """Take six big vectors as input (three position three direction)
    and return two smaller 3d vectors (one position one direction) suitable for
    plotting.
    """
    idx = jit.blockIdx.x * jit.blockDim.x + jit.threadIdx.x
    if idx < selection_size:
        s_i = idx * scale
        p[(idx, 0)] = i0[s_i]
        p[(idx, 1)] = i1[s_i]
        p[(idx, 2)] = i2[s_i]
        d[(idx, 0)] = i3[s_i]
        d[(idx, 1)] = i4[s_i]
        d[(idx, 2)] = i5[s_i]
