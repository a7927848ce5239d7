from cupyx import jit


@jit.rawkernel()
def k(x, n):
    for i in range(n):
    x[0] = 1
    while n:
        n -= 1
    else:
