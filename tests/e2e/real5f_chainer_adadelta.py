# run: --kernel kernel rho=0.95 eps=1e-06 grad=@real5f_chainer_adadelta.grad.npy param=@real5f_chainer_adadelta.param.npy msg=@real5f_chainer_adadelta.msg.npy msdx=@real5f_chainer_adadelta.msdx.npy
# check: param msg msdx tol=1e-6
# input: grad = rng.standard_normal((3, 8)).astype(np.float32)
# input: param = rng.standard_normal((3, 8)).astype(np.float32)
# input: msg = rng.random((3, 8)).astype(np.float32)
# input: msdx = rng.random((3, 8)).astype(np.float32)
# Source: github.com/chainer/chainer, chainer/optimizers/ada_delta.py (v7): AdaDeltaKernel's
# fused kernel (kernel_name='adadelta'), defined in __init__ and called with the
# hyperparameters as Python floats: `xp = cuda.get_array_module(grad)` inside the fused
# body, a local computed from two in-place updated arguments, three arguments written.
import cupy as cuda  # chainer.backends.cuda: its fuse and get_array_module are CuPy's


@cuda.fuse(kernel_name='adadelta')
def kernel(rho, eps, grad, param, msg, msdx):
    xp = cuda.get_array_module(grad)
    msg *= rho
    msg += (1 - rho) * grad * grad
    dx = xp.sqrt((msdx + eps) / (msg + eps)) * grad
    msdx *= rho
    msdx += (1 - rho) * dx * dx
    param -= dx
