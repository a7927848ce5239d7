# run: --kernel promote --grid 2 --block 32 i64=@promotion_cuda.i64.npy u32=@promotion_cuda.u32.npy i8=@promotion_cuda.i8.npy h=@promotion_cuda.h.npy f=@promotion_cuda.f.npy of=zeros:float64:64x6 ou=zeros:uint32:64x2
# check: of ou
# input: i64 = np.concatenate([np.array([16777217, 16777219, 2**40 + 1, -16777217, 0, 1, -1, 2**53 + 1], np.int64), rng.integers(-2**40, 2**40, 56)])
# input: u32 = int_edges(64, 'uint32')
# input: i8 = int_edges(64, 'int8')
# input: h = (rng.standard_normal(64) * 100).astype(np.float16)
# input: f = np.concatenate([np.array([16777216.0, 0.1, 1e30, -1e-30], np.float32), rng.standard_normal(60).astype(np.float32)])
# mode='cuda' promotion: int64 + 1.0 -> float32, int8 + 1 -> int32, float16 * 2 -> float16,
# uint32 - 1 wraps, int64 * float32 -> float32.
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def promote(i64, u32, i8, h, f, of, ou):
    i = jit.grid(1)
    if i < i64.size:
        of[i, 0] = i64[i] + 1.0
        of[i, 1] = i8[i] + 1
        of[i, 2] = h[i] * 2
        of[i, 3] = u32[i] - 1
        of[i, 4] = i64[i] * f[i]
        of[i, 5] = f[i] + 0.1
        ou[i, 0] = u32[i] + 1
        ou[i, 1] = u32[i] * 3
