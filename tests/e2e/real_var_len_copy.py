# run: --kernel var_len_copy_kernel --grid 3 --block 8 old_a_start=@real_var_len_copy.old_a_start.npy old_a_len=@real_var_len_copy.old_a_len.npy old_a_location=@real_var_len_copy.old_a_location.npy new_a_start=@real_var_len_copy.new_a_start.npy new_a_location=zeros:float32:50 BLOCK_SIZE=8
# check: new_a_location
# input: old_a_start = np.array([0, 10, 30], dtype=np.int64)
# input: old_a_len = np.array([10, 20, 5], dtype=np.int64)
# input: old_a_location = rng.standard_normal(40).astype(np.float32)
# input: new_a_start = np.array([5, 15, 40], dtype=np.int64)
# A real program (a language model's KV cache): range(start, stop, step) with an
# unsigned start (threadIdx.x), an int64 stop read from an array and an int step.
from cupyx import jit
import cupy


@jit.rawkernel()
def var_len_copy_kernel(old_a_start, old_a_len, old_a_location, new_a_start, new_a_location,
                        BLOCK_SIZE):
    a_id = jit.blockIdx.x
    t_id = jit.threadIdx.x
    for i in range(t_id, old_a_len[a_id], BLOCK_SIZE):
        new_a_location[new_a_start[a_id] + i] = old_a_location[old_a_start[a_id] + i]
