# `/` on integers is cupy.true_divide (loops bb->d BB->d ... ee->e ff->f dd->d): float64 for
# every integer pair, the float type next to a float. Integer-vs-float comparisons use the
# comparison ufuncs' loop type (?? qq qQ Qq QQ ee ff dd): the float's type in mode='cuda',
# numpy.result_type in mode='numpy'. Integer-vs-integer comparisons stay exact.
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def kc(i8: cp.int8[:], u8: cp.uint8[:], i16: cp.int16[:], u16: cp.uint16[:], i32: cp.int32[:],
       i64: cp.int64[:], f16: cp.float16[:], f32: cp.float32[:], f64: cp.float64[:],
       of: cp.float64[:], ob: cp.bool_[:]):
    of[0] = i8[0] / i8[1]
    of[1] = u8[0] / i8[0]
    of[2] = i16[0] / u16[0]
    of[3] = i32[0] / f32[0]
    of[4] = i64[0] / f16[0]
    ob[0] = i32[0] < f32[0]
    ob[1] = i64[0] == f16[0]
    ob[2] = u8[0] >= f64[0]
    ob[3] = i32[0] < 1.5
    ob[4] = f32[0] == 16777217
    ob[5] = i16[0] < u16[0]


@jit.rawkernel(mode='numpy')
def kn(i8: cp.int8[:], u8: cp.uint8[:], i16: cp.int16[:], i32: cp.int32[:], f16: cp.float16[:],
       f32: cp.float32[:], of: cp.float64[:], ob: cp.bool_[:]):
    of[0] = i8[0] / u8[0]
    of[1] = i8[0] / f16[0]
    of[2] = i16[0] / f16[0]
    ob[0] = i32[0] < f32[0]
    ob[1] = u8[0] < f16[0]
    ob[2] = i16[0] < f16[0]
    ob[3] = i8[0] < f32[0]
    ob[4] = f32[0] == 16777217
