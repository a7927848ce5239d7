# args: --sig 'mean_std(float32[:, :], float32[:], float32[:])' --sig 'wsum(float64[:], float64[:], float64, float64[()])' --sig 'count_if(int16[:, :, :], int16[:], int64[:])'
# The generated CUDA of ReductionKernel forms: two outputs set by one post-map, a
# preamble's device function in the map, a raw parameter and a scalar, reduce_type with
# no identity (value-initialised), a reduction over two dims into one (3-d inputs).
import cupy as cp

mean_std = cp.ReductionKernel(
    'T x',
    'T mean, T rms',
    'x * x',
    'a + b',
    'mean = sqrt(a) / _in_ind.size() * _out_ind.size(), rms = sqrt(a / (_in_ind.size() / _out_ind.size()))',
    '0',
    'mean_std',
)

wsum = cp.ReductionKernel(
    'T x, raw T w, T scale',
    'T y',
    'weight(x, w[_J % w.size()]) * scale',
    'a + b',
    'y = a',
    '0',
    'wsum',
    preamble='__device__ double weight(double v, double w) { return v * w; }',
)

count_if = cp.ReductionKernel(
    'T x, raw T lim',
    'int64 n',
    'x > lim[0]',
    'a + b',
    'n = a',
    None,
    'count_if',
    reduce_type='long long',
)
