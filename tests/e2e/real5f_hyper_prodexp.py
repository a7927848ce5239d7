# run: --kernel bfp_prodexp prod_beta=@real5f_hyper_prodexp.prod_beta.npy mask=@real5f_hyper_prodexp.mask.npy exp_beta=@real5f_hyper_prodexp.exp_beta.npy
# check: out tol=1e-12
# input: prod_beta = rng.random(10) + 0.5
# input: mask = (rng.random((5, 10)) > 0.4).astype(np.float64)
# input: exp_beta = rng.random((5, 1)) + 0.5
# A published program (maximum-likelihood degrees of a random hypergraph model, a
# fixed-point iteration; found by the code index): a bare `@cp.fuse` over (10,), (5, 10)
# and (5, 1) float64 arrays broadcast together.
import cupy as cp


@cp.fuse
def bfp_prodexp(prod_beta, mask, exp_beta):
    return (prod_beta * mask) / (1 + (prod_beta * mask * exp_beta))
