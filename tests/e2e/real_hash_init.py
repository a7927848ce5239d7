# run: --kernel _init_kernel --grid 1 --block 32 table_keys=@real_hash_init.table_keys.npy table_values=@real_hash_init.table_values.npy keys=@real_hash_init.keys.npy size=30 capacity=16
# check: table_keys table_values
# input: table_keys = np.full(16, 0xFFFFFFFFFFFFFFFF, np.uint64)
# input: table_values = np.full(16, 7, np.int32)
# input: keys = rng.choice(np.array([1, 2, 7, 12, 40, 61], np.uint64), 30)
# A published program (a GPU hash table, its insertion): `jit.atomic_cas` on a uint64
# array with the all-ones literal as the expected value, then a compare of the element.
# (The keys fall in distinct slots, so the table does not depend on the threads' order.)
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
