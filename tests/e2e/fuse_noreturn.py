# run: --kernel sgd p=@fuse_noreturn.p.npy g=@fuse_noreturn.g.npy m=@fuse_noreturn.m.npy lr=0.05
# check: p m tol=1e-6
# input: p = rng.standard_normal(256).astype(np.float32)
# input: g = rng.standard_normal(256).astype(np.float32)
# input: m = rng.standard_normal(256).astype(np.float32)
# @cupy.fuse: a momentum step written as real programs write it: in-place updates of the
# arguments and a bare return (no outputs; the call returns None).
import cupy as cp


@cp.fuse()
def sgd(p, g, m, lr, beta=0.9):
    m *= beta
    m += g
    p -= lr * m
    return
