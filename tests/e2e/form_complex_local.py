# run: --kernel phase x=@form_complex_local.x.npy
# check: y tol=1e-6
# input: x = rng.standard_normal(500).astype(np.float32) * 10
# A real ElementwiseKernel whose snippet makes complex values of its own: complex<float>
# and thrust's exp are there as CuPy's headers give them to every kernel (|exp(ix) x| is
# |x|, to rounding).
import cupy as cp

phase = cp.ElementwiseKernel('float32 x', 'float32 y', 'y = abs(exp(complex<float>(0, x)) * x)',
                             'phase')
