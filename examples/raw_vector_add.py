# run: --kernel vector_add --grid 4 --block 256 x1=@raw_vector_add.x1.npy x2=@raw_vector_add.x2.npy y=zeros:float32:1000 n=1000:int32
# check: y
# input: x1 = rng.standard_normal(1000).astype(np.float32)
# input: x2 = rng.standard_normal(1000).astype(np.float32)
"""Vector addition with cp.RawKernel: CUDA C in a string, compiled by pykc as written.

    pykc run examples/raw_vector_add.py --kernel vector_add --grid 4 --block 256 \\
        x1=arange:float32:1000 x2=ones:float32:1000 y=zeros:float32:1000 n=1000:int32 --print y

The kernel is found by its variable (vector_add) and by its C name (my_add); arrays are
passed as pointers and a scalar needs its C type (:int32). `pykc cuda` prints the code,
`--cpu` runs it on the CPU backend (g++), a GPU with NVRTC.
"""
import cupy as cp

vector_add = cp.RawKernel(r'''
extern "C" __global__
void my_add(const float *x1, const float *x2, float *y, int n) {
    int tid = blockDim.x * blockIdx.x + threadIdx.x;
    if (tid < n)
        y[tid] = x1[tid] + x2[tid];
}
''', 'my_add')

if __name__ == '__main__':
    n = 1000
    x1 = cp.arange(n, dtype=cp.float32)
    x2 = cp.ones(n, dtype=cp.float32)
    y = cp.zeros(n, dtype=cp.float32)
    vector_add(((n + 255) // 256,), (256,), (x1, x2, y, cp.int32(n)))
    print(y[:5])
