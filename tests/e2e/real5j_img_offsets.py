# run: --kernel offset_cuda --grid 2 --block 4 coord=@real5j_img_offsets.coord.npy output=zeros:int64:45 xsize=24 ysize=24 total_size_input=45 total_size_output=45
# check: output
# input: coord = rng.integers(0, 10, 45).astype(np.int64)
# A published program (pixel remapping kernels of an image-transform tool), its offset
# computation unchanged: locals named `max` and `min` (shadowing the builtins), four
# comparisons joined by `and`, `coord[i]*3 < xsize`, nested ifs, int64 offsets
# stored three at a time in a grid-stride loop stepping by `ntid * 3`.
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def offset_cuda(coord, output, xsize, ysize, total_size_input, total_size_output):
    tid = jit.blockIdx.x * jit.blockDim.x + jit.threadIdx.x
    ntid = jit.blockDim.x * jit.gridDim.x
    for i in range(tid * 3, total_size_input, ntid * 3):
        if coord[i]*3 < xsize and coord[i+1]*3 < ysize and coord[i] > 0 and coord[i+1] > 0:
            pixel_start = ((coord[i] * xsize) + coord[i + 1]) * 3
            max = (coord[i] * xsize) + xsize
            min = (coord[i] * xsize)
            if i + 2 < total_size_output and pixel_start >= 0:
                if pixel_start > min and pixel_start < max:
                    output[i] = pixel_start
                    output[i + 1] = pixel_start + 1
                    output[i + 2] = pixel_start + 2
