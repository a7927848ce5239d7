# run: --kernel update grad=@real5f_chainer_nesterov.grad.npy lr=0.01:float32 momentum=0.9:float32 param=@real5f_chainer_nesterov.param.npy v=@real5f_chainer_nesterov.v.npy
# check: param v tol=1e-6
# input: grad = rng.standard_normal((4, 7)).astype(np.float32)
# input: param = rng.standard_normal((4, 7)).astype(np.float32)
# input: v = (rng.standard_normal((4, 7)) * 0.1).astype(np.float32)
# Source: github.com/chainer/chainer, chainer/optimizers/nesterov_ag.py (Chainer 1.x):
# Nesterov's accelerated gradient as a fused in-place update; `1 + momentum` is a Python
# int plus a NumPy float32 scalar, `momentum * momentum * v` float32 throughout.
import cupy as cuda  # chainer's cuda module: its fuse is cupy.fuse


@cuda.fuse()
def update(grad, lr, momentum, param, v):
    v *= momentum
    v -= lr * grad
    param += momentum * momentum * v - (1 + momentum) * lr * grad
