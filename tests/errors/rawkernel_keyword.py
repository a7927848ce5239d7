# rawkernel()'s keywords are cupyx's mode= and device= (and the Python package's debug=):
# another is cupyx's TypeError, with the keyword meant when it is a misspelling.
import cupy as cp
from cupyx import jit


@jit.rawkernel(devise=True)
def d1(x: cp.float32):
    return x


@jit.rawkernel(debug=True)
def k1(x: cp.float32[:]):
    x[0] = d1(x[1])


@jit.rawkernel(block=128)
def k2(x: cp.float32[:]):
    x[0] = 1
