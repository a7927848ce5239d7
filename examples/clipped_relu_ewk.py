# run: --kernel clipped_relu x=@clipped_relu_ewk.x.npy ceiling=6.0
# check: y tol=0
# args: --sig 'clipped_relu(float64[:], float64, float64[:])'
# input: x = special_floats(5000, 'float64')
"""Clipped ReLU as a CuPy ElementwiseKernel: y = min(max(x, 0), ceiling).

The output y is left out of the run line: pykc allocates it with the input's shape and
dtype, as CuPy's call `y = clipped_relu(x, 6.0)` does, and chooses the launch shape.
"""
import cupy as cp

clipped_relu = cp.ElementwiseKernel(
    'T x, T ceiling',
    'T y',
    'y = min(max(x, (T)0), ceiling)',
    'clipped_relu')

if __name__ == '__main__':
    x = cp.linspace(-10, 10, 1_000_000, dtype=cp.float64)
    y = clipped_relu(x, 6.0)
    print(y[:5], y[-5:])
