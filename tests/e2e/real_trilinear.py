# run: --kernel interp_field_kernel --grid 2 --block 16 arr_size=20 result=zeros:float64:20 field=@real_trilinear.field.npy field_i=@real_trilinear.field_i.npy field_j=@real_trilinear.field_j.npy field_k=@real_trilinear.field_k.npy pos_x=@real_trilinear.pos_x.npy pos_y=@real_trilinear.pos_y.npy pos_z=@real_trilinear.pos_z.npy x_axis=@real_trilinear.x_axis.npy y_axis=@real_trilinear.y_axis.npy z_axis=@real_trilinear.z_axis.npy
# check: result tol=1e-13
# input: field = rng.standard_normal((6, 7, 8))
# input: field_i = rng.integers(0, 5, 20)
# input: field_j = rng.integers(0, 6, 20)
# input: field_k = rng.integers(0, 7, 20)
# input: pos_x = np.linspace(0, 5, 6)[rng.integers(0, 5, 20)] + rng.random(20)
# input: pos_y = rng.random(20) * 6
# input: pos_z = rng.random(20) * 14
# input: x_axis = np.linspace(0, 5, 6)
# input: y_axis = np.linspace(0, 6, 7)
# input: z_axis = np.linspace(0, 14, 8)
# A published program (guiding-centre particle tracing: trilinear interpolation of a 3-d
# field at neighbours found by searchsorted): int64 index arrays plus an int literal,
# 3-d tuple subscripts, `1 - xd` with an int literal. (astropy/line_profiler host code
# left out.)
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
def interp_field_kernel(
        arr_size, result, field,
        field_i, field_j, field_k,
        pos_x, pos_y, pos_z,
        x_axis, y_axis, z_axis
):
    """[CUPY KERNEL] Interpolate field using neighbors.
    
    Uses trilinear interpolation.
    """
    # Note to self: tried weighted sum of nearest neighbors
    # where weight was inverse difference, but result was
    # less smooth
    idx = jit.blockDim.x * jit.blockIdx.x + jit.threadIdx.x
    
    if idx < arr_size:    
        x0_idx = field_i[idx]
        x1_idx = field_i[idx] + 1
        y0_idx = field_j[idx]
        y1_idx = field_j[idx] + 1
        z0_idx = field_k[idx]
        z1_idx = field_k[idx] + 1
        
        # Get the corner points
        x0 = x_axis[x0_idx]
        x1 = x_axis[x1_idx]
        y0 = y_axis[y0_idx]
        y1 = y_axis[y1_idx]
        z0 = z_axis[z0_idx]
        z1 = z_axis[z1_idx]
    
        # Get the values at the corner points
        C000 = field[x0_idx, y0_idx, z0_idx]
        C100 = field[x1_idx, y0_idx, z0_idx]
        C010 = field[x0_idx, y1_idx, z0_idx]
        C110 = field[x1_idx, y1_idx, z0_idx]
        C001 = field[x0_idx, y0_idx, z1_idx]
        C101 = field[x1_idx, y0_idx, z1_idx]
        C011 = field[x0_idx, y1_idx, z1_idx]
        C111 = field[x1_idx, y1_idx, z1_idx]
        
        # Compute interpolation weights
        xd = (pos_x[idx] - x0) / (x1 - x0)
        yd = (pos_y[idx] - y0) / (y1 - y0)
        zd = (pos_z[idx] - z0) / (z1 - z0)
        
        # Trilinear interpolation formula
        C00 = C000 * (1 - xd) + C100 * xd
        C01 = C001 * (1 - xd) + C101 * xd
        C10 = C010 * (1 - xd) + C110 * xd
        C11 = C011 * (1 - xd) + C111 * xd
        
        C0 = C00 * (1 - yd) + C10 * yd
        C1 = C01 * (1 - yd) + C11 * yd
        
        result[idx] = C0 * (1 - zd) + C1 * zd
