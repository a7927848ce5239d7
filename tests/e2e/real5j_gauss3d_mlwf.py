# run: --kernel gaussian3d_gpu_kernel --grid 2 --block 16 unit_cell=@real5j_gauss3d_mlwf.unit_cell.npy r1=@real5j_gauss3d_mlwf.r1.npy r2=@real5j_gauss3d_mlwf.r2.npy spread=@real5j_gauss3d_mlwf.spread.npy dspl_norm=@real5j_gauss3d_mlwf.dspl_norm.npy result=zeros:float64:3x40 ngrid=40 nefield=3 nmlwf=4
# check: result tol=1e-12
# input: unit_cell = np.array([[10.0, 0.0, 0.0], [0.5, 9.0, 0.0], [0.2, 0.3, 11.0]])
# input: r1 = rng.random((40, 3))
# input: r2 = rng.random((3, 4, 3))
# input: spread = 1.0 + rng.random((3, 4, 1))
# input: dspl_norm = rng.standard_normal((3, 4, 1))
# A published program (Wannier-centre displacements spread as 3-d Gaussians on a grid,
# a machine-learned dielectric model's GPU path), its kernel unchanged (defined inside
# a `try:` block, as the program does): `pi2 = cupy.pi * 2` (a float32 local: a float
# constant assigned in a kernel is float32 in cupyx's default mode), `** 2`,
# `** 0.5`, `** 1.5` of float64 values, Python's float modulo `(ddx + 0.5) % 1 - 0.5`
# (minimum image, a negative dividend among them), `cupy.exp`, a grid-stride loop over
# grid points with two nested range loops, float64 3-d arrays indexed by a tuple.
try:

    from cupyx import jit
    import cupy
    import numpy as np

    @jit.rawkernel()
    def gaussian3d_gpu_kernel(unit_cell,
                            r1,
                            r2,
                            spread,
                            dspl_norm,
                            result,
                            ngrid,
                            nefield,
                            nmlwf,
                            ):
        bid = jit.blockIdx.x
        tid = jit.threadIdx.x
        idx = bid * jit.blockDim.x + tid
        offset = jit.blockDim.x * jit.gridDim.x
        pi2 = cupy.pi * 2

        for igrid in range(idx, ngrid, offset):
            for iefield in range(nefield):
                for imlwf in range(nmlwf):
                    lspread2 = spread[iefield, imlwf, 0] ** 2
                    ldspl_norm = dspl_norm[iefield, imlwf, 0]
                    ddx = r1[igrid, 0] - r2[iefield, imlwf, 0]
                    ddx = (ddx + 0.5) % 1 - 0.5
                    ddy = r1[igrid, 1] - r2[iefield, imlwf, 1]
                    ddy = (ddy + 0.5) % 1 - 0.5
                    ddz = r1[igrid, 2] - r2[iefield, imlwf, 2]
                    ddz = (ddz + 0.5) % 1 - 0.5
                    ddx_temp = ddx * unit_cell[0, 0] + ddy * unit_cell[1, 0] + ddz * unit_cell[2, 0]
                    ddy_temp = ddx * unit_cell[0, 1] + ddy * unit_cell[1, 1] + ddz * unit_cell[2, 1]
                    ddz_temp = ddx * unit_cell[0, 2] + ddy * unit_cell[1, 2] + ddz * unit_cell[2, 2]
                    diff_norm = (ddx_temp ** 2 + ddy_temp ** 2 + ddz_temp ** 2) ** 0.5
                    result[iefield, igrid] += ldspl_norm * cupy.exp(-0.5 * diff_norm ** 2 / lspread2) / ((pi2 * lspread2) ** 1.5)

except ImportError:
    pass
