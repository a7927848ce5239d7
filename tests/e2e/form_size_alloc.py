# run: --kernel pairs --size 6 x=@form_size_alloc.x.npy n=12:int32
# check: y z
# input: x = rng.standard_normal(12)
# ElementwiseKernel size= (issue 19 §1): a raw input, a scalar, and two outputs that the
# call allocates with shape (size,), one non-raw (bound to its element) and one raw.
import cupy as cp

pairs = cp.ElementwiseKernel(
    'raw T x, int32 n', 'T y, raw T z',
    'y = x[2 * i] + x[2 * i + 1]; z[i] = x[n - 1 - i] * (T)i',
    'pairs')
