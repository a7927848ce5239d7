# run: --kernel ggg x=@real5_probe_cub_ind.x.npy --axis 1
# check: y tol=1e-5
# input: x = rng.standard_normal((4, 300)).astype(np.float32)
# A probe of CuPy 14.2 with a published kernel (bms' LayerNorm helper `ggg`, whose twin
# real_bms_meansq passes on rows of 8): a ReductionKernel whose post-map reads
# _in_ind.size() / _out_ind.size(), here over rows of 300 >= 128 contiguous elements, so
# CuPy's CUB path takes it (one input, one output, the trailing axis of a C-contiguous
# array). That path rewrites _in_ind.size() only for kernels whose name has 'mean' in
# it and declares no _in_ind, and its renaming of the output by plain text
# (post_map_expr.replace('y', 'out0')) turns _type_reduce into _tout0pe_reduce: expected
# on the GPU, CuPy refuses (NVRTC: undefined identifiers); pykc computes the row means of
# x*x: the difference is reported, not fixed.
import cupy as cp

ggg = cp.ReductionKernel(
    'T x',
    'T y',
    'x * x',
    'a + b',
    'y = a / _type_reduce(_in_ind.size() / _out_ind.size()) ',
    '0',
    'ggg'
)
