# run: --kernel ints i=@fuse_ufunc_int.i.npy j=@fuse_ufunc_int.j.npy
# check: out0 out1 out2 out3 out4 out5 out6
# input: i = np.concatenate([rng.integers(-200, 200, 60), [0, 7, -7, 2**31 - 1]]).astype(np.int32)
# input: j = np.concatenate([rng.integers(-9, 10, 60), [0, 0, 3, -1]]).astype(np.int32)
# @cupy.fuse: integer loops of CuPy's divmod (0 and 0 for a zero divisor), fmod (its
# double routine, 0 for a zero divisor), gcd, bitwise_count (uint8: the bits of |i|),
# around with a negative decimals (CuPy's fuse calls _round_ufunc: ints unchanged), fix,
# angle of an int (float64). lcm is fuse_ufunc_lcm's: CuPy's fuse pastes gcd's preamble
# once per ufunc, so a kernel with both fails to compile in CuPy ("gcd" defined twice).
import cupy as cp


@cp.fuse()
def ints(i, j):
    q, r = cp.divmod(i, j)
    return (q, r, cp.fmod(i, j), cp.gcd(i, j), cp.bitwise_count(i),
            cp.around(i, -1) + cp.fix(j), cp.angle(j))
