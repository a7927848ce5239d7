# run: --kernel test_multiply --grid 2 --block 128 x1=@raw_module.x1.npy x2=@raw_module.x2.npy y=zeros:float32:256 N=250:uint32
# check: y
# input: x1 = rng.standard_normal(256).astype(np.float32)
# input: x2 = rng.standard_normal(256).astype(np.float32)
"""Two kernels in one cp.RawModule, each a kernel of the file by its C name.

    pykc run examples/raw_module.py --kernel test_sum --grid 1 --block 8 \\
        x1=arange:float32:8 x2=ones:float32:8 y=zeros:float32:8 N=8:uint32 --print y
"""
import cupy as cp

loaded_from_source = r'''
extern "C" {

__global__ void test_sum(const float *x1, const float *x2, float *y, unsigned int N)
{
    unsigned int tid = blockDim.x * blockIdx.x + threadIdx.x;
    if (tid < N)
        y[tid] = x1[tid] + x2[tid];
}

__global__ void test_multiply(const float *x1, const float *x2, float *y, unsigned int N)
{
    unsigned int tid = blockDim.x * blockIdx.x + threadIdx.x;
    if (tid < N)
        y[tid] = x1[tid] * x2[tid];
}

}
'''
module = cp.RawModule(code=loaded_from_source)

if __name__ == '__main__':
    ker_sum = module.get_function('test_sum')
    ker_times = module.get_function('test_multiply')
    N = 10
    x1 = cp.arange(N ** 2, dtype=cp.float32).reshape(N, N)
    x2 = cp.ones((N, N), dtype=cp.float32)
    y = cp.zeros((N, N), dtype=cp.float32)
    ker_sum((N,), (N,), (x1, x2, y, cp.uint32(N ** 2)))
    assert cp.allclose(y, x1 + x2)
    ker_times((N,), (N,), (x1, x2, y, cp.uint32(N ** 2)))
    assert cp.allclose(y, x1 * x2)
