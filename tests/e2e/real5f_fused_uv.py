# run: --kernel fused_uv u=@real5f_fused_uv.u.npy v=@real5f_fused_uv.v.npy
# check: out0 out1 out2 tol=1e-6
# input: u = rng.standard_normal((5, 8)).astype(np.float32)
# input: v = rng.standard_normal((5, 8)).astype(np.float32)
# A published program (a benchmark of second moments of a velocity field; found by the code
# index): kernel_name="fast_kernel", annotated parameters and a `-> tuple[cupy.ndarray,
# cupy.ndarray, cupy.ndarray]` return annotation over several lines, three products.
import cupy


@cupy.fuse(kernel_name="fast_kernel")
def fused_uv(
    u: cupy.ndarray, v: cupy.ndarray
) -> tuple[cupy.ndarray, cupy.ndarray, cupy.ndarray]:
    uu = u * u
    vv = v * v
    uv = u * v
    return uu, vv, uv
