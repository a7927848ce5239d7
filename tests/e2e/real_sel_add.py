# run: --kernel sel_add delta=@real_sel_add.delta.npy sel=@real_sel_add.sel.npy dest=@real_sel_add.dest.npy
# check: dest tol=1e-6
# input: delta = rng.standard_normal((8, 3, 4)).astype(np.float32)
# input: sel = (rng.random((8, 1, 1)) < 0.5)
# input: dest = rng.standard_normal((8, 3, 4)).astype(np.float32)
# A real program (a masked in-place add benchmark): the operation has no closing `;`, a
# bool mask broadcast from (8, 1, 1), the output updated in place (`dest += delta`).
import cupy as cp

sel_add = cp.ElementwiseKernel(
    "float32 delta, bool sel", "float32 dest", "if(sel) dest += delta", "sel_add"
)
