/*
 * tests/unit/test_harden.c: the host process is never harmed (issue 18), through the
 * public C API on a CPU context: a specialisation that failed fails on every request (a
 * kernel's own errors, a device function's errors seen from another kernel, a request
 * cut short by the error limit), and nothing half-typed is launched. Needs cc, no GPU.
 * Prints "PASS name" or "FAIL name: why" per test; exits non-zero if any failed.
 */
#define _GNU_SOURCE
#include "../../include/pykc.h"
#include "harness.h"

#include <errno.h>
#include <pthread.h>
#include <stdbool.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static pykc_context *cx;

static pykc_module *module_of(const char *src) {
  pykc_module *m = NULL;
  if (pykc_compile_string(cx, "harden.py", src, NULL, &m))
    failf("compile: %s", pykc_errmsg(cx));
  return m;
}

/* N5: the launch of a specialisation with type errors fails every time and runs nothing. */
static void test_failed_spec_reused(void) {
  static const char src[] =
      "import cupy as cp\nfrom cupyx import jit\n\n@jit.rawkernel()\n"
      "def saxpy(a, x, y, out):\n    i = jit.grid(1)\n    if i < out.size:\n"
      "        out[i] = a * x[i] + y[i]\n";
  pykc_module *m = module_of(src);
  pykc_kernel *k;
  if (!m || pykc_get_kernel(m, "saxpy", &k))
    return failf("saxpy: %s", pykc_errmsg(cx));
  float x[8] = {0, 1, 2, 3, 4, 5, 6, 7}, y[8] = {1, 1, 1, 1, 1, 1, 1, 1}, out[8] = {0};
  pykc_arg args[4] = {pykc_float32(2), pykc_array1d(x, PYKC_FLOAT32, 8),
                      pykc_array1d(y, PYKC_FLOAT32, 8), pykc_array1d(out, PYKC_FLOAT32, 8)};
  args[3].ndim = 2, args[3].shape[0] = 1, args[3].shape[1] = 8;    /* out as (1, 8) */
  pykc_launch_cfg cfg = {{1, 1, 1}, {8, 1, 1}, 0, NULL};
  for (int t = 0; t < 3; t++) {
    pykc_status s = t == 1 ? pykc_prepare(k, args, 4) : pykc_launch(k, &cfg, args, 4);
    if (s != PYKC_ERR_SOURCE || !strstr(pykc_errmsg(cx), "error:"))
      return failf("request %d: status %d (want %d), '%s'", t + 1, s, PYKC_ERR_SOURCE,
                   pykc_errmsg(cx));
  }
  if (out[0] != 0)
    return failf("the failed kernel ran");
  args[3] = pykc_array1d(out, PYKC_FLOAT32, 8);    /* the right types still work */
  if (pykc_launch(k, &cfg, args, 4) || pykc_synchronize(cx) || out[1] != 3)
    failf("good launch: %s, out[1] = %g", pykc_errmsg(cx), out[1]);
  pykc_module_free(m);
}

/* A device function whose specialisation failed under one kernel fails again when
   another kernel (directly or through a second device function) calls it. */
static void test_failed_device_spec(void) {
  static const char src[] =
      "import cupy as cp\nfrom cupyx import jit\n\n"
      "@jit.rawkernel(device=True)\ndef g(a, x):\n    a[0] = x[0] * 2\n    return 1\n\n"
      "@jit.rawkernel(device=True)\ndef h(a, x):\n    return g(a, x)\n\n"
      "@jit.rawkernel()\ndef k1(done, a, x):\n    done[0] = 1\n    g(a, x)\n\n"
      "@jit.rawkernel()\ndef k2(done, a, x):\n    done[0] = 1\n    h(a, x)\n\n"
      "@jit.rawkernel()\ndef k3(done, a, x):\n    done[0] = g(a, x)\n";
  pykc_module *m = module_of(src);
  const char *names[] = {"k1", "k2", "k3", "k2", "k1"};
  int done[1] = {0}, a[1] = {0};
  float xs[1][2] = {{1, 2}};                       /* complex64 -> int32: an error */
  for (int t = 0; m && t < 5; t++) {
    pykc_kernel *k;
    if (pykc_get_kernel(m, names[t], &k))
      return failf("%s: %s", names[t], pykc_errmsg(cx));
    pykc_arg args[3] = {pykc_array1d(done, PYKC_INT32, 1), pykc_array1d(a, PYKC_INT32, 1),
                        pykc_array1d(xs[0], PYKC_COMPLEX64, 1)};
    pykc_launch_cfg cfg = {{1, 1, 1}, {1, 1, 1}, 0, NULL};
    pykc_status s = pykc_launch(k, &cfg, args, 3);
    if (s != PYKC_ERR_SOURCE || !strstr(pykc_errmsg(cx), "complex64"))
      return failf("%s (request %d): status %d, '%s'", names[t], t + 1, s, pykc_errmsg(cx));
  }
  if (done[0])
    failf("a kernel calling the failed device function ran");
  pykc_module_free(m);
}

/* A request cut short by the error limit (a fatal jump mid-typing) leaves nothing found
   later: the same types fail again with their errors. */
static void test_error_limit(void) {
  char src[8192] = "import cupy as cp\nfrom cupyx import jit\n\n@jit.rawkernel()\n"
                   "def many(done, a, x):\n    done[0] = 1\n";
  for (int i = 0; i < 40; i++)
    snprintf(src + strlen(src), sizeof src - strlen(src), "    a[%d] = x[0] * %d\n", i, i + 1);
  pykc_module *m = module_of(src);
  pykc_kernel *k;
  if (!m || pykc_get_kernel(m, "many", &k))
    return failf("many: %s", pykc_errmsg(cx));
  int done[1] = {0}, a[40] = {0};
  float x[2] = {1, 2};
  for (int t = 0; t < 3; t++) {
    pykc_arg args[3] = {pykc_array1d(done, PYKC_INT32, 1), pykc_array1d(a, PYKC_INT32, 40),
                        pykc_array1d(x, PYKC_COMPLEX64, 1)};
    pykc_launch_cfg cfg = {{1, 1, 1}, {1, 1, 1}, 0, NULL};
    pykc_status s = pykc_launch(k, &cfg, args, 3);
    if (s != PYKC_ERR_SOURCE)
      return failf("request %d: status %d, '%s'", t + 1, s, pykc_errmsg(cx));
  }
  if (done[0])
    failf("the failed kernel ran");
  pykc_module_free(m);
}

static void *send_sigint(void *arg) {
  (void)arg;
  usleep(300 * 1000);
  kill(getpid(), SIGINT);
  return NULL;
}

/* Ctrl-C during a first CPU compile: the library stops the compiler, removes its files
   and returns PYKC_ERR_INTERRUPTED naming the signal; the process goes on (the default
   action of SIGINT would have killed it), and its own SIGINT handling is back. */
static void test_interrupted_compile(void) {
  char dir[512], cc[600];
  snprintf(dir, sizeof dir, "%s", getenv("TMPDIR"));
  snprintf(cc, sizeof cc, "%s/slowcc.sh", dir);
  FILE *f = fopen(cc, "w");
  if (!f)
    return failf("cannot write %s", cc);
  fputs("#!/bin/sh\nsleep 5\nexec cc \"$@\"\n", f);
  fclose(f);
  chmod(cc, 0755);
  setenv("CC", cc, 1);
  setenv("PYKC_CACHE", "0", 1);
  static const char src[] =
      "import cupy as cp\nfrom cupyx import jit\n\n@jit.rawkernel()\n"
      "def one(x: cp.float32[:]):\n    x[0] = 1.0\n";
  pykc_module *m = module_of(src);
  pykc_kernel *k;
  if (!m || pykc_get_kernel(m, "one", &k))
    return failf("one: %s", pykc_errmsg(cx));
  float x[1] = {0};
  pykc_arg args[1] = {pykc_array1d(x, PYKC_FLOAT32, 1)};
  pykc_launch_cfg cfg = {{1, 1, 1}, {1, 1, 1}, 0, NULL};
  /* Ctrl-C of a program started from a terminal: SIGINT's default action. A suite run in
     the background (`make test &`) inherits SIGINT ignored, which pykc rightly leaves
     ignored, and the interrupt would not happen. */
  signal(SIGINT, SIG_DFL);
  pthread_t t;
  pthread_create(&t, NULL, send_sigint, NULL);
  pykc_status s = pykc_launch(k, &cfg, args, 1);
  pthread_join(t, NULL);
  unsetenv("CC");
  unsetenv("PYKC_CACHE");
  if (s != PYKC_ERR_INTERRUPTED || pykc_interrupt_signal(cx) != SIGINT ||
      !strstr(pykc_errmsg(cx), "interrupted"))
    return failf("status %d, signal %d, '%s'", s, pykc_interrupt_signal(cx), pykc_errmsg(cx));
  struct sigaction now;
  sigaction(SIGINT, NULL, &now);
  if (now.sa_handler != SIG_DFL)
    return failf("SIGINT's handling was not given back");
  if (pykc_launch(k, &cfg, args, 1) || pykc_synchronize(cx) || x[0] != 1)  /* then it works */
    failf("launch after the interrupt: %s", pykc_errmsg(cx));
  pykc_module_free(m);
}

/* A kernel that writes outside a caller's array (malloc'd, the C API on the CPU backend)
   is this launch's error naming kernel, block and thread (past the end; below the start:
   the argument), and nothing outside the array changes; in-place aliasing still works. */
static void test_host_oob(void) {
  static const char src[] =
      "import cupy as cp\nfrom cupyx import jit\n\n@jit.rawkernel()\n"
      "def oob(x: cp.float64[:], off: cp.int64, v: cp.float64):\n"
      "    i = jit.grid(1)\n    x[i + off] = v\n\n"
      "@jit.rawkernel()\ndef twice(x: cp.float32[:], y: cp.float32[:]):\n"
      "    i = jit.grid(1)\n    y[i] = x[i] * 2\n";
  pykc_module *m = module_of(src);
  pykc_kernel *k, *tw;
  if (!m || pykc_get_kernel(m, "oob", &k) || pykc_get_kernel(m, "twice", &tw))
    return failf("kernels: %s", pykc_errmsg(cx));
  const int64_t offs[] = {16, 17, -1, -2, 1000000, -1000000, 3};
  for (size_t t = 0; t < sizeof offs / sizeof *offs; t++) {
    double *block = malloc(48 * sizeof *block);    /* x is block[16..32) */
    for (int i = 0; i < 48; i++)
      block[i] = i;
    pykc_arg args[3] = {pykc_array1d(block + 16, PYKC_FLOAT64, 16), pykc_int64(offs[t]),
                        pykc_float64(-5)};
    pykc_launch_cfg cfg = {{1, 1, 1}, {1, 1, 1}, 0, NULL};
    pykc_status s = pykc_launch(k, &cfg, args, 3);
    bool inside = offs[t] >= 0 && offs[t] < 16;
    if (inside ? s != PYKC_OK : s != PYKC_ERR_CUDA || !strstr(pykc_errmsg(cx), "'oob'"))
      return failf("x[%lld]: status %d, '%s'", (long long)offs[t], s, pykc_errmsg(cx));
    if (!inside && offs[t] > 0 && !strstr(pykc_errmsg(cx), "block (0,0,0), thread (0,0,0)"))
      return failf("x[%lld]: no block and thread in '%s'", (long long)offs[t], pykc_errmsg(cx));
    for (int i = 0; i < 48; i++)
      if (block[i] != (inside && i == 16 + offs[t] ? -5 : i))
        return failf("x[%lld]: block[%d] = %g", (long long)offs[t], i, block[i]);
    free(block);
  }
  float a[8] = {1, 2, 3, 4, 5, 6, 7, 8};          /* x and y one array: shared copy */
  pykc_arg args[2] = {pykc_array1d(a, PYKC_FLOAT32, 8), pykc_array1d(a, PYKC_FLOAT32, 8)};
  pykc_launch_cfg cfg = {{1, 1, 1}, {8, 1, 1}, 0, NULL};
  if (pykc_launch(tw, &cfg, args, 2) || a[0] != 2 || a[7] != 16)
    failf("in place: %s, a = %g .. %g", pykc_errmsg(cx), a[0], a[7]);
  pykc_module_free(m);
}

/* A view given the allocation it lies in (pykc_arg.value.alloc) reads and writes all of it, as a
   GPU kernel reads a view's parent: x = block[16:32] of 48 doubles reads block[0..48);
   writes there go back; past the allocation a read or write faults (kernel, block and
   thread), below it a write is reported by argument; a base that does not hold the array
   is PYKC_ERR_USAGE. A read-only view's window is read-only where no writable argument
   reaches. A view of a large allocation gets max(its span, 2 MiB) of it each side: past
   that, reads fault. */
static void test_host_view_base(void) {
  static const char src[] =
      "import cupy as cp\nfrom cupyx import jit\n\n@jit.rawkernel()\n"
      "def rd(x: cp.float64[:], off: cp.int64, out: cp.float64[:]):\n"
      "    out[0] = x[off]\n\n"
      "@jit.rawkernel()\ndef wr(x: cp.float64[:], off: cp.int64, v: cp.float64):\n"
      "    x[off] = v\n\n"
      "@jit.rawkernel()\ndef cp2(x: cp.float64[:], y: cp.float64[:]):\n"
      "    y[0] = x[-1]\n";
  pykc_module *m = module_of(src);
  pykc_kernel *rd, *wr, *c2;
  if (!m || pykc_get_kernel(m, "rd", &rd) || pykc_get_kernel(m, "wr", &wr) ||
      pykc_get_kernel(m, "cp2", &c2))
    return failf("kernels: %s", pykc_errmsg(cx));
  pykc_launch_cfg one = {{1, 1, 1}, {1, 1, 1}, 0, NULL};
  double block[48], out[1];
  for (int i = 0; i < 48; i++)
    block[i] = i;
  pykc_arg x = pykc_array1d(block + 16, PYKC_FLOAT64, 16);
  x.value.alloc.base = block, x.value.alloc.bytes = sizeof block;
  for (int64_t off = -16; off < 32; off++) {
    pykc_arg a[3] = {x, pykc_int64(off), pykc_array1d(out, PYKC_FLOAT64, 1)};
    if (pykc_launch(rd, &one, a, 3) || out[0] != 16 + off)
      return failf("x[%lld]: %g, '%s'", (long long)off, out[0], pykc_errmsg(cx));
  }
  pykc_arg a[3] = {x, pykc_int64(32), pykc_array1d(out, PYKC_FLOAT64, 1)};
  if (pykc_launch(rd, &one, a, 3) != PYKC_ERR_CUDA ||
      !strstr(pykc_errmsg(cx), "kernel 'rd', block (0,0,0), thread (0,0,0)"))
    return failf("a read past the allocation: '%s'", pykc_errmsg(cx));
  const struct { int64_t off; pykc_status st; const char *msg; } writes[] = {
      {-16, PYKC_OK, NULL}, {31, PYKC_OK, NULL},
      {-17, PYKC_ERR_CUDA, "8 bytes before the start of the allocation of argument 'x'"},
      {32, PYKC_ERR_CUDA, "kernel 'wr', block (0,0,0), thread (0,0,0)"}};
  double want[48];                                 /* what block must hold */
  memcpy(want, block, sizeof want);
  for (size_t t = 0; t < sizeof writes / sizeof *writes; t++) {
    double v = -1 - (double)t;
    pykc_arg w[3] = {x, pykc_int64(writes[t].off), pykc_float64(v)};
    pykc_status st = pykc_launch(wr, &one, w, 3);
    if (st != writes[t].st || (writes[t].msg && !strstr(pykc_errmsg(cx), writes[t].msg)))
      return failf("x[%lld] = v: status %d, '%s'", (long long)writes[t].off, st, pykc_errmsg(cx));
    if (!st)
      want[16 + writes[t].off] = v;
    if (memcmp(block, want, sizeof want))
      return failf("x[%lld] = v: block changed elsewhere", (long long)writes[t].off);
  }
  if (block[0] != -1 || block[47] != -2)
    return failf("the writes inside the allocation: %g, %g", block[0], block[47]);
  pykc_arg bad = x;                                /* a base that does not hold it */
  bad.value.alloc.base = block + 20, bad.value.alloc.bytes = 8 * sizeof *block;
  pykc_arg b3[3] = {bad, pykc_int64(0), pykc_array1d(out, PYKC_FLOAT64, 1)};
  if (pykc_launch(rd, &one, b3, 3) != PYKC_ERR_USAGE ||
      !strstr(pykc_errmsg(cx), "is not inside the allocation given as its base"))
    return failf("a base that does not hold the array: '%s'", pykc_errmsg(cx));
  pykc_arg ro = x;                                 /* read-only: its window too */
  ro.is_array = PYKC_ARRAY_READONLY;
  pykc_arg r3[3] = {ro, pykc_int64(-3), pykc_float64(5)};
  if (pykc_launch(wr, &one, r3, 3) != PYKC_ERR_USAGE ||
      !strstr(pykc_errmsg(cx), "wrote to argument 'x', a read-only array") || block[13] != 13)
    return failf("a write below a read-only view: '%s', %g", pykc_errmsg(cx), block[13]);
  pykc_arg y = pykc_array1d(block + 2, PYKC_FLOAT64, 4);   /* a writable view beside it */
  y.value.alloc.base = block, y.value.alloc.bytes = sizeof block;
  pykc_arg r2[2] = {ro, y};
  if (pykc_launch(c2, &one, r2, 2) || block[2] != 15)
    return failf("a writable view beside a read-only one: '%s', %g", pykc_errmsg(cx), block[2]);
  size_t n = (size_t)8 << 20;                      /* 64 MiB; x: 16 in the middle */
  double *big = malloc(n * sizeof *big);
  if (!big)
    return failf("malloc");
  for (size_t i = 0; i < n; i++)
    big[i] = (double)i;
  pykc_arg bx = pykc_array1d(big + n / 2, PYKC_FLOAT64, 16);
  bx.value.alloc.base = big, bx.value.alloc.bytes = n * sizeof *big;
  const int64_t reach = ((int64_t)2 << 20) / 8;    /* 2 MiB each side */
  const int64_t offs[] = {-reach, 15 + reach, -reach - 1024, 16 + reach + 1024};
  for (size_t t = 0; t < sizeof offs / sizeof *offs; t++) {
    pykc_arg a3[3] = {bx, pykc_int64(offs[t]), pykc_array1d(out, PYKC_FLOAT64, 1)};
    pykc_status st = pykc_launch(rd, &one, a3, 3);
    if (t < 2 ? st || out[0] != (double)(n / 2 + offs[t])
              : st != PYKC_ERR_CUDA || !strstr(pykc_errmsg(cx), "kernel 'rd', block (0,0,0)")) {
      free(big);
      return failf("x[%lld] of a 64 MiB allocation: status %d, %g, '%s'", (long long)offs[t],
                   st, out[0], pykc_errmsg(cx));
    }
  }
  free(big);
  pykc_module_free(m);
}

int main(void) {
  char tmp[256];
  const char *t = getenv("TMPDIR");
  snprintf(tmp, sizeof tmp, "%s/pykc_harden_XXXXXX", t && *t ? t : "/tmp");
  if (!mkdtemp(tmp)) {
    printf("FAIL setup: mkdtemp %s: %s\n", tmp, strerror(errno));
    return 1;
  }
  char cache[300];
  snprintf(cache, sizeof cache, "%s/cache", tmp);
  setenv("PYKC_CACHE_DIR", cache, 1);
  setenv("PYKC_LIBCUDA", "/nonexistent/libcuda.so.1", 1);
  setenv("TMPDIR", tmp, 1);
  if (pykc_init(PYKC_DEVICE_CPU, &cx) != PYKC_OK) {
    printf("FAIL init: %s\n", pykc_errmsg(cx));
    return 1;
  }
  run("failed_spec_reused", test_failed_spec_reused);
  run("failed_device_spec", test_failed_device_spec);
  run("error_limit", test_error_limit);
  run("interrupted_compile", test_interrupted_compile);
  run("host_oob", test_host_oob);
  run("host_view_base", test_host_view_base);
  pykc_free(cx);
  remove_tree(tmp);
  return nfail != 0;
}
