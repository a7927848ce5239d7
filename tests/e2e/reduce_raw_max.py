# run: --kernel shifted_max x=@reduce_raw_max_x.npy bias=@reduce_raw_max_bias.npy y=zeros:float32:12 --axis 0
# input: x = rng.standard_normal((300, 12)).astype(np.float32)
# input: bias = rng.standard_normal(12).astype(np.float32)
# A raw parameter indexed by the output's index _i, max() as the reduction from an
# identity, and _out_ind.size() / _in_ind.size() in the post-map. (With raw parameters
# CuPy reduces only leading axes: it does not permute them, "Illegal conditions".)
import cupy as cp

shifted_max = cp.ReductionKernel(
    'T x, raw T bias',
    'T y',
    'x + bias[_i]',
    'max(a, b)',
    'y = a + _out_ind.size() * 1000 + _in_ind.size()',
    '-1e30',
    'shifted_max',
)
