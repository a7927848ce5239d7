# run: --kernel fused_some_stuff x=@real5f_nvtx_sumx.x.npy y=@real5f_nvtx_sumx.y.npy
# check: out tol=1e-12
# input: x = rng.random((8, 15))
# input: y = rng.random(8) + 3.0
# A published program (an NVTX profiling example of fused against unfused CuPy; found by
# the code index): cp.sum(x, axis=1) then elementwise work with another argument of the
# reduced shape.
import cupy as cp


@cp.fuse()
def fused_some_stuff(x, y):
    sumx = cp.sum(x, axis=1)
    return sumx**2 + y / cp.sqrt(y)
