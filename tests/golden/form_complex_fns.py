# thrust's complex functions in an ElementwiseKernel snippet: exp and pow(complex, float)
# (cpow.h's exp(log(z) * y)) are the DSL's complex helpers (py_cexp_*, py_clog_*) wrapped
# as thrust's overloads, for both widths; a ReductionKernel sums complex128 values.
import cupy as cp

cexp = cp.ElementwiseKernel('complex64 z', 'complex64 y', 'y = exp(z) * pow(z, 2.0f)', 'cexp')
csum = cp.ReductionKernel('complex128 z', 'complex128 y', 'z', 'a + b', 'y = a', '0', 'csum')
