/*
 * tests/unit/test_api.c: the public C API (include/pykc.h only) on a CPU context,
 * pykc_init(PYKC_DEVICE_CPU): memory, launches with checked arguments, generic kernels
 * specialised per argument types, 2-D and strided arrays, scalars of every dtype, and
 * kernel failures as statuses (the process carries on). Needs a C compiler (cc) and no
 * GPU. Prints "PASS name" or "FAIL name: why" per test; exits non-zero if any failed.
 * The disk cache goes to a fresh folder under $TMPDIR (or /tmp), removed at the end.
 */
#define _GNU_SOURCE
#include "../../include/pykc.h"
#include "harness.h"

#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static pykc_context *cx;

/* The call's status must be WANT and, when MSG is given, the message must contain it. */
#define EXPECT(call, want, msg) expect(#call, (call), (want), (msg), __LINE__)
static bool expect(const char *what, pykc_status got, pykc_status want, const char *msg, int line) {
  if (got == want && (!msg || strstr(pykc_errmsg(cx), msg)))
    return true;
  failf("line %d: %s: status %d (want %d), message '%s'%s%s", line, what, got, want,
        pykc_errmsg(cx), msg ? ", want " : "", msg ? msg : "");
  return false;
}

static const char kernels_src[] =
    "import cupy as cp\n"
    "from cupyx import jit\n"
    "\n"
    "@jit.rawkernel()\n"
    "def saxpy(a: cp.float32, x: cp.float32[:], y: cp.float32[:], out: cp.float32[:]):\n"
    "    i = jit.grid(1)\n"
    "    if i < x.size:\n"
    "        out[i] = a * x[i] + y[i]\n"
    "\n"
    "@jit.rawkernel()\n"
    "def scale(x, f, out):\n"                             /* generic */
    "    i = jit.grid(1)\n"
    "    if i < x.size:\n"
    "        out[i] = x[i] * f\n"
    "\n"
    "@jit.rawkernel()\n"
    "def transpose(a, b):\n"                              /* generic, 2-D */
    "    i = jit.threadIdx.x\n"
    "    j = jit.blockIdx.x\n"
    "    if i < a.shape[0] and j < a.shape[1]:\n"
    "        b[j, i] = a[i, j]\n"
    "\n"
    "@jit.rawkernel()\n"
    "def scalars(out: cp.float64[:], b: cp.bool_, i8: cp.int8, u8: cp.uint8, i16: cp.int16,\n"
    "            u16: cp.uint16, i32: cp.int32, u32: cp.uint32, i64: cp.int64, u64: cp.uint64,\n"
    "            f16: cp.float16, f32: cp.float32, f64: cp.float64):\n"
    "    out[0] = b\n"
    "    out[1] = i8\n"
    "    out[2] = u8\n"
    "    out[3] = i16\n"
    "    out[4] = u16\n"
    "    out[5] = i32\n"
    "    out[6] = u32\n"
    "    out[7] = i64\n"
    "    out[8] = u64\n"
    "    out[9] = f16\n"
    "    out[10] = f32\n"
    "    out[11] = f64\n"
    "\n"
    "@jit.rawkernel()\n"
    "def checked(x: cp.int32[:], n: cp.int32):\n"
    "    assert n > 0, 'n must be positive'\n"
    "    x[jit.threadIdx.x] = n\n"
    "\n"
    "@jit.rawkernel()\n"
    "def stuck(x: cp.int32[:]):\n"
    "    if jit.threadIdx.x < 16:\n"
    "        jit.syncthreads()\n"
    "    else:\n"
    "        x[0] = jit.shfl_down_sync(0xffffffff, x[0], 1)\n"
    "    x[jit.threadIdx.x] = 1\n"
    "\n"
    "@jit.rawkernel()\n"
    "def block_sum(x: cp.float32[:], out: cp.float32[:]):\n"
    "    s = jit.shared_memory(cp.float32, 256)\n"
    "    t = jit.threadIdx.x\n"
    "    s[t] = x[jit.grid(1)]\n"
    "    jit.syncthreads()\n"
    "    k = 128\n"
    "    while k > 0:\n"
    "        if t < k:\n"
    "            s[t] += s[t + k]\n"
    "        jit.syncthreads()\n"
    "        k //= 2\n"
    "    if t == 0:\n"
    "        out[jit.blockIdx.x] = s[0]\n";

static pykc_module *compile_kernels(const pykc_options *o) {
  pykc_module *m = NULL;
  if (!EXPECT(pykc_compile_string(cx, "kernels.py", kernels_src, o, &m), PYKC_OK, NULL))
    return NULL;
  return m;
}

static pykc_kernel *kernel(pykc_module *m, const char *name) {
  pykc_kernel *k = NULL;
  EXPECT(pykc_get_kernel(m, name, &k), PYKC_OK, NULL);
  return k;
}

static pykc_launch_cfg cfg1(unsigned grid, unsigned block) {
  pykc_launch_cfg c = {{grid, 1, 1}, {block, 1, 1}, 0, NULL};
  return c;
}

static void test_context(void) {
  if (pykc_device_arch(cx) != 0)
    failf("pykc_device_arch of a CPU context: %d", pykc_device_arch(cx));
  if (*pykc_errmsg(cx))
    failf("fresh context has a message: '%s'", pykc_errmsg(cx));
  EXPECT(pykc_synchronize(cx), PYKC_OK, NULL);
  EXPECT(pykc_synchronize(NULL), PYKC_ERR_USAGE, NULL);
}

static void test_memory(void) {
  void *p = NULL, *q = NULL;
  EXPECT(pykc_malloc(cx, 1000, NULL), PYKC_ERR_USAGE, "dptr is NULL");
  if (!EXPECT(pykc_malloc(cx, 1000, &p), PYKC_OK, NULL) || !p) return;
  if ((uintptr_t)p % 256) failf("pykc_malloc: %p is not 256-byte aligned", p);
  EXPECT(pykc_malloc(cx, 0, &q), PYKC_OK, NULL);
  if (!q) failf("pykc_malloc(0) gave NULL");
  char host[1000], back[1000];
  for (int i = 0; i < 1000; i++) host[i] = (char)(i * 7);
  EXPECT(pykc_memcpy_htod(cx, p, host, sizeof host), PYKC_OK, NULL);
  if (memcmp(p, host, sizeof host)) failf("htod: host memory differs");
  EXPECT(pykc_memset(cx, p, 0x5a, 10), PYKC_OK, NULL);
  EXPECT(pykc_memcpy_dtoh(cx, back, p, sizeof back), PYKC_OK, NULL);
  if (back[9] != 0x5a || back[10] != host[10]) failf("memset/dtoh: %d %d", back[9], back[10]);
  EXPECT(pykc_memcpy_htod(cx, NULL, host, 4), PYKC_ERR_USAGE, "dst is NULL");
  EXPECT(pykc_memcpy_dtoh(cx, back, NULL, 4), PYKC_ERR_USAGE, "src is NULL");
  EXPECT(pykc_memset(cx, NULL, 0, 4), PYKC_ERR_USAGE, "dptr is NULL");
  EXPECT(pykc_memcpy_htod(cx, NULL, NULL, 0), PYKC_OK, NULL);
  EXPECT(pykc_mem_free(cx, host), PYKC_ERR_USAGE, "was not allocated by pykc_malloc");
  EXPECT(pykc_mem_free(cx, p), PYKC_OK, NULL);
  EXPECT(pykc_mem_free(cx, p), PYKC_ERR_USAGE, "freed already");
  EXPECT(pykc_mem_free(cx, NULL), PYKC_OK, NULL);
  EXPECT(pykc_mem_free(NULL, q), PYKC_ERR_USAGE, NULL);
  /* q stays allocated: pykc_free releases it (LSan checks under make asan) */
  void *many[100];
  for (int i = 0; i < 100; i++)
    if (!EXPECT(pykc_malloc(cx, 64, &many[i]), PYKC_OK, NULL)) return;
  for (int i = 0; i < 100; i += 2)
    EXPECT(pykc_mem_free(cx, many[i]), PYKC_OK, NULL);
  for (int i = 1; i < 100; i += 2)
    if (!EXPECT(pykc_mem_free(cx, many[i]), PYKC_OK, NULL)) return;
  void *s = NULL;
  EXPECT(pykc_stream_create(cx, NULL), PYKC_ERR_USAGE, "stream is NULL");
  EXPECT(pykc_stream_create(cx, &s), PYKC_OK, NULL);
  EXPECT(pykc_stream_synchronize(cx, s), PYKC_OK, NULL);
  EXPECT(pykc_stream_synchronize(cx, NULL), PYKC_OK, NULL);
  EXPECT(pykc_stream_synchronize(cx, host), PYKC_ERR_USAGE, "not a stream of this context");
  EXPECT(pykc_stream_destroy(cx, host), PYKC_ERR_USAGE, "not a stream of this context");
  EXPECT(pykc_stream_destroy(cx, s), PYKC_OK, NULL);
  EXPECT(pykc_stream_destroy(cx, NULL), PYKC_OK, NULL);
}

enum { N = 1000 };

static void test_saxpy(void) {
  pykc_module *m = compile_kernels(NULL);
  pykc_kernel *k = m ? kernel(m, "saxpy") : NULL;
  if (!k) return;
  float *x, *y, *out;
  if (pykc_malloc(cx, N * 4, (void **)&x) || pykc_malloc(cx, N * 4, (void **)&y) ||
      pykc_malloc(cx, N * 4, (void **)&out)) {
    failf("malloc: %s", pykc_errmsg(cx));
    return;
  }
  for (int i = 0; i < N; i++) x[i] = (float)i, y[i] = 1, out[i] = -1;
  pykc_arg args[5] = {pykc_float32(2), pykc_array1d(x, PYKC_FLOAT32, N),
                      pykc_array1d(y, PYKC_FLOAT32, N), pykc_array1d(out, PYKC_FLOAT32, N),
                      pykc_int32(0)};
  pykc_launch_cfg c = cfg1((N + 127) / 128, 128);
  EXPECT(pykc_launch(k, &c, args, 4), PYKC_OK, NULL);
  EXPECT(pykc_synchronize(cx), PYKC_OK, NULL);
  for (int i = 0; i < N; i++)
    if (out[i] != 2.0f * (float)i + 1) {
      failf("saxpy: out[%d] = %g", i, out[i]);
      break;
    }
  /* the argument checks of the GPU path */
  EXPECT(pykc_launch(k, &c, args, 3), PYKC_ERR_USAGE, "kernel 'saxpy' takes 4 arguments (a, x, y, out), got 3");
  EXPECT(pykc_launch(k, &c, args, 5), PYKC_ERR_USAGE, "got 5");
  EXPECT(pykc_launch(k, &c, NULL, 4), PYKC_ERR_USAGE, "args is NULL");
  EXPECT(pykc_launch(k, NULL, args, 4), PYKC_ERR_USAGE, "cfg is NULL");
  EXPECT(pykc_launch(k, &c, args, -1), PYKC_ERR_USAGE, "nargs is -1");
  pykc_arg bad[4];
  memcpy(bad, args, sizeof bad);
  bad[1].dtype = PYKC_INT32;
  EXPECT(pykc_launch(k, &c, bad, 4), PYKC_ERR_USAGE, "argument 'x': expected float32[:], got int32[:]");
  memcpy(bad, args, sizeof bad);
  bad[2].ndim = 2;
  EXPECT(pykc_launch(k, &c, bad, 4), PYKC_ERR_USAGE, "argument 'y': expected float32[:], got float32[:, :]");
  memcpy(bad, args, sizeof bad);
  bad[3].data = NULL;
  EXPECT(pykc_launch(k, &c, bad, 4), PYKC_ERR_USAGE, "argument 'out': null device pointer");
  memcpy(bad, args, sizeof bad);
  bad[0] = pykc_array1d(x, PYKC_FLOAT32, N);
  EXPECT(pykc_launch(k, &c, bad, 4), PYKC_ERR_USAGE, "argument 'a': expected float32, got float32[:]");
  memcpy(bad, args, sizeof bad);
  bad[1] = pykc_float32(1);
  EXPECT(pykc_launch(k, &c, bad, 4), PYKC_ERR_USAGE, "argument 'x': expected float32[:], got float32");
  memcpy(bad, args, sizeof bad);
  bad[0].dtype = (pykc_dtype)99;
  EXPECT(pykc_launch(k, &c, bad, 4), PYKC_ERR_USAGE, "bad dtype 99");
  pykc_launch_cfg wide = cfg1(1, 2048), deep = {{1, 1, 1}, {1, 1, 65}, 0, NULL};
  pykc_launch_cfg tall = {{1, 65536, 1}, {1, 1, 1}, 0, NULL};
  EXPECT(pykc_launch(k, &wide, args, 4), PYKC_ERR_USAGE, "block (2048,1,1) has 2048 threads");
  EXPECT(pykc_launch(k, &deep, args, 4), PYKC_ERR_USAGE, "z is 65");
  EXPECT(pykc_launch(k, &tall, args, 4), PYKC_ERR_USAGE, "y is 65536");
  pykc_launch_cfg huge = cfg1(1, 32);
  huge.shared_mem = 300 * 1024;
  EXPECT(pykc_launch(k, &huge, args, 4), PYKC_ERR_USAGE, "bytes of dynamic shared memory");
  pykc_launch_cfg strm = cfg1(1, 32);
  strm.stream = x;
  EXPECT(pykc_launch(k, &strm, args, 4), PYKC_ERR_USAGE, "not one of this context's");
  /* a float64 scalar converts to the float32 parameter; an int scalar too */
  args[0] = pykc_float64(3);
  EXPECT(pykc_launch(k, &c, args, 4), PYKC_OK, NULL);
  if (out[10] != 31) failf("a=3.0: out[10] = %g", out[10]);
  args[0] = pykc_int64(4);
  EXPECT(pykc_launch(k, &c, args, 4), PYKC_OK, NULL);
  if (out[10] != 41) failf("a=4: out[10] = %g", out[10]);
  int v = 0;
  EXPECT(pykc_kernel_attr(k, PYKC_ATTR_MAX_THREADS_PER_BLOCK, &v), PYKC_OK, NULL);
  if (v != 1024) failf("MAX_THREADS_PER_BLOCK %d", v);
  EXPECT(pykc_kernel_attr(k, PYKC_ATTR_NUM_REGS, &v), PYKC_ERR_NO_DEVICE,
         "num_regs needs a GPU (this context runs on the CPU backend)");
  EXPECT(pykc_kernel_attr(k, PYKC_ATTR_PREFERRED_SHARED_CARVEOUT, &v), PYKC_OK, NULL);
  if (v != -1) failf("PREFERRED_SHARED_CARVEOUT %d before it is set", v);
  EXPECT(pykc_kernel_attr(k, PYKC_ATTR_MAX_DYNAMIC_SHARED_BYTES, &v), PYKC_OK, NULL);
  if (v != 48 * 1024) failf("MAX_DYNAMIC_SHARED_BYTES %d before it is set", v);
  EXPECT(pykc_kernel_attr(k, (pykc_attr)99, &v), PYKC_ERR_USAGE, "unknown kernel attribute");
  /* the setters are kept per function on the CPU backend (a program opts in before it
     launches), the occupancy and the copy bandwidth need a GPU; the arguments are checked
     first */
  if (strcmp(pykc_attr_name(PYKC_ATTR_MAX_DYNAMIC_SHARED_BYTES), "max_dynamic_shared_size_bytes") ||
      pykc_attr_name((pykc_attr)99))
    failf("pykc_attr_name");
  EXPECT(pykc_kernel_set_attr(k, PYKC_ATTR_MAX_DYNAMIC_SHARED_BYTES, 65536), PYKC_OK, NULL);
  EXPECT(pykc_kernel_set_attr(k, PYKC_ATTR_PREFERRED_SHARED_CARVEOUT, 25), PYKC_OK, NULL);
  EXPECT(pykc_kernel_attr(k, PYKC_ATTR_MAX_DYNAMIC_SHARED_BYTES, &v), PYKC_OK, NULL);
  if (v != 65536) failf("MAX_DYNAMIC_SHARED_BYTES %d after setting 65536", v);
  EXPECT(pykc_kernel_attr(k, PYKC_ATTR_PREFERRED_SHARED_CARVEOUT, &v), PYKC_OK, NULL);
  if (v != 25) failf("PREFERRED_SHARED_CARVEOUT %d after setting 25", v);
  EXPECT(pykc_kernel_set_attr(k, PYKC_ATTR_MAX_DYNAMIC_SHARED_BYTES, 300 * 1024), PYKC_ERR_CUDA,
         "kernel 'saxpy': max_dynamic_shared_size_bytes = 307200: with 0 bytes of static "
         "shared memory, more than a block may have (232448)");
  EXPECT(pykc_kernel_set_attr(k, PYKC_ATTR_NUM_REGS, 8), PYKC_ERR_USAGE,
         "kernel 'saxpy': num_regs cannot be set");
  EXPECT(pykc_kernel_set_attr(k, PYKC_ATTR_PREFERRED_SHARED_CARVEOUT, 101), PYKC_ERR_USAGE,
         "preferred_shared_memory_carveout must be -1 (the driver's choice) or a percentage");
  EXPECT(pykc_kernel_set_attr(k, PYKC_ATTR_MAX_DYNAMIC_SHARED_BYTES, -1), PYKC_ERR_USAGE,
         "must be >= 0, not -1");
  int blocks = -1, sm = -1;
  EXPECT(pykc_kernel_occupancy(k, 256, 0, &blocks, &sm), PYKC_ERR_NO_DEVICE,
         "kernel 'saxpy': the occupancy needs a GPU");
  EXPECT(pykc_kernel_occupancy(k, 2048, 0, &blocks, &sm), PYKC_ERR_USAGE, "2048 threads");
  if (blocks != -1 || sm != -1) failf("occupancy wrote %d %d", blocks, sm);
  double bps = 0;
  EXPECT(pykc_device_copy_bandwidth(cx, &bps), PYKC_ERR_NO_DEVICE,
         "the device's copy bandwidth needs a GPU");
  EXPECT(pykc_device_copy_bandwidth(cx, NULL), PYKC_ERR_USAGE, "bytes_per_s");
  pykc_mem_free(cx, x);
  pykc_mem_free(cx, y);
  pykc_mem_free(cx, out);
  pykc_module_free(m);
}

/* A generic kernel specialised for two argument types; both specialisations stay loaded:
   after the first launches a compiler that cannot run ($CC) must not matter, since a
   known specialisation is neither compiled nor loaded again; a new one needs it. */
static void test_generic(void) {
  pykc_module *m = compile_kernels(NULL);
  pykc_kernel *k = m ? kernel(m, "scale") : NULL;
  if (!k) return;
  float xf[N], of[N];
  int64_t xi[N], oi[N];
  for (int i = 0; i < N; i++) xf[i] = (float)i, xi[i] = i;
  pykc_arg af[3] = {pykc_array1d(xf, PYKC_FLOAT32, N), pykc_float32(0.5f),
                    pykc_array1d(of, PYKC_FLOAT32, N)};
  pykc_arg ai[3] = {pykc_array1d(xi, PYKC_INT64, N), pykc_int64(3),
                    pykc_array1d(oi, PYKC_INT64, N)};
  pykc_launch_cfg c = cfg1((N + 255) / 256, 256);
  EXPECT(pykc_launch(k, &c, af, 3), PYKC_OK, NULL);
  EXPECT(pykc_launch(k, &c, ai, 3), PYKC_OK, NULL);
  if (of[7] != 3.5f || oi[7] != 21) failf("scale: %g %lld", of[7], (long long)oi[7]);
  const char *cc = getenv("CC");
  char *saved = cc ? strdup(cc) : NULL;
  setenv("CC", "/nonexistent/cc", 1);
  for (int r = 0; r < 50; r++) {
    xf[1] = (float)r, xi[1] = r;
    if (!EXPECT(pykc_launch(k, &c, r % 2 ? af : ai, 3), PYKC_OK, NULL)) break;
  }
  if (of[1] != 49 * 0.5f || oi[1] != 48 * 3) failf("relaunch: %g %lld", of[1], (long long)oi[1]);
  int32_t x32[4] = {1, 2, 3, 4}, o32[4];
  pykc_arg a32[3] = {pykc_array1d(x32, PYKC_INT32, 4), pykc_int32(2),
                     pykc_array1d(o32, PYKC_INT32, 4)};
  EXPECT(pykc_launch(k, &c, a32, 3), PYKC_ERR_CUDA, "cannot run the C compiler");
  if (saved) setenv("CC", saved, 1); else unsetenv("CC");
  free(saved);
  EXPECT(pykc_launch(k, &c, a32, 3), PYKC_OK, NULL);
  if (o32[3] != 8) failf("int32: %d", o32[3]);
  EXPECT(pykc_launch(k, &c, af, 2), PYKC_ERR_USAGE, "kernel 'scale' takes 3 arguments (x, f, out), got 2");
  /* complex64 arrays (two floats an element): out = x * f through the complex helpers */
  for (int i = 0; i < N; i++) xf[i] = (float)i;
  pykc_arg cplx[3] = {pykc_array1d(xf, PYKC_COMPLEX64, N / 2), pykc_float32(2),
                      pykc_array1d(of, PYKC_COMPLEX64, N / 2)};
  EXPECT(pykc_launch(k, &c, cplx, 3), PYKC_OK, NULL);
  for (int i = 0; i < N; i++)
    if (of[i] != 2.0f * (float)i) {
      failf("complex64 scale: of[%d] = %g", i, of[i]);
      break;
    }
  pykc_module_free(m);
}

/* 2-D arrays, C-contiguous and a strided view (every other column). */
static void test_2d(void) {
  pykc_module *m = compile_kernels(NULL);
  pykc_kernel *k = m ? kernel(m, "transpose") : NULL;
  if (!k) return;
  enum { R = 30, C = 20 };
  double a[R][2 * C], b[C][R];
  for (int i = 0; i < R; i++)
    for (int j = 0; j < 2 * C; j++) a[i][j] = i * 100 + j;
  int64_t sa[2] = {R, C}, sb[2] = {C, R}, strides[2] = {2 * C * 8, 16};
  pykc_arg args[2] = {pykc_array(a, PYKC_FLOAT64, 2, sa), pykc_array(b, PYKC_FLOAT64, 2, sb)};
  args[0].strides = strides;
  pykc_launch_cfg c = cfg1(C, 32);
  EXPECT(pykc_launch(k, &c, args, 2), PYKC_OK, NULL);
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++)
      if (b[j][i] != a[i][2 * j]) {
        failf("strided: b[%d][%d] = %g, want %g", j, i, b[j][i], a[i][2 * j]);
        i = R;
        break;
      }
  double dense[R][C];
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++) dense[i][j] = -(i * 100 + j);
  args[0] = pykc_array(dense, PYKC_FLOAT64, 2, sa);
  EXPECT(pykc_launch(k, &c, args, 2), PYKC_OK, NULL);
  if (b[5][7] != dense[7][5]) failf("contiguous: b[5][7] = %g", b[5][7]);
  args[0].ndim = 1;
  EXPECT(pykc_prepare(k, args, 2), PYKC_ERR_SOURCE, NULL);   /* a[i, j] on a 1-d array */
  pykc_module_free(m);
}

/* Every scalar dtype reaches the kernel with its value (the marshalled ABI). */
static void test_scalars(void) {
  pykc_module *m = compile_kernels(NULL);
  pykc_kernel *k = m ? kernel(m, "scalars") : NULL;
  if (!k) return;
  double out[12];
  memset(out, 0, sizeof out);
  pykc_arg args[13] = {
      pykc_array1d(out, PYKC_FLOAT64, 12), pykc_bool(1), pykc_scalar_i(PYKC_INT8, -100),
      pykc_scalar_u(PYKC_UINT8, 200), pykc_scalar_i(PYKC_INT16, -30000),
      pykc_scalar_u(PYKC_UINT16, 60000), pykc_int32(-2000000000), pykc_uint32(4000000000u),
      pykc_int64(-9000000000000000000), pykc_uint64(18000000000000000000u),
      pykc_scalar_f(PYKC_FLOAT16, 0.333251953125), pykc_float32(1.5f), pykc_float64(-2.25)};
  static const double want[12] = {1, -100, 200, -30000, 60000, -2000000000, 4000000000.0,
                                  -9000000000000000000.0, 18000000000000000000.0,
                                  0.333251953125, 1.5, -2.25};
  pykc_launch_cfg c = cfg1(1, 1);
  EXPECT(pykc_launch(k, &c, args, 13), PYKC_OK, NULL);
  for (int i = 0; i < 12; i++)
    if (out[i] != want[i]) failf("scalar %d: %.17g, want %.17g", i, out[i], want[i]);
  args[2] = pykc_float32(1);                      /* float -> int8: refused */
  EXPECT(pykc_launch(k, &c, args, 13), PYKC_ERR_USAGE, "argument 'i8': expected int8, got float32");
  args[2] = pykc_scalar_i(PYKC_INT8, -100);
  args[11] = pykc_scalar_f(PYKC_COMPLEX64, 1);    /* complex -> float32: refused */
  EXPECT(pykc_launch(k, &c, args, 13), PYKC_ERR_USAGE, "argument 'f32': expected float32, got complex64");
  pykc_module_free(m);
}

/* Kernel failures are statuses with messages; the context goes on working. */
static void test_faults(void) {
  pykc_options dbg = {.debug = 1};
  pykc_module *m = compile_kernels(&dbg);
  pykc_kernel *chk = m ? kernel(m, "checked") : NULL, *st = m ? kernel(m, "stuck") : NULL;
  pykc_kernel *sx = m ? kernel(m, "saxpy") : NULL;
  if (!chk || !st || !sx) return;
  int32_t x[64];
  pykc_arg args[2] = {pykc_array1d(x, PYKC_INT32, 64), pykc_int32(0)};
  pykc_launch_cfg c = cfg1(1, 64);
  EXPECT(pykc_launch(chk, &c, args, 2), PYKC_ERR_CUDA,
         "kernels.py:42: assertion failed: n must be positive (kernel 'checked', block (0,0,0), thread (0,0,0))");
  args[1] = pykc_int32(5);
  pykc_launch_cfg over = cfg1(1, 65);
  EXPECT(pykc_launch(chk, &over, args, 2), PYKC_ERR_CUDA,
         "index 64 out of bounds for axis 0 of x with shape (64,) (kernel 'checked', block (0,0,0), thread (64,0,0))");
  EXPECT(pykc_launch(chk, &c, args, 2), PYKC_OK, NULL);
  if (*pykc_errmsg(cx)) failf("a successful launch leaves '%s'", pykc_errmsg(cx));
  if (x[63] != 5) failf("after the failures: x[63] = %d", x[63]);
  pykc_arg one = pykc_array1d(x, PYKC_INT32, 64);
  pykc_launch_cfg c32 = cfg1(1, 32);
  EXPECT(pykc_launch(st, &c32, &one, 1), PYKC_ERR_CUDA,
         "block (0,0,0), warp 0: shfl_down_sync at kernels.py:50 reached by 16 of the 32 lanes "
         "of mask 0xffffffff; 16 threads wait at syncthreads at kernels.py:48 (kernel 'stuck')");
  pykc_module_free(m);

  /* without --debug a wild index is a crash of the kernel, caught */
  static const char wild[] = "from cupyx import jit\nimport cupy as cp\n\n"
                             "@jit.rawkernel()\ndef w(x: cp.int32[:], i: cp.int64):\n"
                             "    x[i] = 1\n";
  if (!EXPECT(pykc_compile_string(cx, "wild.py", wild, NULL, &m), PYKC_OK, NULL)) return;
  pykc_kernel *w = kernel(m, "w");
  pykc_arg wa[2] = {pykc_array1d(x, PYKC_INT32, 64), pykc_int64(1ll << 40)};
  if (w) EXPECT(pykc_launch(w, &c32, wa, 2), PYKC_ERR_CUDA, "invalid memory access (SIGSEGV) in the kernel (kernel 'w'");
  wa[1] = pykc_int64(3);
  if (w) EXPECT(pykc_launch(w, &c32, wa, 2), PYKC_OK, NULL);
  pykc_module_free(m);
}

/* Shared memory and barriers: a block reduction over several blocks. */
static void test_block_sum(void) {
  pykc_module *m = compile_kernels(NULL);
  pykc_kernel *k = m ? kernel(m, "block_sum") : NULL;
  if (!k) return;
  enum { B = 8 };
  float x[B * 256], out[B];
  for (int i = 0; i < B * 256; i++) x[i] = (float)(i % 256);
  pykc_arg args[2] = {pykc_array1d(x, PYKC_FLOAT32, B * 256), pykc_array1d(out, PYKC_FLOAT32, B)};
  pykc_launch_cfg c = cfg1(B, 256);
  EXPECT(pykc_launch(k, &c, args, 2), PYKC_OK, NULL);
  for (int b = 0; b < B; b++)
    if (out[b] != 255 * 256 / 2) failf("block %d: %g", b, out[b]);
  int v = 0;
  EXPECT(pykc_kernel_attr(k, PYKC_ATTR_SHARED_BYTES, &v), PYKC_OK, NULL);
  if (v != 1024) failf("SHARED_BYTES %d, want 1024", v);
  /* the static 1024 bytes count with the dynamic ones against the 232448 of a block */
  c.shared_mem = 232448 - 1024 + 1;
  EXPECT(pykc_launch(k, &c, args, 2), PYKC_ERR_USAGE, "more than the 231424 bytes a block can have");
  c.shared_mem = 232448 - 1024;
  EXPECT(pykc_launch(k, &c, args, 2), PYKC_OK, NULL);
  pykc_module_free(m);
}

/* CUDA C++ on a CPU context: a .cu source with static and dynamic shared memory,
   barriers, shuffles and atomics runs with g++ after the preamble; a compiler error is a
   source error naming the .cu line; the static shared memory is not known. */
static const char cu_src[] =
    "#define BLOCK 128\n"
    "extern \"C\" __global__ void bsum(const float *x, double *out, int n) {\n"
    "  __shared__ float part[BLOCK / 32];\n"
    "  extern __shared__ double tot[];\n"
    "  int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;\n"
    "  float v = i < n ? x[i] : 0.0f;\n"
    "  for (int o = 16; o > 0; o /= 2) v += __shfl_down_sync(0xffffffffu, v, o);\n"
    "  if (t % 32 == 0) part[t / 32] = v;\n"
    "  __syncthreads();\n"
    "  if (t == 0) {\n"
    "    tot[0] = 0;\n"
    "    for (int w = 0; w < BLOCK / 32; w++) tot[0] += part[w];\n"
    "    atomicAdd(out, tot[0]);\n"
    "  }\n"
    "}\n";

static void test_cuda_cxx(void) {
  pykc_module *m = NULL;
  pykc_kernel *k = NULL;
  if (!EXPECT(pykc_compile_string(cx, "k.cu", cu_src, NULL, &m), PYKC_OK, NULL) ||
      !EXPECT(pykc_get_kernel(m, "bsum", &k), PYKC_OK, NULL))
    return;
  enum { NX = 1000 };
  float x[NX];
  double out = 0;
  for (int i = 0; i < NX; i++) x[i] = (float)i;
  pykc_arg args[3] = {pykc_array1d(x, PYKC_FLOAT32, NX), pykc_array1d(&out, PYKC_FLOAT64, 1),
                      pykc_int32(NX)};
  pykc_launch_cfg c = cfg1((NX + 127) / 128, 128);
  c.shared_mem = 8;
  EXPECT(pykc_launch(k, &c, args, 3), PYKC_OK, NULL);
  if (out != NX * (NX - 1) / 2) failf("bsum: %g, want %d", out, NX * (NX - 1) / 2);
  int v = 0;
  EXPECT(pykc_kernel_attr(k, PYKC_ATTR_SHARED_BYTES, &v), PYKC_ERR_NO_DEVICE,
         "kernel 'bsum': shared_size_bytes needs a GPU");
  EXPECT(pykc_get_kernel(m, "nope", &k), PYKC_ERR_USAGE, "no kernel 'nope' in k.cu (kernels: bsum)");
  pykc_module_free(m);
  m = NULL;
  if (!EXPECT(pykc_compile_string(cx, "bad.cu", "extern \"C\" __global__ void k(float *x) {\n"
                                  "  x[0] = undeclared;\n}\n", NULL, &m), PYKC_OK, NULL) ||
      !EXPECT(pykc_get_kernel(m, "k", &k), PYKC_OK, NULL))
    return;
  pykc_arg a1 = pykc_array1d(x, PYKC_FLOAT32, NX);
  EXPECT(pykc_launch(k, &c, &a1, 1), PYKC_ERR_SOURCE, "bad.cu:2:10: error:");
  pykc_module_free(m);
}

/* pykc_options.no_map_twins: a fuse kernel's module without the elementwise map twin
   (docs/design.md §5.3), with it by default. */
static void test_no_map_twins(void) {
  static const char *text = "import cupy\n\n@cupy.fuse(kernel_name='impl')\n"
                            "def impl(a0, a1):\n    return cupy.add(a0, a1)\n";
  const char *sigs[] = {"impl(float32[:, :], int8[:, :])"};
  for (int off = 0; off < 2; off++) {
    pykc_options o = {.sigs = sigs, .nsigs = 1, .numpy_mode = 1, .no_map_twins = off};
    pykc_module *m = NULL;
    const char *src = NULL;
    if (!EXPECT(pykc_compile_string(cx, "twin.py", text, &o, &m), PYKC_OK, NULL) ||
        !EXPECT(pykc_module_cuda(m, &src), PYKC_OK, NULL))
      return;
    if (!strstr(src, "void impl(") || (strstr(src, "impl__map(") == NULL) != off)
      failf("no_map_twins=%d: the map twin is %s", off, off ? "there" : "missing");
    pykc_module_free(m);
  }
}

/* CuPy's RawModule through the C API: a .cu source with NVRTC options and name
   expressions; template instances are kernels by their expressions (on the CPU: explicit
   instantiations behind trampolines), -D reaches g++, and NVRTC (where it is) compiles the
   module with the options and the expressions. */
static void test_raw_module(void) {
  static const char code[] =
      "template <typename T, int K = 3> __global__ void fx(T *a, int n) {\n"
      "  int i = threadIdx.x;\n"
      "  if (i < n) a[i] = a[i] * K + BIAS;\n"
      "}\n"
      "extern \"C\" __global__ void plain(int *a) { a[threadIdx.x] = BIAS; }\n";
  const char *opts[] = {"-std=c++17", "-DBIAS=1", "--use_fast_math"};
  const char *exprs[] = {"fx<float>", "fx<double, 5>"};
  pykc_options o = {.cuda_options = opts, .ncuda_options = 3, .name_expressions = exprs,
                    .nname_expressions = 2};
  pykc_module *m = NULL;
  pykc_kernel *kf = NULL, *kd = NULL;
  if (!EXPECT(pykc_compile_string(cx, "mod.cu", code, &o, &m), PYKC_OK, NULL) ||
      !EXPECT(pykc_get_kernel(m, "fx<float>", &kf), PYKC_OK, NULL) ||
      !EXPECT(pykc_get_kernel(m, "fx<double, 5>", &kd), PYKC_OK, NULL))
    return;
  if (pykc_kernel_nparams(kd) != 2 || strcmp(pykc_kernel_param_name(kd, 0), "a"))
    failf("fx<double, 5>: parameters %d", pykc_kernel_nparams(kd));
  EXPECT(pykc_get_kernel(m, "fx<int>", &kf), PYKC_ERR_USAGE,
         "no kernel 'fx<int>' in mod.cu (kernels: plain, fx<float>, fx<double, 5>)");
  EXPECT(pykc_get_kernel(m, "fx<float>", &kf), PYKC_OK, NULL);
  float f[4] = {1, 2, 3, 4};
  double d[4] = {1, 2, 3, 4};
  pykc_arg af[2] = {pykc_array1d(f, PYKC_FLOAT32, 4), pykc_int32(4)};
  pykc_arg ad[2] = {pykc_array1d(d, PYKC_FLOAT64, 4), pykc_int32(3)};
  pykc_launch_cfg c = cfg1(1, 4);
  EXPECT(pykc_launch(kf, &c, af, 2), PYKC_OK, NULL);
  EXPECT(pykc_launch(kd, &c, ad, 2), PYKC_OK, NULL);
  if (f[0] != 4 || f[3] != 13 || d[0] != 6 || d[2] != 16 || d[3] != 4)
    failf("fx: %g %g / %g %g %g", f[0], f[3], d[0], d[2], d[3]);
  EXPECT(pykc_launch(kf, &c, ad, 2), PYKC_ERR_USAGE, "argument 'a': expected float32*, got float64[:]");
  const void *bin;
  size_t len;
  pykc_status st = pykc_module_binary(m, "compute_90", &bin, &len);
  if (!(st == PYKC_ERR_CUDA && strstr(pykc_errmsg(cx), "NVRTC")) &&   /* NVRTC is here */
      EXPECT(st, PYKC_OK, NULL) &&
      (!strstr(bin, ".entry _Z2fxIfLi3EEvPT_i") || !strstr(bin, ".entry _Z2fxIdLi5EEvPT_i")))
    failf("pykc_module_binary: no lowered template instances in the PTX");
  pykc_module_free(m);
  const char *bad[] = {"fx<float, 2, 3>"};
  o.name_expressions = bad, o.nname_expressions = 1;
  EXPECT(pykc_compile_string(cx, "mod.cu", code, &o, &m), PYKC_ERR_SOURCE,
         "mod.cu: name expression 'fx<float, 2, 3>' has 3 template arguments; 'fx' takes 2");
  const char *none[] = {"gx<float>"};
  o.name_expressions = none;
  EXPECT(pykc_compile_string(cx, "mod.cu", code, &o, &m), PYKC_ERR_SOURCE,
         "name expression 'gx<float>': no __global__ function 'gx' in the code");
  o.nname_expressions = 2, o.name_expressions = NULL;
  EXPECT(pykc_compile_string(cx, "mod.cu", code, &o, &m), PYKC_ERR_USAGE,
         "nname_expressions is 2 but name_expressions is NULL");
}

/* pykc_module_global: a .cu module's __constant__ and __device__ variables (CuPy's
   RawModule.get_global): their size, written before a launch and read by the kernel, one
   written by the kernel read back; a function, a libc symbol, an unknown name and a
   kernel-language module are no variables. */
static void test_module_global(void) {
  static const char code[] =
      "extern \"C\" {\n"
      "__constant__ float some_array[100];\n"
      "__global__ void multiply_by_const(float* x, int N) {\n"
      "  int id = threadIdx.x + blockIdx.x * blockDim.x;\n"
      "  if (id < N) x[id] *= some_array[id];\n"
      "}\n"
      "}\n"
      "__device__ int hits;\n"
      "extern \"C\" __global__ void count(int n) { if (threadIdx.x < n) atomicAdd(&hits, 1); }\n";
  pykc_module *m = NULL;
  pykc_kernel *k = NULL, *kc = NULL;
  void *p = NULL, *ph = NULL;
  size_t n = 0, nh = 0;
  if (!EXPECT(pykc_compile_string(cx, "const.cu", code, NULL, &m), PYKC_OK, NULL) ||
      !EXPECT(pykc_module_global(m, "some_array", &p, &n), PYKC_OK, NULL) ||
      !EXPECT(pykc_module_global(m, "hits", &ph, &nh), PYKC_OK, NULL) ||
      !EXPECT(pykc_get_kernel(m, "multiply_by_const", &k), PYKC_OK, NULL) ||
      !EXPECT(pykc_get_kernel(m, "count", &kc), PYKC_OK, NULL))
    return;
  if (n != 100 * sizeof(float) || nh != sizeof(int))
    failf("pykc_module_global: sizes %zu, %zu", n, nh);
  float data[100], x[100];
  for (int i = 0; i < 100; i++) data[i] = (float)i, x[i] = 1;
  int zero = 0, hits = -1;
  EXPECT(pykc_memcpy_htod(cx, p, data, sizeof data), PYKC_OK, NULL);
  EXPECT(pykc_memcpy_htod(cx, ph, &zero, sizeof zero), PYKC_OK, NULL);
  pykc_arg a[2] = {pykc_array1d(x, PYKC_FLOAT32, 100), pykc_int32(100)};
  pykc_arg an = pykc_int32(7);
  pykc_launch_cfg c = cfg1(1, 100), c32 = cfg1(1, 32);
  EXPECT(pykc_launch(k, &c, a, 2), PYKC_OK, NULL);
  EXPECT(pykc_launch(kc, &c32, &an, 1), PYKC_OK, NULL);
  EXPECT(pykc_launch(kc, &c32, &an, 1), PYKC_OK, NULL);
  EXPECT(pykc_memcpy_dtoh(cx, &hits, ph, sizeof hits), PYKC_OK, NULL);
  if (memcmp(x, data, sizeof x) || hits != 14)
    failf("__constant__/__device__: x[99] %g, hits %d", x[99], hits);
  EXPECT(pykc_module_global(m, "nope", &p, &n), PYKC_ERR_USAGE,
         "const.cu: no __device__ or __constant__ variable 'nope' (CUDA_ERROR_NOT_FOUND");
  EXPECT(pykc_module_global(m, "multiply_by_const", &p, &n), PYKC_ERR_USAGE,
         "no __device__ or __constant__ variable 'multiply_by_const'");
  EXPECT(pykc_module_global(m, "stdout", &p, &n), PYKC_ERR_USAGE,
         "no __device__ or __constant__ variable 'stdout'");
  if (p || n)
    failf("pykc_module_global: a failure leaves %p, %zu", p, n);
  EXPECT(pykc_module_global(m, NULL, &p, &n), PYKC_ERR_USAGE, "pykc_module_global");
  pykc_module_free(m);
  /* A module of variables alone (no kernel: CuPy's get_global allows it). */
  static const char vars[] = "__constant__ float table[3] = {0.5f, 1.5f, 2.5f};\n"
                             "__device__ long long acc[2];\n";
  float t[3] = {0};
  long long acc[2] = {7, -9}, back[2] = {0};
  if (EXPECT(pykc_compile_string(cx, "vars.cu", vars, NULL, &m), PYKC_OK, NULL) &&
      EXPECT(pykc_module_global(m, "table", &p, &n), PYKC_OK, NULL) &&
      EXPECT(pykc_memcpy_dtoh(cx, t, p, sizeof t), PYKC_OK, NULL) &&
      EXPECT(pykc_module_global(m, "acc", &ph, &nh), PYKC_OK, NULL) &&
      EXPECT(pykc_memcpy_htod(cx, ph, acc, sizeof acc), PYKC_OK, NULL) &&
      EXPECT(pykc_module_global(m, "acc", &p, &n), PYKC_OK, NULL) &&
      EXPECT(pykc_memcpy_dtoh(cx, back, p, sizeof back), PYKC_OK, NULL) &&
      (nh != sizeof acc || t[2] != 2.5f || memcmp(back, acc, sizeof acc)))
    failf("a module without kernels: acc %zu bytes, table[2] %g, acc[1] %lld", nh,
          (double)t[2], back[1]);
  EXPECT(pykc_module_global(m, "nope", &p, &n), PYKC_ERR_USAGE, "vars.cu: no __device__");
  pykc_module_free(m);
  m = compile_kernels(NULL);
  if (m)
    EXPECT(pykc_module_global(m, "x", &p, &n), PYKC_ERR_USAGE, "not CUDA C++ (a .cu module)");
  pykc_module_free(m);
}

/* pykc_cuda_kernels: the __global__ functions of CUDA C++ as NVRTC reads it (no context):
   none in comments, strings or #if 0; macros, -D, a prototype then its definition, any
   order of extern "C" and attributes, static (mangled: no C linkage), templates, typedefs
   in parameter types, name expressions; the error of a list cut short; NULL arguments. */
static void test_cuda_kernels(void) {
  static const char code[] =
      "// __global__ void gone(int *x)\n"
      "#define K extern \"C\" __global__\n"
      "#if defined(WIDE) && WIDE > 1\n"
      "K void wide(double *x) {}\n"
      "#endif\n"
      "typedef unsigned long long u64;\n"
      "extern \"C\" __global__ void p(float *, int);\n"
      "extern \"C\" __global__ void p(float *xs, int n) {}\n"
      "extern \"C\" { static __global__ void s(int *x) {} }\n"
      "K __launch_bounds__(64) void __global__ q(const complex<float> *__restrict__ z, u64 n) {}\n"
      "template <class T, int N = 2> __global__ void t(T *a, T b) {}\n";
  const char *opts[] = {"-DWIDE=2"};
  const char *exprs[] = {"t<double>"};
  pykc_options o = {.cuda_options = opts, .ncuda_options = 1, .name_expressions = exprs,
                    .nname_expressions = 1};
  pykc_cuda_scan *sc = NULL;
  if (pykc_cuda_kernels(code, &o, &sc) != PYKC_OK || !sc) {
    failf("pykc_cuda_kernels: %s", sc ? sc->error : "no result");
    pykc_cuda_scan_free(sc);
    return;
  }
  static const char *const want[] = {"wide", "p", "s", "q", "t", "t<double>"};
  static const int c_linkage[] = {1, 1, 0, 1, 0, 0};
  if (sc->nkernels != 6)
    failf("%d kernels, want 6", sc->nkernels);
  for (int i = 0; i < sc->nkernels && i < 6; i++)
    if (strcmp(sc->kernels[i].name, want[i]) || sc->kernels[i].extern_c != c_linkage[i])
      failf("kernel %d: %s (extern C %d), want %s", i, sc->kernels[i].name,
            sc->kernels[i].extern_c, want[i]);
  if (sc->nkernels == 6) {
    const pykc_cuda_kernel *kp = &sc->kernels[1], *kq = &sc->kernels[3], *kt = &sc->kernels[5];
    if (kp->nparams != 2 || strcmp(kp->params[0].name, "xs") || kp->params[0].dtype != PYKC_FLOAT32 ||
        !kp->params[0].pointer || kp->params[1].dtype != PYKC_INT32)
      failf("p: the definition's parameters");
    if (kq->nparams != 2 || kq->params[0].dtype != PYKC_COMPLEX64 || kq->params[1].dtype != PYKC_UINT64 ||
        strcmp(kq->params[1].type, "unsigned long long") || kq->line != 10)
      failf("q: %s / %s, line %d", kq->nparams > 1 ? kq->params[1].type : "", kq->params[0].type, kq->line);
    if (!kt->name_expression || kt->nparams != 2 || kt->params[1].dtype != PYKC_FLOAT64 ||
        kt->params[1].pointer)
      failf("t<double>: not the instance");
  }
  pykc_cuda_scan_free(sc);
  o.ncuda_options = 0, o.nname_expressions = 0;     /* without -DWIDE: no `wide` */
  if (pykc_cuda_kernels(code, &o, &sc) != PYKC_OK || sc->nkernels != 4)
    failf("without -DWIDE: %d kernels", sc ? sc->nkernels : -1);
  pykc_cuda_scan_free(sc);
  if (pykc_cuda_kernels("extern \"C\" __global__ void cut(int *x,", NULL, &sc) != PYKC_ERR_SOURCE ||
      !sc || strcmp(sc->error, "the parameter list of kernel 'cut' is not closed (the source "
                               "ends inside it)"))
    failf("a list cut short: %s", sc ? sc->error : "no result");
  pykc_cuda_scan_free(sc);
  if (pykc_cuda_kernels(NULL, NULL, &sc) != PYKC_ERR_USAGE || sc ||
      pykc_cuda_kernels("", NULL, NULL) != PYKC_ERR_USAGE)
    failf("NULL arguments");
  pykc_cuda_scan_free(NULL);
}

/* Out of memory in the compiler is PYKC_ERR_NOMEM, not an abort: in a child process whose
   address space is capped just above what it uses, a kernel whose 64 MiB docstring the
   lexer must copy cannot be compiled; the context stays usable. (Not under ASan, which
   needs far more address space than it uses.) */
static void test_out_of_memory(void) {
#if defined(__SANITIZE_ADDRESS__)
  return;
#else
  fflush(stdout);
  pid_t pid = fork();
  if (pid == 0) {
    enum { BIG = 64 << 20 };
    static const char head[] = "from cupyx import jit\n\n@jit.rawkernel()\ndef k(x):\n    '''";
    static const char tail[] = "'''\n    x[0] = 1\n";
    char *src = malloc(BIG + sizeof head + sizeof tail);
    if (!src) _exit(10);
    memcpy(src, head, sizeof head - 1);
    memset(src + sizeof head - 1, 'a', BIG);
    memcpy(src + sizeof head - 1 + BIG, tail, sizeof tail);
    long pages = 0;
    FILE *f = fopen("/proc/self/statm", "r");
    if (!f || fscanf(f, "%ld", &pages) != 1) _exit(11);
    fclose(f);
    /* room for the unit's copy of the text, not for the lexer's copy of the docstring */
    struct rlimit rl = {(rlim_t)pages * (rlim_t)sysconf(_SC_PAGESIZE) + BIG + (16 << 20),
                        RLIM_INFINITY};
    if (setrlimit(RLIMIT_AS, &rl)) _exit(12);
    pykc_module *m = NULL;
    pykc_status st = pykc_compile_string(cx, "big.py", src, NULL, &m);
    if (st != PYKC_ERR_NOMEM || m || !strstr(pykc_errmsg(cx), "big.py: out of memory")) {
      printf("(child) status %d, module %p, '%s'\n", st, (void *)m, pykc_errmsg(cx));
      _exit(13);
    }
    free(src);
    static const char small[] = "from cupyx import jit\n\n@jit.rawkernel()\ndef k(x):\n"
                                "    x[0] = 1\n";
    st = pykc_compile_string(cx, "small.py", small, NULL, &m);
    if (st || !m) {
      printf("(child) afterwards: status %d, '%s'\n", st, pykc_errmsg(cx));
      _exit(14);
    }
    _exit(0);
  }
  int ws = 0;
  if (pid < 0 || waitpid(pid, &ws, 0) != pid)
    failf("fork/wait: %s", strerror(errno));
  else if (!WIFEXITED(ws) || WEXITSTATUS(ws))
    failf("child: %s %d", WIFEXITED(ws) ? "exit" : "signal",
          WIFEXITED(ws) ? WEXITSTATUS(ws) : WTERMSIG(ws));
#endif
}

/* Verbose reports go to the log callback, never to stderr; the grid's crash handlers are
   the host's again after each grid. */
static int nlines, ncpu_lines;
static void collect(void *user, const char *line) {
  (void)user;
  nlines++;
  ncpu_lines += strncmp(line, "cpu: ", 5) == 0;
}
static void host_segv(int sig) { (void)sig; }

static void test_log_and_signals(void) {
  struct sigaction mine = {.sa_handler = host_segv}, now;
  sigemptyset(&mine.sa_mask);
  sigaction(SIGSEGV, &mine, NULL);
  char path[] = "/tmp/pykc_api_stderr_XXXXXX";
  int fd = mkstemp(path), saved = dup(2);
  if (fd < 0 || saved < 0) {
    failf("mkstemp/dup: %s", strerror(errno));
    return;
  }
  fflush(stderr);
  dup2(fd, 2);
  EXPECT(pykc_set_log(cx, collect, NULL), PYKC_OK, NULL);
  EXPECT(pykc_set_log(NULL, collect, NULL), PYKC_ERR_USAGE, NULL);
  static const char src[] = "from cupyx import jit\nimport cupy as cp\n\n"
                            "@jit.rawkernel()\ndef logged(x: cp.int32[:], i: cp.int64):\n"
                            "    x[i] = 7\n";
  pykc_module *m = NULL;
  pykc_kernel *k = NULL;
  int32_t x[4] = {0};
  pykc_arg args[2] = {pykc_array1d(x, PYKC_INT32, 4), pykc_int64(2)};
  pykc_launch_cfg c = cfg1(1, 1);
  if (EXPECT(pykc_compile_string(cx, "logged.py", src, NULL, &m), PYKC_OK, NULL) &&
      EXPECT(pykc_get_kernel(m, "logged", &k), PYKC_OK, NULL)) {
    EXPECT(pykc_launch(k, &c, args, 2), PYKC_OK, NULL);
    args[1] = pykc_int64(1ll << 40);               /* the kernel crashes: caught */
    EXPECT(pykc_launch(k, &c, args, 2), PYKC_ERR_CUDA, "invalid memory access");
  }
  pykc_module_free(m);
  EXPECT(pykc_set_log(cx, NULL, NULL), PYKC_OK, NULL);
  fflush(stderr);
  dup2(saved, 2);
  close(saved);
  struct stat st;
  if (fstat(fd, &st) == 0 && st.st_size > 0)
    failf("the library wrote %lld bytes to stderr", (long long)st.st_size);
  close(fd);
  unlink(path);
  if (x[2] != 7) failf("x[2] = %d", x[2]);
  if (ncpu_lines < 1 || ncpu_lines != nlines)
    failf("log: %d lines, %d of the CPU backend", nlines, ncpu_lines);
  sigaction(SIGSEGV, NULL, &now);
  if (now.sa_handler != host_segv) failf("SIGSEGV's handler is not the host's after the grid");
  signal(SIGSEGV, SIG_DFL);
}

/* pykc_module_cuda and pykc_module_binary: the CUDA C of declared specialisations, and
   PTX / a cubin from NVRTC without a GPU (skipped when NVRTC is missing). */
static void test_module_code(void) {
  const char *sigs[] = {"fill(float32[:], float32)"};
  pykc_options o = {.sigs = sigs, .nsigs = 1};
  pykc_module *m;
  const char *src = "from cupyx import jit\n\n@jit.rawkernel()\ndef fill(x, v):\n"
                    "    i = jit.grid(1)\n    if i < x.size:\n        x[i] = v\n";
  if (!EXPECT(pykc_compile_string(cx, "fill.py", src, &o, &m), PYKC_OK, NULL))
    return;
  const char *cuda;
  if (EXPECT(pykc_module_cuda(m, &cuda), PYKC_OK, NULL) &&
      !strstr(cuda, "extern \"C\" __global__ void fill("))
    failf("pykc_module_cuda: no kernel 'fill' in:\n%s", cuda);
  EXPECT(pykc_module_cuda(m, NULL), PYKC_ERR_USAGE, "src is NULL");
  const void *bin;
  size_t len;
  pykc_status st = pykc_module_binary(m, "compute_90", &bin, &len);
  if (st == PYKC_ERR_CUDA && strstr(pykc_errmsg(cx), "NVRTC")) {
    pykc_module_free(m);
    return;                                       /* no NVRTC here */
  }
  if (EXPECT(st, PYKC_OK, NULL) && (len != strlen(bin) || !strstr(bin, ".visible .entry fill")))
    failf("pykc_module_binary(compute_90): not PTX of fill");
  if (EXPECT(pykc_module_binary(m, "sm_90", &bin, &len), PYKC_OK, NULL) &&
      (len < 4 || memcmp(bin, "\177ELF", 4)))
    failf("pykc_module_binary(sm_90): not a cubin");
  EXPECT(pykc_module_binary(m, "sm_x", &bin, &len), PYKC_ERR_USAGE, "bad arch 'sm_x'");
  pykc_module_free(m);
}

/* A kernel form's planned call: dtypes by CuPy's rules, outputs described then passed,
   broadcasting of arrays and scalars, a strided input (not merged by reduce_dims), and
   CuPy's errors for what it rejects. */
static void test_forms(void) {
  static const char src[] =
      "import cupy as cp\n"
      "bc = cp.ElementwiseKernel('T x, T y, T k', 'T z, int64 w',\n"
      "                          'z = x * k - y; w = i', 'bc')\n"
      "dk = cp.ElementwiseKernel('float32 a', 'float32 b', 'b = a + 1', 'dk')\n";
  pykc_module *m;
  if (!EXPECT(pykc_compile_string(cx, "forms.py", src, NULL, &m), PYKC_OK, NULL))
    return;
  pykc_kernel *k = kernel(m, "bc"), *d = kernel(m, "dk");
  if (!k || !d) {
    pykc_module_free(m);
    return;
  }
  if (pykc_kernel_form(k) != PYKC_FORM_ELEMENTWISE || pykc_kernel_nin(k) != 3 ||
      pykc_kernel_nparams(k) != 5)
    failf("form %d, nin %d, nparams %d", pykc_kernel_form(k), pykc_kernel_nin(k),
          pykc_kernel_nparams(k));
  enum { R = 4, C = 6 };
  double x[R][2 * C], y[C], z[R][C];
  int64_t w[R][C];
  for (int i = 0; i < R; i++)
    for (int j = 0; j < 2 * C; j++) x[i][j] = i * 10 + j;
  for (int j = 0; j < C; j++) y[j] = j * 0.5;
  int64_t sx[2] = {R, C}, stx[2] = {2 * C * 8, 16}, sy[1] = {C};
  pykc_arg args[5] = {pykc_array(x, PYKC_FLOAT64, 2, sx), pykc_array(y, PYKC_FLOAT64, 1, sy),
                      pykc_int32(3)};
  args[0].strides = stx;                          /* every other column */
  pykc_arg outs[2];
  if (!EXPECT(pykc_form_outputs(k, NULL, args, 3, outs), PYKC_OK, NULL)) goto done;
  if (outs[0].dtype != PYKC_FLOAT64 || outs[0].ndim != 2 || outs[0].shape[0] != R ||
      outs[0].shape[1] != C || outs[1].dtype != PYKC_INT64 || outs[0].data)
    failf("outputs: dtype %d ndim %d shape (%lld, %lld), w dtype %d", outs[0].dtype, outs[0].ndim,
          (long long)outs[0].shape[0], (long long)outs[0].shape[1], outs[1].dtype);
  args[3] = outs[0], args[3].data = z;
  args[4] = outs[1], args[4].data = w;
  EXPECT(pykc_form_call(k, NULL, args, 3), PYKC_ERR_USAGE, "output 'z' has no memory");
  if (!EXPECT(pykc_form_call(k, NULL, args, 5), PYKC_OK, NULL)) goto done;
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++)
      if (z[i][j] != x[i][2 * j] * 3 - y[j] || w[i][j] != i * C + j) {
        failf("z[%d][%d] = %g (want %g), w = %lld", i, j, z[i][j], x[i][2 * j] * 3 - y[j],
              (long long)w[i][j]);
        i = R;
        break;
      }
  pykc_launch_cfg shape;                          /* the planned grid-stride shape: the CPU */
  if (EXPECT(pykc_form_launch_shape(k, NULL, args, 5, &shape), PYKC_OK, NULL) &&  /* backend's */
      (shape.block.x != 32 || shape.grid.x != 1))                    /* block of 32, 24 items */
    failf("elementwise launch shape: grid %u, block %u", shape.grid.x, shape.block.x);
  pykc_call_cfg cc = {.grid = {2, 1, 1}, .block = {3, 1, 1}};    /* a given shape */
  if (EXPECT(pykc_form_launch_shape(k, &cc, args, 5, &shape), PYKC_OK, NULL) &&
      (shape.block.x != 3 || shape.grid.x != 2))
    failf("elementwise launch shape given: grid %u, block %u", shape.grid.x, shape.block.x);
  memset(z, 0, sizeof z);
  EXPECT(pykc_form_call(k, &cc, args, 5), PYKC_OK, NULL);
  if (z[R - 1][C - 1] != x[R - 1][2 * C - 2] * 3 - y[C - 1]) failf("given shape: %g", z[R - 1][C - 1]);
  float f[3] = {1, 2, 3};
  pykc_arg bad[5] = {pykc_array1d(f, PYKC_FLOAT32, 3), args[1], args[2]};
  EXPECT(pykc_form_outputs(k, NULL, bad, 3, outs), PYKC_ERR_USAGE,
         "Type is mismatched. y float64 float32 T");
  if (pykc_errusage(cx) != PYKC_USAGE_TYPE) failf("a dtype mismatch is CuPy's TypeError");
  EXPECT(pykc_form_outputs(k, NULL, args, 2, outs), PYKC_ERR_USAGE,
         "Wrong number of arguments for 'bc'. It must be either 3 or 5");
  int64_t s3[1] = {3};
  bad[0] = args[0], bad[1] = pykc_array(y, PYKC_FLOAT64, 1, s3);
  EXPECT(pykc_form_outputs(k, NULL, bad, 3, outs), PYKC_ERR_USAGE,
         "operands could not be broadcast together with shapes (4, 6) (3,)");
  if (pykc_errusage(cx) != PYKC_USAGE_VALUE) failf("broadcasting is CuPy's ValueError");
  bad[1] = args[1], bad[3] = args[3], bad[4] = args[4], bad[3].ndim = 1, bad[3].shape[0] = C;
  EXPECT(pykc_form_outputs(k, NULL, bad, 5, outs), PYKC_ERR_USAGE, "Out shape is mismatched");
  pykc_arg da[2] = {pykc_array1d(x, PYKC_FLOAT64, 3)};
  EXPECT(pykc_form_outputs(d, NULL, da, 1, outs), PYKC_ERR_USAGE, "Type is mismatched. a float64 float32");
  float fa[3] = {1, 2, 3}, fb[3];
  da[0] = pykc_array1d(fa, PYKC_FLOAT32, 3), da[1] = pykc_array1d(fb, PYKC_FLOAT32, 3);
  EXPECT(pykc_form_call(d, NULL, da, 2), PYKC_OK, NULL);
  if (fb[2] != 4) failf("dk: %g", fb[2]);
  EXPECT(pykc_launch(d, &(pykc_launch_cfg){{1, 1, 1}, {32, 1, 1}, 0, NULL}, da, 2), PYKC_OK, NULL);
done:
  pykc_module_free(m);
}

/* A texture object's handle (pykc_arg.handle: CuPy's TextureObject) decides a kernel
   form's type placeholder as an array's dtype does (CuPy types it cudaTextureObject_t,
   an unsigned long long); a plain scalar does not. */
static void test_handle_form(void) {
  static const char src[] =
      "import cupy as cp\n"
      "tx = cp.ElementwiseKernel('T x, U h', 'T y', 'y = x + (T)(h & 7); U u = h; (void)u', "
      "'tx')\n";
  pykc_module *m;
  if (!EXPECT(pykc_compile_string(cx, "handle.py", src, NULL, &m), PYKC_OK, NULL))
    return;
  pykc_kernel *k = kernel(m, "tx");
  float x[3] = {1, 2, 3}, y[3];
  pykc_arg args[3] = {pykc_array1d(x, PYKC_FLOAT32, 3)};
  args[1] = (pykc_arg){.dtype = PYKC_UINT64, .value.u = 0x1000000005ull, .numpy_scalar = 1};
  pykc_arg outs[1];
  if (k)
    EXPECT(pykc_form_outputs(k, NULL, args, 2, outs), PYKC_ERR_USAGE,
           "the type placeholder U of 'h' is decided by no array argument");
  args[1].handle = 1;
  if (k && EXPECT(pykc_form_outputs(k, NULL, args, 2, outs), PYKC_OK, NULL)) {
    args[2] = outs[0], args[2].data = y;
    if (EXPECT(pykc_form_call(k, NULL, args, 3), PYKC_OK, NULL) && (y[0] != 6 || y[2] != 8))
      failf("handle form: y = %g %g %g", y[0], y[1], y[2]);
    const char *cuda = NULL;
    if (EXPECT(pykc_module_cuda(m, &cuda), PYKC_OK, NULL) &&
        !strstr(cuda, "typedef unsigned long long U;"))
      failf("handle form: U is not unsigned long long");
  }
  pykc_module_free(m);
}

/* Void dtypes (PYKC_RECORD, pykc_arg.record): a structured array binds T to
   CuPy's StructView, the planned output carries the description, the launch reads fields
   by index; a misaligned field is CuPy's ValueError, a missing description a bad dtype. */
static void test_record_form(void) {
  static const char src[] =
      "import cupy as cp\n"
      "sf = cp.ElementwiseKernel('T x', 'T y', "
      "'static_assert(T::field_count == 2, \"2\"); y.at<0>() = x.at<1>(); y.at<1>() = -x.at<0>()', "
      "'sf')\n";
  pykc_module *m;
  if (!EXPECT(pykc_compile_string(cx, "record.py", src, NULL, &m), PYKC_OK, NULL))
    return;
  pykc_kernel *k = kernel(m, "sf");
  struct { int32_t a, b; } x[3] = {{1, 2}, {3, 4}, {5, 6}}, y[3];
  const char *descr = "V8{f0:0:i4,f1:4:i4}";
  pykc_arg args[2] = {pykc_array1d(x, PYKC_RECORD, 3)}, outs[1];
  args[0].record = descr;
  if (k && EXPECT(pykc_form_outputs(k, NULL, args, 1, outs), PYKC_OK, NULL)) {
    if (outs[0].dtype != PYKC_RECORD || !outs[0].record ||
        strcmp(outs[0].record, descr) || outs[0].ndim != 1 || outs[0].shape[0] != 3)
      failf("record output: dtype %d, %s", outs[0].dtype,
            outs[0].dtype == PYKC_RECORD && outs[0].record ? outs[0].record : "-");
    args[1] = outs[0], args[1].data = y;
    if (EXPECT(pykc_form_call(k, NULL, args, 2), PYKC_OK, NULL) &&
        (y[0].a != 2 || y[0].b != -1 || y[2].a != 6 || y[2].b != -5))
      failf("record form: y[0] = (%d, %d), y[2] = (%d, %d)", y[0].a, y[0].b, y[2].a, y[2].b);
    const char *cuda = NULL;
    if (EXPECT(pykc_module_cuda(m, &cuda), PYKC_OK, NULL) &&
        (!strstr(cuda, "#include \"cupy/structview.cuh\"") ||
         !strstr(cuda, "typedef cupy::StructView<cupy::raw_structview_storage<8, 4>, "
                       "cupy::Field<int, 0>, cupy::Field<int, 4>> T;")))
      failf("record form: no StructView typedef in the CUDA text");
  }
  args[0].record = "V9{f0:0:b1,f1:1:f8}";
  if (k) {
    EXPECT(pykc_form_outputs(k, NULL, args, 1, outs), PYKC_ERR_USAGE,
           "Field f1 with offset 1 is not aligned to 8");
    if (pykc_errusage(cx) != PYKC_USAGE_VALUE) failf("a misaligned field is CuPy's ValueError");
  }
  args[0].record = NULL;
  if (k) EXPECT(pykc_form_outputs(k, NULL, args, 1, outs), PYKC_ERR_USAGE, "bad dtype");
  args[0].record = "V8{f0:0:i4";
  if (k) EXPECT(pykc_form_outputs(k, NULL, args, 1, outs), PYKC_ERR_USAGE, "bad record dtype");
  pykc_arg scalar = {.dtype = PYKC_RECORD, .data = x, .nbytes = 8};   /* (record: nbytes') */
  if (k) EXPECT(pykc_form_outputs(k, NULL, &scalar, 1, outs), PYKC_ERR_USAGE, "bad dtype");
  args[0].record = descr;
  args[1] = scalar;
  if (k) EXPECT(pykc_launch(k, &(pykc_launch_cfg){{1, 1, 1}, {32, 1, 1}, 0, NULL}, args, 2),
                PYKC_ERR_USAGE, NULL);
  pykc_module_free(m);
}

/* A ReductionKernel through the planned calls: axis, keepdims, the outputs' shape, the
   launch pykc_form_launch_shape gives, a transposed input, CuPy's errors. */
static void test_reduction_forms(void) {
  static const char src[] =
      "import cupy as cp\n"
      "rs = cp.ReductionKernel('T x', 'T y', 'x * x', 'a + b', 'y = a', '0', 'rs')\n";
  pykc_module *m;
  if (!EXPECT(pykc_compile_string(cx, "red.py", src, NULL, &m), PYKC_OK, NULL))
    return;
  pykc_kernel *k = kernel(m, "rs");
  if (!k) {
    pykc_module_free(m);
    return;
  }
  if (pykc_kernel_form(k) != PYKC_FORM_REDUCTION || pykc_kernel_nin(k) != 1)
    failf("form %d, nin %d", pykc_kernel_form(k), pykc_kernel_nin(k));
  enum { R = 3000, C = 5 };
  static double x[R][C], y[C];
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++) x[i][j] = (i % 7) - 3 + j;
  int64_t sx[2] = {R, C};
  pykc_arg args[2] = {pykc_array(x, PYKC_FLOAT64, 2, sx)}, outs[1];
  pykc_call_cfg cc = {.naxis = 1, .axis = {0}, .keepdims = 1};
  if (!EXPECT(pykc_form_outputs(k, &cc, args, 1, outs), PYKC_OK, NULL)) goto done;
  if (outs[0].ndim != 2 || outs[0].shape[0] != 1 || outs[0].shape[1] != C ||
      outs[0].dtype != PYKC_FLOAT64)
    failf("keepdims output: ndim %d shape (%lld, %lld)", outs[0].ndim,
          (long long)outs[0].shape[0], (long long)outs[0].shape[1]);
  args[1] = outs[0], args[1].data = y;
  pykc_launch_cfg lc;
  if (!EXPECT(pykc_form_launch_shape(k, &cc, args, 2, &lc), PYKC_OK, NULL)) goto done;
  if (lc.block.x != 32 || lc.block.z != 8 || lc.grid.y < 2)     /* cols, split over blocks */
    failf("launch: grid (%u, %u), block (%u, %u, %u)", lc.grid.x, lc.grid.y, lc.block.x,
          lc.block.y, lc.block.z);
  if (!EXPECT(pykc_form_call(k, &cc, args, 2), PYKC_OK, NULL)) goto done;
  for (int j = 0; j < C; j++) {
    double want = 0;
    for (int i = 0; i < R; i++) want += x[i][j] * x[i][j];
    if (y[j] != want) failf("y[%d] = %.17g, want %.17g", j, y[j], want);
  }
  /* axis 1 of the transposed view (C, R): the same sums, the reduced axis the slow one */
  int64_t st[2] = {8, C * 8}, sxt[2] = {C, R}, sy[1] = {C};
  pykc_arg t[2] = {pykc_array(x, PYKC_FLOAT64, 2, sxt), pykc_array(y, PYKC_FLOAT64, 1, sy)};
  t[0].strides = st;
  double keep[C];
  memcpy(keep, y, sizeof keep);
  memset(y, 0, sizeof y);
  pykc_call_cfg c1 = {.naxis = 1, .axis = {-1}};
  EXPECT(pykc_form_call(k, &c1, t, 2), PYKC_OK, NULL);
  if (memcmp(keep, y, sizeof keep))
    failf("transposed: y[0] %.17g, want %.17g", y[0], keep[0]);
  EXPECT(pykc_form_call(k, &(pykc_call_cfg){.naxis = 1, .axis = {2}}, t, 2), PYKC_ERR_USAGE,
         "axis 2 is out of bounds for array of dimension 2");
  if (pykc_errusage(cx) != PYKC_USAGE_AXIS) failf("an axis out of range is numpy's AxisError");
  EXPECT(pykc_form_call(k, &(pykc_call_cfg){.block = {32, 1, 1}, .naxis = 1, .axis = {1}}, t, 2),
         PYKC_ERR_USAGE, "pykc plans its launch");
  EXPECT(pykc_form_call(k, &c1, args, 2), PYKC_ERR_USAGE, "Out shape is mismatched");
done:
  pykc_module_free(m);
}

/* A fuse function that runs as a sequence of kernels (CuPy's new fusion: src/fuse/
   fuse_stage.c, runtime/api/fuse_run.c): outputs of their own shapes, the tuple returned,
   the stages' errors under the function's name, the stages not listed as kernels. */
static void test_fuse_stages(void) {
  static const char src[] =
      "import cupy as cp\n"
      "@cp.fuse()\n"
      "def center(x):\n"
      "    return x.sum(axis=0), x - x.sum(axis=0) / 2\n"
      "@cp.fuse()\n"
      "def one(x):\n"
      "    s = x.sum(axis=0)\n"
      "    return s, s * 2\n"
      "@cp.fuse()\n"
      "def mix(x, y):\n"
      "    return x - x.sum(axis=1) + y.sum(axis=0)\n";
  pykc_module *m;
  if (!EXPECT(pykc_compile_string(cx, "stages.py", src, NULL, &m), PYKC_OK, NULL))
    return;
  pykc_kernel *k = kernel(m, "center"), *k1 = kernel(m, "one"), *km = kernel(m, "mix"), *none;
  if (!k || !k1 || !km)
    goto done;
  enum { R = 5, C = 3 };
  static double x[R][C], s[C], d[R][C], y[C][R];
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++) x[i][j] = i * 10 + j, y[j][i] = i - j;
  int64_t sx[2] = {R, C};
  pykc_arg args[3] = {pykc_array(x, PYKC_FLOAT64, 2, sx)}, outs[2];
  if (!EXPECT(pykc_form_outputs(k, NULL, args, 1, outs), PYKC_OK, NULL)) goto done;
  if (outs[0].ndim != 1 || outs[0].shape[0] != C || outs[1].ndim != 2 ||
      outs[1].shape[0] != R || outs[1].shape[1] != C || outs[1].dtype != PYKC_FLOAT64)
    failf("outputs: ndim %d (%lld), ndim %d (%lld, %lld)", outs[0].ndim,
          (long long)outs[0].shape[0], outs[1].ndim, (long long)outs[1].shape[0],
          (long long)outs[1].shape[1]);
  if (pykc_form_first_only(k, args, 1) != 0 || pykc_form_first_only(k1, args, 1) != 1)
    failf("first only: %d (a sequence: 0), %d (one ReductionKernel: 1)",
          pykc_form_first_only(k, args, 1), pykc_form_first_only(k1, args, 1));
  args[1] = outs[0], args[1].data = s;
  args[2] = outs[1], args[2].data = d;
  if (!EXPECT(pykc_form_call(k, NULL, args, 3), PYKC_OK, NULL)) goto done;
  for (int j = 0; j < C; j++) {
    double sum = 0;
    for (int i = 0; i < R; i++) sum += x[i][j];
    if (s[j] != sum) failf("s[%d] = %g, want %g", j, s[j], sum);
    for (int i = 0; i < R; i++)
      if (d[i][j] != x[i][j] - sum / 2) failf("d[%d][%d] = %g, want %g", i, j, d[i][j], x[i][j] - sum / 2);
  }
  pykc_launch_cfg lc;
  EXPECT(pykc_form_launch_shape(k, NULL, args, 3, &lc), PYKC_ERR_USAGE, "runs as 3 kernels");
  int64_t sy[2] = {C, R};
  pykc_arg xy[2] = {args[0], pykc_array(y, PYKC_FLOAT64, 2, sy)}, mo[1];
  EXPECT(pykc_form_outputs(km, NULL, xy, 2, mo), PYKC_ERR_USAGE,   /* (5, 3) - (5,) */
         "kernel 'mix': operands could not be broadcast together");
  EXPECT(pykc_get_kernel(m, "nope", &none), PYKC_ERR_USAGE, "(kernels: center, one, mix)");
  /* arrays of no elements: CuPy gives them no memory (data 0), inputs and outputs alike */
  int64_t s0[2] = {0, C}, s1[1] = {C};
  pykc_arg e[3] = {pykc_array(NULL, PYKC_FLOAT64, 2, s0), pykc_array(s, PYKC_FLOAT64, 1, s1),
                   pykc_array(NULL, PYKC_FLOAT64, 2, s0)};
  for (int j = 0; j < C; j++) s[j] = -1;
  if (EXPECT(pykc_form_call(k, NULL, e, 3), PYKC_OK, NULL))
    for (int j = 0; j < C; j++)
      if (s[j] != 0) failf("empty: s[%d] = %g, want 0 (a sum of nothing)", j, s[j]);
done:
  pykc_module_free(m);
}

/* ---- map twins (docs/design.md §5.3): which launches take them, and their results ---- */

static char map_line[256];
static void map_log(void *user, const char *line) {
  (void)user;
  if (strstr(line, "launched as"))
    snprintf(map_line, sizeof map_line, "%s", line);
}

/* Launches saxpy(2, x, y, out) on GRID x BLOCK: the log's launch line must contain WANT
   ("": none), and out must be a * x + y as one thread per element computes it in order
   (past the launch's threads: unchanged). */
static void map_case(pykc_kernel *k, float *x, float *y, float *out, int n, unsigned grid,
                     unsigned block, const char *want) {
  float *ref = malloc(sizeof *ref * (size_t)n);
  if (!ref) {
    failf("out of memory");
    return;
  }
  int64_t threads = (int64_t)grid * block;       /* in order, thread i reads x[i] and y[i] */
  for (int i = 0; i < n; i++)                    /* before any thread writes them (out may */
    ref[i] = i >= threads ? out[i] : 2.0f * x[i] + y[i];   /* be y, or x one float back) */
  pykc_arg args[4] = {pykc_float32(2), pykc_array1d(x, PYKC_FLOAT32, n),
                      pykc_array1d(y, PYKC_FLOAT32, n), pykc_array1d(out, PYKC_FLOAT32, n)};
  pykc_launch_cfg c = cfg1(grid, block);
  map_line[0] = 0;
  if (EXPECT(pykc_launch(k, &c, args, 4), PYKC_OK, NULL)) {
    if (*want ? !strstr(map_line, want) : map_line[0] != 0)
      failf("grid %u x %u: log '%s', want '%s'", grid, block, map_line, want);
    for (int i = 0; i < n; i++)
      if (out[i] != ref[i]) {
        failf("grid %u x %u (%s): out[%d] = %g, want %g", grid, block, want, i, out[i], ref[i]);
        break;
      }
  }
  free(ref);
}

static void test_map(void) {
  enum { NMAP = 5000 };                           /* 8 trips of 128 threads: 5 blocks */
  float *x = calloc(NMAP + 1, sizeof *x), *y = calloc(NMAP, sizeof *y), *out = calloc(NMAP, sizeof *out);
  pykc_module *m = NULL;
  pykc_kernel *k = NULL;
  if (x && y && out && EXPECT(pykc_set_log(cx, map_log, NULL), PYKC_OK, NULL) &&
      EXPECT(pykc_compile_string(cx, "map.py", kernels_src, NULL, &m), PYKC_OK, NULL) &&
      EXPECT(pykc_get_kernel(m, "saxpy", &k), PYKC_OK, NULL)) {
    for (int i = 0; i <= NMAP; i++)
      x[i] = (float)i, y[i < NMAP ? i : 0] = (float)(3 * i % 7);
    map_case(k, x, y, out, NMAP, 40, 128, "__map, grid 5 x 128 (for 40 x 128)");
    map_case(k, x, y, y, NMAP, 40, 128, "__map, grid 5 x 128");   /* out is y: same view */
    map_case(k, x + 1, y, x, NMAP, 40, 128,           /* out is x shifted by one element */
             "launched as written: 'out' (written) overlaps 'x' (read)");
    map_case(k, x, y, out, NMAP, 2, 128,             /* no more blocks than fill the device */
             "launched as written: its twin would take as many blocks");
    pykc_launch_cfg c2 = {{40, 1, 1}, {64, 2, 1}, 0, NULL};   /* a 2-d block: as written */
    pykc_arg args[4] = {pykc_float32(2), pykc_array1d(x, PYKC_FLOAT32, NMAP),
                        pykc_array1d(y, PYKC_FLOAT32, NMAP), pykc_array1d(out, PYKC_FLOAT32, NMAP)};
    map_line[0] = 0;
    if (EXPECT(pykc_launch(k, &c2, args, 4), PYKC_OK, NULL) &&
        !strstr(map_line, "launched as written: a 2-d or 3-d launch (its twin loops over x)"))
      failf("a 2-d block: log '%s'", map_line);
  }
  pykc_module_free(m);
  pykc_set_log(cx, NULL, NULL);
  free(x), free(y), free(out);
}

/* An elementwise form's twin: in place (z is y) it runs, on z overlapping x shifted it does
   not; the results are those of the loop as written, its 1280 threads one after another
   (the CPU backend's order; in place, any order gives the same). */
static void test_map_form(void) {
  static const char src[] = "import cupy as cp\n"
                            "ax = cp.ElementwiseKernel('T x, T y', 'T z', 'z = x + 2 * y', 'ax')\n";
  enum { NF = 3000 };
  static double buf[NF + 1], y[NF], ref[NF + 1];
  pykc_module *m = NULL;
  pykc_kernel *k;
  if (!EXPECT(pykc_set_log(cx, map_log, NULL), PYKC_OK, NULL) ||
      !EXPECT(pykc_compile_string(cx, "mapform.py", src, NULL, &m), PYKC_OK, NULL) ||
      !(k = kernel(m, "ax")))
    goto done;
  pykc_call_cfg cc = {.grid = {40, 1, 1}, .block = {32, 1, 1}};
  for (int pass = 0; pass < 2; pass++) {         /* 0: z is y; 1: z is x one element on */
    for (int i = 0; i <= NF; i++)
      buf[i] = i * 0.25, y[i < NF ? i : 0] = 7 - i % 5;
    memcpy(ref, pass ? buf : y, sizeof *ref * (size_t)(pass ? NF + 1 : NF));
    for (int t = 0; t < 40 * 32; t++)
      for (int i = t; i < NF; i += 40 * 32)
        ref[i] = (pass ? ref[i + 1] : buf[i]) + 2 * y[i];
    pykc_arg args[3] = {pykc_array1d(pass ? buf + 1 : buf, PYKC_FLOAT64, NF),
                        pykc_array1d(y, PYKC_FLOAT64, NF),
                        pykc_array1d(pass ? buf : y, PYKC_FLOAT64, NF)};
    map_line[0] = 0;
    if (!EXPECT(pykc_form_call(k, &cc, args, 3), PYKC_OK, NULL))
      break;
    const double *z = pass ? buf : y;
    if (!strstr(map_line, pass ? "launched as written: 'z' (written) overlaps 'x' (read)"
                               : "launched as ax__map, grid 12 x 32 (for 40 x 32)"))
      failf("pass %d: log '%s'", pass, map_line);
    for (int i = 0; i < NF; i++)
      if (z[i] != ref[i]) {
        failf("pass %d: z[%d] = %g, want %g", pass, i, z[i], ref[i]);
        break;
      }
  }
done:
  pykc_module_free(m);
  pykc_set_log(cx, NULL, NULL);
}

/* ---- 2-d map twins: a stencil and an in-place axpy over rows ---- */

static const char map2_src[] =
    "import cupy as cp\n"
    "from cupyx import jit\n"
    "\n"
    "@jit.rawkernel()\n"
    "def blur(src: cp.float32[:, :], dst: cp.float32[:, :]):\n"
    "    x, y = jit.grid(2)\n"
    "    rows = src.shape[0]\n"
    "    cols = src.shape[1]\n"
    "    if y < rows and x < cols:\n"
    "        if y == 0 or x == 0 or y == rows - 1 or x == cols - 1:\n"
    "            dst[y, x] = src[y, x]\n"
    "        else:\n"
    "            dst[y, x] = (src[y, x] + src[y - 1, x] + src[y + 1, x] + src[y, x - 1]\n"
    "                         + src[y, x + 1]) * cp.float32(0.2)\n"
    "\n"
    "@jit.rawkernel()\n"
    "def axpy2(a: cp.float32, xs: cp.float32[:, :], ys: cp.float32[:, :]):\n"
    "    c = jit.blockIdx.x * jit.blockDim.x + jit.threadIdx.x\n"
    "    r = jit.blockIdx.y * jit.blockDim.y + jit.threadIdx.y\n"
    "    if c < xs.shape[1] and r < xs.shape[0]:\n"
    "        ys[r, c] = a * xs[r, c] + ys[r, c]\n";

enum { MR = 100, MC = 37 };                       /* rows, columns */

/* Launches K on ARGS over GRID x (16, 16) [x BZ]: the log's launch line must contain WANT
   ("": none). */
static bool map2_launch(pykc_kernel *k, pykc_arg *args, int n, unsigned gx, unsigned gy,
                        unsigned bz, const char *want) {
  pykc_launch_cfg c = {{gx, gy, 1}, {16, 16, bz}, 0, NULL};
  map_line[0] = 0;
  if (!EXPECT(pykc_launch(k, &c, args, n), PYKC_OK, NULL))
    return false;
  if (*want ? !strstr(map_line, want) : map_line[0] != 0) {
    failf("grid %u x %u (block z %u): log '%s', want '%s'", gx, gy, bz, map_line, want);
    return false;
  }
  return true;
}

static void blur_ref(const float *s, float *d) {
  for (int y = 0; y < MR; y++)
    for (int x = 0; x < MC; x++) {
      int i = y * MC + x;
      d[i] = y == 0 || x == 0 || y == MR - 1 || x == MC - 1
                 ? s[i] : (s[i] + s[i - MC] + s[i + MC] + s[i - 1] + s[i + 1]) * 0.2f;
    }
}

static void same_floats(const char *what, const float *got, const float *want, int n) {
  for (int i = 0; i < n; i++)
    if (got[i] != want[i]) {
      failf("%s: [%d] = %g, want %g", what, i, got[i], want[i]);
      return;
    }
}

static void test_map2(void) {
  static float s[MR * MC + 1], d[MR * MC], ref[MR * MC];
  int64_t shape[2] = {MR, MC};
  pykc_module *m = NULL;
  pykc_kernel *blur, *axpy;
  if (!EXPECT(pykc_set_log(cx, map_log, NULL), PYKC_OK, NULL) ||
      !EXPECT(pykc_compile_string(cx, "map2.py", map2_src, NULL, &m), PYKC_OK, NULL) ||
      !(blur = kernel(m, "blur")) || !(axpy = kernel(m, "axpy2")))
    goto done;
  for (int i = 0; i <= MR * MC; i++)
    s[i] = (float)((i * 7919) % 1000) * 0.01f - 3;
  blur_ref(s, ref);
  /* 7 x 16 = 112 threads along y, 4 rows each: 2 blocks (the CPU fills 2 blocks) */
  pykc_arg a[3] = {pykc_array(s, PYKC_FLOAT32, 2, shape), pykc_array(d, PYKC_FLOAT32, 2, shape)};
  if (map2_launch(blur, a, 2, 3, 7, 1, "__map, grid 3 x 2, block 16 x 16 (for grid 3 x 7, block "
                                       "16 x 16): up to 4 rows per thread"))
    same_floats("blur on its twin", d, ref, MR * MC);
  memset(d, 0, sizeof d);                         /* 128 threads along x: rows of 128 */
  if (map2_launch(blur, a, 2, 8, 7, 1, "__map, grid 1 x 14, block 128 x 2 (for grid 8 x 7, "
                                       "block 16 x 16): up to 4 rows per thread"))
    same_floats("blur on its twin, 128 x 2", d, ref, MR * MC);
  memset(d, 0, sizeof d);                         /* a z extent of 2: as written */
  if (map2_launch(blur, a, 2, 3, 7, 2, "launched as written: a 3-d launch (its twin loops over y)"))
    same_floats("blur with a 3-d block", d, ref, MR * MC);
  memset(d, 0, sizeof d);                         /* no fewer blocks along y */
  if (map2_launch(blur, a, 2, 3, 1, 1, "launched as written: its twin would take as many "
                                       "blocks"))
    same_floats("blur's first 16 rows", d, ref, 16 * MC);
  a[1] = pykc_array(s, PYKC_FLOAT32, 2, shape);   /* dst is src: read at its neighbours */
  map2_launch(blur, a, 2, 3, 7, 1, "launched as written: 'dst' (written) overlaps 'src' (read)");

  for (int pass = 0; pass < 3; pass++) {          /* ys apart, ys = xs, xs one float on */
    for (int i = 0; i <= MR * MC; i++)
      s[i] = (float)(i % 13), d[i < MR * MC ? i : 0] = (float)(i % 5) - 2;
    float *xs = pass == 0 ? s : pass == 1 ? d : s + 1, *ys = pass == 2 ? s : d;
    for (int i = 0; i < MR * MC; i++)             /* pass 2: as written, which runs (on */
      ref[i] = 2.5f * xs[i] + ys[i];              /* the CPU) before any later element */
    pykc_arg b[3] = {pykc_float32(2.5f), pykc_array(xs, PYKC_FLOAT32, 2, shape),
                     pykc_array(ys, PYKC_FLOAT32, 2, shape)};
    static const char *const want[] = {"__map, grid 3 x 2, block", "__map, grid 3 x 2, block",
                                       "launched as written: 'ys' (written) overlaps 'xs' (read)"};
    if (map2_launch(axpy, b, 3, 3, 7, 1, want[pass]) && pass < 2)
      same_floats(pass ? "axpy2 in place" : "axpy2", ys, ref, MR * MC);
  }
  static float wide[MR * 2 * MC];                 /* xs every other column: its block stays */
  int64_t st[2] = {2 * MC * 4, 8};                /* 16 wide (not C-contiguous) */
  for (int i = 0; i < MR * MC; i++)
    wide[2 * i] = (float)(i % 11), d[i] = 1, ref[i] = 2.5f * wide[2 * i] + 1;
  pykc_arg c[3] = {pykc_float32(2.5f), pykc_array(wide, PYKC_FLOAT32, 2, shape),
                   pykc_array(d, PYKC_FLOAT32, 2, shape)};
  c[1].strides = st;
  if (map2_launch(axpy, c, 3, 8, 7, 1, "__map, grid 8 x 2, block 16 x 16 (for grid 8 x 7, block "
                                       "16 x 16)"))
    same_floats("axpy2 of a strided view", d, ref, MR * MC);
done:
  pykc_module_free(m);
  pykc_set_log(cx, NULL, NULL);
}

/* PYKC_MAP_ROWS: a 2-d twin's rows per thread, read by pykc_init; a bad one is refused. */
static void test_map_rows(void) {
  static float s[MR * MC], d[MR * MC];
  int64_t shape[2] = {MR, MC};
  pykc_context *c2 = NULL;
  pykc_module *m = NULL;
  pykc_kernel *blur;
  setenv("PYKC_MAP_ROWS", "0", 1);
  if (pykc_init(PYKC_DEVICE_CPU, &c2) != PYKC_ERR_USAGE ||
      !strstr(pykc_errmsg(c2), "PYKC_MAP_ROWS='0': expected a count of rows per thread"))
    failf("PYKC_MAP_ROWS=0: '%s'", c2 ? pykc_errmsg(c2) : "(no context)");
  pykc_free(c2);
  c2 = NULL;
  setenv("PYKC_MAP_ROWS", "2", 1);
  if (EXPECT(pykc_init(PYKC_DEVICE_CPU, &c2), PYKC_OK, NULL) &&
      EXPECT(pykc_set_log(c2, map_log, NULL), PYKC_OK, NULL) &&
      EXPECT(pykc_compile_string(c2, "map2.py", map2_src, NULL, &m), PYKC_OK, NULL) &&
      EXPECT(pykc_get_kernel(m, "blur", &blur), PYKC_OK, NULL)) {
    pykc_arg a[2] = {pykc_array(s, PYKC_FLOAT32, 2, shape), pykc_array(d, PYKC_FLOAT32, 2, shape)};
    pykc_launch_cfg c = {{3, 7, 1}, {16, 16, 1}, 0, NULL};
    map_line[0] = 0;                              /* 112 threads along y, 2 rows each */
    if (EXPECT(pykc_launch(blur, &c, a, 2), PYKC_OK, NULL) &&
        !strstr(map_line, "grid 3 x 4, block 16 x 16 (for grid 3 x 7, block 16 x 16): up to 2 "
                          "rows per thread"))
      failf("PYKC_MAP_ROWS=2: log '%s'", map_line);
  }
  pykc_module_free(m);
  pykc_free(c2);
  unsetenv("PYKC_MAP_ROWS");
}

int main(int argc, char **argv) {
  (void)argc;
  char tmp[256];
  const char *t = getenv("TMPDIR");
  snprintf(tmp, sizeof tmp, "%s/pykc_api_XXXXXX", t && *t ? t : "/tmp");
  if (!mkdtemp(tmp)) {
    printf("FAIL setup: mkdtemp %s: %s\n", tmp, strerror(errno));
    return 1;
  }
  char cache[300];
  snprintf(cache, sizeof cache, "%s/cache", tmp);
  setenv("PYKC_CACHE_DIR", cache, 1);
  setenv("PYKC_LIBCUDA", "/nonexistent/libcuda.so.1", 1);   /* never the driver */
  setenv("TMPDIR", tmp, 1);                       /* sources kept while a log is set */
  if (pykc_init(PYKC_DEVICE_CPU, &cx) != PYKC_OK) {
    printf("FAIL init: %s\n", pykc_errmsg(cx));
    return 1;
  }
  run("cpu_context", test_context);
  run("cpu_memory", test_memory);
  run("cpu_saxpy", test_saxpy);
  run("cpu_generic", test_generic);
  run("cpu_2d", test_2d);
  run("cpu_scalars", test_scalars);
  run("cpu_faults", test_faults);
  run("cpu_block_sum", test_block_sum);
  run("cpu_cuda_cxx", test_cuda_cxx);
  run("cpu_raw_module", test_raw_module);
  run("no_map_twins", test_no_map_twins);
  run("cpu_module_global", test_module_global);
  run("cuda_kernels", test_cuda_kernels);
  run("cpu_log_and_signals", test_log_and_signals);
  run("out_of_memory", test_out_of_memory);
  run("module_code", test_module_code);
  run("cpu_forms", test_forms);
  run("cpu_handle_form", test_handle_form);
  run("cpu_record_form", test_record_form);
  run("cpu_reduction_forms", test_reduction_forms);
  run("cpu_fuse_stages", test_fuse_stages);
  run("cpu_map_twins", test_map);
  run("cpu_map_form", test_map_form);
  run("cpu_map2_twins", test_map2);
  run("cpu_map_rows", test_map_rows);
  pykc_free(cx);
  remove_tree(tmp);
  printf("%s: %d failed\n", argv[0], nfail);
  return nfail ? 1 : 0;
}
