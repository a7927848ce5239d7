# run: --kernel kernel_count_spikes --grid 1 --block 64 spike_bits=@real_spike_count.spike_bits.npy neuron_to_group=@real_spike_count.neuron_to_group.npy group_counts=zeros:uint64:3 neuron_to_motor=@real_spike_count.neuron_to_motor.npy motor_counts=zeros:uint64:2 total_spikes=zeros:uint64:1 num_words=10:int32 N=300:int32
# check: group_counts motor_counts total_spikes
# input: spike_bits = rng.integers(0, 2**32, 10, dtype=np.uint64).astype(np.uint32)
# input: neuron_to_group = rng.integers(-1, 3, 300).astype(np.int32)
# input: neuron_to_motor = rng.integers(-1, 2, 300).astype(np.int32)
# A real program (a connectome simulator, FlyWire): __popc and __ffs over spike words,
# atomicAdd of unsigned long long (1ULL).
import cupy as cp
import numpy as np

CUDA_KERNELS = r"""
extern "C" {
__global__ void kernel_count_spikes(
    const unsigned int*  __restrict__ spike_bits,
    const int*           __restrict__ neuron_to_group,
    unsigned long long*  __restrict__ group_counts,
    const int*           __restrict__ neuron_to_motor,
    unsigned long long*  __restrict__ motor_counts,
    unsigned long long*  __restrict__ total_spikes,
    const int                         num_words,
    const int                         N
) {
    int word_idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (word_idx >= num_words) return;
    unsigned int bits = spike_bits[word_idx];
    if (bits == 0) return;
    atomicAdd(total_spikes, (unsigned long long)__popc(bits));
    unsigned int base = (unsigned int)word_idx * 32u;
    while (bits) {
        int b = __ffs(bits) - 1;
        unsigned int neuron = base + (unsigned int)b;
        if (neuron < (unsigned int)N) {
            int g = neuron_to_group[neuron];
            if (g >= 0) atomicAdd(&group_counts[g], 1ULL);
            int m = neuron_to_motor[neuron];
            if (m >= 0) atomicAdd(&motor_counts[m], 1ULL);
        }
        bits &= bits - 1;
    }
}
}  // extern "C"
"""

module = cp.RawModule(code=CUDA_KERNELS, options=("--std=c++11",))
