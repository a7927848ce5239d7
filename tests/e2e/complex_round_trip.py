# run: --kernel trip --grid 1 --block 64 z=@complex_round_trip.z.npy x=@complex_round_trip.x.npy o=zeros:complex128:64 r=zeros:float64:64x2
# check: o r
# input: z = (rng.standard_normal(64) / 3 + 1j * rng.standard_normal(64) / 7).astype(np.complex128)
# input: x = rng.standard_normal((64, 2)) / 3
# complex128 -> complex64 -> complex128 and two float64 -> float32 -> float64 round trips
# side by side: each part is rounded to float32 (GCC 12's SLP vectorizer, at -O2, deletes
# such adjacent round trips; the CPU backend compiles with -fno-tree-slp-vectorize).
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def trip(z, x, o, r):
    i = jit.grid(1)
    o[i] = cp.complex128(cp.complex64(z[i]))
    r[i, 0] = cp.float64(cp.float32(x[i, 0]))
    r[i, 1] = cp.float64(cp.float32(x[i, 1]))
