from cupyx import jit


@jit.rawkernel()
def div(x):
    t = jit.threadIdx.x
    if t >= 200:
        return
    jit.syncthreads()
    x[t] = 1
