from cupyx import jit


@jit.rawkernel()
def k(x, n):
    i = jit.threadIdx.x
    async for j in n:
        pass
