# run: --kernel rows --grid 1 --block 16 a=@views_2d.a.npy c=@views_2d.c.npy o=zeros:float32:16 oc=zeros:int32:16x2
# check: o oc tol=1e-6
# input: a = rng.standard_normal((16, 10)).astype(np.float32)
# input: c = rng.integers(-99, 99, (16, 3, 5)).astype(np.int32)
# x[i] on a 2-d (3-d) array is a 1-d (2-d) view usable as an array.
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def rows(a, c, o, oc):
    i = jit.threadIdx.x
    row = a[i]
    s = row[0]
    for j in range(1, row.shape[0]):
        s = s * 0.5 + row[j]
    o[i] = s
    plane = c[i]
    t = 0
    for p in range(plane.shape[0]):
        for q in range(plane.shape[1]):
            t += plane[p, q] * (p + 1)
    oc[i, 0] = t
    oc[i, 1] = c[i][2, 4] + len(plane) + row.size
