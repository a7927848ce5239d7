# run: --kernel nd_prep a=@form_nd_prep.a.npy b=@form_nd_prep.b.npy out=zeros:float64:3x4x5
# check: out
# input: a = rng.standard_normal((3, 4, 5))
# input: b = rng.standard_normal((3, 1, 5))
# ElementwiseKernel with reduce_dims=False (the 3-d indexer divides), a preamble device
# function, loop_prep and after_loop; the output is given (written in place).
import cupy as cp

PRE = '''
__device__ double twice(double v) { return 2 * v; }
'''

nd_prep = cp.ElementwiseKernel(
    'float64 a, float64 b', 'float64 out',
    'out = twice(a) + b * scale + _ind.get()[1]',
    'nd_prep', reduce_dims=False, preamble=PRE,
    loop_prep='double scale = 0.5', after_loop='(void)scale')
