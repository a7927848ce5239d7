# run: --kernel fx3<double> --grid 2 --block 64 arr=@raw_template.arr.npy N=100:int32
# check: arr
# input: arr = rng.standard_normal(128)
"""A C++ template kernel in a cp.RawModule: its instances are kernels by their name
expressions (nvrtcAddNameExpression / nvrtcGetLoweredName on a GPU; explicit
instantiations on the CPU backend).

    pykc run examples/raw_template.py --kernel 'fx3<float>' --grid 1 --block 8 \\
        arr=arange:float32:8 N=8:int32 --print arr
"""
import cupy as cp

code = r'''
template<typename T>
__global__ void fx3(T *arr, int N) {
    unsigned int tid = blockIdx.x * blockDim.x + threadIdx.x;
    if (tid < N)
        arr[tid] = arr[tid] * 3;
}
'''

mod = cp.RawModule(code=code, options=('-std=c++17',),
                   name_expressions=['fx3<float>', 'fx3<double>'])

if __name__ == '__main__':
    ker_float = mod.get_function('fx3<float>')
    ker_double = mod.get_function('fx3<double>')
    N = 10
    a = cp.arange(N, dtype=cp.float32)
    ker_float((1,), (N,), (a, N))
    assert cp.allclose(a, 3 * cp.arange(N, dtype=cp.float32))
    b = cp.arange(N, dtype=cp.float64)
    ker_double((1,), (N,), (b, N))
    assert cp.allclose(b, 3 * cp.arange(N, dtype=cp.float64))
