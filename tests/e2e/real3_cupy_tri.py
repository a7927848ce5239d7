# run: --kernel _tri_kernel m=5 k=-1 out=zeros:float32:4x5
# check: out
# Source: github.com/cupy/cupy, cupy/_creation/matrix.py (v14.2.0): CuPy's tri kernel,
# unchanged, launched as cupy.tri(4, 5, k=-1, dtype=cupy.float32) launches it
# (`_tri_kernel(M, k, out)`): only scalar inputs (Python ints into int32 parameters), the
# output's dtype deciding T, the loop over the output, a bool comparison assigned to a
# float output.
from cupy import _core

_tri_kernel = _core.ElementwiseKernel(
    'int32 m, int32 k',
    'T out',
    '''
    int row = i / m;
    int col = i % m;
    out = (col <= row + k);
    ''',
    'cupy_tri',
)
