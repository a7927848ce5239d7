# Kernel forms: arguments pykc evaluates (module string constants, concatenation) and
# those it cannot; what CuPy rejects inside multi-line and constant specs.
import cupy as cp
import numpy as np

IN = 'float32 x, ' 'raw float32 w'
OUT = '''float32 y,
float32 *z'''
OP = 'y = x * w[i]'

k1 = cp.ElementwiseKernel(IN, OUT, OP, 'k1')
k2 = cp.ElementwiseKernel(IN + ', int33 n', 'float32 y', OP, name='k2')
k3 = cp.ElementwiseKernel(IN, 'float32 y', OP, name=np.random.choice(['a']))
k4 = cp.ElementwiseKernel(IN, 'float32 y', OP, 'k4', preamble=None)
k5 = cp.ElementwiseKernel(IN, 'float32 y', OP, in_params='T x')
k6 = cp.ReductionKernel('T x', 'T y', 'x', 'a + b', 'y = a', 0, 'k6', reduce_type=1)
k7 = cp.RawKernel(r'extern "C" __global__ void f(float *x) {}', 'f', backend='gcc')
k8 = cp.RawModule(path='kernels.cu')
k9 = cp.ElementwiseKernel('T x', 'T y', 'y = x', 'k9', options=('-O3', 3))

class Local:
    def ElementwiseKernel(self, *a):
        return a

not_cupy = Local().ElementwiseKernel('raw float32 *a', 'x', 'y')
not_cupy_either = np.ElementwiseKernel('raw float32 *a', 'x', 'y')
