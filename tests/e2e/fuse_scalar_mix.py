# run: --kernel mix x=@fuse_scalar_mix.x.npy s=2.5 t=3:int16
# check: out0 out1 out2
# input: x = rng.integers(-100, 100, 50).astype(np.int8)
# @cupy.fuse: Python and NumPy scalars mixed, as CuPy's old fusion types them: a Python
# float with int8 is float16 (the first float loop int8 reaches), a NumPy float32 is
# strong, a NumPy int16 argument is strong, a Python int keeps the array's type.
import numpy as np
import cupy as cp


@cp.fuse()
def mix(x, s, t):
    a = x * np.float32(2) + 1.0
    b = x * s
    c = x + t * 2 + np.int8(1)
    return a, b, c
