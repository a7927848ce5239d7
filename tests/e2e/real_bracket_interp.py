# run: --kernel interp --grid 1 --block 32 grid=@real_bracket_interp.grid.npy table=@real_bracket_interp.table.npy xs=@real_bracket_interp.xs.npy out=zeros:float32:9 n_tab=11:uint32
# check: out tol=1e-6
# input: grid = np.linspace(0, 10, 11).astype(np.float32)
# input: table = (np.linspace(0, 10, 11) ** 2).astype(np.float32)
# input: xs = np.array([-1, 0, 0.5, 3.3, 9.9, 10, 12, 5, 7.25], dtype=np.float32)
# A real program (X-ray emission lines): np.uint32 and np.float32 module constants in
# device functions (a binary search with //, clamps, a bool argument), `import cupy as xp`
# for xp.sin.
import cupy as xp
import numpy as np
from cupyx import jit

F32_ZERO = np.float32(0.0)
F32_TINY = np.float32(1.0e-20)
U32_ZERO = np.uint32(0)
U32_ONE = np.uint32(1)
U32_TWO = np.uint32(2)


@jit.rawkernel(device=True)
def _bracket_index(grid, x, n_tab):
    """Equivalent to ``clip(searchsorted(grid, x), 1, n_tab - 1)``."""
    lo = U32_ZERO
    hi = n_tab
    while lo < hi:
        mid = (lo + hi) // U32_TWO
        if grid[mid] < x:
            lo = mid + U32_ONE
        else:
            hi = mid
    if lo < U32_ONE:
        lo = U32_ONE
    if lo > n_tab - U32_ONE:
        lo = n_tab - U32_ONE
    return lo


@jit.rawkernel(device=True)
def _interp_shared(table, idx, frac, below, above, n_tab):
    if below:
        return table[U32_ZERO]
    if above:
        return table[n_tab - U32_ONE]
    f0 = table[idx - U32_ONE]
    return f0 + frac * (table[idx] - f0)


@jit.rawkernel(device=True)
def _sinc_unscaled(x):
    if x == F32_ZERO:
        x = F32_TINY
    return xp.sin(x) / x


@jit.rawkernel()
def interp(grid, table, xs, out, n_tab):
    i = jit.grid(1)
    if i < xs.size:
        x = xs[i]
        idx = _bracket_index(grid, x, n_tab)
        below = x <= grid[U32_ZERO]
        above = x >= grid[n_tab - U32_ONE]
        frac = (x - grid[idx - U32_ONE]) / (grid[idx] - grid[idx - U32_ONE])
        out[i] = _interp_shared(table, idx, frac, below, above, n_tab) * _sinc_unscaled(x)
