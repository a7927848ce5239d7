from cupyx import jit


@jit.rawkernel()
def k(x, n):
    i = jit.threadIdx.x
    x[i] = 1
        x[i] = 2
    x[0] = 3
