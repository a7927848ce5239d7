# run: --kernel energy_density_ker --grid 1,2,2 --block 2,8,16 tau_phi_plane=@real5j_qp_energy.tau_phi_plane.npy phi_axis=@real5j_qp_energy.phi_axis.npy time_axis=@real5j_qp_energy.time_axis.npy kernel_dim=2 ker_times=zeros:float32:2 ker_phis=zeros:float32:2 ker_matrix=zeros:float32:2x2 out_height=2:int32 out_width=14:int32 out_depth=18:int32 energy_density_GPU=zeros:float32:2x14x20
# check: energy_density_GPU tol=1e-5
# input: tau_phi_plane = (rng.standard_normal((2, 14, 20)) + 1j * rng.standard_normal((2, 14, 20))).astype(np.complex64)
# input: phi_axis = np.geomspace(5, 200, 14).astype(np.float32)
# input: time_axis = np.linspace(0, 1, 20).astype(np.float32)
# A published program (the Qp transform of gravitational-wave analysis), its energy
# density kernel unchanged: unused array parameters, PEP 604 union annotations, a
# condition of `and`s over parenthesised comparisons, a local assigned twice in a row,
# `cupy.abs` of complex64 elements squared, `1 / 2 * (...)` (a float64 0.5: true division
# of two ints), a float32 accumulator from `0.0`, a 2*kernel_dim square stencil. (Its
# output index phi_idx + kernel_dim passes the end of the program's smaller output
# array: here the output has the plane's shape, and out_depth keeps the reads inside.)
# cuda section
from cupyx import jit
import cupy
import cupy.typing

# cpu section
import numpy
import numpy.typing

# type hinting
from typing import Union


@jit.rawkernel()
def energy_density_ker(
    tau_phi_plane: cupy.typing.NDArray,
    phi_axis: cupy.typing.NDArray,
    time_axis: cupy.typing.NDArray,
    kernel_dim: cupy.typing.NDArray,
    ker_times: cupy.typing.NDArray,
    ker_phis: cupy.typing.NDArray,
    ker_matrix: cupy.typing.NDArray,
    out_height: numpy.int32 | numpy.int64,
    out_width: numpy.int32 | numpy.int64,
    out_depth: numpy.int32 | numpy.int64,
    energy_density_GPU: cupy.typing.NDArray,
):
    # Extracting the indeces of the out matrix
    # The input matrix is bigger, it has kernel-dim more element on each border
    Q_idx = jit.blockIdx.x * jit.blockDim.x + jit.threadIdx.x
    phi_idx = jit.blockIdx.y * jit.blockDim.y + jit.threadIdx.y
    tau_idx = jit.blockIdx.z * jit.blockDim.z + jit.threadIdx.z

    if (
        (Q_idx < out_height)
        and ((phi_idx >= kernel_dim) and (phi_idx < out_width - kernel_dim - 1))
        and ((tau_idx >= kernel_dim) and (tau_idx < out_depth - kernel_dim - 1))
    ):
        out_phi_idx = phi_idx + kernel_dim
        out_tau_idx = tau_idx + kernel_dim

        # The for cycle is 1 element shorter, because the trapezoidal rule is
        # 1 / 2 * (f(x + 1) - f(x)) * dx
        # dx and dy factors are simplified whe computing the density
        energy_density = 0.0
        for i in range(2 * kernel_dim):
            ker_phi_idx = phi_idx - kernel_dim + i
            for j in range(2 * kernel_dim):
                ker_tau_idx = tau_idx - kernel_dim + i
                ker_tau_idx = out_tau_idx - kernel_dim + j
                energy_11 = (
                    cupy.abs(tau_phi_plane[Q_idx, ker_phi_idx, ker_tau_idx]) ** 2
                )
                energy_12 = (
                    cupy.abs(tau_phi_plane[Q_idx, ker_phi_idx, ker_tau_idx + 1]) ** 2
                )
                energy_21 = (
                    cupy.abs(tau_phi_plane[Q_idx, ker_phi_idx + 1, ker_tau_idx]) ** 2
                )
                energy_density += 1 / 2 * (2 * energy_11 + energy_12 + energy_21)

        energy_density_GPU[Q_idx, out_phi_idx, out_tau_idx] = energy_density
