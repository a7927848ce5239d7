# run: --kernel inv_norm_comp x=@real_inv_norm.x.npy --axis 1 --keepdims
# check: y tol=1e-6
# input: x = rng.standard_normal((16, 300)).astype(np.float32)
# A real program (layer normalisation, Chainer): the post-map computes in double
# (1.0/sqrt(...)) and stores to float; keepdims=True keeps the reduced axis.
import cupy as cp

inv_norm_comp = cp.ReductionKernel(
    'T x',  # input params
    'T y',  # output params
    'x * x',  # map
    'a + b',  # reduce
    'y = 1.0/sqrt(a + 1e-5)',  # post-reduction map
    '0',  # identity value
    'inv_norm_comp'  # kernel name
)

scale_output = cp.ElementwiseKernel(
    'T x, T inv_norm, T gamma, T beta',
    'T normalized, T scaled',
    '''
        normalized = x * inv_norm;
        scaled = normalized * gamma + beta;
    ''',
    'scale_output')
