# run: --kernel mask_fill m=@form_inplace_bool.m.npy v=7 y=arange:int16:6x5
# check: y
# input: m = rng.integers(0, 2, (6, 5)).astype(np.bool_)
# ElementwiseKernel in place on an int16 array with a bool mask, from-import alias.
from cupy import ElementwiseKernel as EK

mask_fill = EK('bool m, T v', 'T y', 'if (m) y = v; else y = -y', name='mask_fill')
