# run: --kernel ufunc_out x=@fuse_vw_ufunc_out.x.npy y=zeros:float64:2x6
# check: x y tol=1e-12
# input: x = rng.standard_normal(6)
# @cupy.fuse: ufunc out= into views: a row, a row reversed, and x into its own reverse
# (CuPy copies an input that shares the output's memory first).
import cupy as cp


@cp.fuse()
def ufunc_out(x, y):
    cp.exp(x, out=y[0])
    cp.multiply(x, 2, out=y[1][::-1])
    cp.add(x, y[0], out=x[::-1])
