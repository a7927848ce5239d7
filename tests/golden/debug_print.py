# args: --debug
# print() becomes printf; under --debug an assert reports its source line through the debug
# record (pykc_assert_fail) and indexing is bounds-checked.
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def checked(x: cp.float32[:], n: cp.int32):
    i = jit.grid(1)
    assert i < x.size, "index out of range"
    assert n > 0
    if i == 0:
        print("n =", n, "x[0] =", x[0])
