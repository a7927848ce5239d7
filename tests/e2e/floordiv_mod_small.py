# run: --kernel divmod_small --grid 1 --block 96 a8=@floordiv_mod_small.a8.npy b8=@floordiv_mod_small.b8.npy u8=@floordiv_mod_small.u8.npy v8=@floordiv_mod_small.v8.npy a64=@floordiv_mod_small.a64.npy b64=@floordiv_mod_small.b64.npy o=zeros:int32:4x96 o8=zeros:int8:2x96 o64=zeros:int64:2x96
# check: o o8 o64
# input: a8 = np.concatenate([np.array([-128, -128, 127, -1], np.int8), rng.integers(-128, 128, 92).astype(np.int8)])
# input: b8 = np.concatenate([np.array([-1, 1, -1, 0], np.int8), rng.integers(-9, 10, 92).astype(np.int8)])
# input: u8 = rng.integers(0, 256, 96).astype(np.uint8)
# input: v8 = rng.integers(0, 12, 96).astype(np.uint8)
# input: a64 = np.concatenate([np.array([-2**62, 2**62 + 5, -9, 9], np.int64), rng.integers(-10**12, 10**12, 92)])
# input: b64 = np.concatenate([np.array([7, -7, 0, 4], np.int64), rng.integers(-1000, 1000, 92)])
# Floor division and modulo on int8 (computed as int, -128 // -1 is 128), uint8, int64.
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def divmod_small(a8, b8, u8, v8, a64, b64, o, o8, o64):
    i = jit.threadIdx.x
    o[0, i] = a8[i] // b8[i]
    o[1, i] = a8[i] % b8[i]
    o[2, i] = u8[i] // v8[i]
    o[3, i] = u8[i] % v8[i]
    o8[0, i] = a8[i] // b8[i]
    o8[1, i] = a8[i] % b8[i]
    o64[0, i] = a64[i] // b64[i]
    o64[1, i] = a64[i] % b64[i]
