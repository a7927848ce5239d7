# run: --kernel cfuse z=@fuse_complex.z.npy x=@fuse_complex.x.npy
# check: out cpu-ulp=16
# input: z = (rng.standard_normal((6, 50)) + 1j * rng.standard_normal((6, 50))).astype(np.complex64)
# input: x = rng.standard_normal(50).astype(np.float32)
# @cupy.fuse on complex64 values: CuPy's F loops (add, multiply, true_divide, power's
# complex_power, exp, sqrt, arcsin), a Python complex literal (weak: complex64 stays),
# float32 * 1j (complex64), absolute F->f, real, imag and conjugate.
import cupy as cp


@cp.fuse()
def cfuse(z, x):
    w = z * 2.0 + x * 1j - cp.conj(z) / (z + 1)
    return (cp.exp(w) + cp.sqrt(z) * cp.abs(z) + cp.real(z) - cp.imag(w) + z ** 2
            + cp.arcsin(z * 0.5))
