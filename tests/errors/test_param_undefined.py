# args: --sig 'TestRaw.test_inf.f(float16[::1])'
# A kernel inside a pytest test reads a parameter of the test that has no default value:
# pytest supplies it, so pykc asks for --define.
import cupy
from cupyx import jit
from cupy import testing


class TestRaw:

    @testing.for_dtypes("efdFD")
    def test_inf(self, dtype):
        @jit.rawkernel()
        def f(x):
            tid = jit.threadIdx.x + jit.blockDim.x * jit.blockIdx.x
            x[tid] = cupy.dtype(dtype).type(cupy.inf)
