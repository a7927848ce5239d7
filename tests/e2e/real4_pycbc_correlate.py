# run: --kernel correlate_kernel x=@real4_pycbc_correlate.x.npy y=@real4_pycbc_correlate.y.npy z=zeros:complex64:40
# check: z tol=1e-6
# input: x = (rng.standard_normal(40) + 1j * rng.standard_normal(40)).astype(np.complex64)
# input: y = (rng.standard_normal(40) + 1j * rng.standard_normal(40)).astype(np.complex64)
# Modelled on github.com/gwastro/pycbc, pycbc/filter/matchedfilter_cupy.py (39db77cbe):
# the matched filter's correlation, an ElementwiseKernel whose three parameters each have
# their own type placeholder (X, Y, Z: all complex64 here), conj() of a complex input,
# called with its output array given (correlate(a, b, out) passes out.data).
import cupy as cp

correlate_kernel = cp.ElementwiseKernel(
    "X x, Y y",
    "Z z",
    "z = conj(x) * y",
    "correlate_kernel"
)
