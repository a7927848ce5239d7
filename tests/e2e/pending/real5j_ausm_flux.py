# run: --kernel set_ifaces_flux --grid 5,2 --block 1,8 ifaces_flux=zeros:float64:4x6x12x2 ifaces_pres=@real5j_ausm_flux.ifaces_pres.npy ifaces_var=@real5j_ausm_flux.ifaces_var.npy nb_equations=4 max_j=12 xperiodic=False
# check: ifaces_flux
# input: ifaces_pres = 1e5 * (1.0 + 0.2 * rng.random((6, 12, 2)))
# input: ifaces_var = np.stack([1.0 + 0.3 * rng.random((6, 12, 2)), 80.0 * rng.standard_normal((6, 12, 2)), 5.0 * rng.standard_normal((6, 12, 2)), 300.0 + 10.0 * rng.random((6, 12, 2))])
# A published program (a discontinuous-Galerkin Euler solver's right-hand side, its
# AUSM interface fluxes moved to cupyx.jit), the kernel unchanged: a module global
# declared by an annotation (`heat_capacity_ratio: float`) and bound before the launch,
# a tuple of a float global and two int literals unpacked into locals, jit.range
# loops over the equations, 4-d float64 arrays indexed by a uint32 block index and a
# computed thread index, `(M_L + 1.) ** 2`. (Its `left = -1` arm, for a periodic
# domain, is not taken: xperiodic is False.)
import cupy as cp
from cupyx import jit
from numpy.typing import NDArray

p0: float
Rd: float
cpd: float
cvd: float
heat_capacity_ratio: float

ifaces_pres: NDArray[cp.floating]

heat_capacity_ratio = 1.4


@jit.rawkernel()
def set_ifaces_flux(ifaces_flux, ifaces_pres, ifaces_var, nb_equations, max_j, xperiodic):
    """
    Run with `nb_interfaces_x - 2` x `nbsolpts * nb_elements_z` x `1` threads,
    with block size `(1, ?, 1)`
    and `max_j = nbsolpts * nb_elements_z`
    """
    j = jit.blockIdx.y * jit.blockDim.y + jit.threadIdx.y
    if j < max_j:
        i = jit.blockIdx.x
        left = i
        right = i + 1
        hcr, rho, rho_u = heat_capacity_ratio, 0, 1

        # Left state
        if xperiodic and left == 0:
            left = -1
        
        a_L = cp.sqrt(hcr * ifaces_pres[left, j, 1] / ifaces_var[rho, left, j, 1])
        M_L = ifaces_var[rho_u, left, j, 1] / (ifaces_var[rho, left, j, 1] * a_L)

        # Right state
        a_R = cp.sqrt(hcr * ifaces_pres[right, j, 0] / ifaces_var[rho, right, j, 0])
        M_R = ifaces_var[rho_u, right, j, 0] / (ifaces_var[rho, right, j, 0] * a_R)

        M = 0.25 * ((M_L + 1.) ** 2 - (M_R - 1.) ** 2)
        rho_u_extra = 0.5 * ((1. + M_L) * ifaces_pres[left, j, 1] + (1. - M_R) * ifaces_pres[right, j, 0])

        if M > 0:
            for k in jit.range(nb_equations):
                r = ifaces_var[k, left, j, 1] * M * a_L
                if k == rho_u:
                    r += rho_u_extra
                ifaces_flux[k, right, j, 0] = r
                ifaces_flux[k, left, j, 1] = r
        else:
            for k in jit.range(nb_equations):
                r = ifaces_var[k, right, j, 0] * M * a_R
                if k == rho_u:
                    r += rho_u_extra
                ifaces_flux[k, right, j, 0] = r
                ifaces_flux[k, left, j, 1] = r
