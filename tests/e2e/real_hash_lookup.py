# run: --kernel _lookup_kernel --grid 2 --block 32 table_keys=@real_hash_lookup.table_keys.npy table_values=@real_hash_lookup.table_values.npy keys=@real_hash_lookup.keys.npy counts=ones:int32:40 size=40 capacity=16
# check: counts
# input: table_keys = np.array([0xFFFFFFFFFFFFFFFF, 0xFFFFFFFFFFFFFFFF, 0xFFFFFFFFFFFFFFFF, 3, 19, 35, 4, 0xFFFFFFFFFFFFFFFF, 0xFFFFFFFFFFFFFFFF, 25, 9, 0xFFFFFFFFFFFFFFFF, 0xFFFFFFFFFFFFFFFF, 0xFFFFFFFFFFFFFFFF, 0xFFFFFFFFFFFFFFFF, 0xFFFFFFFFFFFFFFFF], np.uint64)
# input: table_values = np.arange(16, dtype=np.int32) * 10 + 1
# input: keys = rng.choice(np.array([3, 19, 35, 4, 25, 9, 51, 7], np.uint64), 40)
# A published program (a GPU hash table, its lookup): linear probing over uint64 keys,
# the all-ones uint64 literal as the empty slot, a store only when the key is found.
# CuPy 14.2 with NumPy 2 rejects the program as published (`key % capacity`: an unsigned
# value with a signed one, "Cannot cast from 'int32' to uint64 with casting rule
# same_kind"); pykc computes it in the unsigned type (docs/language.md §2.6,
# extension), checked against tools/jit_models.py's model (gen_expected JIT_REFUSED).
from cupyx import jit

@jit.rawkernel()
def _init_kernel(table_keys, table_values, keys, size, capacity):
    tid = jit.blockIdx.x * jit.blockDim.x + jit.threadIdx.x

    if (tid < size):
        key = keys[tid]
        h = key % capacity

        exit = False
        while not exit:
            jit.atomic_cas(table_keys, h, 0xFFFFFFFFFFFFFFFF, key)

            if table_keys[h] == 0xFFFFFFFFFFFFFFFF or table_keys[h] == key:
                table_values[h] = 0
                exit = True
                
            h = (h + 1) % capacity

@jit.rawkernel()
def _count_kernel(table_keys, table_values, keys, size, capacity):
    tid = jit.blockIdx.x * jit.blockDim.x + jit.threadIdx.x

    if (tid < size):
        key = keys[tid]
        h = key % capacity

        exit = False
        while not exit:
            cur = table_keys[h]

            if cur == 0xFFFFFFFFFFFFFFFF:
                exit = True
            elif cur == key:
                jit.atomic_add(table_values, h, 1)
                exit = True

            h = (h + 1) % capacity

@jit.rawkernel()
def _lookup_kernel(table_keys, table_values, keys, counts, size, capacity):
    tid = jit.blockIdx.x * jit.blockDim.x + jit.threadIdx.x

    if (tid < size):
        key = keys[tid]
        h = key % capacity

        exit = False
        while not exit:
            cur = table_keys[h]

            if cur == 0xFFFFFFFFFFFFFFFF:
                exit = True
            elif cur == key:
                counts[tid] = table_values[h]
                exit = True

            h = (h + 1) % capacity
