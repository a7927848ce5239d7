# run: --kernel median_kernel input=@real_eclair_median.input.npy nums=@real_eclair_median.nums.npy d=@real_eclair_median.d.npy
# check: output
# input: input = rng.standard_normal((3, 4)).astype(np.float32)
# input: nums = np.array([0, 1, 2, 3], np.float32)
# input: d = np.full(4, -7.5, np.float32)
# A published program (Eclair, particle image velocimetry: the median of a sorted stack):
# `_ind.size()` as the plane size, `int n = nums` from a float, raw reads at computed
# offsets, `(f ? s : d)`.
from cupy import ElementwiseKernel

median_kernel = ElementwiseKernel(
    in_params='raw T input, T nums, T d',
    out_params='T output',
    operation='''
        int n = nums;
        int f = n!=0;
        n -= f;
        int c = n/2;
        int m = _ind.size();
        int i_1 = i + c*m;
        int i_2 = i + (n-c)*m;
        T s = (input[i_1] + input[i_2])/2;
        output = (f ? s : d);
    ''',
    name='median'
)
