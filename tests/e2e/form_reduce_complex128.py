# run: --kernel cnorm w=@form_reduce_complex128.w.npy
# check: y tol=1e-12
# input: w = rng.standard_normal(100000) + 1j * rng.standard_normal(100000)
# ReductionKernel over complex128 values: a whole-array reduction whose reduce_type is
# complex<double> (16 bytes: four shuffles, partials in the split strategy's scratch);
# the sum of the squares.
import cupy as cp

cnorm = cp.ReductionKernel('complex128 w', 'complex128 y', 'w * w', 'a + b', 'y = a', '0',
                           'cnorm')
