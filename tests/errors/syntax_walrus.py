from cupyx import jit


@jit.rawkernel()
def k(x, n):
    i = jit.threadIdx.x
    if (m := n) > 0:
        x[i] = m
