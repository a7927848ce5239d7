# run: --kernel winfunc x=@real5_oct_winfunc.x.npy y=@real5_oct_winfunc.y.npy
# check: z tol=1e-6
# input: x = rng.standard_normal((5, 40)).astype(np.float32)
# input: y = np.exp(-1j * rng.random((1, 40)) * 3).astype(np.complex64)
# Modelled on the same OCT acquisition program's winfunc ElementwiseKernel, unchanged: a
# float32 input times a complex64 one (a (1, samples) dispersion row broadcast over the
# A-lines) into an allocated complex64 output, `z=x*y` without spaces.
import cupy


winfunc = cupy.ElementwiseKernel(
                'float32 x, complex64 y',
                'complex64 z',
                'z=x*y',
                'winfunc')
