# The array ABI: strided and C-contiguous arrays of 0 to 3 dimensions, views x[i],
# and the attributes size, shape, strides, ndim and len().
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def arrays(a: cp.float32[:], c: cp.float32[::1], m: cp.float64[:, :], mc: cp.float64[:, ::1],
           t: cp.int32[:, :, ::1], z: cp.int64[()], out: cp.float64[:]):
    i = jit.threadIdx.x
    j = jit.threadIdx.y
    a[i] = c[i] * 2.0
    m[i, j] = mc[j, i] + t[i, j, 1]
    row = m[i]
    row[j] += 1.0
    plane = t[i]
    out[i] = plane[j, 0] + t[i][j, 2] + len(a) + a.size + m.shape[1] + m.strides[0] + t.ndim
    z[()] = c.shape[0]
