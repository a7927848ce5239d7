# run: --kernel neighbor_kernel input=@real_eclair_neighbor.input.npy dx=@real_eclair_neighbor.dx.npy dy=@real_eclair_neighbor.dy.npy
# check: output
# input: input = rng.standard_normal((6, 7)).astype(np.float32)
# input: dx = rng.random((6, 7)).astype(np.float32)
# input: dy = rng.random((6, 7)).astype(np.float32)
# A published program (Eclair, particle image velocimetry: sampling the neighbour a
# sub-pixel shift rounds to): `input.shape()[1]` of a raw array, `T h = 0.5`, a local
# `int idx[] = {...}` brace-initialised from float expressions (narrowing), a raw
# array indexed by that int array (CArray's operator[](const ptrdiff_t*)), the output
# allocated from the broadcast of dx and dy.
from cupy import ElementwiseKernel

neighbor_kernel = ElementwiseKernel(
    in_params='raw T input, T dx, T dy',
    out_params='T output',
    operation='''
        int width = input.shape()[1];
        T h = 0.5;
        int idx[] = {
            h + i/width - (dy>=h),
            h + i%width - (dx>=h)
        };
        output = input[idx];
    ''',
    name='neighbor'
)
