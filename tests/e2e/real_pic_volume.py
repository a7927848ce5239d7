# run: --kernel normalize_density_by_volume --grid 1 --block 64 rho=@real_pic_volume.rho.npy grid_n_r=8:int32 grid_n_z=6:int32 dr=0.5:float32 dz=0.25:float32 two_pi=6.2831855:float32
# check: rho tol=1e-6
# input: rho = rng.standard_normal(48).astype(np.float32)
# A real program (the same code's cylindrical cell volumes): `rho[idx] /= volume` in
# place, a float local set on two branches, `0.5f`.
import cupy as cp

normalize_density_by_volume = cp.RawKernel(r'''
extern "C" __global__
void normalize_density_by_volume(
    float *rho,
    int grid_n_r,
    int grid_n_z,
    float dr, float dz, float two_pi)
{
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (idx >= grid_n_r * grid_n_z) return;
    
    int r_idx = idx % grid_n_r;
    float volume;
    
    if (r_idx == 0) {
        // Axis cells: cylindrical volume with radius dr/2
        volume = (two_pi/4) * dr * dr * dz;  // π × dr²/4 × dz
    } else {
        // Regular cells: volume of a cylindrical shell
        float r = dr * r_idx;
        volume = (r + dr * 0.5f) * dr * dz * two_pi;
    }
    
    rho[idx] /= volume;
}
''', 'normalize_density_by_volume')
