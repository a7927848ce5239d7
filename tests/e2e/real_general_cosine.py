# run: --kernel _general_cosine_kernel delta=0.12566370614359174 start=-3.141592653589793 a=@real_general_cosine.a.npy n=3 w=zeros:float64:51
# check: w tol=1e-12
# input: a = np.array([0.42, 0.50, 0.08])
# A real program (cuSignal's general cosine window, here Blackman's coefficients): Python
# float scalars typed T by the output array, a raw coefficient array, an int64 count, a
# `double` local from `i`, a `T` local accumulated through cos().
import cupy as cp

_general_cosine_kernel = cp.ElementwiseKernel(
    "T delta, T start, raw T a, int64 n",
    "T w",
    """
    double fac = start + delta * i;
    T temp = 0.0;
    for (int k = 0; k < n; k++) {
        temp += a[k] * cos(k * fac);
    }
    w = temp;
    """,
    "_general_cosine_kernel",
)
