# run: --kernel sumexp x=@real5_probe_cub_rename.x.npy --axis 1
# check: y tol=1e-5
# input: x = rng.standard_normal((4, 200)).astype(np.float32)
# A probe of CuPy 14.2 (no published program): a ReductionKernel with one input and one
# output over the trailing axis of a C-contiguous array of 200 >= 128 elements per row,
# which ReductionKernel.__call__ (try_use_cub=True, CUPY_ACCELERATORS' default 'cub')
# sends to _cub_reduction.pyx. Its "HACK for ReductionKernel" renames the parameters by
# plain text: map_expr.replace('x', 'in0') makes 'exp(x)' 'ein0p(in0)', which NVRTC
# cannot compile. Expected on the GPU: CuPy refuses (identifier "ein0p" is undefined);
# pykc computes the sum of exp(x) (no CUB path): the difference is reported, not fixed.
import cupy as cp

sumexp = cp.ReductionKernel('T x', 'T y', 'exp(x)', 'a + b', 'y = a', '0', 'sumexp')
