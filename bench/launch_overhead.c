/*
 * launch_overhead.c: host time per launch through libpykc (make bench, on the GPU).
 *
 * Three kernels, each launched in batches of BATCH with a synchronisation between batches
 * (not timed), so the launch queue never fills and the time measured is the host's:
 *   empty    a .cu kernel with no parameters: pykc_launch ~ cuLaunchKernel itself
 *   typed    a kernel-language kernel with declared types, 4 arguments (3 arrays)
 *   generic  the same kernel unannotated: specialised once, then found by its type hash
 * The difference between `typed` and `empty` is what validation and marshalling cost.
 *
 *   cc -std=c11 -O2 -Iinclude bench/launch_overhead.c build/libpykc.a -ldl -lm -o lo && ./lo
 */
#define _POSIX_C_SOURCE 200809L
#include <pykc.h>

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

enum { N = 1024, BATCH = 256, BATCHES = 200 };

static pykc_context *cx;

static double now_us(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

static const char *dsl =
    "import cupy as cp\n"
    "from cupyx import jit\n"
    "\n"
    "@jit.rawkernel()\n"
    "def typed(a: cp.float32, x: cp.float32[:], y: cp.float32[:], out: cp.float32[:]):\n"
    "    i = jit.grid(1)\n"
    "    if i < x.size:\n"
    "        out[i] = a * x[i] + y[i]\n"
    "\n"
    "@jit.rawkernel()\n"
    "def generic(a, x, y, out):\n"
    "    i = jit.grid(1)\n"
    "    if i < x.size:\n"
    "        out[i] = a * x[i] + y[i]\n";

/* Median over batches of the host time per launch, in microseconds. */
static int measure(const char *label, pykc_kernel *k, const pykc_arg *args, int nargs) {
  pykc_launch_cfg cfg = {{N / 256, 1, 1}, {256, 1, 1}, 0, NULL};
  static double per[BATCHES];
  for (int b = -5; b < BATCHES; b++) {             /* 5 warm-up batches */
    double t0 = now_us();
    for (int i = 0; i < BATCH; i++)
      if (pykc_launch(k, &cfg, args, nargs) != PYKC_OK)
        return fprintf(stderr, "launch_overhead: %s\n", pykc_errmsg(cx)), 1;
    double t1 = now_us();
    if (pykc_synchronize(cx) != PYKC_OK)
      return fprintf(stderr, "launch_overhead: %s\n", pykc_errmsg(cx)), 1;
    if (b >= 0)
      per[b] = (t1 - t0) / BATCH;
  }
  for (int i = 1; i < BATCHES; i++)                /* insertion sort: small */
    for (int j = i; j > 0 && per[j] < per[j - 1]; j--) {
      double t = per[j];
      per[j] = per[j - 1], per[j - 1] = t;
    }
  printf("%-8s %6.3f us per launch (median of %d batches of %d; min %.3f, max %.3f)\n", label,
         per[BATCHES / 2], BATCHES, BATCH, per[0], per[BATCHES - 1]);
  return 0;
}

#define CHECK(call)                                                                        \
  do {                                                                                     \
    if ((call) != PYKC_OK)                                                                 \
      return fprintf(stderr, "launch_overhead: %s\n", pykc_errmsg(cx)), 1;                 \
  } while (0)

int main(void) {
  CHECK(pykc_init(0, &cx));
  pykc_module *raw, *m;
  pykc_kernel *empty, *typed, *generic;
  CHECK(pykc_compile_string(cx, "empty.cu", "extern \"C\" __global__ void empty() {}\n", NULL,
                            &raw));
  CHECK(pykc_get_kernel(raw, "empty", &empty));
  CHECK(pykc_compile_string(cx, "bench.py", dsl, NULL, &m));
  CHECK(pykc_get_kernel(m, "typed", &typed));
  CHECK(pykc_get_kernel(m, "generic", &generic));
  void *x, *y, *out;
  CHECK(pykc_malloc(cx, N * 4, &x));
  CHECK(pykc_malloc(cx, N * 4, &y));
  CHECK(pykc_malloc(cx, N * 4, &out));
  CHECK(pykc_memset(cx, x, 0, N * 4));
  CHECK(pykc_memset(cx, y, 0, N * 4));
  pykc_arg args[] = {pykc_float32(2.0f), pykc_array1d(x, PYKC_FLOAT32, N),
                     pykc_array1d(y, PYKC_FLOAT32, N), pykc_array1d(out, PYKC_FLOAT32, N)};
  printf("launch overhead on sm_%d (host time inside pykc_launch)\n", pykc_device_arch(cx));
  int rc = measure("empty", empty, NULL, 0) || measure("typed", typed, args, 4) ||
           measure("generic", generic, args, 4);
  pykc_mem_free(cx, x);
  pykc_mem_free(cx, y);
  pykc_mem_free(cx, out);
  pykc_module_free(m);
  pykc_module_free(raw);
  pykc_free(cx);
  return rc;
}
