# run: --kernel _assign_if_true_kernel a=@real5_assign_if_true.a.npy b=@real5_assign_if_true.b.npy x=@real5_assign_if_true.x.npy o=@real5_assign_if_true.a.npy
# check: o
# input: a = rng.standard_normal(40)
# input: b = rng.random(40) < 0.5
# input: x = rng.standard_normal(40)
# Modelled on the same utilities package's assign_if_true (advanced indexing done by a
# kernel): its ElementwiseKernel unchanged, `o = b ? x : a` with a bool mask, called as
# assign_if_true calls it, the output the first input itself (_assign_if_true_kernel(a,
# b, x, a)).
import cupy

_assign_if_true_kernel = cupy.ElementwiseKernel(
    'float64 a, bool b, float64 x',
    'float64 o',
    'o = b ? x : a',
    'assign_if_true_kernel'
)


def assign_if_true(a, b, x):
    _assign_if_true_kernel(a, b, x, a)
