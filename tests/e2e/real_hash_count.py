# run: --kernel _count_kernel --grid 2 --block 32 table_keys=@real_hash_count.table_keys.npy table_values=zeros:int32:16 keys=@real_hash_count.keys.npy size=50 capacity=16
# check: table_values
# input: table_keys = np.array([0xFFFFFFFFFFFFFFFF, 0xFFFFFFFFFFFFFFFF, 0xFFFFFFFFFFFFFFFF, 3, 19, 35, 4, 0xFFFFFFFFFFFFFFFF, 0xFFFFFFFFFFFFFFFF, 25, 9, 0xFFFFFFFFFFFFFFFF, 0xFFFFFFFFFFFFFFFF, 0xFFFFFFFFFFFFFFFF, 0xFFFFFFFFFFFFFFFF, 0xFFFFFFFFFFFFFFFF], np.uint64)
# input: keys = rng.choice(np.array([3, 19, 35, 4, 25, 9, 51, 7], np.uint64), 50)
# A published program (a GPU hash table counting keys, open addressing): uint64 keys
# modulo a Python int capacity, the all-ones uint64 literal 0xFFFFFFFFFFFFFFFF as the
# empty slot, a while loop on a bool flag named `exit`, linear probing, atomic_add.
# (Keys 3, 19, 35 and 51 collide at slot 3; 51 and 7 are absent.)
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
