# run: --kernel f --grid 32 --block 32 x=arange:uint16:1024 y=@cupy_atomic_cas_u16.y.npy out=@cupy_atomic_cas_u16.out.npy
# check: out
# input: y = np.where(np.arange(1024) < 512, np.arange(1024), 0).astype(np.uint16)
# input: out = np.where(np.arange(1024) < 512, 0, np.arange(1024)).astype(np.uint16)
# CuPy tests/cupyx_tests/jit_tests/test_raw.py::TestRaw::test_atomic_cas (dtype H): the kernel as the test defines it.
import cupy
from cupyx import jit
import numpy


@jit.rawkernel()
def f(x, y, out):
    tid = jit.blockDim.x * jit.blockIdx.x + jit.threadIdx.x
    if tid < x.size:
        # = y[tid] if out[tid] == x[tid] else out[tid]
        jit.atomic_cas(out, tid, x[tid], y[tid])
