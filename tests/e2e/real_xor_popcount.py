# run: --kernel xor_popcount a=@real_xor_popcount.a.npy b=@real_xor_popcount.b.npy
# check: out
# input: a = rng.integers(0, 2**64 - 1, 200, dtype=np.uint64, endpoint=True)
# input: b = rng.integers(0, 2**64 - 1, 200, dtype=np.uint64, endpoint=True)
# A real program (bit-packed Hamming distances, issue 19's long tail): an
# ElementwiseKernel of uint64 inputs and a uint32 output, __popcll of a 64-bit local.
import cupy as cp

xor_popcount = cp.ElementwiseKernel(
    'uint64 a, uint64 b',
    'uint32 out',
    '''
    unsigned long long xored = a ^ b;
    out = __popcll(xored);
    ''',
    'xor_popcount'
)
