# CuPy ufuncs called by name are their operators (cupyx compiles `a + b` through
# cupy.add): kernels `operators` and `ufuncs` have the same bodies, one spelled with
# operators, one with ufunc calls, and their IR is identical line for line (mixed types,
# literals, short-circuit `and` of a chained comparison that hoists statements).
# `consts`: cupyx types a ufunc's constant arguments before computing (no Python
# folding): cp.add(2**31 - 1, 1) wraps in int32, cp.true_divide(1, 2) is float64,
# cp.floor_divide(7, 0) is 0, np.add(1, 2) is NumPy's int64 scalar.
import numpy as np
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def operators(a: cp.int32[:], u: cp.uint32[:], f: cp.float32[:], d: cp.float64[:],
              o: cp.float64[:], q: cp.bool_[:], n: cp.int32):
    i = jit.grid(1)
    x = a[i]
    y = u[i]
    o[0] = x + y
    o[1] = x - f[i]
    o[2] = y * d[i]
    o[3] = x / y
    o[4] = x / 2
    o[5] = f[i] // x
    o[6] = x % 3
    o[7] = d[i] % f[i]
    o[8] = x ** 2
    o[9] = f[i] ** x
    o[10] = -x
    o[11] = +f[i]
    o[12] = x & y
    o[13] = x | 6
    o[14] = y ^ x
    o[15] = ~x
    o[16] = x << 3
    o[17] = y >> x
    q[0] = x == y
    q[1] = x != f[i]
    q[2] = x < y
    q[3] = x <= 0
    q[4] = d[i] > f[i]
    q[5] = x >= y
    q[6] = x and f[i]
    q[7] = x or y
    q[8] = not d[i]
    q[9] = i < n and 0 < a[i] < 9
    q[10] = q[0] ^ q[1]


@jit.rawkernel()
def ufuncs(a: cp.int32[:], u: cp.uint32[:], f: cp.float32[:], d: cp.float64[:],
           o: cp.float64[:], q: cp.bool_[:], n: cp.int32):
    i = jit.grid(1)
    x = a[i]
    y = u[i]
    o[0] = cp.add(x, y)
    o[1] = cp.subtract(x, f[i])
    o[2] = cp.multiply(y, d[i])
    o[3] = cp.divide(x, y)
    o[4] = cp.true_divide(x, 2)
    o[5] = cp.floor_divide(f[i], x)
    o[6] = cp.remainder(x, 3)
    o[7] = cp.mod(d[i], f[i])
    o[8] = cp.power(x, 2)
    o[9] = cp.power(f[i], x)
    o[10] = cp.negative(x)
    o[11] = cp.positive(f[i])
    o[12] = cp.bitwise_and(x, y)
    o[13] = cp.bitwise_or(x, 6)
    o[14] = cp.bitwise_xor(y, x)
    o[15] = cp.invert(x)
    o[16] = cp.left_shift(x, 3)
    o[17] = cp.right_shift(y, x)
    q[0] = cp.equal(x, y)
    q[1] = cp.not_equal(x, f[i])
    q[2] = cp.less(x, y)
    q[3] = cp.less_equal(x, 0)
    q[4] = cp.greater(d[i], f[i])
    q[5] = cp.greater_equal(x, y)
    q[6] = cp.logical_and(x, f[i])
    q[7] = cp.logical_or(x, y)
    q[8] = cp.logical_not(d[i])
    q[9] = cp.logical_and(i < n, 0 < a[i] < 9)
    q[10] = cp.bitwise_xor(q[0], q[1])


@jit.rawkernel()
def consts(o: cp.float64[:], q: cp.bool_[:], w: cp.int64[:]):
    w[0] = cp.add(2147483647, 1)
    o[0] = cp.true_divide(1, 2)
    w[1] = cp.floor_divide(7, 0)
    w[2] = cp.remainder(-7, 0)
    w[3] = cp.power(2, 10)
    w[4] = cp.negative(5)
    w[5] = np.add(1, 2)
    w[6] = cp.bitwise_not(0)
    q[0] = cp.less(0.1, 0.1000000001)
    q[1] = cp.logical_xor(1, 0)
    q[2] = cp.logical_not(0.0)
