# run: --kernel nsum x=@fuse_nansum.x.npy
# check: out tol=1e-5
# input: x = np.where(rng.random((6, 40)) < 0.2, np.nan, rng.standard_normal((6, 40))).astype(np.float32)
# @cupy.fuse: cp.nansum(x * 2, axis=1) + 1, CuPy's cupy_nansum (the map `(in0 == in0) ?
# in0 : type_in0_raw(0)`: a NaN adds nothing), a pre-map and a post-map.
import cupy as cp


@cp.fuse()
def nsum(x):
    return cp.nansum(x * 2, axis=1) + 1
