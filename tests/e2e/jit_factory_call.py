# run: --kernel k --grid 2 --block 64 x=@jit_factory_call.x.npy y=zeros:float64:128
# check: y
# input: x = rng.standard_normal(128).astype(np.float32)
# A kernel factory called at module level with arguments, as published cupyx.jit code
# builds kernels per block size and precision (transport_tools' get_jit_distance_kernels
# sizes its shared memory by its `threads_per_block` parameter): `k = make_kernel(64,
# cp.float64, scale=3)` binds the factory's parameters (a shared-memory size, a dtype, a
# keyword argument over a default) and `k` names the kernel it returns. A second call
# with other arguments is its own kernel; the factory's own default reading is not one.
import cupy as cp
from cupyx import jit


def make_kernel(block, dtype, scale=2, bias=0.5):
    @jit.rawkernel()
    def kern(x, y):
        buf = jit.shared_memory(dtype, block)
        t = jit.threadIdx.x
        i = jit.blockIdx.x * block + t
        buf[t] = dtype(x[i]) * scale + bias
        jit.syncthreads()
        y[i] = buf[block - 1 - t]
    return kern


k = make_kernel(64, cp.float64, scale=3)
k_half = make_kernel(32, cp.float32)
