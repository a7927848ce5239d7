# run: --kernel _cupy_maxwell_kernel x_x=@real5f_wavesim_maxwell.x_x.npy x_y=@real5f_wavesim_maxwell.x_y.npy x_z=@real5f_wavesim_maxwell.x_z.npy k_x=@real5f_wavesim_maxwell.k_x.npy k_y=@real5f_wavesim_maxwell.k_y.npy k_z=@real5f_wavesim_maxwell.k_z.npy shift=(1+0.25j) ii_shift=(0.23529411764705882+0.9411764705882353j) out_x=zeros:complex64:3x4x5 out_y=zeros:complex64:3x4x5 out_z=zeros:complex64:3x4x5
# check: out_x out_y out_z tol=1e-5
# input: x_x = (rng.standard_normal((3, 4, 5)) + 1j * rng.standard_normal((3, 4, 5))).astype(np.complex64)
# input: x_y = (rng.standard_normal((3, 4, 5)) + 1j * rng.standard_normal((3, 4, 5))).astype(np.complex64)
# input: x_z = (rng.standard_normal((3, 4, 5)) + 1j * rng.standard_normal((3, 4, 5))).astype(np.complex64)
# input: k_x = (rng.standard_normal((3, 1, 1)) * 0.5).astype(np.complex64)
# input: k_y = (rng.standard_normal((1, 4, 1)) * 0.5).astype(np.complex64)
# input: k_z = (rng.standard_normal((1, 1, 5)) * 0.5).astype(np.complex64)
# A published program (wavesim, a wave-propagation solver; found by the code index), the
# Maxwell domain's CuPy kernel (docstring shortened): a bare
# `@cupy.fuse` writing three output arguments through `out_x[:] = ...`, k vectors of shapes
# (3, 1, 1), (1, 4, 1), (1, 1, 5) broadcast to (3, 4, 5), Python complex scalars.
import cupy


@cupy.fuse
def _cupy_maxwell_kernel(x_x, x_y, x_z, k_x, k_y, k_z, shift, ii_shift, out_x, out_y, out_z):
    """Applies the operator (L+1)⁻¹ E, which is the dyadic Green's function for vector field propagation
    with the damping term included.
    """
    k2s = 1.0j * (k_x * k_x + k_y * k_y + k_z * k_z) + shift  # i(kᵀk)+shift
    g = 1.0 / k2s  # vector wave equation Green's function g=[i(kᵀk)+shift]⁻¹
    divergence = ii_shift * (k_x * x_x + k_y * x_y + k_z * x_z)  # [1.0j/ shift]kᵀ·E
    out_x[:] = g * (x_x + k_x * divergence)
    out_y[:] = g * (x_y + k_y * divergence)
    out_z[:] = g * (x_z + k_z * divergence)
