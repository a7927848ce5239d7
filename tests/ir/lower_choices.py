# What lower.c decides (the emitters only print it): C's / and % where the value ranges
# prove both operands non-negative and the divisor positive, else a Python-semantics
# helper (div/rem: non-negative but maybe zero; floordiv/mod: maybe negative); integer **
# and float % as helpers; op= as a compound assignment when C's operator computes the
# same, else expanded with an element's address taken once; loop bounds the body changes
# hoisted into temporaries; a hidden counter when the loop variable is assigned in the
# body or read after the loop; int64 against uint64 through the exact comparison helper.
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def choices(x: cp.int32[:], u: cp.uint32, d: cp.int32, n: cp.int32, f: cp.float32[:],
            w: cp.uint64, q: cp.int64):
    i = jit.threadIdx.x
    x[0] = i // 4                 # C's /: i >= 0, 4 > 0
    x[1] = i % u                  # rem helper: u may be 0
    x[2] = d // 4                 # floordiv helper: d may be negative
    x[3] = d ** 3                 # pow helper
    f[0] = f[1] % f[2]            # float mod helper
    f[3] /= 0.0                   # x * inf: nvcc rejects a division by a constant zero
    x[i] //= 2                    # x[i] may be negative: x[i] = floordiv(x[i], 2)
    x[4] += d                     # compound
    x[jit.atomic_add(x, 5, 1)] **= 2  # address taken once, then the pow helper
    for j in range(n):            # n changes in the body: the bound is hoisted
        n -= 1
    for k in range(0, n, d):      # the step's sign is tested at run time
        x[6] += k
    m = 0
    for m in range(3):            # read after the loop: a hidden counter
        m += 1
    x[7] = m
    if w > q:                     # int64 vs uint64: the exact cmp helper, mirrored
        x[8] = 1
