# run: --kernel _log_logistic_kernel e=2.718281828459045 x=@real5_log_logistic.x.npy
# check: o tol=1e-6
# input: x = (rng.standard_normal(50) * 4).astype(np.float32)
# Modelled on a published Chainer/CuPy utilities package (kernel metrics, FIFO queues):
# its _log_logistic_kernel unchanged, called as log_logistic calls it, with math.e (a
# Python float) for `T e` beside a float32 array: T is float32 (the Python scalar does
# not decide it), e is cast to float32, pow(e, -x) and 1.0 / (1.0 + ...) (double
# literals) into a float32 output.
import math

import cupy

_log_logistic_kernel = cupy.ElementwiseKernel(
    'T e, T x',
    'T o',
    'o = log(1.0 / (1.0 + pow(e, -x)))',
    'log_logistic_kernel'
)


def log_logistic(x):
    return _log_logistic_kernel(math.e, x)
