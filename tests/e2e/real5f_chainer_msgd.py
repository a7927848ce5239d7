# run: --kernel update grad=@real5f_chainer_msgd.grad.npy lr=0.01:float32 momentum=0.9:float32 param=@real5f_chainer_msgd.param.npy v=@real5f_chainer_msgd.v.npy
# check: param v tol=1e-6
# input: grad = rng.standard_normal((5, 6)).astype(np.float32)
# input: param = rng.standard_normal((5, 6)).astype(np.float32)
# input: v = (rng.standard_normal((5, 6)) * 0.1).astype(np.float32)
# Source: github.com/chainer/chainer, chainer/optimizers/momentum_sgd.py (Chainer 1.x, where
# `from chainer import cuda` re-exports cupy.fuse): MomentumSGD's fused update, called as
# update(param.grad, numpy.float32(self.lr), numpy.float32(self.momentum), param.data, v):
# a function that returns nothing and updates two of its array arguments in place
# (`v *= momentum`, `v -= lr * grad`, `param += v`), NumPy float32 scalars.
import cupy as cuda  # chainer's cuda module: its fuse is cupy.fuse


@cuda.fuse()
def update(grad, lr, momentum, param, v):
    v *= momentum
    v -= lr * grad
    param += v
