import cupy as cp
from cupy import ReductionKernel as RK

bad_star = cp.ElementwiseKernel('raw float32 *a, float32 b', 'float32 c', 'c = a[i] + b')
bad_i = cp.ElementwiseKernel('float32 i', 'float32 y', 'y = i')
bad_kw = cp.ElementwiseKernel('const float32 x', 'float32 y', 'y = x')
bad_type = cp.ElementwiseKernel('flaot32 x', 'float32 y', 'y = x')
bad_syntax = cp.ElementwiseKernel('float32 x,', 'float32 y', 'y = x')
three = RK('raw float32 a', 'float32 y', 'a')
bad_name = cp.ElementwiseKernel('T x', 'T y', 'y = x', 'my-kernel')
twice = cp.ElementwiseKernel('T x, T x', 'T y', 'y = x')
kwbad = cp.ElementwiseKernel('T x', 'T y', 'y = x', nmae='k')
many = cp.ElementwiseKernel('T x', 'T y', 'y = x', 'k', True, '', False, False, 1)
notstr = cp.ElementwiseKernel('T x', 5, 'y = x')
opts = cp.ElementwiseKernel('T x', 'T y', 'y = x', options=['-O3'])
mod = cp.RawModule('code')
