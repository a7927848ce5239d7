# run: --kernel steps x=@fuse_while.x.npy
# check: out tol=1e-6
# input: x = (rng.standard_normal(128) * 2).astype(np.float32)
# @cupy.fuse: a while loop on host Python values (CuPy runs it while tracing: unrolled),
# `k += 1` of a Python int, break, continue, and a loop's else clause.
import cupy as cp

N = 4


@cp.fuse()
def steps(x):
    k = 0
    y = x
    while k < N:
        y = y * 0.5 + k
        k += 1
        if k == 3:
            break
    else:
        y = y - 100
    for i in range(6):
        if i % 2:
            continue
        y = y + i
    else:
        y = y * 2
    return y
