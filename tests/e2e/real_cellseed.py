# run: --kernel cellseed scale=@real_cellseed.scale.npy x=@real_cellseed.x.npy y=@real_cellseed.y.npy z=@real_cellseed.z.npy ch=@real_cellseed.ch.npy
# check: seed
# input: scale = np.full(60, 3, dtype=np.uint64)
# input: x = rng.integers(0, 2**40, 60).astype(np.uint64)
# input: y = rng.integers(0, 70000, 60).astype(np.uint64)
# input: z = rng.integers(0, 2**20, 60).astype(np.uint64)
# input: ch = np.arange(60, dtype=np.uint64) % 4
# A real program (solid texture noise, a 3D texture GAN): uint64 arithmetic with unsigned
# int constants (products wrap in 64 bits), backslash-continued C++ lines in one Python
# string, `0u`/`1u` literals.
import cupy as cp

cellseed = cp.ElementwiseKernel(
    'uint64 scale, uint64 x, uint64 y, uint64 z, uint64 ch',
    'uint64 seed',
    'const unsigned int spatial_period = 65536u; \
    const unsigned int scale_period = 5u; \
    const unsigned int ch_period = 3u; \
    seed = (scale %  scale_period) * scale_period * ch_period \
    * spatial_period * spatial_period \
    + (ch %  ch_period) * ch_period * spatial_period *spatial_period\
    + (z %  spatial_period) * spatial_period * spatial_period  \
    + (y %  spatial_period) * spatial_period \
    + (x %  spatial_period); \
    if (seed == 0u) seed = 1u;',
    'cellseed')
