# run: --kernel abit --grid 2 --block 64 a=@atomic_bitwise.a.npy u=@atomic_bitwise.u.npy q=@atomic_bitwise.q.npy ri=@atomic_bitwise.ri.npy ru=@atomic_bitwise.ru.npy rq=@atomic_bitwise.rq.npy
# input: a = rng.integers(-2**31, 2**31, 128).astype(np.int32)
# input: u = rng.integers(0, 2**32, 128).astype(np.uint32)
# input: q = rng.integers(0, 2**63, 128).astype(np.uint64) * np.uint64(2) + np.uint64(1)
# input: ri = np.array([-1, 0, 0x0F0F0F0F], np.int32)
# input: ru = np.array([0xFFFFFFFF, 0, 0x12345678], np.uint32)
# input: rq = np.array([2**64 - 1, 0, 2**40 + 3], np.uint64)
# atomic_and / atomic_or / atomic_xor on int32, uint32, uint64.
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def abit(a, u, q, ri, ru, rq):
    i = jit.grid(1)
    jit.atomic_and(ri, 0, a[i])
    jit.atomic_or(ri, 1, a[i])
    jit.atomic_xor(ri, 2, a[i])
    jit.atomic_and(ru, 0, u[i])
    jit.atomic_or(ru, 1, u[i])
    jit.atomic_xor(ru, 2, u[i])
    jit.atomic_and(rq, 0, q[i])
    jit.atomic_or(rq, 1, q[i])
    jit.atomic_xor(rq, 2, q[i])
