# run: --kernel Q_fft_phi_kernel --grid 3,2,2 --block 16,8,2 phi_values=@real5j_qp_tensor.phi_values.npy fft_values=@real5j_qp_tensor.fft_values.npy fft_frequencies=@real5j_qp_tensor.fft_frequencies.npy Q_values=@real5j_qp_tensor.Q_values.npy p_value=0.05:float32 sampling_rate=4096:int32 out_height=3:int32 out_width=12:int32 out_depth=40:int32 fft_phi_plane=zeros:complex64:3x12x40
# check: fft_phi_plane tol=2e-5 cpu-ulp=64
# input: phi_values = np.geomspace(5, 200, 12).astype(np.float32)
# input: fft_values = (rng.standard_normal(40) + 1j * rng.standard_normal(40)).astype(np.complex64)
# input: fft_frequencies = np.linspace(0, 250, 40).astype(np.float32)
# input: Q_values = np.array([6.5, 9.0, 12.0], np.float32)
# A published program (the Qp transform of gravitational-wave analysis), its 3-d kernel
# unchanged (real_qp_wavelet is modelled on its 2-d twin): parameters annotated with
# `cupy.typing.NDArray` and PEP 604 unions of NumPy types (`numpy.float32 | numpy.float64`),
# which cupyx.jit ignores; a 3-d grid; `2.0j` times float32 values (complex64), cupy.sqrt
# of a complex64 value and of an int32 argument, `cupy.pi`, `** (1.0 / 4.0)`, a complex
# `** 2`, cupy.exp of a negated complex value, a complex64 3-d output.
# cuda section
from cupyx import jit
import cupy
import cupy.typing

# cpu section
import numpy
import numpy.typing

# type hinting
from typing import Union


# WARNING: AT THE TIME OF WRITING, JIT.RAWKERNEL IS EXPERIMENTAL!!!
@jit.rawkernel()
def Q_fft_phi_kernel(
    phi_values: cupy.typing.NDArray,
    fft_values: cupy.typing.NDArray,
    fft_frequencies: cupy.typing.NDArray,
    Q_values: cupy.typing.NDArray,
    p_value: numpy.float32 | numpy.float64,
    sampling_rate: numpy.int32 | numpy.int64,
    out_height: numpy.int32 | numpy.int64,
    out_width: numpy.int32 | numpy.int64,
    out_depth: numpy.int32 | numpy.int64,
    fft_phi_plane: cupy.typing.NDArray,
):
    # TODO: MAGARI INSERISCI LA FORMULA IN LATEX
    # supposing that the max gridsize is big enough to cover the whole out plane
    fft_freq_idx = jit.blockIdx.x * jit.blockDim.x + jit.threadIdx.x
    phi_idx = jit.blockIdx.y * jit.blockDim.y + jit.threadIdx.y
    Q_idx = jit.blockIdx.z * jit.blockDim.z + jit.threadIdx.z

    # the grid shape can (and will) in general be larger than the out plane
    if (Q_idx < out_height) and (phi_idx < out_width) and (fft_freq_idx < out_depth):
        phi = phi_values[phi_idx]
        fft_frequency = fft_frequencies[fft_freq_idx]
        fft_value = fft_values[fft_freq_idx]
        Q = Q_values[Q_idx]

        # wavelet parameters
        q_tilde = Q / cupy.sqrt(1.0 + 2.0j * Q * p_value)
        norm = (
            ((2.0 * cupy.pi / (Q**2)) ** (1.0 / 4.0))
            * cupy.sqrt(1.0 / (2.0 * cupy.pi * phi))
            * q_tilde
        )
        exponent = ((0.5 * q_tilde * (fft_frequency - phi)) / phi) ** 2

        # the actual wavelet
        wavelet = norm * cupy.exp(-exponent)

        # scalar product and normalization for fft
        fft_normalization_factor = cupy.sqrt(sampling_rate)
        fft_phi_plane[Q_idx, phi_idx, fft_freq_idx] = (
            fft_value * wavelet * fft_normalization_factor
        )
