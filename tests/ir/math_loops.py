# Math functions take the first loop every argument reaches (mode='cuda': promotion order).
import cupy as cp
import math
from cupyx import jit


@jit.rawkernel()
def k(i32: cp.int32[:], f32: cp.float32[:], f64: cp.float64[:], i64: cp.int64[:]):
    a = cp.sqrt(i32[0])
    b = cp.sqrt(f32[0])
    c = cp.sqrt(f64[0])
    d = cp.arctan2(f32[0], f64[0])
    e = cp.absolute(i32[0])
    f = cp.isnan(f32[0])
    g = math.exp(i64[0])
    h = min(i32[0], f32[0], 3)
    p = abs(i64[0])
    q = cp.float32(i32[0])
    r = int(f32[0])
