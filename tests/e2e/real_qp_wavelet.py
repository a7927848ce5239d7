# run: --kernel wavelet_plane --grid 3,2 --block 16,8 phis=@real_qp_wavelet.phis.npy fv=@real_qp_wavelet.fv.npy freqs=@real_qp_wavelet.freqs.npy rate=4096 P=0.3 Q=6.0 n_rows=12 n_cols=40 out=zeros:complex64:12x40
# check: out tol=2e-5
# input: phis = np.geomspace(5, 200, 12).astype(np.float32)
# input: fv = (rng.standard_normal(40) + 1j * rng.standard_normal(40)).astype(np.complex64)
# input: freqs = np.linspace(0, 250, 40).astype(np.float32)
# Modelled on a published Qp-transform (gravitational-wave analysis) cupyx.jit kernel:
# Python float arguments (float32 in cuda mode) and `2.0j` (complex64) in
# `Q / cp.sqrt(1.0 + 2.0j * Q * P)`, a float `** (1.0 / 4.0)`, a complex `** 2`, the
# negation and cp.exp of a complex value, complex times float products stored in a
# complex64 plane, cp.sqrt of an int argument, numpy scalar-type annotations (ignored).
import numpy
import cupy
from cupyx import jit

FLOAT_PRECISION, INT_PRECISION = numpy.float32, numpy.int32


@jit.rawkernel()
def wavelet_plane(phis, fv, freqs, rate, P: FLOAT_PRECISION, Q: FLOAT_PRECISION,
                  n_rows: INT_PRECISION, n_cols: INT_PRECISION, out):
    col = jit.blockIdx.x * jit.blockDim.x + jit.threadIdx.x
    row = jit.blockIdx.y * jit.blockDim.y + jit.threadIdx.y
    if (row < n_rows) and (col < n_cols):
        phi = phis[row]
        q_tilde = Q / cupy.sqrt(1.0 + 2.0j * Q * P)
        norm = ((2.0 * cupy.pi / (Q**2)) ** (1.0 / 4.0)) * cupy.sqrt(1.0 / (2.0 * cupy.pi * phi)) * q_tilde
        exponent = ((0.5 * q_tilde * (freqs[col] - phi)) / phi) ** 2
        out[row, col] = fv[col] * (norm * cupy.exp(-exponent)) * cupy.sqrt(rate)
