from cupyx import jit


@jit.rawkernel()
def chk(x):
    i = jit.grid(1)
    assert i < 5, "i too big"
    x[i] = i
