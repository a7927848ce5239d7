# run: --kernel polar_split --grid 2 --block 32 z=@real_dev_tuple_ret.z.npy mag=zeros:float64:50 ang=zeros:float64:50 n=50:int64
# check: mag ang tol=1e-12
# input: z = rng.standard_normal((50, 2))
# Modelled on published cupyx.jit code that returns two values from a device function
# (a coordinate transform helper): a device function returning a tuple, unpacked at the
# call, math through cupy ufuncs (cp.sqrt, cp.arctan2, cp.degrees) and a module constant.
import cupy as cp
from cupyx import jit

SCALE = 2.0


@jit.rawkernel(device=True)
def to_polar(x, y):
    r = cp.sqrt(x * x + y * y)
    return r * SCALE, cp.degrees(cp.arctan2(y, x))


@jit.rawkernel()
def polar_split(z, mag, ang, n):
    i = jit.grid(1)
    if i < n:
        r, a = to_polar(z[i, 0], z[i, 1])
        mag[i] = r
        ang[i] = a
