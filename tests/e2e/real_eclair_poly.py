# run: --kernel poly_kernel input=@real_eclair_poly.input.npy mat=@real_eclair_poly.mat.npy output=zeros:float32:4x5
# check: output tol=1e-6
# input: input = rng.standard_normal((7, 8)).astype(np.float32)
# input: mat = rng.standard_normal((4, 4)).astype(np.float32)
# A published program (Eclair, particle image velocimetry: a 4x4 polynomial window):
# two local `int idx[2]` arrays driven through `int *` pointers into them, for loops
# with comma expressions and (*p)++, two raw arrays indexed by the int arrays, `T tmp =
# 0`, an output given (its shape the loop's).
from cupy import ElementwiseKernel

poly_kernel = ElementwiseKernel(
    in_params='raw T input, raw T mat',
    out_params='T output',
    operation='''
        int width = input.shape()[1] - 3;
        int i_x = i % width, i_y = i / width;
        int idx1[2], idx2[2];
        int *y1 = &(idx1[0]), *x1 = &(idx1[1]);
        int *y2 = &(idx2[0]), *x2 = &(idx2[1]);
        output = 0;
        for (*y1=0, *y2=i_y; *y1<=3; (*y1)++, (*y2)++) {
            T tmp = 0;
            for (*x1=0, *x2=i_x; *x1<=3; (*x1)++, (*x2)++) {
                tmp += mat[idx1] * input[idx2];
            }
            output += tmp;
        }
    ''',
    name='polynomial'
)
