# run: --kernel pack_kernel arr=@real4_cucim_pack_int2.arr.npy out=zeros:int16:6x7x2 --size 42
# check: out
# input: arr = rng.random((6, 7)) > 0.2
# Modelled on github.com/rapidsai/cucim, python/cucim/src/cucim/core/operations/morphology/
# _pba_2d.py (043cf754): the distance transform's packing of a boolean image into
# (x, y) coordinate pairs, an ElementwiseKernel with only raw parameters (a `raw B`
# bool image, a `raw I` int16 output of shape (h, w, 2) that the program then views as
# short2), sized by `size=` (the image's), reading the raw input's extent with
# `arr.shape()[1]` and writing a marker (-32768, written into the f-string as the
# program builds it) for the pixels that are set.
import cupy

pack_kernel = cupy.ElementwiseKernel(
    in_params="raw B arr",
    out_params="raw I out",
    operation="""
    if (arr[i]) {
        out[2*i] = -32768;
        out[2*i + 1] = -32768;
    } else {
        int shape_1 = arr.shape()[1];
        int _i = i;
        int ind_1 = _i % shape_1;
        _i /= shape_1;
        out[2*i] = ind_1;   // out.x
        out[2*i + 1] = _i;  // out.y
    }
    """,
)
