/* bench/form_plan.c: host microseconds of a kernel form's call planning through the
 * public API, no GPU needed (issue 21): pykc_form_outputs (the dtypes, the broadcast,
 * the outputs' shapes) and pykc_form_launch_shape (a ReductionKernel's whole plan: the
 * views and the launch), repeated with the same argument types, on a CPU context.
 *
 *   cc -std=c11 -O2 -Iinclude bench/form_plan.c build/libpykc.a -ldl -lm -o build/form_plan
 *   build/form_plan [CALLS]
 */
#define _POSIX_C_SOURCE 199309L
#include "pykc.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now_us(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

static const char src[] =
    "import cupy\n"
    "ewk = cupy.ElementwiseKernel('T x, T c', 'T y', 'y = x * c', 'ewk')\n"
    "red = cupy.ReductionKernel('T x', 'T y', 'x', 'a + b', 'y = a', '0', 'red')\n";

int main(int argc, char **argv) {
  int calls = argc > 1 ? atoi(argv[1]) : 200000;
  pykc_context *cx;
  pykc_module *m;
  pykc_kernel *ewk, *red;
  if (pykc_init(PYKC_DEVICE_CPU, &cx) || pykc_compile_string(cx, "forms.py", src, NULL, &m) ||
      pykc_get_kernel(m, "ewk", &ewk) || pykc_get_kernel(m, "red", &red)) {
    fprintf(stderr, "form_plan: %s\n", pykc_errmsg(cx));
    return 1;
  }
  static double x[64][64];
  int64_t shape[2] = {64, 64};
  pykc_arg args[3] = {pykc_array(x, PYKC_FLOAT64, 2, shape), pykc_scalar_f(PYKC_FLOAT64, 2.0)};
  pykc_arg outs[2];
  pykc_call_cfg cc = {.axis = {1}, .naxis = 1};
  pykc_launch_cfg lc;
  struct { const char *what; pykc_kernel *k; int nargs; } runs[] = {
      {"ElementwiseKernel pykc_form_outputs", ewk, 2},
      {"ReductionKernel pykc_form_launch_shape", red, 1}};
  for (int r = 0; r < 2; r++) {
    double best = 1e30;
    for (int rep = 0; rep < 5; rep++) {
      double t0 = now_us();
      for (int i = 0; i < calls; i++) {
        pykc_status st = r == 0 ? pykc_form_outputs(runs[r].k, NULL, args, runs[r].nargs, outs)
                                : pykc_form_launch_shape(runs[r].k, &cc, args, runs[r].nargs, &lc);
        if (st) {
          fprintf(stderr, "form_plan: %s\n", pykc_errmsg(cx));
          return 1;
        }
      }
      double us = (now_us() - t0) / calls;
      best = us < best ? us : best;
    }
    printf("%-42s %8.3f us per call (best of 5 x %d)\n", runs[r].what, best, calls);
  }
  pykc_module_free(m);
  pykc_free(cx);
  return 0;
}
