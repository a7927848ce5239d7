/*
 * api_test.c: libpykc's runtime on a real GPU (run by tests/gpu/run.sh): generic kernels
 * specialised per argument types, argument validation messages, scalar conversion,
 * kernel attributes (read and set), occupancy, the copy bandwidth, streams, .cu kernels,
 * dynamic shared memory. Prints PASS/FAIL lines
 * and, last, `N passed, M failed`.
 */
#include <pykc.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static pykc_context *cx;
static int npass, nfail;

static void check(const char *name, int ok, const char *detail) {
  if (ok)
    npass++, printf("PASS api: %s\n", name);
  else
    nfail++, printf("FAIL api: %s%s%s\n", name, detail ? ": " : "", detail ? detail : "");
}

/* status must be PYKC_OK */
static int okst(const char *name, pykc_status st) {
  if (st != PYKC_OK)
    check(name, 0, pykc_errmsg(cx));
  return st == PYKC_OK;
}

/* status must be WANT and the message must contain TEXT */
static void expect_err(const char *name, pykc_status st, pykc_status want, const char *text) {
  char detail[1024];
  snprintf(detail, sizeof detail, "status %d (want %d), message '%s' (want '%s')", (int)st,
           (int)want, pykc_errmsg(cx), text);
  check(name, st == want && strstr(pykc_errmsg(cx), text) != NULL, detail);
}

static const char *dsl =
    "import cupy as cp\n"
    "from cupyx import jit\n"
    "\n"
    "@jit.rawkernel()\n"
    "def scale(x, out, a):\n"
    "    i = jit.grid(1)\n"
    "    if i < x.size:\n"
    "        out[i] = x[i] * a\n"
    "\n"
    "@jit.rawkernel()\n"
    "def typed(x: cp.float32[:], n: cp.int32):\n"
    "    i = jit.grid(1)\n"
    "    if i < n:\n"
    "        x[i] = x[i] + 1\n"
    "\n"
    "@jit.rawkernel()\n"
    "def dyn(out: cp.float32[:]):\n"
    "    buf = jit.shared_memory(cp.float32, None)\n"
    "    t = jit.threadIdx.x\n"
    "    buf[t] = cp.float32(t)\n"
    "    jit.syncthreads()\n"
    "    out[t] = buf[jit.blockDim.x - 1 - t]\n";

static const char *cu_src =
    "extern \"C\" __global__ void axpb(const float *x, float *y, float a, int n) {\n"
    "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
    "  if (i < n) y[i] = a * x[i] + 1.0f;  /* a comment, (with parens) */\n"
    "}\n";

enum { N = 4096 };

static void test_generic(pykc_module *m) {
  pykc_kernel *k;
  if (!okst("get generic kernel", pykc_get_kernel(m, "scale", &k)))
    return;
  float hx[N], hout[N];
  int64_t lx[N], lout[N];
  for (int i = 0; i < N; i++)
    hx[i] = (float)i, lx[i] = (int64_t)i * 3000000000LL;
  void *dx, *dout;
  if (!okst("malloc", pykc_malloc(cx, sizeof lx, &dx)) ||
      !okst("malloc", pykc_malloc(cx, sizeof lx, &dout)))
    return;
  pykc_launch_cfg cfg = {{N / 128, 1, 1}, {128, 1, 1}, 0, NULL};
  /* float32 specialisation */
  pykc_memcpy_htod(cx, dx, hx, sizeof hx);
  pykc_arg fa[] = {pykc_array1d(dx, PYKC_FLOAT32, N), pykc_array1d(dout, PYKC_FLOAT32, N),
                   pykc_float32(0.5f)};
  if (okst("generic float32 launch", pykc_launch(k, &cfg, fa, 3)) &&
      okst("sync", pykc_synchronize(cx)) &&
      okst("dtoh", pykc_memcpy_dtoh(cx, hout, dout, sizeof hout))) {
    int bad = 0;
    for (int i = 0; i < N; i++)
      bad += hout[i] != hx[i] * 0.5f;
    check("generic kernel specialised for float32", !bad, NULL);
  }
  /* int64 specialisation of the same kernel */
  pykc_memcpy_htod(cx, dx, lx, sizeof lx);
  pykc_arg ia[] = {pykc_array1d(dx, PYKC_INT64, N), pykc_array1d(dout, PYKC_INT64, N),
                   pykc_int64(3)};
  if (okst("generic int64 launch", pykc_launch(k, &cfg, ia, 3)) &&
      okst("sync", pykc_synchronize(cx)) &&
      okst("dtoh", pykc_memcpy_dtoh(cx, lout, dout, sizeof lout))) {
    int bad = 0;
    for (int i = 0; i < N; i++)
      bad += lout[i] != lx[i] * 3;
    check("generic kernel specialised for int64", !bad, NULL);
  }
  /* back to float32: the first specialisation is reused */
  pykc_memcpy_htod(cx, dx, hx, sizeof hx);
  if (okst("generic float32 again", pykc_launch(k, &cfg, fa, 3)) &&
      okst("sync", pykc_synchronize(cx)) &&
      okst("dtoh", pykc_memcpy_dtoh(cx, hout, dout, sizeof hout)))
    check("first specialisation still launches", hout[N - 1] == hx[N - 1] * 0.5f, NULL);
  int regs = -1, maxt = -1;
  if (okst("attr", pykc_kernel_attr(k, PYKC_ATTR_NUM_REGS, &regs)) &&
      okst("attr", pykc_kernel_attr(k, PYKC_ATTR_MAX_THREADS_PER_BLOCK, &maxt)))
    check("kernel attributes (registers, max threads per block)", regs > 0 && maxt >= 128,
          NULL);
  pykc_mem_free(cx, dx);
  pykc_mem_free(cx, dout);
}

static void test_validation(pykc_module *m) {
  pykc_kernel *k;
  if (!okst("get typed kernel", pykc_get_kernel(m, "typed", &k)))
    return;
  void *d;
  if (!okst("malloc", pykc_malloc(cx, N * 8, &d)))
    return;
  pykc_launch_cfg cfg = {{N / 128, 1, 1}, {128, 1, 1}, 0, NULL};
  pykc_arg wrong_dtype[] = {pykc_array1d(d, PYKC_INT64, N), pykc_int32(N)};
  expect_err("wrong dtype", pykc_launch(k, &cfg, wrong_dtype, 2), PYKC_ERR_USAGE,
             "argument 'x': expected float32[:], got int64[:]");
  int64_t shape2[2] = {64, 64};
  pykc_arg wrong_ndim[] = {pykc_array(d, PYKC_FLOAT32, 2, shape2), pykc_int32(N)};
  expect_err("wrong ndim", pykc_launch(k, &cfg, wrong_ndim, 2), PYKC_ERR_USAGE,
             "argument 'x': expected float32[:], got float32[:, :]");
  pykc_arg one[] = {pykc_array1d(d, PYKC_FLOAT32, N)};
  expect_err("wrong count", pykc_launch(k, &cfg, one, 1), PYKC_ERR_USAGE, "argument");
  pykc_arg null_ptr[] = {pykc_array1d(NULL, PYKC_FLOAT32, N), pykc_int32(N)};
  expect_err("null pointer", pykc_launch(k, &cfg, null_ptr, 2), PYKC_ERR_USAGE,
             "argument 'x': null device pointer");
  pykc_arg float_for_int[] = {pykc_array1d(d, PYKC_FLOAT32, N), pykc_float32(3.5f)};
  expect_err("float scalar for int32", pykc_launch(k, &cfg, float_for_int, 2), PYKC_ERR_USAGE,
             "argument 'n': expected int32, got float32");
  pykc_arg scalar_for_array[] = {pykc_float32(1.0f), pykc_int32(N)};
  expect_err("scalar for array", pykc_launch(k, &cfg, scalar_for_array, 2), PYKC_ERR_USAGE,
             "argument 'x': expected float32[:], got float32");
  /* an int64 scalar converts to the int32 parameter */
  float h[N];
  for (int i = 0; i < N; i++)
    h[i] = 1.0f;
  pykc_memcpy_htod(cx, d, h, sizeof h);
  pykc_arg conv[] = {pykc_array1d(d, PYKC_FLOAT32, N), pykc_int64(N / 2)};
  if (okst("scalar conversion launch", pykc_launch(k, &cfg, conv, 2)) &&
      okst("sync", pykc_synchronize(cx)) && okst("dtoh", pykc_memcpy_dtoh(cx, h, d, sizeof h)))
    check("int64 scalar converted to int32 parameter", h[0] == 2.0f && h[N / 2 - 1] == 2.0f &&
                                                           h[N / 2] == 1.0f, NULL);
  pykc_kernel *none;
  expect_err("unknown kernel", pykc_get_kernel(m, "nosuch", &none), PYKC_ERR_USAGE,
             "no kernel 'nosuch'");
  pykc_mem_free(cx, d);
}

static void test_streams(pykc_module *m) {
  pykc_kernel *k;
  void *s1 = NULL, *s2 = NULL, *d1, *d2;
  if (!okst("get", pykc_get_kernel(m, "typed", &k)) ||
      !okst("stream create", pykc_stream_create(cx, &s1)) ||
      !okst("stream create", pykc_stream_create(cx, &s2)) ||
      !okst("malloc", pykc_malloc(cx, N * 4, &d1)) || !okst("malloc", pykc_malloc(cx, N * 4, &d2)))
    return;
  pykc_memset(cx, d1, 0, N * 4);
  pykc_memset(cx, d2, 0, N * 4);
  pykc_launch_cfg c1 = {{N / 128, 1, 1}, {128, 1, 1}, 0, s1}, c2 = c1;
  c2.stream = s2;
  pykc_arg a1[] = {pykc_array1d(d1, PYKC_FLOAT32, N), pykc_int32(N)};
  pykc_arg a2[] = {pykc_array1d(d2, PYKC_FLOAT32, N), pykc_int32(N)};
  int okl = 1;
  for (int rep = 0; rep < 10 && okl; rep++)
    okl = okst("launch on stream 1", pykc_launch(k, &c1, a1, 2)) &&
          okst("launch on stream 2", pykc_launch(k, &c2, a2, 2)) &&
          okst("launch on stream 2", pykc_launch(k, &c2, a2, 2));
  float h1[N], h2[N];
  if (okl && okst("stream sync", pykc_stream_synchronize(cx, s1)) &&
      okst("stream sync", pykc_stream_synchronize(cx, s2)) &&
      okst("dtoh", pykc_memcpy_dtoh(cx, h1, d1, sizeof h1)) &&
      okst("dtoh", pykc_memcpy_dtoh(cx, h2, d2, sizeof h2)))
    check("launches on two streams", h1[0] == 10.0f && h1[N - 1] == 10.0f && h2[7] == 20.0f,
          NULL);
  pykc_stream_destroy(cx, s1);
  pykc_stream_destroy(cx, s2);
  pykc_mem_free(cx, d1);
  pykc_mem_free(cx, d2);
}

static void test_dynamic_shared(pykc_module *m) {
  pykc_kernel *k;
  void *d;
  if (!okst("get dyn", pykc_get_kernel(m, "dyn", &k)) || !okst("malloc", pykc_malloc(cx, 1024 * 4, &d)))
    return;
  pykc_launch_cfg cfg = {{1, 1, 1}, {1024, 1, 1}, 1024 * 4, NULL};
  pykc_arg a[] = {pykc_array1d(d, PYKC_FLOAT32, 1024)};
  float h[1024];
  if (okst("dynamic shared launch", pykc_launch(k, &cfg, a, 1)) &&
      okst("sync", pykc_synchronize(cx)) && okst("dtoh", pykc_memcpy_dtoh(cx, h, d, sizeof h)))
    check("dynamic shared memory", h[0] == 1023.0f && h[1023] == 0.0f, NULL);
  pykc_mem_free(cx, d);
}

/* CuPy's settable attributes (cuFuncSetAttribute), the occupancy, the copy bandwidth. */
static void test_attributes(pykc_module *m) {
  pykc_kernel *k;
  void *d;
  if (!okst("get dyn", pykc_get_kernel(m, "dyn", &k)) || !okst("malloc", pykc_malloc(cx, 1024 * 4, &d)))
    return;
  int v = -1, ca = -1;
  if (okst("set max dynamic shared", pykc_kernel_set_attr(k, PYKC_ATTR_MAX_DYNAMIC_SHARED_BYTES,
                                                          100 * 1024)) &&
      okst("get max dynamic shared", pykc_kernel_attr(k, PYKC_ATTR_MAX_DYNAMIC_SHARED_BYTES, &v)))
    check("max_dynamic_shared_size_bytes set and read back", v == 100 * 1024, NULL);
  pykc_launch_cfg cfg = {{1, 1, 1}, {1024, 1, 1}, 100 * 1024, NULL};
  pykc_arg a[] = {pykc_array1d(d, PYKC_FLOAT32, 1024)};
  okst("launch with 100 KiB of dynamic shared memory", pykc_launch(k, &cfg, a, 1));
  okst("sync", pykc_synchronize(cx));
  if (okst("set carveout", pykc_kernel_set_attr(k, PYKC_ATTR_PREFERRED_SHARED_CARVEOUT, 50)) &&
      okst("get carveout", pykc_kernel_attr(k, PYKC_ATTR_PREFERRED_SHARED_CARVEOUT, &v)))
    check("preferred_shared_memory_carveout set and read back", v == 50, NULL);
  if (okst("cache_mode_ca", pykc_kernel_attr(k, PYKC_ATTR_CACHE_MODE_CA, &ca)))
    check("cache_mode_ca is 0 or 1", ca == 0 || ca == 1, NULL);
  expect_err("a read-only attribute cannot be set",
             pykc_kernel_set_attr(k, PYKC_ATTR_NUM_REGS, 1), PYKC_ERR_USAGE, "cannot be set");
  int blocks = -1, sm = -1;
  if (okst("occupancy", pykc_kernel_occupancy(k, 1024, 4096, &blocks, &sm)))
    check("occupancy of 1024-thread blocks", blocks >= 1 && sm >= 1024 && blocks * 1024 <= sm,
          NULL);
  double bw = 0, again = 0;
  if (okst("copy bandwidth", pykc_device_copy_bandwidth(cx, &bw)) &&
      okst("copy bandwidth again", pykc_device_copy_bandwidth(cx, &again)))
    check("copy bandwidth: 10 GB/s .. 100 TB/s, measured once (the cached value)",
          bw > 1e10 && bw < 1e14 && again == bw, NULL);
  pykc_mem_free(cx, d);
}

static void test_raw_cu(void) {
  pykc_module *m;
  pykc_kernel *k;
  if (!okst("compile .cu string", pykc_compile_string(cx, "axpb.cu", cu_src, NULL, &m)))
    return;
  if (okst("get .cu kernel", pykc_get_kernel(m, "axpb", &k))) {
    check(".cu parameter names", pykc_kernel_nparams(k) == 4 &&
                                     strcmp(pykc_kernel_param_name(k, 2), "a") == 0, NULL);
    void *dx, *dy;
    float hx[N], hy[N];
    for (int i = 0; i < N; i++)
      hx[i] = (float)i;
    pykc_malloc(cx, sizeof hx, &dx);
    pykc_malloc(cx, sizeof hy, &dy);
    pykc_memcpy_htod(cx, dx, hx, sizeof hx);
    pykc_launch_cfg cfg = {{N / 256, 1, 1}, {256, 1, 1}, 0, NULL};
    pykc_arg a[] = {pykc_array1d(dx, PYKC_FLOAT32, N), pykc_array1d(dy, PYKC_FLOAT32, N),
                    pykc_float32(2.0f), pykc_int32(N)};
    if (okst(".cu launch", pykc_launch(k, &cfg, a, 4)) && okst("sync", pykc_synchronize(cx)) &&
        okst("dtoh", pykc_memcpy_dtoh(cx, hy, dy, sizeof hy)))
      check(".cu kernel with raw pointers", hy[10] == 21.0f && hy[N - 1] == 2.0f * (N - 1) + 1,
            NULL);
    pykc_arg bad[] = {pykc_array1d(dx, PYKC_INT32, N), pykc_array1d(dy, PYKC_FLOAT32, N),
                      pykc_float32(2.0f), pykc_int32(N)};
    expect_err(".cu pointer dtype checked", pykc_launch(k, &cfg, bad, 4), PYKC_ERR_USAGE,
               "argument 'x': expected float32*");
    pykc_mem_free(cx, dx);
    pykc_mem_free(cx, dy);
  }
  pykc_module_free(m);
  pykc_module *bad;
  expect_err("source error from compile_string",
             pykc_compile_string(cx, "bad.py", "from cupyx import jit\n@jit.rawkernel()\n"
                                 "def k(x: int32[:]:\n    x[0] = 1\n", NULL, &bad),
             PYKC_ERR_SOURCE, "bad.py:3:");
  pykc_module_free(bad);
}

int main(void) {
  pykc_status st = pykc_init(0, &cx);
  if (st != PYKC_OK) {
    printf("FAIL api: pykc_init: %s\n0 passed, 1 failed\n", pykc_errmsg(cx));
    return 1;
  }
  pykc_module *m;
  if (okst("compile DSL string", pykc_compile_string(cx, "api_test.py", dsl, NULL, &m))) {
    test_generic(m);
    test_validation(m);
    test_streams(m);
    test_dynamic_shared(m);
    test_attributes(m);
    pykc_module_free(m);
  }
  test_raw_cu();
  pykc_free(cx);
  printf("%d passed, %d failed\n", npass, nfail);
  return nfail != 0;
}
