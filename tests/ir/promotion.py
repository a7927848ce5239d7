# mode='cuda' promotion: the later type of the order wins; / and // and ** rules.
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def k(i32: cp.int32[:], u32: cp.uint32[:], i64: cp.int64[:], f32: cp.float32[:], f16: cp.float16[:], i8: cp.int8[:], b: cp.bool_[:]):
    a = i32[0] + u32[0]
    c = u32[0] - 1
    d = i64[0] + 1.0
    e = i8[0] + 1
    g = f16[0] * 2
    h = i32[0] / i32[1]
    m = f32[0] / 2
    p = i32[0] // 2
    q = f32[0] % 2
    r = i32[0] ** 2
    s = b[0] + b[1]
    t = b[0] // b[1]
    v = ~b[0]
    w = -i32[0]
    z = i32[0] if b[0] else 1.5
