# run: --kernel accum_diff_sq_kernel input=@real4_pycbc_norm_accum.input.npy output=@real4_pycbc_norm_accum.output.npy
# check: output tol=1e-6
# input: input = (rng.standard_normal(48) + 1j * rng.standard_normal(48)).astype(np.complex64)
# input: output = rng.random(48).astype(np.float32)
# Modelled on github.com/gwastro/pycbc, pycbc/vetoes/chisq_cupy.py (39db77cbe): the chi^2
# veto's accumulation, an ElementwiseKernel whose only output is `raw Y output` (a float32
# array the caller passes, read and written at `output[i]`, the loop's size taken from the
# complex64 input) and norm() of a complex value (|z|^2, as thrust's norm).
import cupy as cp

accum_diff_sq_kernel = cp.ElementwiseKernel(
    "X input",
    "raw Y output",
    "output[i] += norm(input)",
    "accum_diff_sq_kernel"
)
