# run: --kernel scale_output x=@real_scale_output.x.npy inv_norm=@real_scale_output.inv_norm.npy gamma=@real_scale_output.gamma.npy beta=@real_scale_output.beta.npy
# check: normalized scaled tol=1e-6
# input: x = rng.standard_normal((6, 10)).astype(np.float32)
# input: inv_norm = rng.random((6, 1)).astype(np.float32)
# input: gamma = rng.random(10).astype(np.float32)
# input: beta = rng.random(10).astype(np.float32)
# A real program (layer normalisation, Chainer): two outputs, allocated by the call, the
# inputs broadcast from (6, 1) and (10,) to (6, 10).
import cupy as cp

scale_output = cp.ElementwiseKernel(
    'T x, T inv_norm, T gamma, T beta',
    'T normalized, T scaled',
    '''
        normalized = x * inv_norm;
        scaled = normalized * gamma + beta;
    ''',
    'scale_output')
