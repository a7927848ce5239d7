from cupyx import jit


@jit.rawkernel()
def k(x, n):
    x[jit.threadIdx.x) = n
