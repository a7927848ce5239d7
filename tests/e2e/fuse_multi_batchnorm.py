# run: --kernel batchnorm x=@fuse_multi_batchnorm.x.npy gamma=@fuse_multi_batchnorm.gamma.npy beta=@fuse_multi_batchnorm.beta.npy running_mean=@fuse_multi_batchnorm.running_mean.npy running_var=@fuse_multi_batchnorm.running_var.npy size=90 adjust=1.0112359550561798
# check: out running_mean running_var tol=1e-4
# input: x = (rng.random((3, 4, 5, 6)) * 10).astype(np.float32)
# input: gamma = rng.random(4) + 0.5
# input: beta = rng.standard_normal(4)
# input: running_mean = rng.standard_normal(4)
# input: running_var = rng.random(4) + 1
# @cupy.fuse: CuPy's batch normalisation example (test_example.py): two reductions over
# axes (0, 2, 3), views with None, outputs and in-place updates of different shapes.
import cupy as cp


@cp.fuse()
def batchnorm(x, gamma, beta, running_mean, running_var, size, adjust):
    decay = 0.9
    eps = 2e-5
    expander = (None, slice(None), None, None)

    gamma = gamma[expander]
    beta = beta[expander]
    mean = cp.sum(x, axis=(0, 2, 3)) / size
    diff = x - mean[expander]
    var = cp.sum(diff * diff, axis=(0, 2, 3)) / size
    inv_std = 1. / cp.sqrt(var + eps)
    y = gamma * diff * inv_std[expander] + beta

    running_mean *= decay
    running_mean += (1 - decay) * mean
    running_var *= decay
    running_var += (1 - decay) * adjust * var
    return y
