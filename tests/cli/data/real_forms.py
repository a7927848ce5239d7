import cupy as cp
import numpy as np

# specs over several lines of a triple-quoted string
pool = cp.ElementwiseKernel(
    '''
    raw T src, int32 width,
    int32 k
    ''',
    'T dst, int32 where',
    '''
    T best = src[i * k];
    int at = 0;
    for (int j = 1; j < k; j++) {
        if (src[i * k + j] > best) { best = src[i * k + j]; at = j; }
    }
    dst = best;
    where = at;
    ''',
    'pool_max')

# backslash-newline continuations inside a quoted string
mix = cp.ElementwiseKernel(
    'uint64 a, uint64 b',
    'uint64 c',
    'const unsigned int p = 7u; \
    c = (a % p) * p \
    + (b % p)',
    'mix')

# no inputs: the output given decides T, loop_prep reads the loop size
window = cp.ElementwiseKernel(
    "",
    "T h",
    """
    if (i == 0 || i == half) {
        h = 1.0;
    } else if (i > 0 && i < half) {
        h = 2.0;
    } else {
        h = 0.0;
    }
    """,
    "window",
    options=("-std=c++11",),
    loop_prep="const bool odd { _ind.size() & 1 }; \
               const int half = odd ? static_cast<int>(0.5 * (_ind.size() + 1)) : \
                   static_cast<int>(0.5 * _ind.size());",
)


class Solver:
    def __init__(self, n):
        self.n = n
        self._update = cp.ElementwiseKernel(
            "float64 old, float64 rhs, float64 sigma, bool done",
            "float64 out",
            "double cand = old + sigma * rhs; "
            "out = done ? old : fmin(cand, 10.0);",
            "solver_update")

cosine_sum = cp.ElementwiseKernel(
    "T delta, T start, raw T a, int64 n",
    "T w",
    """
    double fac = start + delta * i;
    T acc = 0.0;
    for (int k = 0; k < n; k++) {
        acc += a[k] * cos(k * fac);
    }
    w = acc;
    """,
    "cosine_sum",
)

masked_add = cp.ElementwiseKernel("float32 delta, bool sel", "float32 dest",
                                  "if (sel) dest += delta", "masked_add")


def _get_module():
    import cupy
    return cupy


def get_sq_sum_kernel():
    import cupy as cp

    return cp.ReductionKernel(
        'T x',  # input params
        'T y',  # output params
        'x * x',  # map
        'a + b',  # reduce
        'y = a',  # post-reduction map
        '0',  # identity value
        'sqsum'  # kernel name
    )


def add_mix_kernel(y_len):
    import cupy as cp

    return cp.ElementwiseKernel(
        'raw T x, raw T y', 'raw T z',
        f'z[i] = x[i / {y_len}] + y[i % {y_len}]',
        'add_mix')


class Kernels:
    _dist_kernel = None

    @classmethod
    def get_dist_kernel(cls):
        if cls._dist_kernel is not None:
            return cls._dist_kernel
        xp = _get_module()
        cls._dist_kernel = xp.ElementwiseKernel(
            "float64 x, float64 y",
            "float64 dist",
            "dist = (x - y) * (x - y)",
            "distance_computation",
        )
        return cls._dist_kernel


try:
    import cupy as cp
    _ALL_FINITE = cp.ReductionKernel(
        in_params="T x",
        out_params="bool y",
        map_expr="isfinite(x)",
        reduce_expr="a && b",
        post_map_expr="y = a",
        identity="true",
        name="all_finite",
    )
except ImportError:
    cp = None
