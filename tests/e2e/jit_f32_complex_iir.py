# run: --kernel iir_coeffs --grid 6 --block 1 fs=16000.0 freq=440.0 b=zeros:float64:3 a=zeros:float64:6 bad=zeros:bool:6
# check: b a bad tol=1e-6
# Modelled on CuPy's own cupyx.jit kernels in cupyx/scipy/signal (v14.2.0: the
# gammatone IIR design and the peak-prominence check), written anew: Python float
# arguments are float32 in mode='cuda' (fs, freq), float literals bound to locals are
# float32 variables, `2 ** (3 / 2)` folds on the host, `2j * fr` is complex64, complex
# `*=`, `/=` and `** 4`, cupy.abs of a complex64 stored into float64 arrays, an
# if/elif chain on the thread index, `not` of a chained `and` of comparisons stored
# into a bool array.
import cupy
from cupyx import jit


@jit.rawkernel()
def iir_coeffs(fs, freq, b, a, bad):
    tid = jit.blockIdx.x * jit.blockDim.x + jit.threadIdx.x
    q = 9.26449
    bw0 = 24.7
    erb = freq / q + bw0
    T = 1. / fs
    bw = 2 * cupy.pi * 1.019 * erb
    fr = 2 * freq * cupy.pi * T
    g1 = -2 * cupy.exp(2j * fr) * T
    g2 = 2 * cupy.exp(-(bw * T) + 1j * fr) * T
    g3 = cupy.sqrt(3 + 2 ** (3 / 2)) * cupy.sin(fr)
    g = g1 + g2 * (cupy.cos(fr) - g3)
    g *= (g1 + g2 * (cupy.cos(fr) + g3))
    g /= (-2 / cupy.exp(2 * bw * T) + 2 * g1) ** 4
    g_act = cupy.abs(g)
    if tid == 0:
        b[tid] = (T ** 4) / g_act
        a[tid] = 1
    elif tid == 1:
        b[tid] = -4 * T ** 4 * cupy.cos(fr) / cupy.exp(bw * T) / g_act
        a[tid] = -8 * cupy.cos(fr) / cupy.exp(bw * T)
    elif tid == 2:
        b[tid] = 6 * T ** 4 * cupy.cos(2 * fr) / cupy.exp(2 * bw * T) / g_act
        a[tid] = 4 * (4 + 3 * cupy.cos(2 * fr)) / cupy.exp(2 * bw * T)
    elif tid < 5:
        a[tid] = -8 * (6 * cupy.cos(fr) + cupy.cos(3 * fr))
        a[tid] /= cupy.exp(tid * bw * T)
    else:
        a[tid] = cupy.exp(-8 * bw * T)
    lo = tid - 1
    hi = tid + 2
    valid = 0 <= lo and lo <= tid and tid <= hi and hi < 6
    bad[tid] = not valid
