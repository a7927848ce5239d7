# run: --kernel set_df1_dx1 --grid 2,3,2 --block 1,1,4 df1_dx1=zeros:float64:2x3x15 flux_x1=@real_dg_df1_dx1.flux_x1.npy ifaces_flux=@real_dg_df1_dx1.ifaces_flux.npy diff_solpt=@real_dg_df1_dx1.diff_solpt.npy correction=@real_dg_df1_dx1.correction.npy dx1=200.0 nbsolpts=3 nb_elements_x=5
# check: df1_dx1 tol=1e-7
# input: flux_x1 = rng.standard_normal((2, 3, 15)) * 100
# input: ifaces_flux = rng.standard_normal((2, 6, 3, 2)) * 100
# input: diff_solpt = rng.standard_normal((3, 3))
# input: correction = rng.standard_normal((3, 2))
# A published program (a discontinuous-Galerkin atmosphere model's x-derivative): a tuple
# of constants assigned to four names (`i, j, start, r = 0, 0, 0, 0.0`: int32 and float32
# locals under CUDA typing), uint32 block indices stored into them, `jit.range` loops over
# an int argument and a literal, a float32 accumulator of float64 products (each `+=`
# rounds to float32), `2.0 * r / dx1` in float32; module-level annotations without values.
# CuPy 14.2 with NumPy 2 rejects the program as published (`nbsolpts * k`: an unsigned
# value with a signed one, "Cannot cast from 'int32' to uint32 with casting rule
# same_kind"); pykc computes it in the unsigned type (docs/language.md §2.6,
# extension), checked against tools/jit_models.py's model (gen_expected JIT_REFUSED).
import sys
import pickle
import numpy as np
import cupy as cp
from cupyx import jit
from numpy.typing import NDArray

p0: float
Rd: float
cpd: float
cvd: float
heat_capacity_ratio: float

Q: NDArray[cp.floating]
nbsolpts: int
nb_elements_x: int
nb_elements_z: int

dx1: float
dx3: float

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

@jit.rawkernel()
def set_df1_dx1(df1_dx1, flux_x1, ifaces_flux, diff_solpt, correction, dx1, nbsolpts, nb_elements_x):
    """
    Run with `Q.shape[0]` x `Q.shape[1]` x `Q.shape[2] // nbsolpts` total threads,
    with block size `(1, 1, ?)`
    note that diff_solpt and correction are automatically transposed
    """
    i, j, start, r = 0, 0, 0, 0.0
    k = jit.blockIdx.z * jit.blockDim.z + jit.threadIdx.z
    if k < nb_elements_x:
        i = jit.blockIdx.x
        j = jit.blockIdx.y

        start = nbsolpts * k
        for l in jit.range(nbsolpts):
            r = 0.0

            for m in jit.range(nbsolpts):
                r += flux_x1[i, j, start + m] * diff_solpt[l, m]
            for m in jit.range(2):
                r += ifaces_flux[i, k, j, m] * correction[l, m]
            
            df1_dx1[i, j, start + l] = 2.0 * r / dx1
