# run: --kernel boundary_kernel_3D_x --grid 1,2,2 --block 2,4,4 fields=@real5j_ppf_bc_3d_x.fields.npy bcfields=@real5j_ppf_bc_3d_x.bcfields.npy bcs=@real5j_ppf_bc_3d_x.bcs.npy l=@real5j_ppf_bc_3d_x.l.npy r=@real5j_ppf_bc_3d_x.r.npy dx=0.1
# check: fields tol=1e-6
# input: fields = rng.standard_normal((2, 6, 5, 7))
# input: bcfields = rng.standard_normal((2,6,5,2))
# input: bcs = np.array([[0, 0], [1, 2], [2, 1]], dtype=np.int64)
# input: l = np.array([[1, 1, 0, 0], [1, 0, 0, 1], [0, 0, 1, 0]], dtype=np.int64)
# input: r = np.array([[1, 0, 0, 0], [1, 1, 0, 1], [0, 1, 1, 0]], dtype=np.int64)
# A published program (a phase-field library's GPU boundary conditions, pyphasefield's
# ppf_gpu_utils), its 3-d x-boundary kernel unchanged: as real5j_ppf_bc_3d_z on the last
# axis, with row 2 of the condition table: Dirichlet on the left (fields[k][i][j][6] =
# bcfields[k][i][j][0]), Neumann on the right (fields[k][i][j][0] = fields[k][i][j][5]
# + dx * bcfields[k][i][j][1], an int64 times a Python float times a float64).
from cupyx import jit
import cupy as cp
import numpy as np
import math


@jit.rawkernel()
def boundary_kernel_3D_x(fields, bcfields, bcs, l, r, dx):
    startz, starty, startx = jit.grid(3)
    stridez, stridey, stridex = jit.gridsize(3)
    bc1 = l[bcs[2][0]]
    bc2 = r[bcs[2][1]]
    fi1 = (fields.shape[3]-bc1[1])%fields.shape[3]
    fi2 = (fields.shape[3]-bc2[1])%fields.shape[3]
    
    for i in range(startz, fields.shape[1], stridez):
        for j in range(starty, fields.shape[2], stridey):
            for k in range(startx, fields.shape[0], stridex):
                fields[k][i][j][fi1] = bc1[0]*fields[k][i][j][1] + bc1[2]*bcfields[k][i][j][0] - bc1[3]*dx*bcfields[k][i][j][0]
                fields[k][i][j][fi2] = bc2[0]*fields[k][i][j][fields.shape[3]-2] + bc2[2]*bcfields[k][i][j][1] + bc2[3]*dx*bcfields[k][i][j][1]
