# run: --kernel im2col img=@real_im2col.img.npy h=5 w=6 out_h=5 out_w=6 kh=3 kw=3 sy=1 sx=1 ph=1 pw=1 dy=1 dx=1 col=zeros:float32:2x3x3x3x5x6
# check: col
# input: img = rng.standard_normal((2, 3, 5, 6)).astype(np.float32)
# A real program (im2col from Chainer, in a deep-learning course): the parameter list
# written as adjacent string literals, a raw input indexed by a computed offset.
import cupy as cp


def _im2col_gpu(img, kh, kw, sy, sx, ph, pw, out_h, out_w):
    n, c, h, w = img.shape
    dy, dx = 1, 1
    col = cp.empty((n, c, kh, kw, out_h, out_w), dtype=img.dtype)
    cp.ElementwiseKernel(
        'raw T img, int32 h, int32 w, int32 out_h, int32 out_w,'
        'int32 kh, int32 kw, int32 sy, int32 sx, int32 ph, int32 pw,'
        'int32 dy, int32 dx',
        'T col',
        '''
           int c0 = i / (kh * kw * out_h * out_w);
           int ky = i / (kw * out_h * out_w) % kh;
           int kx = i / (out_h * out_w) % kw;
           int out_y = i / out_w % out_h;
           int out_x = i % out_w;
           int in_y = ky * dy + out_y * sy - ph;
           int in_x = kx * dx + out_x * sx - pw;
           if (in_y >= 0 && in_y < h && in_x >= 0 && in_x < w) {
             col = img[in_x + w * (in_y + h * c0)];
           } else {
             col = 0;
           }
        ''',
        'im2col')(img.reduced_view(),
                  h, w, out_h, out_w, kh, kw, sy, sx, ph, pw, dy, dx, col)
    return col
