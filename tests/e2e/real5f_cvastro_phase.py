# run: --kernel normalize_phase image_product=@real5f_cvastro_phase.image_product.npy eps=1.1920929e-07:float32
# check: image_product tol=1e-6
# input: image_product = (np.where(np.arange(30).reshape(5, 6) % 7 == 0, 1e-9, 1.0) * (rng.standard_normal((5, 6)) + 1j * rng.standard_normal((5, 6)))).astype(np.complex64)
# Source: github.com/klaussfreire/cvastrophoto (the CuPy phase correlation): the phase
# normalisation in place, `image_product *= cp.reciprocal(cp.maximum(cp.abs(p), 100 * eps))`,
# eps = np.finfo(float32).eps (a NumPy float32 scalar), the function returning nothing.
import cupy
import cupy as cp


@cupy.fuse()
def normalize_phase(image_product, eps):
    image_product *= cp.reciprocal(cp.maximum(cp.abs(image_product), 100 * eps))
