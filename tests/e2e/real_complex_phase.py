# run: --kernel apply_phase --grid 2 --block 32 field=@real_complex_phase.field.npy k=@real_complex_phase.k.npy dz=0.25 out=zeros:complex128:64 power=zeros:float64:64 n=64:int64
# check: out power tol=1e-12 cpu-ulp=4294967296
# input: field = rng.standard_normal(64) + 1j * rng.standard_normal(64)
# input: k = rng.standard_normal(64)
# Modelled on published beam-propagation code written with cupyx.jit: complex128 arrays,
# `1j` times a float, cp.exp of a complex value, .real/.imag of a complex local, abs()
# of a complex value, complex multiplication and conjugate.
# `1j * k[i]` is complex64 in cuda mode (cupyx's type order picks multiply's 'FF->F' for
# complex64 with float64), so the phase is (cosf, sinf) of a float32: the expected outputs
# have CUDA's cosf/sinf bits and the CPU backend's glibc ones may differ by 2 float32 ulps
# (cpu-ulp: 2**32 float64 ulps is 9.5e-7 relative).
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
