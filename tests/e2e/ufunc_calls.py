# run: --kernel ufuncs --grid 1 --block 64 a=@ufunc_calls.a.npy b=@ufunc_calls.b.npy u=@ufunc_calls.u.npy v=@ufunc_calls.v.npy f=@ufunc_calls.f.npy g=@ufunc_calls.g.npy d=@ufunc_calls.d.npy e=@ufunc_calls.e.npy oi=zeros:int32:18x64 ou=zeros:uint32:12x64 of=zeros:float32:13x64 od=zeros:float64:12x64 ob=zeros:bool:22x64
# check: oi ou of od ob tol=1e-6
# input: a = int_edges(64, 'int32')
# input: b = np.tile(np.array([0, -1, 2, -3, 5, 1, -2, 7], np.int32), 8)
# input: u = int_edges(64, 'uint32')
# input: v = np.tile(np.array([0, 1, 2, 3, 31, 5, 32, 4], np.uint32), 8)
# input: f = special_floats(64, 'float32')
# input: g = np.tile(np.array([0, -1.5, 2, -0.0, 3.25, 1, -4, 0.5], np.float32), 8)
# input: d = special_floats(64, 'float64')
# input: e = np.tile(np.array([0, -1.5, 2, -0.0, 3.25, 1, -4, 0.5]), 8)
# CuPy ufuncs called by name inside a kernel (cupyx compiles them as the operators):
# arithmetic, bitwise, comparison and logical ufuncs on int32, uint32, float32 and
# float64, with negative operands, zero divisors, NaN/inf, constants and nesting.
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def ufuncs(a, b, u, v, f, g, d, e, oi, ou, of, od, ob):
    i = jit.threadIdx.x
    x = a[i]
    y = b[i]
    oi[0, i] = cp.add(x, y)
    oi[1, i] = cp.subtract(x, y)
    oi[2, i] = cp.multiply(x, y)
    oi[3, i] = cp.floor_divide(x, y)
    oi[4, i] = cp.remainder(x, y)
    oi[5, i] = cp.mod(x, 7)
    oi[6, i] = cp.power(y, cp.bitwise_and(x, 3))
    oi[7, i] = cp.power(y, -1)
    oi[8, i] = cp.negative(x)
    oi[9, i] = cp.positive(x)
    oi[10, i] = cp.bitwise_and(x, y)
    oi[11, i] = cp.bitwise_or(x, y)
    oi[12, i] = cp.bitwise_xor(x, y)
    oi[13, i] = cp.bitwise_not(x)
    oi[14, i] = cp.invert(y)
    oi[15, i] = cp.left_shift(y, cp.bitwise_and(x, 15))
    oi[16, i] = cp.right_shift(x, cp.bitwise_and(y, 31))
    oi[17, i] = cp.remainder(y, x)

    p = u[i]
    q = v[i]
    ou[0, i] = cp.add(p, q)
    ou[1, i] = cp.subtract(p, q)
    ou[2, i] = cp.multiply(p, q)
    ou[3, i] = cp.floor_divide(p, q)
    ou[4, i] = cp.remainder(p, q)
    ou[5, i] = cp.power(p, q)
    ou[6, i] = cp.negative(p)
    ou[7, i] = cp.invert(p)
    ou[8, i] = cp.right_shift(p, q)
    ou[9, i] = cp.left_shift(p, q)
    ou[10, i] = cp.bitwise_xor(p, q)
    ou[11, i] = cp.add(cp.multiply(p, 3), 1)

    s = f[i]
    t = g[i]
    of[0, i] = cp.add(s, t)
    of[1, i] = cp.subtract(s, t)
    of[2, i] = cp.multiply(s, t)
    of[3, i] = cp.divide(s, t)
    of[4, i] = cp.true_divide(s, t)
    of[5, i] = cp.floor_divide(s, t)
    of[6, i] = cp.remainder(s, t)
    of[7, i] = cp.power(s, t)
    of[8, i] = cp.negative(s)
    of[9, i] = cp.positive(s)
    of[10, i] = cp.add(x, s)
    of[11, i] = cp.power(s, 2)
    of[12, i] = cp.mod(s, 0.5)

    w = d[i]
    z = e[i]
    od[0, i] = cp.true_divide(x, y)
    od[1, i] = cp.divide(p, q)
    od[2, i] = cp.add(w, z)
    od[3, i] = cp.subtract(w, z)
    od[4, i] = cp.multiply(w, z)
    od[5, i] = cp.divide(w, z)
    od[6, i] = cp.floor_divide(w, z)
    od[7, i] = cp.remainder(w, z)
    od[8, i] = cp.power(w, z)
    od[9, i] = cp.negative(w)
    od[10, i] = cp.multiply(x, w)
    od[11, i] = cp.true_divide(s, w)

    ob[0, i] = cp.equal(x, y)
    ob[1, i] = cp.not_equal(x, y)
    ob[2, i] = cp.less(x, y)
    ob[3, i] = cp.less_equal(x, y)
    ob[4, i] = cp.greater(x, y)
    ob[5, i] = cp.greater_equal(x, y)
    ob[6, i] = cp.less(s, t)
    ob[7, i] = cp.equal(s, s)
    ob[8, i] = cp.not_equal(w, w)
    ob[9, i] = cp.greater_equal(w, z)
    ob[10, i] = cp.logical_and(x, y)
    ob[11, i] = cp.logical_or(x, y)
    ob[12, i] = cp.logical_xor(x, y)
    ob[13, i] = cp.logical_not(x)
    ob[14, i] = cp.logical_and(s, t)
    ob[15, i] = cp.logical_or(w, z)
    ob[16, i] = cp.logical_xor(s, w)
    ob[17, i] = cp.logical_not(s)
    ob[18, i] = cp.less(p, q)
    ob[19, i] = cp.logical_and(p, q)
    ob[20, i] = cp.greater(p, 5)
    ob[21, i] = cp.less_equal(cp.remainder(x, 4), 1)
