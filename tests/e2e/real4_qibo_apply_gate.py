# run: --kernel apply_gate_kernel --grid 1 --block 16 state=@real4_qibo_apply_gate.state.npy tk=4:int64 m=2:int32 nstates=16:int64 gate=@real4_qibo_apply_gate.gate.npy
# check: state tol=1e-12
# input: state = rng.standard_normal(32) + 1j * rng.standard_normal(32)
# input: gate = rng.standard_normal(4) + 1j * rng.standard_normal(4)
# Modelled on github.com/qiboteam/qibojit, src/qibojit/custom_operators/raw_kernels.py and
# src/qibojit/backends/gpu.py (7a1b2c7): a one-qubit gate on a 5-qubit complex128 state.
# qibojit keeps each kernel as text with a placeholder type `T` and makes a RawKernel per
# dtype with `code.replace("T", "thrust::complex<double>")` and options ("--std=c++17",);
# here the replaced text: `#include <cupy/complex.cuh>`, a __device__ helper taking two
# `thrust::complex<double>&` elements of the state, `long` parameters and a grid-stride
# loop in `long`.
import cupy as cp

apply_gate_kernel = cp.RawKernel(r"""
#include <cupy/complex.cuh>

// mixes the amplitude pair (state1, state2) by the 2x2 gate
__device__ void _apply_gate(thrust::complex<double>& state1, thrust::complex<double>& state2,
                            const thrust::complex<double>* gate) {
  const thrust::complex<double> buffer = state1;
  state1 = gate[0] * state1 + gate[1] * state2;
  state2 = gate[2] * buffer + gate[3] * state2;
}

extern "C"
__global__ void apply_gate_kernel(thrust::complex<double>* state, long tk, int m, long nstates,
                                  const thrust::complex<double>* gate) {
  for (long g = (long) blockDim.x * blockIdx.x + threadIdx.x;
       g < nstates;
       g += (long) blockDim.x * gridDim.x) {
    const long i = ((long)((long)g >> m) << (m + 1)) + (g & (tk - 1));
    _apply_gate(state[i], state[i + tk], gate);
  }
}
""", "apply_gate_kernel", ("--std=c++17",))
