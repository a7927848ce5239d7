# run: --kernel block_scan --grid 2 --block 64 x=@real_smem_scan.x.npy out=zeros:int32:128
# check: out
# input: x = rng.integers(-5, 10, 128).astype(np.int32)
# Modelled on published cupyx.jit prefix sums: a Hillis-Steele inclusive scan in static
# shared memory with two buffers (an index flipped each step), uint32 `1 << d` offsets
# from a range loop, syncthreads in the loop body, a shared array passed to a device function.
# CuPy 14.2 with NumPy 2 rejects it (`load(buf, 0, t, ...)`: the constant is an int32
# parameter of the device function, `base + t` an int32 variable with a uint32: same_kind);
# pykc computes it in uint32 (docs/language.md §2.6, extension), checked against
# tools/jit_models.py's model (gen_expected JIT_REFUSED).
import cupy as cp
from cupyx import jit

LOG2_BLOCK = 6


@jit.rawkernel(device=True)
def load(buf, base, t, v):
    buf[base + t] = v


@jit.rawkernel()
def block_scan(x, out):
    t = jit.threadIdx.x
    g = jit.blockIdx.x * jit.blockDim.x + t
    buf = jit.shared_memory(cp.int32, 128)
    load(buf, 0, t, x[g])
    jit.syncthreads()
    src = cp.uint32(0)
    for d in range(LOG2_BLOCK):
        off = cp.uint32(1) << cp.uint32(d)
        dst = cp.uint32(1) - src
        v = buf[src * 64 + t]
        if t >= off:
            v += buf[src * 64 + t - off]
        buf[dst * 64 + t] = v
        jit.syncthreads()
        src = dst
    out[g] = buf[src * 64 + t]
