# run: --kernel env_names x=@env_cupy_headers.x.npy q=@env_cupy_headers.q.npy y=zeros:float32:1000 z=zeros:int32:1000 m=zeros:float32:2 lo=zeros:float64:1
# check: y z m lo
# input: x = rng.standard_normal(1000).astype(np.float32)
# input: q = rng.integers(-50, 50, 1000).astype(np.int32)
# ElementwiseKernel using what CuPy's headers give every kernel (cupy/_core/core.pyx's
# _cupy_header_list): M_PI and _floor_divide (carray.cuh), CUDART_INF_F
# (math_constants.h), atomicMax/atomicMin of float and double (atomics.cuh),
# cupy::type_traits. The same names on the GPU (NVRTC) and the CPU backend.
import cupy as cp

PRE = '''
template <typename T> __device__ T pick(T v) {
  return cupy::type_traits::is_same<T, float>::value ? v : T(0);
}
'''

env_names = cp.ElementwiseKernel(
    'float32 x, int32 q', 'float32 y, int32 z, raw float32 m, raw float64 lo',
    '''
    y = pick(x) * (float)M_PI + (x > 3.5f ? CUDART_INF_F : 0.0f);
    z = _floor_divide(q, 7);
    atomicMax(&m[0], x);
    atomicMin(&m[1], x);
    atomicMin(&lo[0], (double)x);
    ''',
    'env_names', preamble=PRE)
