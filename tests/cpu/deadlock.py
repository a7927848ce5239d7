from cupyx import jit


# A genuine deadlock: lanes 0-15 wait in a full-mask shuffle for lanes 16-31, which wait
# at the barrier for them; the returned threads 32-63 release neither.
@jit.rawkernel()
def lock(x):
    t = jit.threadIdx.x
    if t >= 32:
        return
    if t < 16:
        x[t] = jit.shfl_down_sync(0xffffffff, t, 1)
    else:
        jit.syncthreads()
