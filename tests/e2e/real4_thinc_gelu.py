# run: --kernel gelu<float> --grid 2 --block 16 Y=zeros:float32:64 X=@real4_thinc_gelu.X.npy threshold=6.0:float64 N=64:int32
# check: Y tol=1e-6
# input: X = (rng.standard_normal(64) * 4).astype(np.float32)
# Modelled on github.com/explosion/thinc, thinc/backends/_custom_kernels.cu (20eec355): the
# GELU activation, `double threshold` given a Python float (CuPy passes 8 bytes), a class
# template Constants<T> with explicit specializations holding `static constexpr`
# members (Constants<T>::INV_SQRT_2), erf of a float, and float outputs written from
# double literals (`Y[i] = 0.0`).
import cupy

KERNELS_SRC = r"""
template <typename T>
struct Constants {};

template <>
struct Constants<double> {
    static constexpr double INV_SQRT_2 = 0.7071067811865475;
};

template <>
struct Constants<float> {
    static constexpr float INV_SQRT_2 = 0.70710677;
};

template <typename T>
__global__ void gelu(T* Y, const T* X, double threshold, int N)
{
    int _loop_start = blockIdx.x * blockDim.x + threadIdx.x;
    int _loop_stride = blockDim.x * gridDim.x;
    for (int i = _loop_start; i < N; i += _loop_stride)
    {
        T x = X[i];
        if (x >= threshold) {
            Y[i] = x;
        } else if (x <= -threshold) {
            Y[i] = 0.0;
        } else {
            T cdf = 0.5 * (1.0 + erf(Constants<T>::INV_SQRT_2 * x));
            Y[i] = x * cdf;
        }
    }
}
"""
KERNELS = cupy.RawModule(
    code=KERNELS_SRC, options=("--std=c++11",),
    name_expressions=["gelu<double>", "gelu<float>"]
)
