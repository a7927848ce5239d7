# run: --kernel sf_kernel du=@real5f_sf_kernel.du.npy dv=@real5f_sf_kernel.dv.npy dw=@real5f_sf_kernel.dw.npy i=1 j=2 k=3 r=3.7416573867739413 order=3
# check: out tol=1e-12
# input: du = rng.standard_normal((4, 5, 6))
# input: dv = rng.standard_normal((4, 5, 6))
# input: dw = rng.standard_normal((4, 5, 6))
# A published program (velocity structure functions of 3-d turbulence; found by the code
# index): a bare `@cp.fuse`, annotated parameters (`du: ndarray`, `i: int`, `r: float`,
# `order: int`, `-> ndarray`; the program's `type ndarray = np.ndarray | cp.ndarray`
# alias is written as an assignment here), Python ints times arrays, an int power.
import cupy as cp
import numpy as np

ndarray = np.ndarray


@cp.fuse
def sf_kernel(
    du: ndarray,
    dv: ndarray,
    dw: ndarray,
    i: int,
    j: int,
    k: int,
    r: float,
    order: int,
) -> ndarray:
    """Kernel for taking the longitudinal component of the velocity structure function"""
    du_l = (du * k + dv * j + dw * i) / r
    return du_l**order
