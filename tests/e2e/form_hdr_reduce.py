# run: --kernel hdr_sum x=@form_hdr_reduce.x.npy --axis 1
# check: y tol=1e-5 cpu-ulp=16
# input: x = rng.uniform(-2, 2, (8, 300)).astype(np.float16)
# A ReductionKernel whose preamble includes CuPy's float16.cuh, atomics.cuh, complex.cuh
# and math_constants.h (each a no-op after the form's own headers): the map is a
# complex<float> function of a float16 value, accumulated in float.
import cupy as cp

hdr_sum = cp.ReductionKernel(
    'float16 x', 'float32 y',
    'mag(x)', 'a + b', 'y = a', '0', 'hdr_sum', reduce_type='float',
    preamble=r'''
#include <cupy/float16.cuh>
#include <cupy/atomics.cuh>
#include <cupy/complex.cuh>
#include <cupy/math_constants.h>
#include <cupy/float16.cuh>

__device__ float mag(float16 v) {
  complex<float> z(float(v), 1.0f);
  return abs(log(z)) + (isnan(CUDART_NAN_F) ? 0.0f : 1.0f);
}
''')
