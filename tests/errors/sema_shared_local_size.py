# args: --sig "lcs(int32[:], int32[:])"
# A published pattern matcher (LCS similarity) sizes its shared rows by a number bound
# in the kernel: a variable, as in cupyx.jit (which raises "Arguments must be
# constants."). One error per call; the names it declares are not reported again.
import numpy as np
from cupyx import jit


@jit.rawkernel()
def lcs(patterns, out):
    MAX_LEN = 512
    prev_row = jit.shared_memory(dtype=np.int32, size=MAX_LEN)
    curr_row = jit.shared_memory(dtype=np.int32, size=MAX_LEN)
    prev_row[jit.threadIdx.x] = patterns[0]
    curr_row[jit.threadIdx.x] = prev_row[0]
    out[0] = curr_row[0]
