# run: --kernel scale_half x=@env_fuse_half.x.npy
# check: out
# input: x = rng.uniform(-8, 8, 512).astype(np.float32)
# @cupy.fuse with float32 arguments and float16 values inside (astype): the generated
# code declares the float16 type as CuPy's fuse does (cupy/float16.cuh), on the GPU too.
import cupy as cp


@cp.fuse()
def scale_half(x):
    h = x.astype(cp.float16) * 3
    return (h + 0.5).astype(cp.float32)
