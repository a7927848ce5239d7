from cupyx import jit


@jit.rawkernel()
def k(x, n):
    x[0] = n)
