# run: --kernel fused_compute_rho psi=@real_compute_rho.psi.npy epsilon=1e-3
# check: out
# input: psi = (rng.standard_normal(25) + 1j * rng.standard_normal(25)) * np.where(np.arange(25) % 5 == 0, 1e-3, 1.0)
# A real program (the same solver's density): cp.real/cp.imag of complex128 into locals,
# cp.maximum with a Python float argument.
import cupy as cp


@cp.fuse()
def fused_compute_rho(psi, epsilon):
    re = cp.real(psi)
    im = cp.imag(psi)
    return cp.maximum((re * re) + (im * im), epsilon)
