# run: --kernel squareMag x=@real_square_mag.x.npy
# check: out tol=1e-6
# input: x = (rng.standard_normal(40) + 1j * rng.standard_normal(40)).astype(np.complex64)
# A real program (a radio telescope's FFT readout): a bare `@cp.fuse` decorator (no call),
# tab-indented, cp.square of cp.abs of complex64 (float32).
import cupy as cp

@cp.fuse
def squareMag(x):
	return cp.square(cp.abs(x))
