from cupyx import jit


@jit.rawkernel()
def k(x, n):
    i = jit.threadIdx.x
    try:
        x[i] = 1
    except ValueError:
        pass
    finally:
        pass
