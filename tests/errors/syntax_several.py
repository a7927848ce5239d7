# Several syntax errors in one file: each is reported, the parse goes on.
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def first(x, n):
    i = jit.threadIdx.x
    x[i] = = 1
    if i < n:
    else:
        x[i] = 2
    for j in range(n)
        x[j] = 0
    x[i] = 1 if i
    while i > 0:
        i -= 1
            i += 2
    x[i] = f(a=1, 2)
    1 = x[i]
    (a, b) += 1
    else:
        pass
    x[i] = 3


host = [1, 2, 3]   # host code is skipped, errors or not
print(f"{host}")


@jit.rawkernel()
def second(x y):
    pass


@jit.rawkernel(device=True)
def third(a):
    return a, lambda: 0


@jit.rawkernel()
def fourth(x):
