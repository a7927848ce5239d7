# run: --kernel rhs_kernel --grid 2 --block 16 arr_size=25 y=@real_guiding_center.y.npy dydt_arr=zeros:float64:25x5 Bx_arr=@real_guiding_center.Bx_arr.npy By_arr=@real_guiding_center.By_arr.npy Bz_arr=@real_guiding_center.Bz_arr.npy B_arr=@real_guiding_center.B_arr.npy Ex_arr=@real_guiding_center.Ex_arr.npy Ey_arr=@real_guiding_center.Ey_arr.npy Ez_arr=@real_guiding_center.Ez_arr.npy dBdx_arr=@real_guiding_center.dBdx_arr.npy dBdy_arr=@real_guiding_center.dBdy_arr.npy dBdz_arr=@real_guiding_center.dBdz_arr.npy dBxdy_arr=@real_guiding_center.dBxdy_arr.npy dBxdz_arr=@real_guiding_center.dBxdz_arr.npy dBydx_arr=@real_guiding_center.dBydx_arr.npy dBydz_arr=@real_guiding_center.dBydz_arr.npy dBzdx_arr=@real_guiding_center.dBzdx_arr.npy dBzdy_arr=@real_guiding_center.dBzdy_arr.npy
# check: dydt_arr tol=1e-12
# input: y = rng.standard_normal((25, 5)) * 0.5 + np.array([3.0, 1.0, 0.5, 0.2, 0.3])
# input: Bx_arr = rng.standard_normal(25) + 0.5
# input: By_arr = rng.standard_normal(25) + 0.5
# input: Bz_arr = rng.standard_normal(25) + 0.5
# input: B_arr = rng.random(25) + 1.0
# input: Ex_arr = rng.standard_normal(25) * 0.1
# input: Ey_arr = rng.standard_normal(25) * 0.1
# input: Ez_arr = rng.standard_normal(25) * 0.1
# input: dBdx_arr = rng.standard_normal(25) * 0.1
# input: dBdy_arr = rng.standard_normal(25) * 0.1
# input: dBdz_arr = rng.standard_normal(25) * 0.1
# input: dBxdy_arr = rng.standard_normal(25) * 0.1
# input: dBxdz_arr = rng.standard_normal(25) * 0.1
# input: dBydx_arr = rng.standard_normal(25) * 0.1
# input: dBydz_arr = rng.standard_normal(25) * 0.1
# input: dBzdx_arr = rng.standard_normal(25) * 0.1
# input: dBzdy_arr = rng.standard_normal(25) * 0.1
# A published program (guiding-centre particle tracing in Earth's magnetosphere, the
# right-hand side of the gyro-averaged equations of motion): 19 parameters, `**2` of a
# float64, int literals in float64 arithmetic (`1 + 2 * B * M`, `1 / (...)`), tabs inside a
# parenthesised expression, stores into columns of a 2-d array. (The program's astropy and
# line_profiler host code is left out.)
import cupy as cp
import sys
from cupyx import jit
import math
from dataclasses import dataclass
from typing import Any


class RK45Coeffs:
    """
    Coefficients of the RK45 Algorithm
    """
    a2 = 0.25;
    a3 = 0.375;
    a4 = 12/13;


@jit.rawkernel()
def rhs_kernel(
        arr_size, y, dydt_arr, 
        Bx_arr, By_arr, Bz_arr, B_arr,
        Ex_arr, Ey_arr, Ez_arr,
        dBdx_arr, dBdy_arr, dBdz_arr,
        dBxdy_arr, dBxdz_arr, dBydx_arr, dBydz_arr, dBzdx_arr, dBzdy_arr,
):
    """[CUPY KERNEL] implements RHS of oDE. 

    Uses gyro-averaged equations of motion developed by Brizzard and Chan (Phys.
    Plasmas 6, 4553, 1999),

    Writes output to dydt[idx, :]
    """
    idx = jit.blockDim.x * jit.blockIdx.x + jit.threadIdx.x

    if idx < arr_size:    
        # Pull variables out of arrays
        ppar  = y[idx, 3]
        M     = y[idx, 4]

        Bx = Bx_arr[idx]
        By = By_arr[idx]
        Bz = Bz_arr[idx]
        B  = B_arr[idx]

        Ex = Ex_arr[idx]
        Ey = Ey_arr[idx]
        Ez = Ez_arr[idx]

        dBdx = dBdx_arr[idx]
        dBdy = dBdy_arr[idx]
        dBdz = dBdz_arr[idx]
    
        dBxdy = dBxdy_arr[idx]
        dBxdz = dBxdz_arr[idx]
        dBydx = dBydx_arr[idx]
        dBydz = dBydz_arr[idx]
        dBzdx = dBzdx_arr[idx]
        dBzdy = dBzdy_arr[idx]
        
        # gyro-averaged equations of motion developed by Brizzard and Chan (Phys.
        # Plasmas 6, 4553, 1999),
        gamma = cp.sqrt(1 + 2 * B * M + ppar**2)
        pparl_B = ppar / B
        pparl_B2 = pparl_B / B
        Bxstar = Bx + pparl_B * (dBzdy - dBydz) - pparl_B2 * (Bz * dBdy - By * dBdz)
        Bystar = By + pparl_B * (dBxdz - dBzdx) - pparl_B2 * (Bx * dBdz - Bz * dBdx)
        Bzstar = Bz + pparl_B * (dBydx - dBxdy) - pparl_B2 * (By * dBdx - Bx * dBdy)
        Bsparl = (Bx * Bxstar + By * Bystar + Bz * Bzstar) / B
        gamma_Bsparl = 1 / (gamma * Bsparl)
        pparl_gamma_Bsparl = ppar * gamma_Bsparl
        B_Bsparl = 1/ (B * Bsparl)
        M_gamma_Bsparl = M * gamma_Bsparl
        M_gamma_B_Bsparl = M_gamma_Bsparl / B
        
        # 	  ...now calculate dynamic quantities...
        dydt_arr[idx, 0] = (
            pparl_gamma_Bsparl * Bxstar                    # curv drft + parl
            + M_gamma_B_Bsparl * (By * dBdz - Bz * dBdy)   # gradB drft
     	    + B_Bsparl * (Ey * Bz - Ez * By)	           # ExB drft
        )
        dydt_arr[idx, 1] = (
            pparl_gamma_Bsparl * Bystar	                   # curv drft + parl
     	    + M_gamma_B_Bsparl * (Bz * dBdx - Bx * dBdz)   # gradB drft
     	    + B_Bsparl * (Ez * Bx - Ex * Bz)               # ExB drft
        )
        dydt_arr[idx, 2] = (
            pparl_gamma_Bsparl * Bzstar		           # curv drft + parl
     	    + M_gamma_B_Bsparl * (Bx * dBdy - By * dBdx)   # gradB drft
     	    + B_Bsparl * (Ex * By - Ey * Bx)		   # ExB drft
        )
        dydt_arr[idx, 3] = (
            (Bxstar * Ex + Bystar * Ey + Bzstar * Ez) / Bsparl   # parl force
            - M_gamma_Bsparl * (Bxstar * dBdx + Bystar * dBdy + Bzstar * dBdz)
        )
