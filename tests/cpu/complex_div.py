# complex64 division on the CPU backend as on the GPU (its -ftz=true flushes every
# float32 result): thrust's scale 1 / (|b.re| + |b.im|) is subnormal for |b| over 2^126,
# flushed to 0, so the quotient's parts are NaN. The ElementwiseKernel's complex<float>
# division and the DSL's `/` are one helper (emit_complex.c's py_cdiv), flush included.
import cupy as cp
from cupyx import jit

cdiv_form = cp.ElementwiseKernel('complex64 a, complex64 b', 'complex64 c', 'c = a / b',
                                 'cdiv_form')


@jit.rawkernel()
def cdiv_dsl(a, b, c):
    i = jit.threadIdx.x
    c[i] = a[i] / b[i]
