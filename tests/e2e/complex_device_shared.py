# run: --kernel cdev --grid 1 --block 64 z=@complex_device_shared.z.npy o=zeros:complex128:64 n=zeros:int64:64
# check: o n
# input: z = (rng.standard_normal(64) + 1j * rng.standard_normal(64)).astype(np.complex128)
# complex128 in shared memory, as a device-function argument and inside a returned tuple.
import cupy as cp
from cupyx import jit


@jit.rawkernel(device=True)
def rot(z, k):
    return z * 1j, k + 1


@jit.rawkernel()
def cdev(z, o, n):
    sh = jit.shared_memory(cp.complex128, 64)
    t = jit.threadIdx.x
    sh[t] = z[t]
    jit.syncthreads()
    w, m = rot(sh[63 - t], t)
    o[t] = w + sh[t]
    n[t] = m
