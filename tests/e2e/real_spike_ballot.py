# run: --kernel kernel_update_with_noise --grid 2 --block 256 voltage=@real_spike_ballot.voltage.npy current=zeros:float32:300 spike_bits=zeros:uint32:10 N=300:int32 spike_words=10:int32 tau_decay=0.9:float32 v_threshold=1.0:float32 v_reset=0.0:float32 seed=42:uint32 step=3:uint32 noise_amplitude=0.4:float32 adapt=zeros:float32:300 adapt_inc=0:float32 adapt_decay=1:float32
# check: voltage spike_bits adapt tol=1e-6
# input: voltage = rng.uniform(0.0, 0.9, 300).astype(np.float32)
# A real program (a connectome simulator, FlyWire): an extern "C" { ... } block of
# kernels in a RawModule with options, const scalar parameters, integer hashing with
# unsigned wrap-around, __ballot_sync over a partly filled last block.
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
}  // extern "C"
"""


def compile_kernels():
    module = cp.RawModule(code=CUDA_KERNELS, options=("--std=c++11",))
    return {
        "update_with_noise": module.get_function("kernel_update_with_noise"),
    }
