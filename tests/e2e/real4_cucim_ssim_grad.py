# run: --kernel _get_ssim_grad_kernel cov_norm=1.125 ux=@real4_cucim_ssim_grad.ux.npy uy=@real4_cucim_ssim_grad.uy.npy uxx=@real4_cucim_ssim_grad.uxx.npy uyy=@real4_cucim_ssim_grad.uyy.npy uxy=@real4_cucim_ssim_grad.uxy.npy data_range=1.0 K1=0.01 K2=0.03
# check: ssim grad_temp1 grad_temp2 grad_temp3 tol=2e-6
# input: ux = rng.random((4, 7)).astype(np.float32)
# input: uy = rng.random((4, 7)).astype(np.float32)
# input: uxx = (rng.random((4, 7)) + 0.5).astype(np.float32)
# input: uyy = (rng.random((4, 7)) + 0.5).astype(np.float32)
# input: uxy = rng.random((4, 7)).astype(np.float32)
# Modelled on github.com/rapidsai/cucim, python/cucim/src/cucim/skimage/metrics/
# _structural_similarity.py (043cf754): the SSIM map and its gradient terms, an
# ElementwiseKernel that a factory function returns (memoized in the program) whose
# operation is a module-level string constant plus a literal (`_ssim_operation + """..."""`),
# float32 images under placeholder F, four float64 scalars given Python floats, four
# outputs, and locals declared several to a line (`F vx, vy, vxy, C1, ...;`).
import cupy as cp

_ssim_operation = """
    F vx, vy, vxy, C1, C2, A1, A2, B1, B2, D;
    vx = cov_norm * (uxx - ux * ux);
    vy = cov_norm * (uyy - uy * uy);
    vxy = cov_norm * (uxy - ux * uy);

    C1 = (K1 * data_range);
    C1 *= C1;
    C2 = (K2 * data_range);
    C2 *= C2;

    A1 = 2 * ux * uy + C1;
    A2 = 2 * vxy + C2;
    B1 = ux * ux + uy * uy + C1;
    B2 = vx + vy + C2;
    D = B1 * B2;
    ssim = (A1 * A2) / D;
"""


def _get_ssim_grad_kernel():
    return cp.ElementwiseKernel(
        in_params="float64 cov_norm, F ux, F uy, F uxx, F uyy, F uxy, float64 data_range, float64 K1, float64 K2",  # noqa
        out_params="F ssim, F grad_temp1, F grad_temp2, F grad_temp3",
        operation=_ssim_operation
        + """
            grad_temp1 = A1 / D;
            grad_temp2 = -ssim / B2;
            grad_temp3 = (ux * (A2 - A1) - uy * (B2 - B1) * ssim) / D;
        """,
        name="cucim_ssim",
    )
