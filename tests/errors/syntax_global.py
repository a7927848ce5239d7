from cupyx import jit


@jit.rawkernel()
def k(x, n):
    i = jit.threadIdx.x
    global n
