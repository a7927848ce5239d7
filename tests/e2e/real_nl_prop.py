# run: --kernel nl_prop A=@real_nl_prop.A.npy dz=0.05 alpha=0.2 V=@real_nl_prop.V.npy g=1.5
# check: A tol=1e-13
# input: A = rng.standard_normal((6, 8)) + 1j * rng.standard_normal((6, 8))
# input: V = rng.standard_normal((6, 8)) * 0.5
# A published program (a nonlinear Schroedinger equation solver, split-step: the nonlinear
# propagation step): @cp.fuse(kernel_name=...) defined in a try whose except falls back to
# numba, parameters annotated (cp.ndarray, float), `A *= cp.exp(...)` updating a
# complex128 argument in place with no return, Python float scalars and the complex
# literal 1j, cp.abs(A)**2; `-alpha/2` of a Python float argument (a weak scalar: negative's
# first loop, float16, as pykc takes CuPy 14.2 to run it).
import numpy as np
BACKEND = "CPU"
try:
    import cupy as cp
    BACKEND = "GPU"

    @cp.fuse(kernel_name="nl_prop")
    def nl_prop(A: cp.ndarray, dz: float, alpha: float, V: cp.ndarray, g: float):
        A *= cp.exp(dz*(-alpha/2 + 1j * V + 1j*g*cp.abs(A)**2))
except ImportError:
    print("CuPy not available, falling back to CPU backend ...")
    BACKEND = "CPU"
