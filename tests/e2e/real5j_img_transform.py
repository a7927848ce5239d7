# run: --kernel transform --grid 2 --block 4 coord=@real5j_img_transform.coord.npy input=@real5j_img_transform.input.npy output=zeros:uint8:90 xsize=6 total_size_input=36 total_size_output=90
# check: output
# input: coord = np.stack([np.array([0, 3, 5, 1, 2, 4, 0, 5, 3, 1, 2, 4]), np.array([0, 1, 2, 3, 4, 0, 4, 3, 0, 2, 2, 1]), np.zeros(12, int)], axis=1).astype(np.int32).reshape(-1)
# input: input = rng.integers(0, 256, 36).astype(np.uint8)
# A published program (pixel remapping kernels of an image-transform tool), its
# coordinate remap unchanged: per-pixel coordinate triples (x, y, _) read beside RGB
# triples, a range stepping by `ntid * 3` with the block size (every block makes the
# same writes) and stopping before the last pixel (`total_size_input -3`), a uint8 copy
# to `((y * xsize) + x) * 3`, a bounds test joined by `and`.
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def transform(coord, input, output, xsize, total_size_input, total_size_output):
    tid = jit.blockIdx.x * jit.blockDim.x + jit.threadIdx.x
    ntid = jit.blockDim.x

    for i in range(tid * 3, total_size_input -3, ntid * 3):
        pixel_start = ((coord[i+1] * xsize) + coord[i]) * 3
        if pixel_start + 3 < total_size_output and pixel_start >= 0:
            output[pixel_start] = input[i]
            output[pixel_start + 1] = input[i + 1]
            output[pixel_start + 2] = input[i + 2]
