# run: --kernel apply_h --grid 1 --block 4 m=@jit_draft_kernel.m.npy q=1 nqubits=4
# check: m
# input: m = rng.integers(0, 2, (9, 9)).astype(np.uint8)
# Modelled on qibo's CuPy clifford backend (cupyx.jit gates on a uint8 symplectic table):
# the file also holds a draft kernel that is never launched and that cupyx.jit could not
# compile (a slice, a list, a call of a host function); cupyx transpiles a kernel when it
# is launched, so the draft fails nothing, and pykc compiles only the kernel asked for.
# The gate swaps two columns and xors the last column with their product, in a
# grid-stride loop over rows 1.. (row 0 is the scratch row here).
import numpy as np
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def apply_h(m, q, nqubits):
    tid = jit.blockIdx.x * jit.blockDim.x + jit.threadIdx.x
    ntid = jit.gridDim.x * jit.blockDim.x
    qz = nqubits + q
    for i in range(tid + 1, m.shape[0], ntid):
        m[i, m.shape[1] - 1] = m[i, m.shape[1] - 1] ^ (m[i, q] & m[i, qz])
        tmp = m[i, q]
        m[i, q] = m[i, qz]
        m[i, qz] = tmp


def rowsum(state, h, i, nqubits):
    return state


@jit.rawkernel()
def determined_outcome(state, q, nqubits):
    state[-1, :] = False
    indices = state[:nqubits, q].nonzero()[0]
    for i in range(jit.threadIdx.x, len(indices), jit.blockDim.x):
        state = rowsum(state, np.array([2 * nqubits]), indices[i], nqubits)
