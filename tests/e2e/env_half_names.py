# run: --kernel half_names h=@env_half_names.h.npy
# check: y
# input: h = rng.uniform(-4, 4, 256).astype(np.float16)
# ElementwiseKernel of float16 values: CuPy's float16 preamble gives the snippets
# __half2float and __float2half (cuda_fp16.h) on both backends.
import cupy as cp

half_names = cp.ElementwiseKernel(
    'float16 h', 'float32 y',
    'y = __half2float(__float2half(2.0f * (float)h)) + 1.0f',
    'half_names')
