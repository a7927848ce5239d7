# run: --kernel promote_np --grid 2 --block 32 i64=@promotion_numpy.i64.npy i32=@promotion_numpy.i32.npy i8=@promotion_numpy.i8.npy f=@promotion_numpy.f.npy of=zeros:float64:64x5 oi=zeros:int64:64x2
# check: of oi
# input: i64 = np.concatenate([np.array([16777217, 16777219, 2**40 + 1, -16777217, 2**53 + 1], np.int64), rng.integers(-2**40, 2**40, 59)])
# input: i32 = int_edges(64, 'int32')
# input: i8 = int_edges(64, 'int8')
# input: f = np.concatenate([np.array([16777216.0, 0.1, 1e30, -1e-30], np.float32), rng.standard_normal(60).astype(np.float32)])
# mode='numpy' promotion (NumPy result_type, Python scalars weak): int64 + 1.0 is float64,
# int8 + 1 stays int8, int32 * float32 is float64.
import cupy as cp
from cupyx import jit


@jit.rawkernel(mode='numpy')
def promote_np(i64, i32, i8, f, of, oi):
    i = jit.grid(1)
    if i < i64.size:
        of[i, 0] = i64[i] + 1.0
        of[i, 1] = i32[i] * f[i]
        of[i, 2] = f[i] + 0.1
        of[i, 3] = i32[i] / 7
        of[i, 4] = f[i] * 3
        s = i8[i] + 1
        oi[i, 0] = s
        oi[i, 1] = i32[i] + 2147483647
