# run: --kernel asx --grid 2 --block 64 v=@atomic_sub_exch.v.npy ci=@atomic_sub_exch.ci.npy cu=@atomic_sub_exch.cu.npy ei=zeros:int32:128 eu=zeros:uint32:128 eq=zeros:uint64:128 ef=zeros:float32:128 oi=zeros:int32:128 ou=zeros:uint32:128 oq=zeros:uint64:128 of=zeros:float32:128
# check: ci cu ei eu eq ef oi ou oq of
# input: v = rng.integers(0, 1000, 128).astype(np.int32)
# input: ci = np.array([1000000, -5], np.int32)
# input: cu = np.array([100, 4000000000], np.uint32)
# atomic_sub (int32, uint32, wrapping) and atomic_exch (int32 uint32 uint64 float32); each
# thread exchanges its own element so the returned old values are deterministic.
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def asx(v, ci, cu, ei, eu, eq, ef, oi, ou, oq, of):
    i = jit.grid(1)
    x = v[i]
    jit.atomic_sub(ci, i % 2, x)
    jit.atomic_sub(cu, i % 2, cp.uint32(x))
    ei[i] = i
    eu[i] = i * 3
    eq[i] = i * 5
    ef[i] = i * 0.5
    oi[i] = jit.atomic_exch(ei, i, x)
    ou[i] = jit.atomic_exch(eu, i, cp.uint32(x))
    oq[i] = jit.atomic_exch(eq, i, cp.uint64(x) << 40)
    of[i] = jit.atomic_exch(ef, i, cp.float32(x))
