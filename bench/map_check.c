/* The cost of a launch's map-twin check (runtime/overlap.c's rt_map_conflict, issue 21 §5):
   saxpy's four arguments (a scalar and three distinct float32 arrays of 1e8), the same with
   out = y (the same view: a pair that overlaps and passes), and with out = x shifted (the
   refusal, found at the first pair). ns per check, best of 5 runs of 10^7 checks.
     cc -std=c11 -O2 -Iruntime -Isrc -Iinclude bench/map_check.c build/libpykc_internal.a \
        -ldl -lm -o build/map_check && build/map_check          (no GPU needed) */
#define _POSIX_C_SOURCE 200809L
#include "rt.h"

#include <stdio.h>
#include <time.h>

static double now_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e9 + t.tv_nsec;
}

static double per_check(const pykc_arg *args, const uint8_t *access, int *sink) {
  double best = 1e30;
  for (int run = 0; run < 5; run++) {
    double t0 = now_ns();
    for (int i = 0; i < 10000000; i++) {
      int r;
      *sink += rt_map_conflict(args, 4, access, &r);
      __asm__ volatile("" ::: "memory");            /* (each check made in full) */
    }
    double t = (now_ns() - t0) / 1e7;
    best = t < best ? t : best;
  }
  return best;
}

int main(void) {
  int64_t n = 100000000;
  char *base = (char *)(uintptr_t)0x7f0000000000ull;  /* addresses only: never touched */
  uint8_t access[4] = {0, KC_MAP_READ, KC_MAP_READ, KC_MAP_WRITE};
  pykc_arg distinct[4] = {pykc_float32(2), pykc_array1d(base, PYKC_FLOAT32, n),
                          pykc_array1d(base + (1ll << 30), PYKC_FLOAT32, n),
                          pykc_array1d(base + (2ll << 30), PYKC_FLOAT32, n)};
  pykc_arg inplace[4], shifted[4];
  for (int i = 0; i < 4; i++)
    inplace[i] = shifted[i] = distinct[i];
  inplace[3].data = inplace[2].data;
  shifted[3].data = base + 4;
  int sink = 0;
  printf("map twin check (rt_map_conflict), ns per launch: distinct %.1f, out is y %.1f, "
         "out is x shifted (refused) %.1f\n", per_check(distinct, access, &sink),
         per_check(inplace, access, &sink), per_check(shifted, access, &sink));
  return sink == 42;
}
