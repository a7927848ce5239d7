# run: --kernel scal --grid 1 --block 1 o=zeros:float64:8 a=7 b=3000000000 c=1.5 d=-2:int8 e=0.1:float64 f=250:uint8 g=-1:int64 h=2.5:float16
# check: o
# Scalar arguments typed by the literal rules (int32, int64, float32) or :DTYPE.
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def scal(o, a, b, c, d, e, f, g, h):
    o[0] = a * 1000000
    o[1] = b * 2
    o[2] = c / 3
    o[3] = d * 100
    o[4] = e
    o[5] = f + f
    o[6] = g * a
    o[7] = h * 3
