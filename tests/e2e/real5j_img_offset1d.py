# run: --kernel transform_with_1doffset --grid 2 --block 4 offset=@real5j_img_offset1d.offset.npy input=@real5j_img_offset1d.input.npy output=zeros:uint8:30 total_size_input=20 total_size_output=30
# check: output
# input: offset = rng.permutation(30)[:20].astype(np.int64)
# input: input = rng.integers(0, 256, 20).astype(np.uint8)
# A published program (pixel remapping kernels of an image-transform tool), its
# scatter through a 1-d offset table unchanged: a local named `max` (shadowing the
# builtin) from a conditional expression of two Python int arguments, a grid-stride
# range up to it, a uint8 store at an int64 offset.
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def transform_with_1doffset(offset, input, output, total_size_input, total_size_output):
    tid = jit.blockIdx.x * jit.blockDim.x + jit.threadIdx.x
    ntid = jit.blockDim.x * jit.gridDim.x
    max = total_size_output if total_size_output < total_size_input else total_size_input
    for i in range(tid, max, ntid):
        output[offset[i]] = input[i]
