# run: --kernel apply_cnot --grid 1 --block 4 m=@real_neg_column.m.npy control_q=0 target_q=2 nqubits=4
# check: m
# input: m = rng.integers(0, 2, (9, 9)).astype(np.uint8)
# Modelled on qibo's CuPy clifford backend (cupyx.jit gates on a uint8 symplectic table):
# `m[i, -1]` is no Python index in cupyx.jit: the element one column before [i, 0],
# the last of row i - 1 (CArray adds index times stride; no wrapping, as cupyx and
# language.md §5 say), so row i's gate updates row i - 1's phase bit. `~` of a uint8,
# `^`/`&` of uint8 values, a grid-stride loop over rows 1.. (row 0 is never read there).
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def apply_cnot(m, control_q, target_q, nqubits):
    tid = jit.blockIdx.x * jit.blockDim.x + jit.threadIdx.x
    ntid = jit.gridDim.x * jit.blockDim.x
    cqz = nqubits + control_q
    tqz = nqubits + target_q
    for i in range(tid + 1, m.shape[0], ntid):
        m[i, -1] = m[i, -1] ^ (
            m[i, control_q] & m[i, tqz]
        ) & (m[i, target_q] ^ ~m[i, cqz])
        m[i, target_q] = m[i, target_q] ^ m[i, control_q]
        m[i, nqubits + control_q] = m[i, cqz] ^ m[i, tqz]
