# run: --kernel outarg x=@fuse_out_args.x.npy y=@fuse_out_args.y.npy z=zeros:float32:64 u=zeros:float32:64 v=zeros:float64:64
# check: out z u v cpu-ulp=2
# input: x = (rng.standard_normal(64) * 8).astype(np.float32)
# input: y = (rng.standard_normal(64) * 8).astype(np.float32)
# @cupy.fuse: ufunc out= (keyword and positional) writes into the caller's arrays (CuPy's
# _non_const inputs); v is float64, so cp.multiply's float32 loop is cast into it.
import cupy as cp


@cp.fuse()
def outarg(x, y, z, u, v):
    cp.add(x, y, out=z)
    cp.subtract(z, x, u)
    cp.multiply(z, x, out=v)
    return cp.exp(u * 0.01, out=u)
