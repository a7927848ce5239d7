# run: --kernel boundary_kernel_3D_z --grid 1,2,2 --block 2,4,4 fields=@real5j_ppf_bc_3d_z.fields.npy bcfields=@real5j_ppf_bc_3d_z.bcfields.npy bcs=@real5j_ppf_bc_3d_z.bcs.npy l=@real5j_ppf_bc_3d_z.l.npy r=@real5j_ppf_bc_3d_z.r.npy dx=0.1
# check: fields tol=1e-6
# input: fields = rng.standard_normal((2, 6, 5, 7))
# input: bcfields = rng.standard_normal((2,2,5,7))
# input: bcs = np.array([[0, 0], [1, 2], [2, 1]], dtype=np.int64)
# input: l = np.array([[1, 1, 0, 0], [1, 0, 0, 1], [0, 0, 1, 0]], dtype=np.int64)
# input: r = np.array([[1, 0, 0, 0], [1, 1, 0, 1], [0, 1, 1, 0]], dtype=np.int64)
# A published program (a phase-field library's GPU boundary conditions, pyphasefield's
# ppf_gpu_utils), its 3-d z-boundary kernel unchanged: `jit.grid(3)` and `jit.gridsize(3)`
# unpacked into names in z, y, x order (so "startz" is the x index), a row of an int64
# table taken by `l[bcs[0][0]]` and indexed once more, `%` of shapes, a 4-d float64 array
# indexed one axis at a time (`fields[k][fi1][i][j]`, row of a row of a row), an int64
# table entry times a Python float `dx` times a float64 value, three grid-stride loops.
# Here periodic on both sides (row 0 of bcs): fields[k][5] from fields[k][1] and
# fields[k][0] from fields[k][4].
from cupyx import jit
import cupy as cp
import numpy as np
import math


@jit.rawkernel()
def boundary_kernel_3D_z(fields, bcfields, bcs, l, r, dx):
    startz, starty, startx = jit.grid(3)
    stridez, stridey, stridex = jit.gridsize(3)
    bc1 = l[bcs[0][0]]
    bc2 = r[bcs[0][1]]
    fi1 = (fields.shape[1]-bc1[1])%fields.shape[1]
    fi2 = (fields.shape[1]-bc2[1])%fields.shape[1]
    
    
    for i in range(starty, fields.shape[2], stridey):
        for j in range(startx, fields.shape[3], stridex):
            for k in range(startz, fields.shape[0], stridez):
                fields[k][fi1][i][j] = bc1[0]*fields[k][1][i][j] + bc1[2]*bcfields[k][0][i][j] - bc1[3]*dx*bcfields[k][0][i][j]
                fields[k][fi2][i][j] = bc2[0]*fields[k][fields.shape[1]-2][i][j] + bc2[2]*bcfields[k][1][i][j] + bc2[3]*dx*bcfields[k][1][i][j]
