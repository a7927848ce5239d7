# run: --kernel black_scholes_kernel s=@real2_black_scholes.s.npy x=@real2_black_scholes.x.npy t=@real2_black_scholes.t.npy r=0.02 v=0.3
# check: call put tol=1e-12
# input: s = (5 + 25 * rng.random(64)).astype(np.float64)
# input: x = (1 + 99 * rng.random(64)).astype(np.float64)
# input: t = (0.25 + 9.75 * rng.random(64)).astype(np.float64)
# Source: github.com/cupy/cupy, examples/finance/black_scholes.py (v14.2.0), the kernel
# unchanged: an ElementwiseKernel with two outputs CuPy allocates, Python float scalars
# for `T r, T v` (T bound by the arrays), a preamble defining a __device__ inline function
# of T, `const T` locals, abs/exp/log/sqrt of T.
import cupy
import numpy

black_scholes_kernel = cupy.ElementwiseKernel(
    'T s, T x, T t, T r, T v',  # Inputs
    'T call, T put',  # Outputs
    '''
    const T sqrt_t = sqrt(t);
    const T d1 = (log(s / x) + (r + v * v / 2) * t) / (v * sqrt_t);
    const T d2 = d1 - v * sqrt_t;

    const T cnd_d1 = get_cumulative_normal_distribution(d1);
    const T cnd_d2 = get_cumulative_normal_distribution(d2);

    const T exp_rt = exp(- r * t);
    call = s * cnd_d1 - x * exp_rt * cnd_d2;
    put = x * exp_rt * (1 - cnd_d2) - s * (1 - cnd_d1);
    ''',
    'black_scholes_kernel',
    preamble='''
    __device__
    inline T get_cumulative_normal_distribution(T x) {
        const T A1 = 0.31938153;
        const T A2 = -0.356563782;
        const T A3 = 1.781477937;
        const T A4 = -1.821255978;
        const T A5 = 1.330274429;
        const T RSQRT2PI = 0.39894228040143267793994605993438;
        const T W = 0.2316419;

        const T k = 1 / (1 + W * abs(x));
        T cnd = RSQRT2PI * exp(- x * x / 2) *
            (k * (A1 + k * (A2 + k * (A3 + k * (A4 + k * A5)))));
        if (x > 0) {
            cnd = 1 - cnd;
        }
        return cnd;
    }
    ''',
)
