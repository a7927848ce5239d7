# run: --kernel hash_data --grid 2 --block 8 dest=zeros:uint32:20x4 src=@real4_thinc_murmur.src.npy out_size=16:uint64 in_size=8:uint64 n_items=20:uint64 seed=7:uint32
# check: dest
# input: src = rng.integers(0, 2**63, 20, dtype=np.uint64)
# Modelled on github.com/explosion/thinc, thinc/backends/_murmur3.cu and
# _custom_kernels.py (20eec355): MurmurHash3_x64_128 (Austin Appleby's public-domain
# algorithm) as thinc's RawKernel hashes uint64 ids: the text declares the fixed-width
# integer types itself with typedefs ("including stdint.h is a pain in cupy"), picks
# uint64_t by `#if size == 64` where `size` is a C++ constant and no macro (so the
# preprocessor reads it as 0), pastes `x##LLU` in a macro, falls through a switch's cases,
# hashes into a local `char[16]` through `void *` and copies it out byte by byte through
# `char *` parameters; out_size, in_size and n_items are `size_t`, the ids' bytes are read
# from a uint64 array and the hashes land in a (n, 4) uint32 array.
import cupy

murmur_src = r"""
typedef unsigned char           uint8_t;
typedef unsigned int            uint32_t;
typedef signed char             int8_t;
typedef int                     int32_t;

const unsigned long int test_var = 0;
const int size = sizeof(test_var);

#if size == 64
typedef unsigned long int      uint64_t;
#else
typedef unsigned long long      uint64_t;
#endif

#define BIG_CONSTANT(x) (x##LLU)

__device__ static inline uint64_t rotl64(uint64_t x, int8_t r)
{
    return (x << r) | (x >> (64 - r));
}

__device__ static inline uint64_t fmix64(uint64_t k)
{
    k ^= k >> 33;
    k *= BIG_CONSTANT(0xff51afd7ed558ccd);
    k ^= k >> 33;
    k *= BIG_CONSTANT(0xc4ceb9fe1a85ec53);
    k ^= k >> 33;
    return k;
}

__device__ void murmur_x64_128(const void *key, const int len, const uint32_t seed, void *out)
{
    const uint8_t *data = (const uint8_t *)key;
    const int nblocks = len / 16;
    uint64_t h1 = seed;
    uint64_t h2 = seed;
    const uint64_t c1 = BIG_CONSTANT(0x87c37b91114253d5);
    const uint64_t c2 = BIG_CONSTANT(0x4cf5ad432745937f);

    const uint64_t *blocks = (const uint64_t *)data;
    for (int i = 0; i < nblocks; i++) {
        uint64_t k1 = blocks[2 * i];
        uint64_t k2 = blocks[2 * i + 1];
        k1 *= c1; k1 = rotl64(k1, 31); k1 *= c2; h1 ^= k1;
        h1 = rotl64(h1, 27); h1 += h2; h1 = h1 * 5 + 0x52dce729;
        k2 *= c2; k2 = rotl64(k2, 33); k2 *= c1; h2 ^= k2;
        h2 = rotl64(h2, 31); h2 += h1; h2 = h2 * 5 + 0x38495ab5;
    }

    const uint8_t *tail = data + nblocks * 16;
    uint64_t k1 = 0;
    uint64_t k2 = 0;
    switch (len & 15) {
    case 15: k2 ^= (uint64_t)(tail[14]) << 48;
    case 14: k2 ^= (uint64_t)(tail[13]) << 40;
    case 13: k2 ^= (uint64_t)(tail[12]) << 32;
    case 12: k2 ^= (uint64_t)(tail[11]) << 24;
    case 11: k2 ^= (uint64_t)(tail[10]) << 16;
    case 10: k2 ^= (uint64_t)(tail[9]) << 8;
    case 9:  k2 ^= (uint64_t)(tail[8]);
             k2 *= c2; k2 = rotl64(k2, 33); k2 *= c1; h2 ^= k2;
    case 8:  k1 ^= (uint64_t)(tail[7]) << 56;
    case 7:  k1 ^= (uint64_t)(tail[6]) << 48;
    case 6:  k1 ^= (uint64_t)(tail[5]) << 40;
    case 5:  k1 ^= (uint64_t)(tail[4]) << 32;
    case 4:  k1 ^= (uint64_t)(tail[3]) << 24;
    case 3:  k1 ^= (uint64_t)(tail[2]) << 16;
    case 2:  k1 ^= (uint64_t)(tail[1]) << 8;
    case 1:  k1 ^= (uint64_t)(tail[0]);
             k1 *= c1; k1 = rotl64(k1, 31); k1 *= c2; h1 ^= k1;
    };

    h1 ^= len; h2 ^= len;
    h1 += h2;
    h2 += h1;
    h1 = fmix64(h1);
    h2 = fmix64(h2);
    h1 += h2;
    h2 += h1;
    ((uint64_t *)out)[0] = h1;
    ((uint64_t *)out)[1] = h2;
}

extern "C" __global__
void hash_data(char *dest, const char *src, size_t out_size, size_t in_size, size_t n_items,
               uint32_t seed)
{
    char entropy[16];
    int _loop_start = blockIdx.x * blockDim.x + threadIdx.x;
    int _loop_stride = blockDim.x * gridDim.x;
    for (int i = _loop_start; i < n_items; i += _loop_stride) {
        const char *src_i = &src[i * in_size];
        char *dest_i = &dest[i * out_size];
        murmur_x64_128(src_i, in_size, seed, entropy);
        for (int j = 0; j < out_size; ++j)
            dest_i[j] = entropy[j];
    }
}
"""

hash_data_kernel = cupy.RawKernel(murmur_src, "hash_data")
