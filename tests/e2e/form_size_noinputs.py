# run: --kernel squares --size 9
# check: y
# ElementwiseKernel size= (issue 19 §1) of a kernel without inputs: its non-raw output
# is allocated with shape (size,).
import cupy as cp

squares = cp.ElementwiseKernel('', 'int64 y', 'y = (long long)i * i - 3', 'squares')
