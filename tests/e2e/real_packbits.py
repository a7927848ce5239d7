# run: --kernel _compress_kernel_cupy myarray=@real_packbits.myarray.npy myarray_size=76 in_cols=19 out_cols=3 stride=8 packed=zeros:uint8:4x3
# check: packed
# input: myarray = rng.standard_normal(76) > 0
# A real program (bit-packing neuron states): raw scalar parameters (`raw int64
# myarray_size`), the loop size from the non-raw output, an output updated with |=.
import cupy

_compress_kernel_cupy = cupy.ElementwiseKernel(
    "raw T myarray, raw int64 myarray_size, raw int64 in_cols, raw int64 out_cols, raw int64 stride",
    "uint8 packed",
    """
    long row = i / out_cols;
    long col = (i % out_cols) * stride;
    long k = row * in_cols + col;
    long nvals = (col + stride - 1 < in_cols) ? stride : in_cols - col;
    for (long j = 0; j < nvals; ++j) {
        int bit = myarray[k+j] != 0;
        packed |= bit << j;
    }""",
    "packbits_kernel",
)
