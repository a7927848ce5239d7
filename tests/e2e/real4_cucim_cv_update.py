# run: --kernel _fused_variance_kernel2 image=@real4_cucim_cv_update.image.npy c1=@real4_cucim_cv_update.c1.npy c2=@real4_cucim_cv_update.c2.npy lam1=1 lam2=2 phi=@real4_cucim_cv_update.phi.npy K=@real4_cucim_cv_update.K.npy dt=0.5 mu=0.25 delta_phi=@real4_cucim_cv_update.delta_phi.npy Csum=@real4_cucim_cv_update.Csum.npy
# check: out tol=1e-5
# input: image = rng.random((5, 6)).astype(np.float32)
# input: c1 = np.asarray(0.375, np.float32)
# input: c2 = np.asarray(0.625, np.float32)
# input: phi = rng.standard_normal((5, 6)).astype(np.float32)
# input: K = rng.standard_normal((5, 6)).astype(np.float32)
# input: delta_phi = rng.random((5, 6)).astype(np.float32)
# input: Csum = (rng.random((5, 6)) * 4).astype(np.float32)
# Modelled on github.com/rapidsai/cucim, python/cucim/src/cucim/skimage/segmentation/
# _chan_vese.py (043cf754): the Chan-Vese level-set update as `@cp.fuse()` with eleven
# parameters: float32 images, the region averages as 0-d float32 arrays (cp.sum's), the
# weights and step as Python scalars (lam1=1, lam2=2, dt=0.5, mu=0.25), in-place updates of
# traced temporaries, a unary minus of a parameter, and `out_denom.dtype.type(1)`: the
# NumPy scalar type of a traced value's dtype, called.
import cupy as cp


@cp.fuse()
def _fused_variance_kernel2(
    image, c1, c2, lam1, lam2, phi, K, dt, mu, delta_phi, Csum
):
    difference_term = image - c1
    difference_term *= difference_term
    difference_term *= -lam1

    term2 = image - c2
    term2 *= term2
    term2 *= lam2
    difference_term += term2

    new_phi = phi + (dt * delta_phi) * (mu * K + difference_term)
    out_denom = mu * dt * delta_phi * Csum
    out_denom += out_denom.dtype.type(1)
    out = new_phi / out_denom
    return out
