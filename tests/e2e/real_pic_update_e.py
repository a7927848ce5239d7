# run: --kernel update_E --grid 1 --block 256 phi=@real_pic_update_e.phi.npy E=zeros:float32:2x54 nx=9:int32 ny=6:int32 dx=0.5:float32 dy=0.25:float32
# check: E tol=1e-6
# input: phi = rng.standard_normal(54).astype(np.float32)
# A real program (a 2-D particle-in-cell code): an else-if chain of one-sided and central
# differences at the edges, float parameters from NumPy float32 scalars, a 2 x N output
# written as E[0 * size + idx].
import cupy as cp

update_E_kenrel = cp.RawKernel(r'''
extern "C" __global__
void update_E(
    const float *phi,   // [nx * ny]
    float *E,           // [2, nx * ny] - output: E[0, :] = Ex, E[1, :] = Ey
    int nx,
    int ny,
    float dx,
    float dy)
{
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    int size = nx * ny;
    if (idx >= size) return;

    int ix = idx % nx;
    int iy = idx / nx;

    float Ex = 0.0f;
    float Ey = 0.0f;

    // Central differences, with forward/backward near edges
    if (ix > 0 && ix < nx - 1)
        Ex = -(phi[iy * nx + (ix + 1)] - phi[iy * nx + (ix - 1)]) / (2.0f * dx);
    else if (ix == 0)
        Ex = -(phi[iy * nx + (ix + 1)] - phi[iy * nx + ix]) / dx;
    else if (ix == nx - 1)
        Ex = -(phi[iy * nx + ix] - phi[iy * nx + (ix - 1)]) / dx;

    if (iy > 0 && iy < ny - 1)
        Ey = -(phi[(iy + 1) * nx + ix] - phi[(iy - 1) * nx + ix]) / (2.0f * dy);
    else if (iy == 0)
        Ey = -(phi[(iy + 1) * nx + ix] - phi[iy * nx + ix]) / dy;
    else if (iy == ny - 1)
        Ey = -(phi[iy * nx + ix] - phi[(iy - 1) * nx + ix]) / dy;
                               

    E[0 * size + idx] = Ex;
    E[1 * size + idx] = Ey;
}
''', 'update_E')
