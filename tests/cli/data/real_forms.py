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


def histogram(x, bins):
    """A form built and called in one expression, without a name (CuPy's 'kernel'); its
    operation returns, which ends one element (CuPy: a thread per element)."""
    import cupy
    y = cupy.zeros(bins.size - 1, dtype=cupy.int32)
    cupy.ElementwiseKernel(
        'S x, raw T bins, int32 n_bins',
        'raw int32 y',
        '''
        if (x < bins[0] or bins[n_bins - 1] < x) {
            return;
        }
        int low = 0;
        while (low + 1 < n_bins - 1 && bins[low + 1] <= x)
            low++;
        atomicAdd(&y[low], 1);
        ''')(x, bins, bins.size, y)
    return y


def bridge(a, b):
    """RawModule(translate_cucomplex=True): cuComplex's functions over complex<T>."""
    import cupy
    return cupy.RawModule(code=r'''
#include <cuComplex.h>
extern "C" __global__ void fma_c(cuDoubleComplex *a, cuDoubleComplex s, cuDoubleComplex *out,
                                 int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = cuCfma(a[i], s, make_cuDoubleComplex(cuCreal(a[i]), 1.0));
}
''', translate_cucomplex=True)


# translate_cucomplex=True also makes CuPy prepend its headers (complex.cuh, carray.cuh,
# atomics.cuh, math_constants.h): complex<float> needs no #include (spcm's examples)
scale_fft = cp.RawKernel(r'''
        extern "C" __global__
        void scale_fft (complex<float>* d, const complex<float>* s, int n) {
            int i = blockDim.x * blockIdx.x + threadIdx.x;
            d[i].real (s[i].real() / (n / 2 + 1));
            d[i].imag (s[i].imag() / (n / 2 + 1));
        }
        ''', 'scale_fft', translate_cucomplex=True)
scale_bad = cp.RawKernel(r'''
        extern "C" __global__
        void scale_bad (complex<float>* d) {
            d[0] = d[0] * 2.0f +;
        }
        ''', 'scale_bad', translate_cucomplex=True)


# a preamble's function taking the raw input as CuPy's CArray type for it (C-contiguous,
# 2-d, 32-bit indexing): only the call's specialisation is compiled
pixel_at = cp.ElementwiseKernel(
    'raw uint8 img, int16 width', 'int32 out',
    'out = at(img, i / width, i % width) * 2',
    'pixel_at',
    preamble="""
    __device__ int at(const CArray<unsigned char, 2, true, true> &a, int y, int x) {
        int idx[] = {y, x};
        return a[idx];
    }""")


def grid_sync():
    """A RawKernel that syncs its grid (a cooperative launch)."""
    import cupy as cp
    return cp.RawKernel(r'''
#include <cooperative_groups.h>
extern "C" __global__ void grid_reverse(const float *x, float *y, int n) {
    namespace cg = cooperative_groups;
    cg::grid_group grid = cg::this_grid();
    int size = gridDim.x * blockDim.x, tid = blockDim.x * blockIdx.x + threadIdx.x;
    for (int i = tid; i < n; i += size) y[i] = x[i];
    cg::sync(grid);
    for (int i = n - 1 - tid; i >= 0; i -= size) y[i] += x[n - 1 - i];
}
''', 'grid_reverse', enable_cooperative_groups=True)
