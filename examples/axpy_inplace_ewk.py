# run: --kernel axpy_inplace a=2.5 x=@axpy_inplace_ewk.x.npy y=@axpy_inplace_ewk.y.npy
# check: y tol=1e-6
# args: --sig 'axpy_inplace(float32, float32[:], float32[:])'
# input: x = rng.standard_normal(3000).astype(np.float32)
# input: y = rng.standard_normal(3000).astype(np.float32)
"""An in-place ElementwiseKernel: y += a * x, y given as the output argument (the GPU
contracts a * x + y into one FMA, the CPU backend rounds twice: the check allows 1 ulp).

`_non_const` is not needed for outputs: they are references into the array, so the
kernel reads and writes y where it is.
"""
import cupy as cp

axpy_inplace = cp.ElementwiseKernel(
    'float32 a, float32 x', 'float32 y',
    'y += a * x',
    'axpy_inplace')

if __name__ == '__main__':
    x = cp.arange(10, dtype=cp.float32)
    y = cp.ones(10, dtype=cp.float32)
    axpy_inplace(2.5, x, y)
    print(y)
