# run: --kernel update_density_direct_cartesian --grid 2 --block 32 rho=zeros:float32:48 R=@real_pic_density.R.npy part_type=@real_pic_density.part_type.npy q_type=@real_pic_density.q_type.npy np2c=2.0:float32 dx=0.5:float32 dy=0.25:float32 m=8:int32 n=6:int32 last_alive=50:int32
# check: rho tol=1e-5
# input: R = np.stack([rng.random(64) * 4.2 - 0.1, rng.random(64) * 1.5 - 0.1], axis=1).ravel().astype(np.float32)
# input: part_type = rng.integers(0, 2, 64).astype(np.int32)
# input: q_type = np.array([-1.0, 1.5], dtype=np.float32)
# A real program (the same particle-in-cell code's charge deposit): float max/min of
# `float(m - 1)` (a functional cast), floorf, int(...) casts, bilinear weights added with
# float atomicAdd into a grid, particles past last_alive skipped by an early return.
import cupy as cp

update_density_direct_cartesian = cp.RawKernel(r'''
extern "C" __global__
void update_density_direct_cartesian(
    float *rho,                       // [num_grid_points]
    const float *R,                   // [2, max_particles]
    const int *part_type,             // [max_particles]
    const float *q_type,              // [num_types]
    const float np2c,                 // particles-to-cell ratio
    float dx, float dy,               // cell sizes
    int m, int n,                     // grid dimensions
    int last_alive)
{
    int pid = blockIdx.x * blockDim.x + threadIdx.x;
    if (pid >= last_alive) return;

    // Calculate grid position directly
    float x = R[2*pid] / dx;
    float y = R[2*pid+1] / dy;
    
    // Clamp positions to valid grid range
    x = max(0.0f, min(x, float(m - 1)));
    y = max(0.0f, min(y, float(n - 1)));
    
    // Get integer cell coordinates
    int x0 = int(floorf(x));
    int y0 = int(floorf(y));
    
    // Calculate neighbor coordinates
    int x1 = min(x0 + 1, m - 1);
    int y1 = min(y0 + 1, n - 1);
    
    // Calculate interpolation weights
    float wx = x - float(x0);
    float wy = y - float(y0);
    float wx_1 = 1.0f - wx;
    float wy_1 = 1.0f - wy;
    
    // Calculate bilinear weights
    float w0 = wx_1 * wy_1;
    float w1 = wx * wy_1;
    float w2 = wx_1 * wy;
    float w3 = wx * wy;

    // Calculate grid indices
    int i0 = y0 * m + x0;
    int i1 = y0 * m + x1;
    int i2 = y1 * m + x0;
    int i3 = y1 * m + x1;

    // Apply charge to grid
    int type = part_type[pid];
    float charge = q_type[type] * np2c;
    
    atomicAdd(&rho[i0], charge * w0);
    atomicAdd(&rho[i1], charge * w1);
    atomicAdd(&rho[i2], charge * w2);
    atomicAdd(&rho[i3], charge * w3);
}
''', 'update_density_direct_cartesian')
