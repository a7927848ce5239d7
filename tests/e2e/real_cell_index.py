# run: --kernel bin_points --grid 2 --block 32 px=@real_cell_index.px.npy py=@real_cell_index.py.npy cell=@real_cell_index.cell.npy count=zeros:int32:5x5 wrap=zeros:int64:60x2 n=60:int64 cs=3:int64 nc=5:int64
# check: count wrap
# input: px = rng.integers(-40, 40, 60).astype(np.int64)
# input: py = rng.integers(-40, 40, 60).astype(np.int64)
# input: cell = np.zeros(60, np.int64)
# Modelled on published particle-in-cell and neighbour-list code in cupyx.jit: integer
# coordinates that go negative binned with Python's `//` and `%` on int64 (floor
# semantics, a non-negative remainder for a positive divisor), a 2-d histogram by
# atomic_add with a tuple index, the cell id written back.
from cupyx import jit


@jit.rawkernel()
def bin_points(px, py, cell, count, wrap, n, cs, nc):
    i = jit.grid(1)
    if i < n:
        cx = (px[i] // cs) % nc
        cy = (py[i] // cs) % nc
        cell[i] = cy * nc + cx
        jit.atomic_add(count, (cy, cx), 1)
        wrap[i, 0] = px[i] % -7
        wrap[i, 1] = -py[i] // 4
