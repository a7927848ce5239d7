# run: --kernel test_sum --grid 1 --block 128 x1=@cupy_raw_macros.x1.npy x2=@cupy_raw_macros.x2.npy y=zeros:float32:100 N=100:uint32
# check: y
# input: x1 = rng.standard_normal(100).astype(np.float32)
# input: x2 = rng.standard_normal(100).astype(np.float32)
"""CuPy's test_raw.py, _test_source3: the element type chosen by the preprocessor from
an option (-DPRECISION=1: float)."""
import cupy

_test_source3 = r'''
#ifndef PRECISION
    #define PRECISION 2
#endif

#if PRECISION == 2
    #define TYPE double
#elif PRECISION == 1
    #define TYPE float
#else
    #error precision not supported
#endif

extern "C"{

__global__ void test_sum(const TYPE* x1, const TYPE* x2, TYPE* y, \
                         unsigned int N)
{
    unsigned int tid = blockDim.x * blockIdx.x + threadIdx.x;
    if (tid < N)
    {
        y[tid] = x1[tid] + x2[tid];
    }
}

}
'''

mod = cupy.RawModule(code=_test_source3, options=('-DPRECISION=1',))
