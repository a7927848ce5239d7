// run: --kernel QIFNode_fptt_hardReset_fp16 --grid 1 --block 32 x_seq=@real4_sj_qif_half2.x_seq.npy v_v_seq=@real4_sj_qif_half2.v_v_seq.npy h_seq=zeros:float16:64 spike_seq=zeros:float16:64 reciprocal_tau=@real4_sj_qif_half2.reciprocal_tau.npy v_c=@real4_sj_qif_half2.v_c.npy a0=@real4_sj_qif_half2.a0.npy v_threshold=@real4_sj_qif_half2.v_threshold.npy v_rest=@real4_sj_qif_half2.v_rest.npy v_reset=@real4_sj_qif_half2.v_reset.npy neuron_num=@real4_sj_qif_half2.neuron_num.npy numel=@real4_sj_qif_half2.numel.npy
// check: h_seq spike_seq v_v_seq tol=2e-3
// input: x_seq = np.where(rng.random(64) < 0.5, rng.uniform(0.0, 0.4, 64), rng.uniform(3.0, 4.0, 64)).astype(np.float16)
// input: v_v_seq = np.concatenate([rng.uniform(-0.2, 0.2, 64), np.zeros(64)]).astype(np.float16)
// input: reciprocal_tau = np.asarray(0.5, np.float16)
// input: v_c = np.asarray(0.8, np.float16)
// input: a0 = np.asarray(1.0, np.float16)
// input: v_threshold = np.asarray(1.0, np.float16)
// input: v_rest = np.asarray(0.0, np.float16)
// input: v_reset = np.asarray(0.0, np.float16)
// input: neuron_num = np.asarray(64, np.int32)
// input: numel = np.asarray(64, np.int32)
// Modelled on github.com/fangwei123456/spikingjelly, spikingjelly/activation_based/
// cuda_kernel/neuron_kernel/multi_step/qif.py (the fp16 forward kernel that
// _create_fptt_kernel builds with f-strings): a quadratic integrate-and-fire step on
// float16 data read two neurons at a time as half2 (`#include <cuda_fp16.h>`), its
// constants `const half &` parameters given 0-d float16 arrays, __half2half2, __hfma2 of
// __hmul2 and __hsub2, the spike as __hgeu2 (1.0 or 0.0 lanes), the reset blended with
// __float2half2_rn(1.0f): one time step of 64 neurons (32 half2 lanes).
#include <cuda_fp16.h>
extern "C" __global__
void QIFNode_fptt_hardReset_fp16(const half2* x_seq, half2* v_v_seq, half2* h_seq,
                                 half2* spike_seq, const half & reciprocal_tau,
                                 const half & v_c, const half & a0, const half & v_threshold,
                                 const half & v_rest, const half & v_reset,
                                 const int & neuron_num, const int & numel)
{
    const int index = blockIdx.x * blockDim.x + threadIdx.x;
    const int stride = neuron_num >> 1;
    if (index < stride)
    {
        const int numel_2 = numel >> 1;
        const half2 reciprocal_tau_half2 = __half2half2(reciprocal_tau);
        const half2 v_c_half2 = __half2half2(v_c);
        const half2 a0_half2 = __half2half2(a0);
        const half2 v_threshold_half2 = __half2half2(v_threshold);
        const half2 v_rest_half2 = __half2half2(v_rest);
        const half2 v_reset_half2 = __half2half2(v_reset);
        for (int mem_offset = 0; mem_offset < numel_2; mem_offset += stride)
        {
            const int t = index + mem_offset;
            h_seq[t] = __hfma2(__hfma2(__hmul2(__hsub2(v_v_seq[t], v_rest_half2),
                                               __hsub2(v_v_seq[t], v_c_half2)),
                                       a0_half2, x_seq[t]),
                               reciprocal_tau_half2, v_v_seq[t]);
            spike_seq[t] = __hgeu2(h_seq[t], v_threshold_half2);
            v_v_seq[t + stride] = __hadd2(__hmul2(spike_seq[t], v_reset_half2),
                                          __hmul2(__hsub2(__float2half2_rn(1.0f), spike_seq[t]),
                                                  h_seq[t]));
        }
    }
}
