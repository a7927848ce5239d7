# run: --kernel ramp --size 7 a=3:int32 b=0.5:float64
# check: y
# ElementwiseKernel size= (issue 19 §1) with no array argument at all: scalar inputs, and
# the non-raw output that the call allocates takes the shape (size,).
import cupy as cp

ramp = cp.ElementwiseKernel(
    'int32 a, float64 b', 'float64 y',
    'y = a * (double)i + b',
    'ramp')
