# run: --kernel red_out x=@fuse_vw_red_out.x.npy o=zeros:float32:3x4
# check: o tol=1e-5
# input: x = rng.standard_normal((5, 4)).astype(np.float32)
# @cupy.fuse: reductions into views of an argument: out= of cp.sum and cp.max, and a
# row set from a reduction.
import cupy as cp


@cp.fuse()
def red_out(x, o):
    cp.sum(x, axis=0, out=o[0])
    cp.max(x, axis=0, out=o[1])
    o[2][...] = x.min(0) + o[0]
