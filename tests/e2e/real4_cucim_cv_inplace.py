# run: --kernel _fused_inplace_eps_div num=@real4_cucim_cv_inplace.num.npy denom=@real4_cucim_cv_inplace.denom.npy eps=2.220446049250313e-15
# check: num denom tol=1e-15
# input: num = np.asarray(13.75)
# input: denom = np.asarray(22.0)
# Modelled on github.com/rapidsai/cucim, python/cucim/src/cucim/skimage/segmentation/
# _chan_vese.py (043cf754): _cv_calculate_averages divides two 0-d float64 arrays (cp.sum
# of the image inside and of the mask) in place through a fused function that returns
# nothing (`denom += eps; num /= denom; return`): both arguments are written, the result is
# None. eps is `10 * cp.finfo(image.dtype).eps`, a NumPy float64 scalar, here its value.
import cupy as cp


@cp.fuse()
def _fused_inplace_eps_div(num, denom, eps):
    denom += eps
    num /= denom
    return
