from cupyx import jit


@jit.rawkernel()
def k(x, n):
    i = jit.threadIdx.x
    with open('f') as f:
        x[i] = 1
