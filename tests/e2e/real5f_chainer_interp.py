# run: --kernel interp p=0.3 x=@real5f_chainer_interp.x.npy y=@real5f_chainer_interp.y.npy
# check: out tol=1e-6
# input: x = rng.standard_normal((4, 6)).astype(np.float32)
# input: y = rng.standard_normal((4, 6)).astype(np.float32)
# A published program (a Chainer training extension reporting to TensorBoard; found by the
# code index): a bare `@cupy.fuse`, p * x + (1 - p) * y with a Python float p.
import cupy


@cupy.fuse
def interp(p, x, y):
    return p * x + (1 - p) * y
