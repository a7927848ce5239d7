# run: --kernel k --grid 1 --block 1 of=zeros:float64:6 ob=zeros:bool:8 a=1:int8 b=3:int8 c=1:uint8 d=3:int16 i=16777217:int32 j=16777217:int64 f=16777216.0:float32 h=2048.0:float16
# check: of ob
# `/` on integers is cupy.true_divide: float64 for every integer pair (1/3 is not float32's
# 0.3333333432674408). An integer compared with a float converts to the float's type in
# mode='cuda': int32 16777217 == float32 16777216.0 is True (float64 would say False).
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def k(of, ob, a, b, c, d, i, j, f, h):
    of[0] = a / b
    of[1] = c / b
    of[2] = c / d
    of[3] = d / c
    of[4] = a / f
    of[5] = i / b
    ob[0] = i == f
    ob[1] = i > f
    ob[2] = j == f
    ob[3] = f < i
    ob[4] = i == 16777216.0
    ob[5] = d < h
    ob[6] = a < h
    ob[7] = i > 16777216
