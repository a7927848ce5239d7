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
__global__ void kernel_update_with_noise(
    float*        __restrict__ voltage,
    float*        __restrict__ current,
    unsigned int* __restrict__ spike_bits,
    const int                  N,
    const int                  spike_words,
    const float                tau_decay,
    const float                v_threshold,
    const float                v_reset,
    const unsigned int         seed,
    const unsigned int         step,
    const float                noise_amplitude,
    float*        __restrict__ adapt,
    const float                adapt_inc,
    const float                adapt_decay
) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    bool spiked = false;
    if (i < N) {
        unsigned int h = i ^ (step * 2654435761u) ^ (seed * 1664525u);
        h ^= h >> 16;
        h *= 0x45d9f3b;
        h ^= h >> 16;
        float noise = noise_amplitude * (((float)(h & 0xFFFF) / 32768.0f) - 1.0f);
        float c = current[i] + noise;
        float v = voltage[i] * tau_decay + c;
        float a = adapt[i] * adapt_decay;
        spiked = (v >= v_threshold + a);
        adapt[i] = spiked ? a + adapt_inc : a;
        voltage[i] = spiked ? v_reset : v;
        current[i] = 0.0f;
    }
    unsigned int ballot = __ballot_sync(0xFFFFFFFF, spiked);
    int lane = threadIdx.x & 31;
    if (lane == 0) {
        int word = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
        if (word < spike_words)
            spike_bits[word] = ballot;
    }
}
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
