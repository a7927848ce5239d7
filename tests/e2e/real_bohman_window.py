# run: --kernel _bohman_kernel M=21 delta=0.1 start=-0.9 pi=3.141592653589793 w=zeros:float64:21
# check: w tol=1e-12
# A real program (cuSignal's Bohman window): an int64 and three T scalars, abs() of a
# double, cos/sin, `1.0 / pi`, integer zero assigned to a double output.
import cupy as cp

_bohman_kernel = cp.ElementwiseKernel(
    "int64 M, T delta, T start, T pi",
    "T w",
    """
    double fac = abs(start + delta * ( i - 1 ));
    if ( i != 0 && i != ( M - 1 ) ) {
        w = (1 - fac) * cos(pi * fac) + 1.0 / pi * sin(pi * fac);
    } else {
        w = 0;
    }
    """,
    "_bohman_kernel",
)
