# run: --kernel vote --grid 1 --block 64 x=@ext_warp_vote.x.npy ballot=zeros:uint32:64 allv=zeros:int32:64 anyv=zeros:int32:64 act=zeros:uint32:64 bits=zeros:int32:64x4 l=@ext_warp_vote.l.npy bits64=zeros:int64:64x4
# check: ballot allv anyv act bits bits64
# input: x = np.concatenate([np.array([0, 1, -1, 2**31 - 1, -2**31, 256, 0x00F0F000, 3], np.int32), rng.integers(-1000, 1000, 56).astype(np.int32)])
# input: l = np.concatenate([np.array([0, 1, -1, 2**63 - 1, -2**63, 2**40, 3], np.int64), rng.integers(-2**62, 2**62, 57)])
# Numba-style warp votes and bit functions (pykc extensions; numpy reference):
# ballot_sync all_sync any_sync activemask popc clz ffs brev (32- and 64-bit, as CUDA's
# __popc/__popcll, __clz/__clzll, __ffs/__ffsll, __brev/__brevll).
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def vote(x, ballot, allv, anyv, act, bits, l, bits64):
    i = jit.threadIdx.x
    v = x[i]
    ballot[i] = jit.ballot_sync(0xffffffff, v > 0)
    allv[i] = jit.all_sync(0xffffffff, v > -1000)
    anyv[i] = jit.any_sync(0xffffffff, v > 900)
    act[i] = jit.activemask()
    bits[i, 0] = jit.popc(v)
    bits[i, 1] = jit.clz(v)
    bits[i, 2] = jit.ffs(v)
    bits[i, 3] = jit.brev(v)
    w = l[i]
    bits64[i, 0] = jit.popc(w)
    bits64[i, 1] = jit.clz(w)
    bits64[i, 2] = jit.ffs(w)
    bits64[i, 3] = jit.brev(w)
