# run: --kernel powers --grid 1 --block 32 x=@real_int_power.x.npy e=@real_int_power.e.npy oi=zeros:int64:32x3 of=zeros:float64:32x3
# check: oi of tol=3e-7
# input: x = rng.integers(-6, 7, 32).astype(np.int64)
# input: e = rng.integers(0, 9, 32).astype(np.int32)
# Modelled on published cupyx.jit code using `**`: an int64 base to an int32 exponent
# (CuPy's integral power, wrapping in int64), a square written `x ** 2`, a float base to
# a float exponent, `2 ** k` of ints, a square root written `** 0.5`. The float results
# are float32 values (cuda mode: `x * 1.5` is float32) through powf, whose last bit CUDA
# and glibc may round differently (sqrt(82): CUDA 9.05538464, glibc 9.05538559): tol=3e-7.
from cupyx import jit


@jit.rawkernel()
def powers(x, e, oi, of):
    i = jit.threadIdx.x
    oi[i, 0] = x[i] ** e[i]
    oi[i, 1] = x[i] ** 2
    oi[i, 2] = 2 ** e[i]
    f = x[i] * 1.5
    of[i, 0] = f ** 2.5 if f > 0 else -f
    of[i, 1] = (f * f + 1.0) ** 0.5
    of[i, 2] = 1.25 ** e[i]
