# run: --kernel isum x=@reduce_keepdims_x.npy y=zeros:int64:1x5x1 --axis 0 --axis -1 --keepdims
# input: x = int_edges(210, 'int32').reshape(6, 5, 7)
# Two reduced axes that do not merge (0 and 2), keepdims, a declared int64 output and
# reduce_type 'long long': int32 values at their limits summed exactly.
import cupy as cp

isum = cp.ReductionKernel('T x', 'int64 y', 'x', 'a + b', 'y = a', '0', 'isum',
                          reduce_type='long long')
