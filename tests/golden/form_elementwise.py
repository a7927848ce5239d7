# args: --sig 'bcast(int32[:, :, :], int32[:, :, :], int32, int32[:, :, :], int64[:, :, :])' --sig 'rev(float32[:], int8[:], int32, float64[:])' --sig 'rev(float64[:, :], int8[:], int32, float64[:])' --sig 'nd(float64[:, :, :], float64[:, :, :], float64[:, :, :])' --sig 'zero_d(float16[()], float16[()])'
# The generated CUDA of ElementwiseKernel forms: broadcasting loop over a 3-d indexer,
# raw parameters (two specialisations of one form: one namespace each), preamble,
# loop_prep/after_loop, float16 through pykc's __half, a 0-d loop.
import cupy as cp

bcast = cp.ElementwiseKernel('T x, T y, T k', 'T z, int64 w',
                             'z = x * k - y; w = _ind.size() - i', 'bcast')
rev = cp.ElementwiseKernel('raw T x, U s, int32 n', 'float64 y',
                           'y = (double)x[n - 1 - i] * s', 'rev')
nd = cp.ElementwiseKernel(
    'float64 a, float64 b', 'float64 out',
    'out = twice(a) + b * scale',
    'nd', reduce_dims=False,
    preamble='__device__ double twice(double v) { return 2 * v; }',
    loop_prep='double scale = 0.5', after_loop='(void)scale')
zero_d = cp.ElementwiseKernel('T x', 'T y', 'y = (float)x * 2.0f', 'zero_d')
