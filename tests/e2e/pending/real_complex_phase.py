# run: --kernel apply_phase --grid 2 --block 32 field=@real_complex_phase.field.npy k=@real_complex_phase.k.npy dz=0.25 out=zeros:complex128:64 power=zeros:float64:64 n=64:int64
# check: out power tol=1e-12
# input: field = rng.standard_normal(64) + 1j * rng.standard_normal(64)
# input: k = rng.standard_normal(64)
# Modelled on published beam-propagation code written with cupyx.jit: complex128 arrays,
# `1j` times a float, cp.exp of a complex value, .real/.imag of a complex local, abs()
# of a complex value, complex multiplication and conjugate.
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def apply_phase(field, k, dz, out, power, n):
    i = jit.grid(1)
    if i < n:
        ph = cp.exp(1j * k[i] * dz)
        v = field[i] * ph
        out[i] = v
        power[i] = v.real * v.real + v.imag * v.imag + abs(v) - abs(cp.conj(v))
