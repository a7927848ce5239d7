# run: --kernel l2norm_kernel x=@real_bms_l2norm.x.npy eps=1e-6 y=zeros:float32:3x1x7 --axis 1 --keepdims
# check: y tol=1e-6
# input: x = rng.standard_normal((3, 10, 7)).astype(np.float32)
# A real program (a GPT layer norm, BMInf): a ReductionKernel with a scalar input `T eps`
# (a Python float, float32 by T), `_type_reduce(_in_ind.size() / _out_ind.size())` in the
# post-map, rsqrt, axis=1 with keepdims=True into the caller's out array.
import cupy

l2norm_kernel = cupy.ReductionKernel(
    'T x, T eps',
    'T y',
    'x * x',
    'a + b',
    'y = rsqrt( a / _type_reduce(_in_ind.size() / _out_ind.size()) + eps ) ',
    '0',
    'bms_l2norm'
)
