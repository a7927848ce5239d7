# run: --kernel lae --grid 1 --block 24 x=@ext_logaddexp.x.npy y=@ext_logaddexp.y.npy o=zeros:float64:24 o32=zeros:float32:24
# check: o o32 tol=1e-6
# input: x = np.array([0, 1, -1, 2.5, 100, -100, 1e-10, 709, np.inf, -np.inf, np.inf, -np.inf, np.nan, 1, np.nan, 3, -745, 0.5, 1e300, -1e300, 30, -30, 5, 5])
# input: y = np.array([0, 2, -3, 2.5, -100, 100, -1e-10, 709, np.inf, -np.inf, -np.inf, np.inf, 1, np.nan, np.nan, -np.inf, -745, -0.5, 1e300, 1e300, -30, 30, 5.0000001, 4.9999999])
# cp.logaddexp with NumPy's semantics (numpy reference: np.logaddexp): equal infinities
# give that infinity (CuPy's fmax + log1p(exp(-|a - b|)) gives NaN there), NaN
# propagates, large differences do not overflow. float64 and float32 loops.
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def lae(x: cp.float64[:], y: cp.float64[:], o: cp.float64[:], o32: cp.float32[:]):
    i = jit.threadIdx.x
    o[i] = cp.logaddexp(x[i], y[i])
    o32[i] = cp.logaddexp(cp.float32(x[i]), cp.float32(y[i]))
