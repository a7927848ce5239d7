# 2-d map kernels (src/lower/map.c, docs/design.md §5.3): `x, y = jit.grid(2)` (or its
# axes written out), locals that read no y, then `if ... y < BOUND ...:` (a conjunction, no
# else) whose BODY's threads never meet get NAME__map beside them: the other tests once,
# then a grid-stride loop over y in [0, min(BOUND, pykc_nthreads)) whose trips run four at
# a time, each trip's loads first under the tests of the ifs around them (batch.c), up to
# its first global store. The kernels from `kept` on get none, each for the reason named.
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def stencil(src: cp.float32[:, :], dst: cp.float32[:, :]):
    x, y = jit.grid(2)
    rows = src.shape[0]
    cols = src.shape[1]
    if y < rows and x < cols:                        # twin: five loads under the border
        if y == 0 or x == 0 or y == rows - 1 or x == cols - 1:     # test, one above it
            dst[y, x] = src[y, x]
        else:
            s = src[y, x] + src[y - 1, x] + src[y + 1, x] + src[y, x - 1] + src[y, x + 1]
            dst[y, x] = s * 0.2


@jit.rawkernel()
def axes(a: cp.float64[:, ::1], out: cp.float64[:, ::1], w: cp.int32, h: cp.int32):
    c = jit.blockIdx.x * jit.blockDim.x + jit.threadIdx.x
    r = jit.blockIdx.y * jit.blockDim.y + jit.threadIdx.y
    if c < w and r < h:                              # twin: the axes by hand, bound signed
        out[r, c] = a[r, c] * 2 + a[r, w - 1 - c]


@jit.rawkernel()
def inplace(a: cp.float32[:, :], b: cp.float32[:, :]):
    x, y = jit.grid(2)
    if y < a.shape[0]:                               # twin: no other test; a[y, x] loaded
        if x < a.shape[1]:                           # first, read again after its store
            a[y, x] = a[y, x] * b[y, x]
            b[y, x] = a[y, x] + 1


@jit.rawkernel()
def kept(x: cp.float32[:, :], out: cp.float32[:, :]):
    c, r = jit.grid(2)
    if r < x.shape[0] and c < x.shape[1]:            # none: threadIdx read in the body
        out[r, c] = x[r, c] + jit.threadIdx.y


@jit.rawkernel()
def kept_pre(x: cp.float32[:, :], out: cp.float32[:, :]):
    c, r = jit.grid(2)
    r2 = r * 2                                       # none: a local before the guard
    if r < x.shape[0] // 2 and c < x.shape[1]:       # reads y
        out[r2, c] = x[r2, c]


@jit.rawkernel()
def kept_acc(x: cp.float32[:, :], out: cp.float32[:, :]):
    c, r = jit.grid(2)
    acc = cp.float32(0)
    if r < x.shape[0] and c < x.shape[1]:            # none: the body assigns a local of
        acc += x[r, c]                               # the statements before the guard
        out[r, c] = acc


@jit.rawkernel()
def kept_or(x: cp.float32[:, :], out: cp.float32[:, :], all_rows: bool):
    c, r = jit.grid(2)
    if r < x.shape[0] or all_rows:                   # none: not a conjunction with y < BOUND
        out[r, c] = x[r, c]


@jit.rawkernel()
def kept_mask(x: cp.float32[:, :], out: cp.float32[:, :], on: cp.int32[:]):
    c, r = jit.grid(2)
    if r < x.shape[0] and on[c] != 0:                # none: another test reads an element
        out[r, c] = x[r, c]                          # (it would run where no y is in bounds)


@jit.rawkernel()
def kept_x(x: cp.float32[:, :], out: cp.float32[:, :]):
    c, r = jit.grid(2)
    if c < x.shape[1]:                               # none: y is not bounded
        out[r, c] = x[r, c]


@jit.rawkernel()
def kept_loop(x: cp.float32[:, :], out: cp.float32[:, :]):
    c, r = jit.grid(2)
    if r < x.shape[0] and c < x.shape[1]:            # none: a loop in the body
        for k in range(3):
            out[r, c] += x[r, c]


@jit.rawkernel()
def kept_3d(x: cp.float32[:, :, :]):
    c, r, p = jit.grid(3)
    if r < x.shape[1] and c < x.shape[2] and p < x.shape[0]:   # none: a z index
        x[p, r, c] = 0
