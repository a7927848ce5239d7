# run: --kernel single_particle_pot phi2=@real5f_ggpe_pot.phi2.npy dt=0.0078125 v_gamma=@real5f_ggpe_pot.v_gamma.npy
# check: phi2 tol=1e-6
# input: phi2 = (rng.standard_normal((6, 6)) + 1j * rng.standard_normal((6, 6))).astype(np.complex64)
# input: v_gamma = rng.random((6, 6)) * 4.0
# Source: the same polariton simulation (class ggpe): the edge losses, `phi2 *=
# cp.exp(-dt*0.5*v_gamma)` with v_gamma float64 (the class builds it from cp.exp of
# float64 grids): complex64 times float64 is complex128, cast back into complex64 in place.
import cupy as cp


@cp.fuse(kernel_name="single_particle_pot")
def single_particle_pot(phi2: cp.ndarray, dt: float, v_gamma: float) -> None:
    """A fused kernel to apply single_particle_pot term

    Args:
        phi (cp.ndarray): The field in ph,exc basis
        dt (float): Propagation step in ps
        v_gamma (float): Loss at the edges of the grid
    """
    phi2 *= cp.exp(-dt*0.5*v_gamma) #*cp.exp(-1j*dt*v_single)
