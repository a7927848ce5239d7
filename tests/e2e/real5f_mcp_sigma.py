# run: --kernel get_sigma_x x=@real5f_mcp_sigma.x.npy
# check: out tol=1e-6
# input: x = (rng.random(25) * 200).astype(np.float32)
# A published program (the same millicharged-particle simulation): module constants
# computed at import (`DL = DL * 1e-6`, `v_d = v_d * 1e-1`: rebound names), a Python
# expression of them inside cp.sqrt with a float32 array.
import cupy as cp

DL = 3.74  # cm²/s (longitudinal electron diffusion coeff)
DL = DL * 1e-6  # cm²/μs (longitudinal electron diffusion coeff)
v_d = 1.076  # mm/μs (drift velocity)
v_d = v_d * 1e-1  # cm/μs (drift velocity)
sigma_t0_2 = 1.98  # μs² (time width)


@cp.fuse
def get_sigma_x(x: cp.float32):
    """GPU vectorized function to convert distance to readout to Gaussian width of spread
    :param x: Distance from interaction to readout plane, cm
    :return: Gaussian width, cm
    """
    # drift time, μs
    t = x / v_d
    # equation 3.1 of https://iopscience.iop.org/article/10.1088/1748-0221/16/09/P09025/pdf
    # this is the width on the collection plane (μs)
    sigma_t = cp.sqrt(sigma_t0_2 + (2 * DL / v_d ** 2) * t)
    return sigma_t * v_d * 6  # 6 is a fudge factor
