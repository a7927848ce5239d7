# run: --kernel cmp --grid 1 --block 64 s=@signed_unsigned_cmp.s.npy u=@signed_unsigned_cmp.u.npy l=@signed_unsigned_cmp.l.npy a8=@signed_unsigned_cmp.a8.npy q8=@signed_unsigned_cmp.q8.npy o=zeros:bool:64x12
# check: o
# input: s = int_edges(64, 'int32')
# input: u = np.concatenate([np.array([0, 4294967295, 1, 2147483648, 0, 0, 2147483647, 5], np.uint32), rng.integers(0, 2**32, 56).astype(np.uint32)])
# input: l = int_edges(64, 'int64')
# input: a8 = int_edges(64, 'int8')
# input: q8 = int_edges(64, 'uint8')
# Mixed signed/unsigned comparisons are exact: int32 -1 < uint32 0 is True.
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def cmp(s, u, l, a8, q8, o):
    i = jit.threadIdx.x
    o[i, 0] = s[i] < u[i]
    o[i, 1] = s[i] <= u[i]
    o[i, 2] = s[i] > u[i]
    o[i, 3] = s[i] >= u[i]
    o[i, 4] = s[i] == u[i]
    o[i, 5] = s[i] != u[i]
    o[i, 6] = l[i] < u[i]
    o[i, 7] = l[i] == u[i]
    o[i, 8] = a8[i] < q8[i]
    o[i, 9] = a8[i] >= q8[i]
    o[i, 10] = s[i] < 0
    o[i, 11] = u[i] > -1
