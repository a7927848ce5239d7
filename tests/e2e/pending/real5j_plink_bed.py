# run: --kernel read_fb_chunk_kernel --grid 1,2 --block 1,16 d_buff=@real5j_plink_bed.d_buff.npy nrows=24 ncols=30 row_start=2 col_start=4 row_end=24 col_end=7 d_out=zeros:uint8:66 d_strides=@real5j_plink_bed.d_strides.npy row_size=8
# check: d_out
# input: d_buff = rng.integers(0, 256, 24 * 8).astype(np.uint8)
# input: d_strides = np.array([3, 1], dtype=np.uint64)
# A published program (a GPU reader of PLINK .bed genotype files, adapted from
# pandas-plink's _bed_read.py), its kernel unchanged: 2-bit genotypes unpacked from uint8 bytes with `&`, `^`, `|`, `>>` and `<<=`
# on a uint8 local, `min()` of a uint32 and an int64, a while loop advancing a local
# made from the thread index, a flat uint8 output written at a linear index made from a
# uint64 strides array. Thread c writes columns c..c+3
# (a race between neighbouring threads in the program): one thread per row here
# (block 1 x 16), which decodes the first three genotypes of byte 1 of each row.
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def read_fb_chunk_kernel(d_buff, nrows, ncols, row_start, col_start,
                         row_end, col_end, d_out, d_strides, row_size):
    """
    CUDA kernel function to read a chunk of data and process it.

    Parameters:
    d_buff (cupy.ndarray): Device buffer containing the data.
    nrows (int): Total number of rows in the dataset.
    ncols (int): Total number of columns in the dataset.
    row_start (int): Starting row index for the chunk.
    row_end (int): Ending row index for the chunk.
    col_start (int): Starting column index for the chunk.
    col_end (int): Ending column index for the chunk.
    d_out (cupy.ndarray): Output buffer to store the processed data.
    d_strides (cupy.ndarray): Strides for the output buffer.
    row_size (int): Row size in the buffer.
    """
    r = jit.blockIdx.y * jit.blockDim.y + jit.threadIdx.y + row_start
    c = jit.blockIdx.x * jit.blockDim.x + jit.threadIdx.x + col_start

    if r < row_end and c < col_end:
        buff_index = r * row_size + c // 4
        b = d_buff[buff_index]
        b0 = b & 0x55
        b1 = (b & 0xAA) >> 1
        p0 = b0 ^ b1
        p1 = (b0 | b1) & b0
        p1 <<= 1
        p0 |= p1
        ce = min(c + 4, col_end)

        while c < ce:
            d_out[(r - row_start) * d_strides[0] +
                  (c - col_start) * d_strides[1]] = p0 & 3
            p0 >>= 2
            c += 1
