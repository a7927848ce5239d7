# run: --kernel rev_scale x=@form_raw_types.x.npy s=@form_raw_types.s.npy n=64
# check: y
# input: x = rng.standard_normal(64).astype(np.float32)
# input: s = rng.integers(-5, 5, (4, 16)).astype(np.int8)
# ElementwiseKernel: a raw input indexed by the body (x[n - 1 - i]), two placeholders
# decided by different arrays (T float32, U int8), a declared output dtype and a declared
# scalar; the loop runs over the non-raw s (2-d, merged to 1-d by reduce_dims).
import cupy as cp

rev_scale = cp.ElementwiseKernel(
    'raw T x, U s, int32 n', 'float64 y',
    'y = (double)x[n - 1 - i] * s',
    'rev_scale')
