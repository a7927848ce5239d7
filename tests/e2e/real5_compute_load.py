# run: --kernel compute_load --grid 2 --block 256 data=@real5_compute_load.data.npy n=400:int32 rounds=5:int32
# check: data tol=1e-5
# input: data = rng.standard_normal(400).astype(np.float32)
# Modelled on a published GPU timing experiment (TimingOssicle's WorkloadSimulator): its
# compute_load RawModule kernel unchanged, launched as _run launches it (cp.int32 sizes),
# a per-thread loop of sinf(x) * cosf(x) + 0.1f and sqrtf(fabsf(x) + 0.01f) in place.
# The program keeps the code in a class attribute (RawModule(code=self.COMPUTE_KERNEL));
# here it is a module constant. (Its ossicle_step kernel reads neighbours' cells that
# other threads write in the same launch: a race, no case.)
import cupy as cp

COMPUTE_KERNEL = r'''
    extern "C" __global__ void compute_load(float* data, int n, int rounds) {
        int idx = blockIdx.x * blockDim.x + threadIdx.x;
        if (idx >= n) return;

        float x = data[idx];
        for (int r = 0; r < rounds; r++) {
            x = sinf(x) * cosf(x) + 0.1f;
            x = sqrtf(fabsf(x) + 0.01f);
        }
        data[idx] = x;
    }
    '''

module = cp.RawModule(code=COMPUTE_KERNEL)
kernel = module.get_function('compute_load')
