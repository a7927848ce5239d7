# run: --kernel non_linearity phi1=@real5f_ggpe_nonlin.phi1.npy dt=0.0078125 g0=0.3
# check: phi1 tol=1e-5
# input: phi1 = (rng.standard_normal((6, 8)) + 1j * rng.standard_normal((6, 8))).astype(np.complex64)
# Source: a published exciton-polariton simulation (driven-dissipative Gross-Pitaevskii,
# class ggpe, the Quantum-Optics-LKB group's code; found by the code index): the fused
# nonlinear step `phi1 *= cp.exp(-1j*dt*g0*cp.abs(phi1)**2)`, annotated parameters
# (`phi1: cp.ndarray, dt: float, g0: float) -> None`), a Python complex times Python floats
# times float32: complex64, written back into the argument.
import cupy as cp


@cp.fuse(kernel_name="non_linearity")
def non_linearity(phi1: cp.ndarray, dt: float, g0: float) -> None:
    """A fused kernel to apply non linearity term

    Args:
        phi (cp.ndarray): The field in ph,exc basis
        dt (float): Propagation step in ps
        g0 (float): Interactions
    """
    phi1 *= cp.exp(-1j*dt*g0*cp.abs(phi1)**2)
