# run: --kernel my_func --grid 1 --block 32 input=@cupy_raw_cast.input.npy N=20:int32
# check: input tol=1e-15
# input: input = rng.standard_normal(32)
"""CuPy's test_raw.py, test_cast: a void * parameter cast to double *."""
import cupy

test_cast = r'''
extern "C" __global__ void my_func(void* input, int N) {
  double* arr = (double*)(input);
  unsigned int x = blockIdx.x * blockDim.x + threadIdx.x;
  if (x < N) {
    arr[x] = 3.0 * arr[x] - 8.0;
  }
}
'''

ker = cupy.RawKernel(test_cast, 'my_func')
