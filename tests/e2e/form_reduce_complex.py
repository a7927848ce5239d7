# run: --kernel csum z=@form_reduce_complex.z.npy --axis 1
# check: y tol=1e-5
# input: z = (rng.standard_normal((40, 3000)) + 1j * rng.standard_normal((40, 3000))).astype(np.complex64)
# ReductionKernel of complex64 values: the sum of each row (reduce_type complex<float>,
# its partials moved down the warp as two 32-bit shuffles; the same order on every run).
import cupy as cp

csum = cp.ReductionKernel('T z', 'T y', 'z * complex<float>(1, 0)', 'a + b', 'y = a', '0',
                          'csum')
