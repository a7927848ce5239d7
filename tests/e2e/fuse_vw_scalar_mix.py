# run: --kernel scalar_mix x=@fuse_vw_scalar_mix.x.npy m=@fuse_vw_scalar_mix.m.npy k=3
# check: out0 out1 out2 out3 out4 out5 tol=1e-6
# input: x = rng.integers(-100, 100, 7).astype(np.int8)
# input: m = rng.integers(0, 2, 7).astype(np.bool_)
# @cupy.fuse with a view (CuPy's new fusion types it): bool and int scalars mixed with
# int8 and bool arrays (a literal True, a Python int argument, a Python float).
import cupy as cp


@cp.fuse()
def scalar_mix(x, m, k):
    v = x[::-1]
    return v + True, m * 2, (x > 0) + k, m & True, x * 2.5, m + m
