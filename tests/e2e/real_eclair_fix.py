# run: --kernel fix_kernel x=@real_eclair_fix.x.npy f=@real_eclair_fix.f.npy d=@real_eclair_fix.d.npy n=@real_eclair_fix.n.npy
# check: z
# input: x = rng.standard_normal(8).astype(np.float32)
# input: f = np.array([1, 0, 1, 0, 0, 1, 0, 0], np.float64)
# input: d = rng.standard_normal(8).astype(np.float32)
# input: n = np.array([2, 0, 5, 3, 0, 1, 4, 0], np.float64)
# A published program (Eclair, particle image velocimetry: filling rejected vectors with
# a mean): in_params 'T x ,F f, T d, F n' (a space before the comma), two type
# placeholders, `d / (n+(n==0))` of float32 over float64, a cast of F to int as a
# condition.
from cupy import ElementwiseKernel

fix_kernel = ElementwiseKernel(
    in_params='T x ,F f, T d, F n',
    out_params='T z',
    operation='''
        T val = d / (n+(n==0));
        z = ((int)f ? x : val);
    ''',
    name='fix'
)
