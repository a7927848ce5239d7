# run: --kernel test_grid_sync --grid 4 --block 32 x1=@cupy_raw_grid_sync.x1.npy x2=ones:float32:10x10 y=zeros:float32:10x10 n=100:int32
# check: y
# input: x1 = np.arange(100, dtype=np.float32).reshape(10, 10)
"""CuPy's tests/cupy_tests/core_tests/test_raw.py, TestRawGridSync: a RawKernel with
enable_cooperative_groups=True whose grid syncs (cooperative_groups::this_grid)."""
import cupy

_test_grid_sync = r'''
#include <cooperative_groups.h>

extern "C" __global__
void test_grid_sync(const float* x1, const float* x2, float* y, int n) {
    namespace cg = cooperative_groups;
    cg::grid_group grid = cg::this_grid();
    int size = gridDim.x * blockDim.x;
    int tid = blockDim.x * blockIdx.x + threadIdx.x;
    for (int i = tid; i < n; i += size) {
        y[i] = x1[i];
    }
    cg::sync(grid);
    for (int i = n - 1 - tid; i >= 0; i -= size) {
        y[i] += x2[i];
    }
}
'''

kern_grid_sync = cupy.RawKernel(_test_grid_sync, 'test_grid_sync', backend='nvcc',
                                enable_cooperative_groups=True)
