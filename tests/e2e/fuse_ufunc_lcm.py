# run: --kernel lcms i=@fuse_ufunc_lcm.i.npy j=@fuse_ufunc_lcm.j.npy
# check: out
# input: i = np.concatenate([rng.integers(-200, 200, 60), [0, 7, -7, 46340]]).astype(np.int32)
# input: j = np.concatenate([rng.integers(-9, 10, 60), [0, 0, 3, -46341]]).astype(np.int32)
# @cupy.fuse: CuPy's lcm (its integer loops; 0 when either is 0; the sign dropped), alone in
# its kernel (with gcd beside it CuPy's fuse defines gcd twice: fuse_ufunc_int).
import cupy as cp


@cp.fuse()
def lcms(i, j):
    return cp.lcm(i, j)
