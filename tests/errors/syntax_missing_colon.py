from cupyx import jit


@jit.rawkernel()
def k(x, n):
    i = jit.threadIdx.x
    if i < n
        x[i] = 1
    else:
        x[i] = 2
    x[0] = 3
