# run: --kernel parity_kernel x=@real_parity.x.npy --axis 1
# check: y
# input: x = rng.integers(0, 2**63, (6, 33), dtype=np.uint64) * np.uint64(2) + (rng.random((6, 33)) < 0.5).astype(np.uint64)
# A real program (GF(2) matrix parity on several GPUs): a ReductionKernel folding uint64
# rows with XOR, the identity an int literal `0`.
import cupy

parity_kernel = cupy.ReductionKernel(
    'T x',
    'T y',
    'x',
    'a ^ b',
    'y = a',
    '0',
    'parity'
)
