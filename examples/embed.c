/*
 * embed.c: a C program that JIT-compiles a kernel-language file with libpykc and launches
 * it (NVRTC and the driver are loaded at run time; the compile is cached on disk). With
 * --cpu it runs on the CPU backend (no driver, no GPU: arrays are host memory).
 *
 *   cc -std=c11 -Iinclude examples/embed.c -Lbuild -lpykc -ldl -lm -o build/embed
 *   build/embed [--cpu] examples/saxpy.py
 *   (or, after `make install`: cc embed.c $(pkg-config --cflags --libs --static pykc))
 */
#include <pykc.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static pykc_context *cx;

#define CHECK(call)                                                                        \
  do {                                                                                     \
    pykc_status st_ = (call);                                                              \
    if (st_ != PYKC_OK) {                                                                  \
      fprintf(stderr, "embed: %s\n", pykc_errmsg(cx));                                     \
      return (int)st_;                                                                     \
    }                                                                                      \
  } while (0)

int main(int argc, char **argv) {
  int cpu = argc > 1 && strcmp(argv[1], "--cpu") == 0;
  const char *path = argc > 1 + cpu ? argv[1 + cpu] : "examples/saxpy.py";
  enum { N = 1 << 20 };
  CHECK(pykc_init(cpu ? PYKC_DEVICE_CPU : 0, &cx));

  pykc_module *m;
  pykc_kernel *k;
  CHECK(pykc_compile_file(cx, path, NULL, &m));
  CHECK(pykc_get_kernel(m, "saxpy", &k));

  float *x = malloc(N * sizeof *x), *y = malloc(N * sizeof *y), *out = malloc(N * sizeof *out);
  for (int i = 0; i < N; i++)
    x[i] = (float)i, y[i] = 1.0f;
  void *dx, *dy, *dout;
  CHECK(pykc_malloc(cx, N * sizeof *x, &dx));
  CHECK(pykc_malloc(cx, N * sizeof *y, &dy));
  CHECK(pykc_malloc(cx, N * sizeof *out, &dout));
  CHECK(pykc_memcpy_htod(cx, dx, x, N * sizeof *x));
  CHECK(pykc_memcpy_htod(cx, dy, y, N * sizeof *y));

  /* saxpy(a: float32, x: float32[:], y: float32[:], out: float32[:]) */
  pykc_arg args[] = {pykc_float32(2.0f), pykc_array1d(dx, PYKC_FLOAT32, N),
                     pykc_array1d(dy, PYKC_FLOAT32, N), pykc_array1d(dout, PYKC_FLOAT32, N)};
  pykc_launch_cfg cfg = {{(N + 255) / 256, 1, 1}, {256, 1, 1}, 0, NULL};
  CHECK(pykc_launch(k, &cfg, args, 4));
  CHECK(pykc_synchronize(cx));
  CHECK(pykc_memcpy_dtoh(cx, out, dout, N * sizeof *out));

  int regs = 0, bad = 0;
  if (!cpu)
    CHECK(pykc_kernel_attr(k, PYKC_ATTR_NUM_REGS, &regs));
  for (int i = 0; i < N; i++)
    bad += out[i] != 2.0f * (float)i + 1.0f;
  if (cpu)
    printf("embed: saxpy on %d elements on the CPU backend: %s\n", N, bad ? "WRONG" : "ok");
  else
    printf("embed: saxpy on %d elements on sm_%d (%d registers): %s\n", N,
           pykc_device_arch(cx), regs, bad ? "WRONG" : "ok");

  pykc_mem_free(cx, dx);
  pykc_mem_free(cx, dy);
  pykc_mem_free(cx, dout);
  pykc_module_free(m);
  pykc_free(cx);
  free(x), free(y), free(out);
  return bad != 0;
}
