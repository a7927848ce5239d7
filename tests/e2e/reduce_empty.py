# run: --kernel count_plus x=zeros:float32:0x4 y=zeros:float32:4 --axis 0
# A reduction over zero elements: each output is the post-map of the identity.
import cupy as cp

count_plus = cp.ReductionKernel('T x', 'T y', 'x', 'a + b', 'y = a + 1', '0', 'count_plus')
