# run: --kernel apply_multi_qubit_gate_kernel --grid 1 --block 4 state=@real4_qibo_multi_gate.state.npy nstates=4:int64 gate=@real4_qibo_multi_gate.gate.npy qubits=@real4_qibo_multi_gate.qubits.npy targets=@real4_qibo_multi_gate.targets.npy ntargets=3:int32 ncontrols=3:int32
# check: state tol=2e-5
# input: state = (rng.standard_normal(32) + 1j * rng.standard_normal(32)).astype(np.complex64)
# input: gate = (rng.standard_normal(64) + 1j * rng.standard_normal(64)).astype(np.complex64)
# input: qubits = np.array([1, 2, 4], np.int32)
# input: targets = np.array([2, 4, 16], np.int64)
# Modelled on github.com/qiboteam/qibojit, src/qibojit/custom_operators/raw_kernels.py and
# src/qibojit/backends/gpu.py (7a1b2c7): a three-qubit gate (qubits 0, 2 and 3 of 5) on a
# complex64 state, the kernel text made by replacing `T` with thrust::complex<float>,
# `nsubstates` with 8 and MAX_BLOCK_SIZE with the block size (1024): `__launch_bounds__`
# between `void` and the name, a local `thrust::complex<float> buffer[8]`, `auto` loop
# counters, `T(0., 0.)`, `+=` of complex products, the bit-index helpers as __device__
# functions reading `const int*` and `const long*` tables.
import cupy as cp

apply_multi_qubit_gate_kernel = cp.RawKernel(r"""
#include <cupy/complex.cuh>

// the index of the g-th amplitude whose bits at the active qubits are all set
__device__ long multicontrol_index(const int* qubits, long g, int ncontrols) {
  long i = g;
  for (int iq = 0; iq < ncontrols; iq++) {
      const int n = qubits[iq];
      long k = ((long)1 << n);
      i = ((long)((long)i >> n) << (n + 1)) + (i & (k - 1)) + k;
  }
  return i;
}

// the offset of the target bits of i
__device__ long multitarget_index(const long* targets, long i, int ntargets) {
  long t = 0;
  for (int u = 0; u < ntargets; u++) {
    t += ((long)(i >> u) & 1) * targets[u];
  }
  return t;
}

extern "C" __global__ void
__launch_bounds__(1024)
apply_multi_qubit_gate_kernel(thrust::complex<float>* state,
                              long nstates,
                              const thrust::complex<float>* gate,
                              const int* qubits,
                              const long* targets,
                              int ntargets,
                              int ncontrols) {
  for (long g = (long) blockDim.x * blockIdx.x + threadIdx.x;
       g < nstates;
       g += (long) blockDim.x * gridDim.x) {
    const long ig = multicontrol_index(qubits, g, ncontrols);
    thrust::complex<float> buffer[8];
    for (auto i = 0; i < 8; i++) {
      const long t = ig - multitarget_index(targets, 8 - i - 1, ntargets);
      buffer[i] = state[t];
    }
    for (auto i = 0; i < 8; i++) {
      const long t = ig - multitarget_index(targets, 8 - i - 1, ntargets);
      thrust::complex<float> new_state_elem = thrust::complex<float>(0., 0.);
      for (auto j = 0; j < 8; j++) {
        new_state_elem += gate[8 * i + j] * buffer[j];
      }
      state[t] = new_state_elem;
    }
  }
}
""", "apply_multi_qubit_gate_kernel", ("--std=c++17",))
