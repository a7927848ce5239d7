# run: --kernel pressure_kernel --grid 3,3 --block 4,4 vx=@real_seismic_pressure.vx.npy vy=@real_seismic_pressure.vy.npy pressure=@real_seismic_pressure.pressure.npy kappa=@real_seismic_pressure.kappa.npy mdvx_dx=@real_seismic_pressure.mdvx_dx.npy mdvy_dy=@real_seismic_pressure.mdvy_dy.npy a_x_h=@real_seismic_pressure.a_x_h.npy b_x_h=@real_seismic_pressure.b_x_h.npy k_x_h=@real_seismic_pressure.k_x_h.npy a_y=@real_seismic_pressure.a_y.npy b_y=@real_seismic_pressure.b_y.npy k_y=@real_seismic_pressure.k_y.npy coefs=@real_seismic_pressure.coefs.npy idx_fd=@real_seismic_pressure.idx_fd.npy source_term=@real_seismic_pressure.source_term.npy idx_source=@real_seismic_pressure.idx_source.npy it=3 dt=0.001 one_dx=0.5 one_dy=0.25 p_2=ones:float32:1 nx=12 ny=12 ord=2
# check: pressure mdvx_dx mdvy_dy p_2 tol=1e-5
# input: vx = rng.standard_normal((12, 12)).astype(np.float32)
# input: vy = rng.standard_normal((12, 12)).astype(np.float32)
# input: pressure = rng.standard_normal((12, 12)).astype(np.float32)
# input: kappa = (rng.random((12, 12)) * 2 + 1).astype(np.float32)
# input: mdvx_dx = rng.standard_normal((12, 12)).astype(np.float32)
# input: mdvy_dy = rng.standard_normal((12, 12)).astype(np.float32)
# input: a_x_h = rng.standard_normal(12).astype(np.float32)
# input: b_x_h = rng.standard_normal(12).astype(np.float32)
# input: k_x_h = (rng.random(12) + 1).astype(np.float32)
# input: a_y = rng.standard_normal(12).astype(np.float32)
# input: b_y = rng.standard_normal(12).astype(np.float32)
# input: k_y = (rng.random(12) + 1).astype(np.float32)
# input: coefs = np.array([1.125, -0.04166667], np.float32)
# input: idx_fd = np.array([[c + 1, c, -c, -c - 1] for c in range(2)], np.int32)
# input: source_term = rng.standard_normal((5, 2)).astype(np.float32)
# input: idx_source = np.where(np.add.outer(np.arange(12), np.arange(12)) % 7 == 0, np.add.outer(np.arange(12), np.arange(12)) % 2, -1).astype(np.int32)
# A published program (an acoustic wave simulator with a CPML boundary, CuPy rawkernel
# version): the kernel as its class's method defines it, dedented; 24 parameters, one of
# them named `ord` (a builtin, shadowed), `cupy.int32(x)` of the uint32 grid index, a
# staggered-grid stencil over `range(0, ord)` indexed by an int32 table, float32 locals
# from `0.0`, `if(...)` conditions in parentheses, a source term read where a mask is set.
import argparse
from time import time
import numpy as np

import cupy
import cupyx
import cupyx.jit


@cupyx.jit.rawkernel()
def pressure_kernel(vx, vy, pressure, kappa,
                    mdvx_dx, mdvy_dy,
                    a_x_h, b_x_h, k_x_h,
                    a_y, b_y, k_y,
                    coefs, idx_fd, source_term, idx_source, it,
                    dt, one_dx, one_dy, p_2,
                    nx, ny, ord):
    x, y = cupyx.jit.grid(2)
    x_i32 = cupy.int32(x)
    y_i32 = cupy.int32(y)
    
    last = ord - 1
    offset = ord - 1
    i_dix = -idx_fd[last, 2]
    i_dfx = nx - idx_fd[last, 0]
    i_diy = -idx_fd[last, 3]
    i_dfy = ny - idx_fd[last, 1]

    # Pressure
    p_2[0] = 0.0
    if(x_i32 >= i_dix and x_i32 < i_dfx and y_i32 >= i_diy and y_i32 < i_dfy):
        vdvx_dx = 0.0
        vdvy_dy = 0.0
        for c in range(0, ord):
            vdvx_dx += coefs[c] * (vx[x_i32 + idx_fd[c, 0], y] - vx[x_i32 + idx_fd[c, 2], y]) * one_dx
            vdvy_dy += coefs[c] * (vy[x, y_i32 + idx_fd[c, 1]] - vy[x, y_i32 + idx_fd[c, 3]]) * one_dy

        mdvx_dx_new = b_x_h[x_i32 - offset] * mdvx_dx[x, y] + a_x_h[x_i32 - offset] * vdvx_dx
        mdvy_dy_new = b_y[y_i32 - offset] * mdvy_dy[x, y] + a_y[y_i32 - offset] * vdvy_dy

        vdvx_dx = vdvx_dx/k_x_h[x_i32 - offset] + mdvx_dx_new
        vdvy_dy = vdvy_dy/k_y[y_i32 - offset]  + mdvy_dy_new

        mdvx_dx[x, y] = mdvx_dx_new
        mdvy_dy[x, y] = mdvy_dy_new

        pressure[x, y] += kappa[x, y]*(vdvx_dx + vdvy_dy) * dt
        
        # Adiciona o sinal de fonte, se o pixel fizer parte de uma fonte
        idx_src = idx_source[x, y]
        if idx_src != -1:
            pressure[x, y] += source_term[it - 1, idx_src] * dt * one_dx * one_dy
