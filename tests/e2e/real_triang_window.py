# run: --kernel _triang_kernel_true M=12 w=zeros:float64:12
# check: w
# A real program (cuSignal's triangular window, even length): the only input an int64
# scalar, the loop size from the output, `static_cast<int>(M/2)` of an int64, an int local
# mixed with a double literal.
import cupy as cp

_triang_kernel_true = cp.ElementwiseKernel(
    "int64 M",
    "T w",
    """
    int n;
    if ( i < static_cast<int>(M/2) ) {
        n = i + 1;
        w = ( 2 * n - 1.0 ) / M;
    } else {
        n = M - i;
        w = ( 2 * n - 1.0 ) / M;
    }
    """,
    "_triang_kernel",
)
