# run: --kernel hsum h=@form_reduce_half.h.npy --axis 1
# check: y tol=1e-3
# input: h = rng.uniform(-1, 1, (64, 2000)).astype(np.float16)
# ReductionKernel of float16 values accumulated in float (reduce_type 'float', as CuPy's
# cupy.sum does for float16), written back as float16.
import cupy as cp

hsum = cp.ReductionKernel('T h', 'T y', 'h', 'a + b', 'y = a', '0', 'hsum',
                          reduce_type='float')
