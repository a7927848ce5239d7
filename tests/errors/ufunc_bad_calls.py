# CuPy ufuncs called by name: wrong argument counts, keywords cupyx refuses (out=, any
# other but dtype=), a dtype= the arguments cannot be cast to (same_kind) or that no loop
# gives, types CuPy has no loop for (bitwise of floats), what CuPy's loops refuse (boolean
# subtract/negative/positive), arrays.
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def k(x: cp.float32[:], a: cp.int32[:], b: cp.bool_[:]):
    i = jit.grid(1)
    x[0] = cp.add(x[1])
    x[0] = cp.add(x[1], x[2], x[3])
    x[0] = cp.negative(x[1], x[2])
    b[0] = cp.logical_not()
    x[0] = cp.add(x[1], x[2], out=x)
    x[0] = cp.multiply(x[1], x[2], where=True)
    x[0] = cp.add(x[1], x[2], dtype=cp.int32)
    x[0] = cp.true_divide(a[1], 2, dtype=cp.int32)
    x[0] = cp.sqrt(x[1], dtype=cp.int8)
    x[0] = cp.sqrt(x[1], dtype='f9')
    x[0] = cp.exp(x[1], dtype=x)
    a[0] = cp.bitwise_and(a[1], x[2])
    a[0] = cp.invert(x[2])
    a[0] = cp.left_shift(x[1], 2)
    b[0] = cp.subtract(b[1], b[2])
    b[0] = cp.negative(b[1])
    b[0] = cp.positive(True)
    x[0] = cp.add(x, 1)
    x[0] = cp.remainder(a[0], x[1]) + cp.logaddexp(x[1], x[2])
