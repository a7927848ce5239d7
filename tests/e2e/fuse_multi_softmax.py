# run: --kernel softmax x=@fuse_multi_softmax.x.npy
# check: out tol=1e-6
# input: x = (rng.standard_normal((6, 33)) * 20).astype(np.float32)
# @cupy.fuse: a softmax over the rows, as people write it: the row max (a reduction with
# no identity), exp of the difference, its row sums (a second reduction), the quotient.
import cupy as cp


@cp.fuse()
def softmax(x):
    e = cp.exp(x - x.max(axis=1)[:, None])
    return e / e.sum(axis=1)[:, None]
