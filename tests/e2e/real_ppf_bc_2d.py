# run: --kernel boundary_kernel_2D_y --grid 2,2 --block 4,8 fields=@real_ppf_bc_2d.fields.npy bcfields=@real_ppf_bc_2d.bcfields.npy bcs=@real_ppf_bc_2d.bcs.npy l=@real_ppf_bc_2d.l.npy r=@real_ppf_bc_2d.r.npy dx=0.1:float64
# check: fields tol=1e-14
# input: fields = rng.standard_normal((3, 7, 12))
# input: bcfields = rng.standard_normal((3, 2, 12))
# input: bcs = np.array([[1, 2], [0, 0]], np.int64)
# input: l = np.array([[1, 1, 0, 0], [1, 0, 0, 1], [0, 0, 1, 0]], np.int64)
# input: r = np.array([[1, 0, 0, 0], [1, 1, 0, 1], [0, 1, 1, 0]], np.int64)
# A published program (phase-field simulation, boundary conditions along y): rows of a
# 2-d int64 table picked by another array's elements (`l[bcs[0][0]]`, a 1-d view), chained
# single subscripts of a 3-d array (`fields[j][fi1][i]`), Python's `%` of int64 shape
# values, `jit.grid(2)`/`jit.gridsize(2)` unpacked, grid-stride loops.
from cupyx import jit
import cupy as cp
import numpy as np
import math


@jit.rawkernel()
def boundary_kernel_2D_y(fields, bcfields, bcs, l, r, dx):
    starty, startx = jit.grid(2)
    stridey, stridex = jit.gridsize(2)
    bc1 = l[bcs[0][0]]
    bc2 = r[bcs[0][1]]
    fi1 = (fields.shape[1]-bc1[1])%fields.shape[1]
    fi2 = (fields.shape[1]-bc2[1])%fields.shape[1]
    
    for i in range(startx, fields.shape[2], stridex):
        for j in range(starty, fields.shape[0], stridey):
            fields[j][fi1][i] = bc1[0]*fields[j][1][i] + bc1[2]*bcfields[j][0][i] - bc1[3]*dx*bcfields[j][0][i]
            fields[j][fi2][i] = bc2[0]*fields[j][fields.shape[1]-2][i] + bc2[2]*bcfields[j][1][i] + bc2[3]*dx*bcfields[j][1][i]
