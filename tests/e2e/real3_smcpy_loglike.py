# run: --kernel calc_normal_log_like output=@real3_smcpy_loglike.output.npy data=@real3_smcpy_loglike.data.npy var=@real3_smcpy_loglike.var.npy
# check: out tol=1e-12
# input: output = rng.standard_normal((3, 4, 5))
# input: data = rng.standard_normal((4, 5))
# input: var = np.asarray(0.37)
# A published program (SMCPy, sequential Monte Carlo sampling): its GPU log-likelihood,
# `@cupy.fuse(kernel_name=...)` functions unchanged, which reach NumPy or CuPy through a
# module attribute (`gi.num_lib`, smcpy.utils.global_imports' array library, CuPy on the
# GPU; here a SimpleNamespace holding cupy): gi.num_lib.log, gi.num_lib.pi and a sum
# over axis 2 of a (3, 4, 5) model output against (4, 5) data, a 0-d variance, `**2`,
# `* -0.5`. (fused_is_nan's any(isnan(...)) is the other kernel.)
from types import SimpleNamespace

import cupy
import numpy as np

gi = SimpleNamespace(num_lib=cupy)


@cupy.fuse(kernel_name='fused_is_nan_kernel')
def fused_is_nan(output):
    return gi.num_lib.any(gi.num_lib.isnan(output))
 

@cupy.fuse(kernel_name='calc_normal_log_like_kernel')
def calc_normal_log_like(output, data, var):
    term1 = gi.num_lib.log(2 * gi.num_lib.pi * var)
    term2 = (output - data)**2 / var
    return gi.num_lib.sum((term1 + term2) * -0.5, axis=2)
