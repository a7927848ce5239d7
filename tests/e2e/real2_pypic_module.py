# run: --kernel test_multiply --grid 10 --block 10 x1=@real2_pypic_module.x1.npy x2=@real2_pypic_module.x2.npy y=zeros:float32:10x10 N=100:uint32
# check: y
# input: x1 = rng.standard_normal((10, 10)).astype(np.float32)
# input: x2 = rng.standard_normal((10, 10)).astype(np.float32)
# Source: github.com/PyCOMPLETE/PyPIC, examples/exploratory_scripts/002_kernels_pyocl_cupy/
# 000b_cupy_demo.py, unchanged: a RawModule whose kernels sit in an `extern "C" { }` block,
# a parameter list continued with a backslash-newline, `unsigned int N` from a Python int
# (N**2), 2-d arrays through `const float*`; the file also launches a RawKernel at import.
import numpy as np
import cupy as cp

#######################
# For a single kernel #
#######################

add_kernel = cp.RawKernel(r'''
extern "C" __global__
void my_add(const float* x1, const float* x2, float* y) {
    int tid = blockDim.x * blockIdx.x + threadIdx.x;
    y[tid] = x1[tid] + x2[tid];
}
''', 'my_add')
x1 = cp.array(np.arange(25, dtype=np.float32).reshape(5, 5))
x2 = cp.array(np.arange(25, dtype=np.float32).reshape(5, 5))
y = cp.zeros((5, 5), dtype=cp.float32)
add_kernel((5,), (5,), (x1, x2, y))  # grid, block and arguments

#####################
# For a full module #
#####################

loaded_from_source = r'''
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

}'''
module = cp.RawModule(code=loaded_from_source)
ker_sum = module.get_function('test_sum')
ker_times = module.get_function('test_multiply')
N = 10
x1 = cp.arange(N**2, dtype=cp.float32).reshape(N, N)
x2 = cp.ones((N, N), dtype=cp.float32)
y = cp.zeros((N, N), dtype=cp.float32)
ker_sum((N,), (N,), (x1, x2, y, N**2))   # y = x1 + x2
assert cp.allclose(y, x1 + x2)
ker_times((N,), (N,), (x1, x2, y, N**2)) # y = x1 * x2
assert cp.allclose(y, x1 * x2)

