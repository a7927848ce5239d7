from cupyx import jit


@jit.rawkernel()
def k(x, n):
    i = jit.threadIdx.x
    s = {1, 2}
