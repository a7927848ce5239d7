# run: --kernel mse a=@mse_reduction_a.npy b=@mse_reduction_b.npy mse_out=zeros:float64:()
# check: mse_out tol=1e-12
# args: --sig 'mse(float64[:], float64[:], float64[()])'
# input: a = rng.standard_normal(30000)
# input: b = rng.standard_normal(30000)
"""The course's mean squared error as a cp.ReductionKernel: map (a - b)^2, reduce a + b,
post-map 'mse_out = a / _in_ind.size()' (the number of elements reduced). CuPy runs a
whole-array reduction in one block (82,527 µs for 1e8 float64 on an H100, the course
measured); pykc splits it over the whole device and combines the blocks' partial sums in
block order, at the speed of a hand-written warp-shuffle kernel and with the same bits
on every run (make bench)."""
import cupy as cp

mse = cp.ReductionKernel(
    'T a, T b',                      # inputs
    'T mse_out',                     # output
    '(a - b) * (a - b)',             # map
    'a + b',                         # reduce
    'mse_out = a / _in_ind.size()',  # post-map
    '0',                             # identity
    'mse',                           # name
)

if __name__ == '__main__':
    n = 10**8
    a = cp.random.rand(n)
    b = cp.random.rand(n)
    print(float(mse(a, b)), float(cp.mean((a - b) ** 2)))
