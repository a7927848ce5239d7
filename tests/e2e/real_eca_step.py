# run: --kernel eca_step --grid 2 --block 256 in=@real_eca_step.in.npy out=zeros:uint32:300 lut=110:uint32 mask=131071:uint32 n=17:int32 R=300:int32
# check: out
# input: in = rng.integers(0, 1 << 17, 300).astype(np.uint32)
# A published program (elementary cellular automata, one 17-cell ring per uint32): rotations
# by (n - 1) of unsigned ints, ~ of unsigned, a rule's truth table read bit by bit under
# #pragma unroll, `const unsigned int* __restrict__`, uint32 scalars made with cp.uint32,
# options=('--std=c++11',); its other kernel flips bits with atomicXor (real_eca_flip).
import numpy as np
import cupy as cp

N_CELLS = 17

_MOD = cp.RawModule(code=r'''
extern "C" __global__
void eca_step(const unsigned int* __restrict__ in, unsigned int* __restrict__ out,
              unsigned int lut, unsigned int mask, int n, int R)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= R) return;
    unsigned int x = in[i] & mask;
    /* bit j holds cell j; left neighbour of cell j is cell j-1 -> shift up with wrap */
    unsigned int l = ((x << 1) | (x >> (n - 1))) & mask;
    unsigned int r = ((x >> 1) | (x << (n - 1))) & mask;
    unsigned int y = 0u;
    #pragma unroll
    for (int k = 0; k < 8; ++k) {
        if ((lut >> k) & 1u) {
            unsigned int a = (k & 4) ? l : ~l;
            unsigned int b = (k & 2) ? x : ~x;
            unsigned int c = (k & 1) ? r : ~r;
            y |= (a & b & c);
        }
    }
    out[i] = y & mask;
}

extern "C" __global__
void scatter_flip(const long long* __restrict__ pos, unsigned int* __restrict__ state,
                  long long K, int n)
{
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= K) return;
    long long p = pos[i];
    unsigned int run = (unsigned int)(p / n);
    unsigned int bit = (unsigned int)(p % n);
    atomicXor(&state[run], 1u << bit);
}
''', options=('--std=c++11',))
_K_STEP = _MOD.get_function('eca_step')
_K_FLIP = _MOD.get_function('scatter_flip')

_MASK = np.uint32((1 << N_CELLS) - 1)
_BLOCK = 256


def eca_step_gpu(state, out, rule, n=N_CELLS):
    R = state.size
    grid = ((R + _BLOCK - 1) // _BLOCK,)
    _K_STEP(grid, (_BLOCK,), (state, out, cp.uint32(rule), cp.uint32((1 << n) - 1),
                              cp.int32(n), cp.int32(R)))
    return out
