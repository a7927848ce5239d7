# run: --kernel _fused_variance_kernel image=@real4_cucim_morph_sign.image.npy c1=0.25 c2=0.75 lam1=1 lam2=1 abs_du=@real4_cucim_morph_sign.abs_du.npy
# check: out0 out1
# input: image = rng.random((6, 5))
# input: abs_du = np.abs(rng.standard_normal((6, 5))) * (rng.random((6, 5)) > 0.3)
# Modelled on github.com/rapidsai/cucim, python/cucim/src/cucim/skimage/segmentation/
# morphsnakes.py (043cf754): the morphological Chan-Vese step's sign test as `@cp.fuse()`:
# float64 arrays and Python scalars, in-place `*=`, `+=`/`-=` on traced temporaries, and
# two boolean results from comparisons of a traced value with 0.
import cupy as cp


@cp.fuse()
def _fused_variance_kernel(
    image,
    c1,
    c2,
    lam1,
    lam2,
    abs_du,
):
    difference_term = image - c1
    difference_term *= difference_term
    difference_term *= lam1
    term2 = image - c2
    term2 *= term2
    term2 *= lam2
    difference_term -= term2

    aux = abs_du * difference_term
    aux_lt0 = aux < 0
    aux_gt0 = aux > 0
    return aux_lt0, aux_gt0
