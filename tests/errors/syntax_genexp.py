from cupyx import jit


@jit.rawkernel()
def k(x, n):
    i = jit.threadIdx.x
    x[i] = sum(j for j in range(n))
