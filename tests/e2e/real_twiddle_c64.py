# run: --kernel twiddle --grid 1 --block 64 x=@real_twiddle_c64.x.npy out=zeros:complex64:64 n=64
# check: out tol=1e-5
# input: x = (rng.standard_normal(64) + 1j * rng.standard_normal(64)).astype(np.complex64)
# Modelled on published FFT-style cupyx.jit code on complex64: a twiddle factor from
# cp.exp of a complex64 argument built from cp.float32 values and cp.pi, complex
# multiplication, cp.conj, the real and imag parts read.
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def twiddle(x, out, n):
    k = jit.threadIdx.x
    ang = cp.float32(-2.0) * cp.float32(cp.pi) * cp.float32(k) / cp.float32(n)
    w = cp.exp(cp.complex64(1j) * ang)
    v = x[k] * w
    if v.real < 0:
        v = cp.conj(v)
    out[k] = v
