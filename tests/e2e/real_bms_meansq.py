# run: --kernel ggg x=@real_bms_meansq.x.npy --axis 0 --axis 2
# check: y tol=1e-6
# input: x = rng.standard_normal((4, 6, 5)).astype(np.float32)
# A real program (the same layer norm's mean square): the post-map divides by
# `_type_reduce(_in_ind.size() / _out_ind.size())`, two reduced axes, the output allocated.
import cupy

ggg = cupy.ReductionKernel(
    'T x',
    'T y',
    'x * x',
    'a + b',
    'y = a / _type_reduce(_in_ind.size() / _out_ind.size()) ',
    '0',
    'ggg'
)
