# run: --kernel IFNode_forward_hardReset_fp32 --grid 2 --block 32 x=@real_ifnode_ref.x.npy v_last=@real_ifnode_ref.v_last.npy h=zeros:float32:50 spike=zeros:float32:50 v=zeros:float32:50 v_threshold=@real_ifnode_ref.v_threshold.npy v_reset=@real_ifnode_ref.v_reset.npy numel=@real_ifnode_ref.numel.npy
# check: h spike v
# input: x = rng.standard_normal(50).astype(np.float32)
# input: v_last = rng.standard_normal(50).astype(np.float32)
# input: v_threshold = np.array(1.0, dtype=np.float32)
# input: v_reset = np.array(0.0, dtype=np.float32)
# input: numel = np.array(50, dtype=np.int32)
# A real program (SpikingJelly's integrate-and-fire neuron): `const float &` and
# `const int &` parameters that the program fills with 0-d CuPy arrays (an array is
# passed as its device pointer, which a C++ reference is), the kernel text indented. (The
# program passes numel as an int64 array, which CuPy lets the `const int &` read by its low
# four bytes; pykc refuses the mismatch, so it is int32 here.)
import cupy

IFNode_forward_hardReset_fp32 = cupy.RawKernel(r'''
    extern "C" __global__
    void IFNode_forward_hardReset_fp32(const float* x, const float* v_last, float* h, float* spike, float* v, 
    const float & v_threshold, const float & v_reset,
    const int & numel) 
    {
    const int index = blockIdx.x * blockDim.x + threadIdx.x;
    if (index < numel)
    {
        h[index] = v_last[index] + x[index];
        if (h[index] >= v_threshold)
        {
            spike[index] = 1.0f;
            v[index] = v_reset;
        }
        else
        {
            spike[index] = 0.0f;
            v[index] = h[index];
        }
    }
    }
    ''', 'IFNode_forward_hardReset_fp32')
