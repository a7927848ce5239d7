# run: --kernel more x=@fuse_ufunc_float.x.npy y=@fuse_ufunc_float.y.npy
# check: out0 out1 out2 out3 out4 out5 out6 out7 out8 out9 out10 out11 out12 out13 out14 out15 tol=1e-5
# input: x = np.concatenate([(rng.standard_normal(60) * 4), [0.0, -0.0, 2.5, -2.5]]).astype(np.float32)
# input: y = np.concatenate([(rng.standard_normal(60) * 3), [1.5, -1.5, 0.0, 0.5]]).astype(np.float32)
# @cupy.fuse: the ufuncs of CuPy 14.2 beyond pykc's first table, float32 loops: divmod and
# modf and frexp (two outputs each, unpacked), fmod, logaddexp, logaddexp2, angle (deg=True
# is _angle_deg), deg2rad / degrees, heaviside, sinc, signbit, ldexp, nextafter, around
# (decimals by keyword), round, fix, float_power (float64), copysign.
import cupy as cp


@cp.fuse()
def more(x, y):
    q, r = cp.divmod(x, y)
    frac, whole = cp.modf(x)
    m, e = cp.frexp(x)
    return (q + r, cp.fmod(x, y), cp.logaddexp(x, y), cp.logaddexp2(x, y),
            cp.angle(x) + cp.angle(y, deg=True), cp.deg2rad(x) + cp.degrees(y),
            cp.heaviside(x, y), cp.sinc(x), cp.signbit(x), cp.ldexp(m, e) - x,
            cp.nextafter(x, y) - x, cp.around(x, decimals=2), cp.round(y) + cp.fix(x),
            cp.float_power(cp.abs(x), y), frac * 10 + whole, e)
