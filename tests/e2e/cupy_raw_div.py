# run: --kernel test_div --grid 4 --block 32 x1=@cupy_raw_div.x1.npy x2=@cupy_raw_div.x2.npy y=zeros:float32:100 N=100:uint32
# check: y
# input: x1 = rng.standard_normal(100).astype(np.float32)
# input: x2 = rng.random(100).astype(np.float32)
"""CuPy's test_raw.py, _test_source5: float / (float + 1.0) goes through double."""
import cupy

_test_source5 = r'''
extern "C" __global__
void test_div(const float* x1, const float* x2, float* y, unsigned int N) {
    int tid = blockDim.x * blockIdx.x + threadIdx.x;
    if (tid < N)
        y[tid] = x1[tid] / (x2[tid] + 1.0);
}
'''

ker = cupy.RawKernel(_test_source5, 'test_div')
