# run: --kernel my_multiply_sharedMem --grid 1,1 --block 8,4 A_cu=@real_smem_multiply.A_cu.npy B_cu=@real_smem_multiply.B_cu.npy C_cu=zeros:float32:12x16 bulk_x=2 bulk_y=3
# check: C_cu
# input: A_cu = rng.random(16).astype(np.float32)
# input: B_cu = rng.random((12, 16)).astype(np.float32)
# A real program (a GPU course's Hadamard product): cp.uint32() of int arguments,
# range() of a uint32, shared memory, syncthreads inside a loop.
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def my_multiply_sharedMem(A_cu, B_cu, C_cu, bulk_x, bulk_y):
    """
    Kernel function using shared memory to improve memory access efficiency
    """
    # Calculate global thread indices
    global_idx = jit.threadIdx.x + jit.blockIdx.x * jit.blockDim.x
    global_idy = jit.threadIdx.y + jit.blockIdx.y * jit.blockDim.y

    # Allocate shared memory buffer
    shared_mem = jit.shared_memory(cp.float32, 512)

    # Convert bulk sizes to uint32
    bulk_x_u32 = cp.uint32(bulk_x)
    bulk_y_u32 = cp.uint32(bulk_y)

    # Calculate memory offsets
    offset_x = global_idx * bulk_x_u32
    offset_y = global_idy * bulk_y_u32

    # Calculate offset in shared memory for this thread
    block_offset = jit.threadIdx.x * bulk_x_u32

    # Load data into shared memory
    for i in range(bulk_x_u32):
        shared_mem[block_offset+i] = A_cu[offset_x+i]
        jit.syncthreads()  # Ensure all threads finish loading before computation

    # Compute Hadamard product using data from shared memory
    for i in range(bulk_y_u32):
        for j in range(bulk_x_u32):
            C_cu[offset_y + i, offset_x + j] = shared_mem[block_offset + j] * B_cu[offset_y + i, offset_x + j]
