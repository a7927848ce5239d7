# run: --kernel filterdvar x=@real_eclair_filterdvar.x.npy m=@real_eclair_filterdvar.m.npy f=@real_eclair_filterdvar.f.npy --axis 1
# check: y tol=1e-6
# input: x = rng.standard_normal((3, 5)).astype(np.float32)
# input: m = rng.standard_normal((3, 1)).astype(np.float32)
# input: f = (rng.random((3, 5)) < 0.6).astype(np.float32)
# A published program (Eclair, particle image velocimetry: the variance of the vectors a
# filter keeps): a ReductionKernel whose map calls a function template of its preamble,
# a broadcast (3, 1) input, a float used as a condition, reduced over axis 1.
from cupy import ReductionKernel

filterdvar = ReductionKernel(
    in_params='T x, T m, T f',
    out_params='T y',
    map_expr='square(x,m,f)',
    reduce_expr='a+b',
    post_map_expr='y=a',
    identity='0',
    preamble='''
        template <typename T>
        __device__ T square(T x, T m, T f) {
            T dev = x-m;
            T var = dev*dev;
            return (f ? var : f);
        }
    ''',
    name='filterdvar'
)
