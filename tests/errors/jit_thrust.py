# Misuses of jit.thrust: each is an error naming what cupyx.jit's rules expect.
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def k(x: cp.int32[:, :], y: cp.float32[:], h: cp.float16[:], z: cp.int64[::1]):
    r = x[0]
    jit.thrust.sort(jit.thrust.seq, r.begin(), y.begin())
    jit.thrust.copy(jit.thrust.device, r.begin(), r.end(), y.begin())
    a = jit.thrust.lower_bound(jit.thrust.seq, r.begin(), r.end(), cp.int64(3))
    jit.thrust.sort(jit.thrust.seq, r.begin(), r.end(), 1)
    jit.thrust.reduce(r.begin(), r.end())
    b = x.begin()
    jit.thrust.fill(jit.thrust.device, h.begin(), h.end(), 1j)
    c = jit.thrust.make_counting_iterator(3)
    jit.thrust.fill(jit.thrust.device, c, c, 0)
    d = c - r.begin()
    jit.thrust.sequence(jit.thrust.device, z.begin(), z.end(), 1, cp.int64(2))
    jit.thrust.count(jit.thrust.device, z.begin())
    jit.thrust.count(jit.thrust.device, z.begin(), z.end(), 1, value=2)
    e = r.begin() - z.begin()
    f = r.begin()[1, 2]
    g = jit.thrust.device + 1
    jit.thrust.sort(jit.thrust.device, z.begin(), z.end(), comp=None)
    jit.thrust.reduce(jit.thrust.device, z.begin(), z.end(), None, binary_op=jit.thrust.seq)
    m = jit.thrust.make_constant_iterator(cp.int32(1))
    jit.thrust.copy(jit.thrust.seq, r.begin(), r.end(), m + 1)
    jit.thrust.sort_by_key(jit.thrust.seq, r.begin(), r.end(), c)
    s = m - c
