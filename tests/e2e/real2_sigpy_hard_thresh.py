# run: --kernel _hard_thresh_cuda lamda=@real2_sigpy_hard_thresh.lamda.npy input=@real2_sigpy_hard_thresh.input.npy
# check: output tol=1e-6
# input: lamda = np.asarray(0.7)
# input: input = np.concatenate([rng.standard_normal(30) + 1j * rng.standard_normal(30), [0, 0.7, -0.7j, 0.5 + 0.5j]]).astype(np.complex64)
# Source: github.com/mikgroup/sigpy, sigpy/thresh.py (5da0e86): its two ElementwiseKernels,
# unchanged, taken out of the module's `if config.cupy_enabled:` block (which also imports
# numba and sigpy). soft_thresh/hard_thresh pass a scalar lamda as a 0-d array
# (backend.to_device), so S is float64 while T is complex64: abs() of complex<float>,
# `(T) abs_input` (a double cast to complex<float>), `sign = 0` into a complex, a complex
# divided by a complex, `/ 2.`, zeros and values on the threshold.
import cupy as cp

_soft_thresh_cuda = cp.ElementwiseKernel(
    "S lamda, T input",
    "T output",
    """
    S abs_input = abs(input);
    T sign;
    if (abs_input == 0)
        sign = 0;
    else
        sign = input / (T) abs_input;
    S mag = abs_input - lamda;
    mag = (abs(mag) + mag) / 2.;

    output = (T) mag * sign;
    """,
    name="soft_thresh",
)

_hard_thresh_cuda = cp.ElementwiseKernel(
    "S lamda, T input",
    "T output",
    """
    S abs_input = abs(input);
    if (abs_input > lamda)
        output = input;
    else
        output = 0;
    """,
    name="hard_thresh",
)
