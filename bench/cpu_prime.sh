#!/bin/sh
# bench/cpu_prime.sh: the CPU backend (`pykc run --cpu`) against the same loop in plain C
# compiled with -O2, on a prime-factorisation kernel: for each i < N, the sum of the
# prime factors of i (with multiplicity), by trial division with `while m % d == 0`.
# Both run single-threaded; the kernel's time is pykc's --time (grid only: no compile,
# no I/O), the C time the loop alone. The results are compared element by element.
# Usage: sh bench/cpu_prime.sh [N] [RUNS]     (defaults 20000, 5; PYKC, CC from env)
set -e
cd "$(dirname "$0")/.."
PYKC=${PYKC:-build/pykc}
CC=${CC:-cc}
N=${1:-20000}
RUNS=${2:-5}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

cat > "$T/prime.py" <<'PY'
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def prime_sum(out, n):
    i = jit.blockIdx.x * jit.blockDim.x + jit.threadIdx.x
    if i < n:
        m = i
        s = 0
        d = 2
        while m > 1:
            while m % d == 0:
                s += d
                m //= d
            d += 1
        out[i] = s
PY

cat > "$T/prime.c" <<'C'
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static double now_us(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}
static void prime_sum(int32_t *out, uint32_t n) {
  for (uint32_t i = 0; i < n; i++) {
    uint32_t m = i;
    int32_t s = 0;
    int32_t d = 2;
    while (m > 1) {
      while (m % (uint32_t)d == 0) {
        s += d;
        m /= (uint32_t)d;
      }
      d++;
    }
    out[i] = s;
  }
}
int main(int argc, char **argv) {
  uint32_t n = (uint32_t)atoi(argv[1]);
  int runs = atoi(argv[2]);
  int32_t *out = calloc(n, sizeof *out);
  double best = 1e300;
  for (int r = 0; r < runs + 1; r++) {   /* the first run is a warm-up */
    double t0 = now_us();
    prime_sum(out, n);
    double t = now_us() - t0;
    if (r > 0 && t < best)
      best = t;
  }
  FILE *f = fopen(argv[3], "wb");
  fwrite(out, sizeof *out, n, f);
  fclose(f);
  printf("%.1f\n", best);
  return 0;
}
C

$CC -std=gnu11 -O2 -o "$T/prime" "$T/prime.c"
c_us=$("$T/prime" "$N" "$RUNS" "$T/c.bin")
blocks=$(( (N + 255) / 256 ))
"$PYKC" run --cpu "$T/prime.py" --kernel prime_sum --grid "$blocks" --block 256 \
    --time="$RUNS" --out out="$T/out.npy" out=zeros:int32:"$N" n="$N" > "$T/time.txt"
cat "$T/time.txt"
k_us=$(sed -n 's/.*min \([0-9.]*\) .*/\1/p' "$T/time.txt" | head -n 1)
python3 - "$T/out.npy" "$T/c.bin" "$N" <<'PY'
import sys, numpy as np
a = np.load(sys.argv[1]); b = np.fromfile(sys.argv[2], np.int32)
n = int(sys.argv[3])
assert a.shape == (n,) and (a == b).all(), "results differ"
print(f"results equal ({n} values, checksum {int(b.sum())})")
PY
echo "plain C -O2:      min $c_us us"
echo "pykc run --cpu:   min $k_us us"
awk -v k="$k_us" -v c="$c_us" 'BEGIN { printf "ratio (cpu backend / plain C): %.2f\n", k / c }'
