# run: --kernel test_multiply --grid 2 --block 64 x1=@cupy_raw_module.x1.npy x2=@cupy_raw_module.x2.npy y=zeros:float32:100 N=100:uint32
# check: y
# input: x1 = rng.standard_normal(100).astype(np.float32)
# input: x2 = rng.standard_normal(100).astype(np.float32)
"""CuPy's tests/cupy_tests/core_tests/test_raw.py, _test_source2: two kernels in one
extern "C" block, parameter lists continued with a backslash."""
import cupy

_test_source2 = r'''
extern "C"{

__global__ void test_sum(const float* x1, const float* x2, float* y, \
                         unsigned int N)
{
    unsigned int tid = blockDim.x * blockIdx.x + threadIdx.x;
    if (tid < N)
    {
        y[tid] = x1[tid] + x2[tid];
    }
}

__global__ void test_multiply(const float* x1, const float* x2, float* y, \
                              unsigned int N)
{
    unsigned int tid = blockDim.x * blockIdx.x + threadIdx.x;
    if (tid < N)
    {
        y[tid] = x1[tid] * x2[tid];
    }
}

}
'''

mod = cupy.RawModule(code=_test_source2)
