# run: --kernel fastdiv x=@form_nvrtc_options.x.npy
# check: y tol=1e-5
# input: x = (rng.standard_normal(256) * 10).astype(np.float32)
# An ElementwiseKernel's NVRTC options beyond macros (issue 19): code generation options go
# to NVRTC with the form's code (fast math, registers, line info, the dialect); the CPU
# backend has no use for them and runs the form.
import cupy as cp

fastdiv = cp.ElementwiseKernel(
    'float32 x', 'float32 y', 'y = __fdividef(x, 3.0f) + sqrtf(fabsf(x)) * SCALE', 'fastdiv',
    options=('--use_fast_math', '-lineinfo', '--maxrregcount=64', '-std=c++17', '-DSCALE=2'))
