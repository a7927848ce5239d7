# run: --kernel saxpy --grid 4 --block 128 a=2.5 x=@gridstride_saxpy.x.npy y=@gridstride_saxpy.y.npy out=zeros:float32:5000 n=5000
# check: out tol=1e-6
# input: x = rng.standard_normal(5000).astype(np.float32)
# input: y = rng.standard_normal(5000).astype(np.float32)
# Generic (unannotated) kernel with a scalar float argument typed float32 from the run line.
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def saxpy(a, x, y, out, n):
    tid = jit.threadIdx.x + jit.blockIdx.x * jit.blockDim.x
    ntid = jit.gridDim.x * jit.blockDim.x
    for i in range(tid, n, ntid):
        out[i] = a * x[i] + y[i]
