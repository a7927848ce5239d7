# Comparisons are exact: the computation type holds both operands.
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def k(i32: cp.int32[:], u32: cp.uint32[:], i64: cp.int64[:], u64: cp.uint64[:], f32: cp.float32[:], out: cp.bool_[:]):
    out[0] = i32[0] < u32[0]
    out[1] = i64[0] < u64[0]
    out[2] = i32[0] == f32[0]
    out[3] = f32[0] >= f32[1]
    out[4] = 0 <= i32[0] < i32[1] + 1 <= u32[0]
    out[5] = not i32[0] and f32[0]
    out[6] = u64[0] > 0
