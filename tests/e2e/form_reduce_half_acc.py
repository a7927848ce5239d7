# run: --kernel hacc h=@form_reduce_half_acc.h.npy --axis 1
# check: y
# input: h = (rng.integers(-32, 33, (64, 40)) / 8).astype(np.float16)
# ReductionKernel with T = float16 and no reduce_type: the accumulator is a half, as in
# CuPy (each partial sum rounded to float16; the values are eighths, so every partial sum
# is exact and any summation order gives the same bits).
import cupy as cp

hacc = cp.ReductionKernel('T h', 'T y', 'h', 'a + b', 'y = a', '0', 'hacc')
