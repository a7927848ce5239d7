# args: --sig 'chars(float32[::1], float16[::1], float64[::1], int64[::1], uint16[::1])'
# NumPy's one-character type codes, as CuPy's tests spell dtypes (testing.for_dtypes('iILQefd')):
# cupy.dtype('f') is float32, 'e' float16, 'd' float64, 'q' int64, 'H' uint16.
import cupy
from cupyx import jit


@jit.rawkernel()
def chars(x, h, d, q, u):
    tid = jit.threadIdx.x + jit.blockDim.x * jit.blockIdx.x
    x[tid] = cupy.dtype('f').type(cupy.nan)
    h[tid] = cupy.dtype('e').type(cupy.inf)
    d[tid] = cupy.dtype('d').type(1) / 3
    q[tid] = cupy.dtype('q').type(-1) * cupy.iinfo('l').max
    u[tid] = cupy.dtype('H').type(cupy.iinfo('H').max)
