# run: --kernel add_mix --size 24 x=@real_add_mix.x.npy y=@real_add_mix.y.npy z=zeros:float64:6x4
# check: z
# input: x = rng.standard_normal(6)
# input: y = rng.standard_normal(4)
# A real program (pairwise distances): every argument raw, the loop size given by size=
# (the program builds the text with an f-string of len(y); here it is written out).
import cupy as cp

add_mix = cp.ElementwiseKernel(
    'raw T x, raw T y', 'raw T z',
    'z[i] = x[i / 4] + y[i % 4]',
    'add_mix')
