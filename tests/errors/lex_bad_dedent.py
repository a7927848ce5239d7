from cupyx import jit


@jit.rawkernel()
def k(x):
    i = jit.threadIdx.x
    if i < 10:
        x[i] = 0
      x[i] = 1
