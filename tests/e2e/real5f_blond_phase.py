# run: --kernel __beam_phase_helper bin_centers=@real5f_blond_phase.bin_centers.npy profile=@real5f_blond_phase.profile.npy alpha=0.35 omega_rf=2.5 phi_rf=0.25
# check: out0 out1 tol=1e-12
# input: bin_centers = np.linspace(-2.0, 2.0, 40)
# input: profile = rng.random(40)
# Source: github.com/blond-admin/BLonD, its GPU physics module (the CuPy backend of
# beam_phase): a fused helper named with a leading double underscore and
# kernel_name='beam_phase_helper', Python float scalars, a local reused twice, a tuple
# of two arrays returned.
import cupy as cp


@cp.fuse(kernel_name='beam_phase_helper')
def __beam_phase_helper(bin_centers, profile, alpha, omega_rf, phi_rf):
    """Helper function, used by beam_phase

    Args:
        bin_centers (_type_): _description_
        profile (_type_): _description_
        alpha (_type_): _description_
        omega_rf (_type_): _description_
        phi_rf (_type_): _description_

    Returns:
        _type_: _description_
    """
    base = cp.exp(alpha * bin_centers) * profile
    a = omega_rf * bin_centers + phi_rf
    return base * cp.sin(a), base * cp.cos(a)
