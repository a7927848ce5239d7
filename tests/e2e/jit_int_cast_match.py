# run: --kernel find_pairs --grid 3 --block 32 self_rows=@jit_int_cast_match.self_rows.npy self_cols=@jit_int_cast_match.self_cols.npy rows=@jit_int_cast_match.rows.npy cols=@jit_int_cast_match.cols.npy full_inds=zeros:int64:90 counts=zeros:int64:90 num_self_rows=80 num_rows=70
# check: full_inds counts
# input: self_rows = rng.integers(0, 6, 90).astype(np.int32)
# input: self_cols = rng.integers(0, 6, 90).astype(np.int32)
# input: rows = rng.integers(0, 6, 70).astype(np.int32)
# input: cols = rng.integers(0, 6, 70).astype(np.int32)
# Modelled on a published sparse-matrix library's cupyx.jit kernels (qttools' block
# coordinate lookups): `int(...)` of the uint32 thread index (an int64 in cupyx),
# shared-memory tiles of a module constant's size, a local first assigned in both arms of
# an if (an int32 element, then -1), `int((a == b) & (c == d))` of bools, a
# `for` over `range(j, min(j + TILE, num_rows))`, branch-free selects `x * (1 - c) + j * c`.
import cupy as cp
from cupyx import jit

TILE = 32


@jit.rawkernel()
def find_pairs(self_rows, self_cols, rows, cols, full_inds, counts, num_self_rows, num_rows):
    i = int(jit.blockIdx.x * jit.blockDim.x + jit.threadIdx.x)
    tid = int(jit.threadIdx.x)
    cache_rows = jit.shared_memory(cp.int32, TILE)
    cache_cols = jit.shared_memory(cp.int32, TILE)
    if i < num_self_rows:
        my_row = self_rows[i]
        my_col = self_cols[i]
    else:
        my_row = -1
        my_col = -1
    my_ind = 0
    my_count = 0
    for j in range(0, num_rows, TILE):
        if j + tid < num_rows:
            cache_rows[tid] = rows[j + tid]
            cache_cols[tid] = cols[j + tid]
        jit.syncthreads()
        for idx in range(j, min(j + TILE, num_rows)):
            cond = int((my_row == cache_rows[idx - j]) & (my_col == cache_cols[idx - j]))
            my_ind = my_ind * (1 - cond) + idx * cond
            my_count += cond
        jit.syncthreads()
    if i < self_rows.shape[0]:
        full_inds[i] = my_ind
        counts[i] = my_count
