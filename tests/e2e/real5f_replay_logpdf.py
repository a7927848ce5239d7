# run: --kernel log_gaussian_pdf x=@real5f_replay_logpdf.x.npy mean=@real5f_replay_logpdf.mean.npy sigma=6.0
# check: out tol=1e-12
# input: x = rng.standard_normal((7, 1)) * 10
# input: mean = rng.standard_normal((1, 5)) * 10
# Source: github.com/Eden-Kramer-Lab/replay_trajectory_classification,
# its GPU multiunit likelihood (the CuPy
# branch): a Gaussian log density, cp.pi and cp.log of a Python expression, broadcasting
# a column against a row, a Python float sigma.
import cupy as cp


@cp.fuse()
def log_gaussian_pdf(x, mean, sigma):
    return -cp.log(sigma) - 0.5 * cp.log(2 * cp.pi) - 0.5 * ((x - mean) / sigma)**2
