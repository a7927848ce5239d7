# run: --kernel quad_kernel --grid 3 --block 8 out=zeros:float32:3x4 xy_Arr=@real_quadrant_areas.xy_Arr.npy
# check: out tol=1e-6
# input: xy_Arr = (rng.random((3, 2)) - 0.5).astype(np.float32)
# A real program (optics, arcs in a rectangle): dtypes through module aliases
# (CP_FLOAT = cp.float32 for shared memory, CP_UINT(...) and CP_INT(...) as casts).
import cupy as cp
from cupyx import jit

CP_FLOAT = cp.float32
CP_UINT = cp.uint32
CP_INT = cp.int32


@jit.rawkernel()
def quad_kernel(out, xy_Arr):
    thread_idx = jit.threadIdx.x
    xy_idx = jit.blockIdx.x
    areas = jit.shared_memory(CP_FLOAT, 4)  # areas of each quadrant
    x0 = xy_Arr[xy_idx, 0]
    y0 = xy_Arr[xy_idx, 1]
    if thread_idx // 4 == 0:  # First 4 threads, one for each quadrant
        q_idx = thread_idx % 4
        sin_pos = CP_UINT((q_idx // 2))
        cos_pos = CP_UINT(((q_idx+1)//2)%2)
        sin_sign = CP_INT(2 * sin_pos - 1)
        cos_sign = CP_INT(2 * cos_pos - 1)
        areas[q_idx] = (x0 * cos_sign + 1) * (y0 * sin_sign + 1)
    jit.syncthreads()
    if thread_idx < 4:
        out[xy_idx, thread_idx] = areas[thread_idx] / (areas[0] + areas[1] + areas[2] + areas[3])
