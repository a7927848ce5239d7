# run: --kernel divmod_f --grid 1 --block 64 a=@floordiv_mod_float.a.npy b=@floordiv_mod_float.b.npy q=zeros:float32:64 r=zeros:float32:64 d=@floordiv_mod_float.d.npy qd=zeros:float64:64 rd=zeros:float64:64
# check: q r qd rd tol=1e-5
# input: a = np.concatenate([np.array([7.5, -7.5, 7.5, -7.5, 1.0, -1.0, 0.0, np.inf, np.nan, 1e30, -3.0, 3.0], np.float32), (rng.standard_normal(52) * 20).astype(np.float32)])
# input: b = np.concatenate([np.array([2.0, 2.0, -2.0, -2.0, 0.0, 0.0, 0.0, 2.0, 1.0, 1.0, np.inf, -np.inf], np.float32), (rng.standard_normal(52) * 3).astype(np.float32)])
# input: d = np.concatenate([np.array([5.25, -5.25, 1e10, -0.0], np.float64), rng.standard_normal(60) * 100])
# Float floor division and modulo: floor(a/b) and a - floor(a/b)*b, NaN/inf included.
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def divmod_f(a: cp.float32[:], b: cp.float32[:], q: cp.float32[:], r: cp.float32[:],
             d: cp.float64[:], qd: cp.float64[:], rd: cp.float64[:]):
    i = jit.threadIdx.x
    q[i] = a[i] // b[i]
    r[i] = a[i] % b[i]
    qd[i] = d[i] // 0.75
    rd[i] = d[i] % -0.75
