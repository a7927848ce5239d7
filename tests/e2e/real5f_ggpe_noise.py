# run: --kernel add_noise phi1=@real5f_ggpe_noise.phi1.npy phi2=@real5f_ggpe_noise.phi2.npy rand1=@real5f_ggpe_noise.rand1.npy rand2=@real5f_ggpe_noise.rand2.npy v_gamma=@real5f_ggpe_noise.v_gamma.npy gamma_exc=0.05 gamma_ph=0.1 dv=1.5 noise_exc=0.2 noise_ph=0.3
# check: phi1 phi2 tol=1e-6
# input: phi1 = (rng.standard_normal((4, 5)) + 1j * rng.standard_normal((4, 5))).astype(np.complex64)
# input: phi2 = (rng.standard_normal((4, 5)) + 1j * rng.standard_normal((4, 5))).astype(np.complex64)
# input: rand1 = rng.standard_normal((4, 5)) + 1j * rng.standard_normal((4, 5))
# input: rand2 = rng.standard_normal((4, 5)) + 1j * rng.standard_normal((4, 5))
# input: v_gamma = rng.random((4, 5))
# Source: the same polariton simulation (class ggpe): the noise term, two arguments
# updated in place, cp.sqrt of an expression of Python floats only (a scalar inside the
# fused body), complex128 noise added into complex64 fields.
import cupy as cp


@cp.fuse(kernel_name="add_noise")
def add_noise(phi1: cp.ndarray, phi2: cp.ndarray, rand1: cp.ndarray, rand2: cp.ndarray, v_gamma: cp.ndarray, gamma_exc: float, gamma_ph: float,
            dv: float, noise_exc: float, noise_ph: float) -> None:
    """A fused kernel to add gaussian noise

    Args:
        phi (cp.ndarray): The field in ph,exc basis
        dt (float): Propagation step in ps
        v_gamma (float): Loss at the edges of the grid
    """
    phi1 += noise_exc*cp.sqrt(gamma_exc/4*dv)*rand1
    phi2 += noise_ph*cp.sqrt((v_gamma+gamma_ph)/4*dv)*rand2
