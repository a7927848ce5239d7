# jit.thrust: thrust's sequential algorithms as per-instance C functions over pykc_it
# (a byte address and stride): strided and contiguous rows, shared memory with `+ n`,
# defaults filled in (exclusive_scan's init, sequence's step), tuples of iterators.
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def thrust_mix(x: cp.int32[:, :], y: cp.float32[:, ::1], v: cp.int32[::1],
               out: cp.int64[:], keys: cp.int32[:, ::1], sums: cp.float32[:, ::1]):
    i = jit.threadIdx.x
    smem = jit.shared_memory(cp.int32, 64)
    smem[i] = v[i]
    jit.syncthreads()
    row = x[i]
    jit.thrust.sort_by_key(jit.thrust.device, row.begin(), row.end(), y[i].begin())
    lo, hi = jit.thrust.equal_range(jit.thrust.seq, row.begin(), row.end(), v[i])
    out[i] = hi - lo + jit.thrust.count(jit.thrust.device, smem, smem + 64, i)
    ends = jit.thrust.reduce_by_key(jit.thrust.seq, row.begin(), row.end(), y[i].begin(),
                                    keys[i].begin(), sums[i].begin())
    out[i] += ends[0] - keys[i].begin()
    jit.thrust.exclusive_scan(jit.thrust.seq, sums[i].begin(), sums[i].end(), sums[i].begin())
    c = jit.thrust.make_counting_iterator(i)
    jit.thrust.sequence(jit.thrust.seq, keys[i].begin(), keys[i].end(), c[3])
