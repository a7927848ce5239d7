# run: --kernel xor_popcount a=@real5_xor_popcount.a.npy b=@real5_xor_popcount.b.npy
# check: out
# input: a = np.concatenate([np.array([0, 2**64 - 1, 2**63, 1], dtype=np.uint64), rng.integers(0, 2**64, 60, dtype=np.uint64)])
# input: b = np.concatenate([np.array([0, 0, 2**63, 2**64 - 1], dtype=np.uint64), rng.integers(0, 2**64, 60, dtype=np.uint64)])
# Modelled on a published GPU manager of a binary-vector search engine (GPUManager.
# _init_cuda_kernels, forms made in a method and bound to attributes): its xor_popcount
# ElementwiseKernel unchanged, uint64 inputs, an `unsigned long long` local, __popcll
# into an allocated uint32 output. (The same method's ReductionKernel, called with its
# arguments out of order -- map 'a ^ b', reduce 'identity = 0', identity 'a = x' --
# cannot compile: CuPy and pykc refuse it.)
import cupy as cp


class GPUManager:
    def _init_cuda_kernels(self):
        """Initialize custom CUDA kernels for fused operations."""
        self._xor_popcount_kernel = cp.ElementwiseKernel(
            'uint64 a, uint64 b',
            'uint32 out',
            '''
            unsigned long long xored = a ^ b;
            out = __popcll(xored);
            ''',
            'xor_popcount'
        )
