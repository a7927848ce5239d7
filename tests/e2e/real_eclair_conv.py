# run: --kernel conv_kernel input=@real_eclair_conv.input.npy output=zeros:float32:2x5x6
# check: output tol=1e-6
# input: input = np.where(rng.random((2, 5, 6)) < 0.15, np.nan, rng.standard_normal((2, 5, 6))).astype(np.float32)
# A published program (Eclair, particle image velocimetry: a 3x3 mean that skips
# non-finite pixels): `int idx[3] = {i_z}` (the rest zero), pointers into it as loop
# counters, max/min of ints, isfinite of a float as an int, `c1 += 1, c2 += fn`, a
# raw 3-d array indexed by the int array, `output *=` on the output.
from cupy import ElementwiseKernel

conv_kernel = ElementwiseKernel(
    in_params='raw T input',
    out_params='T output',
    operation='''
        int ly = input.shape()[1];
        int lx = input.shape()[2];
        int iyz = i / lx;
        int i_x = i % lx;
        int i_y = iyz % ly;
        int i_z = iyz / ly;
        int idx[3] = {i_z};
        int *t_y = &(idx[1]), *t_x = &(idx[2]);
        int s_x = max(i_x-1,0), e_x = min(i_x+2,lx);
        int s_y = max(i_y-1,0), e_y = min(i_y+2,ly);
        T c1 = 0, c2 = 0;
        output = 0;
        for (*t_y=s_y; *t_y<e_y; (*t_y)++) {
            T tmp = 0;
            for (*t_x=s_x; *t_x<e_x; (*t_x)++) {
                T val = input[idx];
                int fn = isfinite(val);
                tmp += (fn ? val : fn);
                c1 += 1, c2 += fn;
            }
            output += tmp;
        }
        output *= c1/(c2+(c2==0));
    ''',
    name='convolution'
)
