# run: --kernel scale x=@form_rebind.x.npy
# check: y
# input: x = rng.standard_normal(12).astype(np.float32)
# A kernel form bound twice to one name (published programs repeat such a line): as in
# Python, the later binding is the kernel `scale` names; the earlier one is unreachable
# and holds up nothing.
import cupy as cp

scale = cp.ElementwiseKernel('float32 x', 'float32 y', 'y = x * 2', 'scale_by')
scale = cp.ElementwiseKernel('float32 x', 'float32 y', 'y = x * 3', 'scale_by')
