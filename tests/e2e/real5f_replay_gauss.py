# run: --kernel gaussian_pdf x=@real5f_replay_gauss.x.npy mean=@real5f_replay_gauss.mean.npy sigma=@real5f_replay_gauss.sigma.npy
# check: out tol=1e-6
# input: x = (rng.standard_normal((5, 1)) * 3).astype(np.float32)
# input: mean = (rng.standard_normal((1, 4)) * 3).astype(np.float32)
# input: sigma = np.float32(2.5) + np.zeros((1, 4), np.float32)
# Source: github.com/Eden-Kramer-Lab/replay_trajectory_classification,
# its GPU multiunit likelihood (an earlier
# version): a bare `@cp.fuse` (no call), a docstring, cp.sqrt(2.0 * cp.pi) (a scalar), float32
# arrays broadcast (5, 1) against (1, 4).
import cupy as cp


@cp.fuse
def gaussian_pdf(x, mean, sigma):
    '''Compute the value of a Gaussian probability density function at x with
    given mean and sigma.'''
    return cp.exp(-0.5 * ((x - mean) / sigma)**2) / (sigma * cp.sqrt(2.0 * cp.pi))
