# run: --kernel _fused_l2_dist dot_product=@real5f_l2dist.dot_product.npy q_norms=@real5f_l2dist.q_norms.npy a_norms=@real5f_l2dist.a_norms.npy
# check: out tol=1e-6
# input: dot_product = rng.standard_normal((6, 5)).astype(np.float32)
# input: q_norms = rng.random((6, 1)).astype(np.float32)
# input: a_norms = rng.random((1, 5)).astype(np.float32)
# A published program (a GPU brute-force similarity join; found by the code index): squared
# L2 distances from a dot product and the two norms, broadcast (6, 5) + (6, 1) + (1, 5),
# float32 with Python float constants, clamped at 0.0 by cp.maximum.
import cupy as cp


@cp.fuse()
def _fused_l2_dist(dot_product, q_norms, a_norms):
    """Fuse element-wise ops into single kernel: 2.15x faster than separate in-place ops."""
    d = q_norms - 2.0 * dot_product + a_norms
    return cp.maximum(d, 0.0)
