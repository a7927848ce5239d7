/*
 * tests/cpu/test_fibers.c: the CPU backend's scheduler (cpu/fiber.c) and preamble
 * (cpu/cpu_rt.h), tested with hand-written kernels in the style emit_c.c emits:
 * block reductions over shared memory, warp shuffles, ballots, atomics, 1024-thread and
 * 3-D blocks, dynamic shared memory, and the errors: a divergent __syncthreads, a
 * shuffle whose lanes returned, --debug bounds checks, traps, asserts and crashes.
 * Built and run by tests/cpu/run.sh; prints one line per failure and "N passed, M failed".
 */
#include "../../cpu/cpu.h"
#include "../../cpu/cpu_rt.h"

#include <stdlib.h>

typedef struct { float *data; int64_t size; int64_t shape[1]; int64_t strides[1]; } arr_f4_1;
typedef struct { int32_t *data; int64_t size; int64_t shape[1]; int64_t strides[1]; } arr_i4_1;
typedef struct { uint32_t *data; int64_t size; int64_t shape[1]; int64_t strides[1]; } arr_u4_1;
typedef struct { int64_t *data; int64_t size; int64_t shape[1]; int64_t strides[1]; } arr_i8_1;
typedef struct { double *data; int64_t size; int64_t shape[1]; int64_t strides[1]; } arr_f8_1;

static int npass, nfail;
#define CHECK(cond, ...)                                      \
  do {                                                        \
    if (cond)                                                 \
      npass++;                                                \
    else {                                                    \
      nfail++;                                                \
      printf("FAIL %s:%d: ", __FILE__, __LINE__);             \
      printf(__VA_ARGS__);                                    \
      printf("\n");                                           \
    }                                                         \
  } while (0)

static char err[RT_ERRLEN];

static int launch(void (*entry)(void **), void **args, unsigned gx, unsigned gy, unsigned gz,
                  unsigned bx, unsigned by, unsigned bz, size_t shmem, bool debug) {
  RtGridRun g = {.cpu = &pykc_cpu, .entry = entry, .args = args, .name = "k",
                 .grid = {gx, gy, gz}, .block = {bx, by, bz}, .shared_mem = shmem,
                 .debug = debug};
  err[0] = 0;
  return rt_fiber_run_grid(&g, err);
}

#define A1(T, a, n) T a = {.data = calloc((n), sizeof *a.data), .size = (n), .shape = {(n)}, .strides = {sizeof *a.data}}

/* ---- block reduction: out[blockIdx.x] = sum of x over the block's slice (any blockDim
   that is a power of two, up to 1024) ---- */
static void k_reduce(arr_f8_1 x, arr_f8_1 out) {
  __shared__ double buf[1024];
  unsigned t = threadIdx.x + threadIdx.y * blockDim.x + threadIdx.z * blockDim.x * blockDim.y;
  unsigned n = blockDim.x * blockDim.y * blockDim.z;
  buf[t] = x.data[blockIdx.x * n + t];
  __syncthreads();
  for (unsigned s = n / 2; s > 0; s >>= 1) {
    if (t < s)
      buf[t] += buf[t + s];
    __syncthreads();
  }
  if (t == 0)
    out.data[blockIdx.x] = buf[0];
}
static void k_reduce__entry(void **a) { k_reduce(*(arr_f8_1 *)a[0], *(arr_f8_1 *)a[1]); }

static void test_reduce(unsigned bx, unsigned by, unsigned bz, unsigned nblocks) {
  unsigned n = bx * by * bz;
  A1(arr_f8_1, x, n * nblocks);
  A1(arr_f8_1, out, nblocks);
  for (unsigned i = 0; i < n * nblocks; i++)
    x.data[i] = i % 97;
  void *args[] = {&x, &out};
  int rc = launch(k_reduce__entry, args, nblocks, 1, 1, bx, by, bz, 0, false);
  CHECK(rc == 0, "reduce (%u,%u,%u): rc %d: %s", bx, by, bz, rc, err);
  for (unsigned b = 0; b < nblocks; b++) {
    double want = 0;
    for (unsigned i = 0; i < n; i++)
      want += (b * n + i) % 97;
    CHECK(out.data[b] == want, "reduce (%u,%u,%u) block %u: %g, want %g", bx, by, bz, b,
          out.data[b], want);
  }
  free(x.data);
  free(out.data);
}

/* ---- warp shuffles ---- */
static void k_shfl(arr_i4_1 down, arr_i4_1 xr, arr_i4_1 up, arr_f4_1 idx8, arr_i8_1 bc) {
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  int v = (int)t;
  for (int o = 16; o > 0; o /= 2)
    v += __shfl_down_sync(0xffffffffu, v, o);
  down.data[t] = v;                               /* lane 0 holds the warp's sum */
  int w = (int)t;
  for (int o = 1; o < 32; o *= 2)
    w += __shfl_xor_sync(0xffffffffu, w, o);
  xr.data[t] = w;                                 /* every lane holds the sum */
  int s = 1;
  for (int o = 1; o < 32; o *= 2) {               /* inclusive scan of ones */
    int y = __shfl_up_sync(0xffffffffu, s, o);
    if ((int)pykc_laneid() >= o)
      s += y;
  }
  up.data[t] = s;
  float f = (float)t * 0.5f;
  idx8.data[t] = __shfl_sync(0xffffffffu, f, 3, 8); /* lane 3 of each group of 8 */
  int64_t big = (int64_t)t << 40;
  bc.data[t] = __shfl_sync(0xffffffffu, big, 31);
}
static void k_shfl__entry(void **a) {
  k_shfl(*(arr_i4_1 *)a[0], *(arr_i4_1 *)a[1], *(arr_i4_1 *)a[2], *(arr_f4_1 *)a[3],
         *(arr_i8_1 *)a[4]);
}

static void test_shfl(void) {
  enum { N = 256 };
  A1(arr_i4_1, down, N);
  A1(arr_i4_1, xr, N);
  A1(arr_i4_1, up, N);
  A1(arr_f4_1, idx8, N);
  A1(arr_i8_1, bc, N);
  void *args[] = {&down, &xr, &up, &idx8, &bc};
  int rc = launch(k_shfl__entry, args, 2, 1, 1, 128, 1, 1, 0, false);
  CHECK(rc == 0, "shfl: rc %d: %s", rc, err);
  int bad = 0;
  for (int t = 0; t < N; t++) {
    int base = t / 32 * 32, lane = t % 32, sum = 0;
    for (int l = 0; l < 32; l++)
      sum += base + l;
    /* shfl_down: lane L sums lanes L..L+31 clamped to own values at the top */
    if (lane == 0 && down.data[t] != sum)
      bad++;
    if (xr.data[t] != sum)
      bad++;
    if (up.data[t] != lane + 1)
      bad++;
    if (idx8.data[t] != (float)(t / 8 * 8 + 3) * 0.5f)
      bad++;
    if (bc.data[t] != (int64_t)(base + 31) << 40)
      bad++;
  }
  CHECK(bad == 0, "shfl: %d wrong values (down[0] %d xr[5] %d up[7] %d idx8[9] %g)", bad,
        down.data[0], xr.data[5], up.data[7], idx8.data[9]);
  free(down.data), free(xr.data), free(up.data), free(idx8.data), free(bc.data);
}

/* shfl_down out of range returns the caller's own value; a partial last warp works. */
static void k_shfl_edge(arr_i4_1 out) {
  int v = (int)threadIdx.x;
  out.data[threadIdx.x] = __shfl_down_sync(0xffffffffu, v, 4, 16);
}
static void k_shfl_edge__entry(void **a) { k_shfl_edge(*(arr_i4_1 *)a[0]); }

static void test_shfl_edge(void) {
  A1(arr_i4_1, out, 40);
  void *args[] = {&out};
  int rc = launch(k_shfl_edge__entry, args, 1, 1, 1, 40, 1, 1, 0, false);
  CHECK(rc == 0, "shfl edge: rc %d: %s", rc, err);
  int bad = 0;
  for (int t = 0; t < 40; t++) {
    int lane = t % 32, want = (lane % 16) + 4 < 16 ? t + 4 : t;
    if (t + 4 >= 40 && want != t)
      want = t;                                  /* lanes past the block: own value */
    if (out.data[t] != want)
      bad++;
  }
  CHECK(bad == 0, "shfl edge: %d wrong (out[12] %d out[13] %d out[36] %d)", bad, out.data[12],
        out.data[13], out.data[36]);
  free(out.data);
}

/* ---- ballot, all, any, activemask, syncwarp ---- */
static void k_vote(arr_u4_1 out) {
  unsigned t = threadIdx.x;
  unsigned b = __ballot_sync(0xffffffffu, t % 3 == 0);
  int all = __all_sync(0xffffffffu, t < 1000);
  int any = __any_sync(0xffffffffu, t == 37);
  __syncwarp();
  unsigned half = 0;
  if (pykc_laneid() < 16)
    half = __ballot_sync(0x0000ffffu, 1);
  out.data[t * 5 + 0] = b;
  out.data[t * 5 + 1] = (unsigned)all;
  out.data[t * 5 + 2] = (unsigned)any;
  out.data[t * 5 + 3] = half;
  out.data[t * 5 + 4] = __activemask();
}
static void k_vote__entry(void **a) { k_vote(*(arr_u4_1 *)a[0]); }

static void test_vote(void) {
  A1(arr_u4_1, out, 64 * 5);
  void *args[] = {&out};
  int rc = launch(k_vote__entry, args, 1, 1, 1, 64, 1, 1, 0, false);
  CHECK(rc == 0, "vote: rc %d: %s", rc, err);
  int bad = 0;
  for (unsigned t = 0; t < 64; t++) {
    unsigned want = 0;
    for (unsigned l = 0; l < 32; l++)
      if ((t / 32 * 32 + l) % 3 == 0)
        want |= 1u << l;
    bad += out.data[t * 5] != want;
    bad += out.data[t * 5 + 1] != 1;
    bad += out.data[t * 5 + 2] != (t / 32 == 1);
    bad += out.data[t * 5 + 3] != (t % 32 < 16 ? 0xffffu : 0u);
    bad += out.data[t * 5 + 4] != 0xffffffffu;
  }
  CHECK(bad == 0, "vote: %d wrong (ballot[0] 0x%x)", bad, out.data[0]);
  free(out.data);
}

/* __activemask(): the lanes that reach the call together */
static void k_active(arr_u4_1 out) {
  unsigned am = 0;
  if (pykc_laneid() < 16)
    am = __activemask();
  __syncthreads();
  out.data[threadIdx.x] = am;
  out.data[blockDim.x + threadIdx.x] = __activemask();
}
static void k_active__entry(void **a) { k_active(*(arr_u4_1 *)a[0]); }

static void test_active(void) {
  A1(arr_u4_1, out, 96);
  void *args[] = {&out};
  int rc = launch(k_active__entry, args, 1, 1, 1, 48, 1, 1, 0, false);
  CHECK(rc == 0, "activemask: rc %d: %s", rc, err);
  int bad = 0;
  for (unsigned t = 0; t < 48; t++) {
    bad += out.data[t] != (t % 32 < 16 ? 0xffffu : 0u);
    bad += out.data[48 + t] != (t < 32 ? 0xffffffffu : 0xffffu);
  }
  CHECK(bad == 0, "activemask: %d wrong (0x%x 0x%x 0x%x)", bad, out.data[0], out.data[48],
        out.data[95]);
  free(out.data);
}

/* ---- atomics ---- */
static void k_atomic(arr_i4_1 ia, arr_f4_1 fa, arr_u4_1 ua, arr_i8_1 la) {
  int t = (int)(blockIdx.x * blockDim.x + threadIdx.x);
  atomicAdd(&ia.data[0], 1);
  atomicSub(&ia.data[1], 2);
  atomicMax(&ia.data[2], t);
  atomicMin(&ia.data[3], -t);
  atomicAdd(&fa.data[0], 0.5f);
  atomicInc(&ua.data[0], 9u);                      /* wraps at 10 */
  atomicDec(&ua.data[1], 4u);
  atomicOr(&ua.data[2], 1u << (t % 32));
  atomicXor(&ua.data[3], 1u);
  atomicAnd(&ua.data[4], ~(1u << (t % 8)));
  unsigned old = atomicCAS(&ua.data[5], (unsigned)t, (unsigned)t + 1);
  if (old == (unsigned)t)
    atomicAdd(&ua.data[6], 1u);
  atomicAdd(&la.data[0], (int64_t)1 << 33);
  atomicExch(&la.data[1], (int64_t)7);
  atomicAdd(&fa.data[1], (float)atomicExch(&ia.data[4], t));
}
static void k_atomic__entry(void **a) {
  k_atomic(*(arr_i4_1 *)a[0], *(arr_f4_1 *)a[1], *(arr_u4_1 *)a[2], *(arr_i8_1 *)a[3]);
}

static void test_atomic(void) {
  enum { N = 1000 };
  A1(arr_i4_1, ia, 5);
  A1(arr_f4_1, fa, 2);
  A1(arr_u4_1, ua, 7);
  A1(arr_i8_1, la, 2);
  ua.data[4] = 0xffffffffu;
  void *args[] = {&ia, &fa, &ua, &la};
  int rc = launch(k_atomic__entry, args, 4, 1, 1, 250, 1, 1, 0, false);
  CHECK(rc == 0, "atomic: rc %d: %s", rc, err);
  CHECK(ia.data[0] == N && ia.data[1] == -2 * N && ia.data[2] == N - 1 &&
            ia.data[3] == -(N - 1),
        "atomic int: %d %d %d %d", ia.data[0], ia.data[1], ia.data[2], ia.data[3]);
  CHECK(fa.data[0] == 500.0f, "atomicAdd float: %g", fa.data[0]);
  CHECK(ua.data[0] == N % 10, "atomicInc: %u", ua.data[0]);
  /* atomicDec from 0 with 4: 0 -> 4 -> 3 -> 2 -> 1 -> 0 -> 4 ...: after N steps N % 5 */
  CHECK(ua.data[1] == (unsigned)((5 - N % 5) % 5), "atomicDec: %u", ua.data[1]);
  CHECK(ua.data[2] == 0xffffffffu && ua.data[3] == 0 && ua.data[4] == 0xffffff00u,
        "atomic bits: 0x%x 0x%x 0x%x", ua.data[2], ua.data[3], ua.data[4]);
  CHECK(ua.data[5] == N && ua.data[6] == N, "atomicCAS: %u %u", ua.data[5], ua.data[6]);
  CHECK(la.data[0] == (int64_t)N << 33 && la.data[1] == 7, "atomic int64: %lld %lld",
        (long long)la.data[0], (long long)la.data[1]);
  CHECK(fa.data[1] == (float)(N - 1) * (N - 2) / 2, "atomicExch chain: %g", fa.data[1]);
  free(ia.data), free(fa.data), free(ua.data), free(la.data);
}

/* ---- spin waits between blocks (spin.c): a grid barrier on atomics whose blocks keep
   their shared memory across the turns; a chain of flags from the last block to the
   first; a grid larger than a GPU holds at once, and a deadlock, reported ---- */
static void k_gbar(arr_u4_1 cnt, arr_u4_1 out, arr_u4_1 target) {
  __shared__ unsigned mine[1024];
  mine[threadIdx.x] = blockIdx.x * 1000u + threadIdx.x;
  __syncthreads();
  if (threadIdx.x == 0) {
    atomicAdd(&cnt.data[0], 1u);
    while (atomicAdd(&cnt.data[0], 0u) < target.data[0])
      ;
  }
  __syncthreads();
  out.data[blockIdx.x * blockDim.x + threadIdx.x] =
      mine[(threadIdx.x + 1) % blockDim.x] + atomicAdd(&cnt.data[0], 0u) * 100000u;
}
static void k_gbar__entry(void **a) {
  k_gbar(*(arr_u4_1 *)a[0], *(arr_u4_1 *)a[1], *(arr_u4_1 *)a[2]);
}

static void k_chain(arr_i4_1 val, arr_i4_1 flag) {
  unsigned b = blockIdx.x;
  if (threadIdx.x != 0)
    return;
  int carry = 0;
  if (b + 1 < gridDim.x) {
    while (atomicOr((unsigned *)&flag.data[b + 1], 0u) == 0)
      ;
    carry = val.data[b + 1];
  }
  val.data[b] = carry * 3 + (int)b;
  atomicExch(&flag.data[b], 1);
}
static void k_chain__entry(void **a) { k_chain(*(arr_i4_1 *)a[0], *(arr_i4_1 *)a[1]); }

static void test_spin(void) {
  enum { G = 24, B = 64 };
  A1(arr_u4_1, cnt, 1);
  A1(arr_u4_1, out, G * B);
  A1(arr_u4_1, target, 1);
  target.data[0] = G;
  void *args[] = {&cnt, &out, &target};
  int rc = launch(k_gbar__entry, args, G, 1, 1, B, 1, 1, 0, true);
  int bad = 0;
  for (unsigned i = 0; i < G * B; i++)
    bad += out.data[i] != G * 100000u + i / B * 1000u + (i % B + 1) % B;
  CHECK(rc == 0 && bad == 0, "grid barrier: rc %d (%s), %d wrong, out[0] %u", rc, err, bad,
        out.data[0]);
  A1(arr_i4_1, val, 10);
  A1(arr_i4_1, flag, 10);
  void *cargs[] = {&val, &flag};
  rc = launch(k_chain__entry, cargs, 10, 1, 1, 32, 1, 1, 0, false);
  int want = 0;
  for (int b = 9; b >= 0; b--)
    want = want * 3 + b;
  CHECK(rc == 0 && val.data[0] == want && flag.data[0] == 1, "flag chain: rc %d (%s), %d",
        rc, err, val.data[0]);
  /* 1024 threads a block: 2 fit a multiprocessor, 16 the CPU backend's GPU */
  free(out.data);
  out.data = calloc(17 * 1024, sizeof *out.data);
  cnt.data[0] = 0, target.data[0] = 17;
  rc = launch(k_gbar__entry, args, 17, 1, 1, 1024, 1, 1, 0, false);
  CHECK(rc == RT_EFAIL && strstr(err, "while 1 blocks of the grid wait to start: a GPU holds "
                                 "at most 16 blocks of this launch at once (2 per "
                                 "multiprocessor x 8"),
        "beyond co-residency: rc %d: %s", rc, err);
  cnt.data[0] = 0, target.data[0] = 5;
  rc = launch(k_gbar__entry, args, 4, 1, 1, 32, 1, 1, 0, false);
  CHECK(rc == RT_EFAIL && strstr(err, "the grid is deadlocked") &&
            strstr(err, "atomics in a row read 0x4 at"),
        "deadlock: rc %d: %s", rc, err);
  free(cnt.data), free(out.data), free(target.data), free(val.data), free(flag.data);
}

/* ---- grid shape, 2-D grid with a 3-D block, dynamic shared memory ---- */
static void k_shape(arr_u4_1 out) {
  unsigned *dyn = (unsigned *)pykc_dyn_shared;
  unsigned t = threadIdx.x + threadIdx.y * blockDim.x + threadIdx.z * blockDim.x * blockDim.y;
  unsigned n = blockDim.x * blockDim.y * blockDim.z;
  unsigned b = blockIdx.x + blockIdx.y * gridDim.x;
  dyn[n - 1 - t] = t;
  __syncthreads();
  out.data[b * n + t] = dyn[t] * 1000u + blockIdx.y * 100u + gridDim.x * 10u + warpSize / 32u;
}
static void k_shape__entry(void **a) { k_shape(*(arr_u4_1 *)a[0]); }

static void test_shape(void) {
  unsigned n = 4 * 4 * 4, nb = 3 * 2;
  A1(arr_u4_1, out, n * nb);
  void *args[] = {&out};
  int rc = launch(k_shape__entry, args, 3, 2, 1, 4, 4, 4, n * 4, true);
  CHECK(rc == 0, "shape: rc %d: %s", rc, err);
  int bad = 0;
  for (unsigned b = 0; b < nb; b++)
    for (unsigned t = 0; t < n; t++)
      bad += out.data[b * n + t] != (n - 1 - t) * 1000u + (b / 3) * 100u + 30u + 1u;
  CHECK(bad == 0, "shape: %d wrong (out[0] %u)", bad, out.data[0]);
  free(out.data);
}

/* ---- errors ---- */
/* Threads 0-19 return before the others reach the barrier, threads 200-255 after they
   wait there (one worker runs the threads in order): both release the barrier, twice. */
static void k_divergent(arr_i4_1 x) {
  unsigned t = threadIdx.x, b = blockIdx.x * blockDim.x;
  if (t < 20 || t >= 200)
    return;
  x.data[b + t] = 1;
  __syncthreads();
  int next = x.data[b + (t == 199 ? 20 : t + 1)];
  __syncthreads();
  x.data[b + t] = next + 1;
}
static void k_divergent__entry(void **a) { k_divergent(*(arr_i4_1 *)a[0]); }

static void k_shfl_returned(arr_i4_1 x) {
  if (threadIdx.x % 32 >= 16)
    return;
#line 20 "k.py"
  x.data[threadIdx.x] = __shfl_down_sync(0xffffffffu, (int)threadIdx.x, 1);
}
static void k_shfl_returned__entry(void **a) { k_shfl_returned(*(arr_i4_1 *)a[0]); }

static void k_mixed(arr_i4_1 x) {
  if (threadIdx.x < 32)
    x.data[threadIdx.x] = __shfl_xor_sync(0xffffffffu, (int)threadIdx.x, 1);
  __syncthreads();
}
static void k_mixed__entry(void **a) { k_mixed(*(arr_i4_1 *)a[0]); }

/* Lanes 0-15 wait in a full-mask shuffle for lanes 16-31, which wait at the barrier for
   them: stuck, whether or not other warps returned. */
static void k_deadlock(arr_i4_1 x) {
  if (threadIdx.x >= 32)
    return;
  if (threadIdx.x < 16) {
#line 30 "k.py"
    x.data[threadIdx.x] = __shfl_xor_sync(0xffffffffu, (int)threadIdx.x, 1);
  } else {
#line 32 "k.py"
    __syncthreads();
  }
}
static void k_deadlock__entry(void **a) { k_deadlock(*(arr_i4_1 *)a[0]); }

static void k_oob(arr_i4_1 x) {
  int64_t i = blockIdx.x * blockDim.x + threadIdx.x;
#line 12 "k.py"
  x.data[pykc_check_index(i, x.shape[0], 0, "k.py", 12)] = 1;
}
static void k_oob__entry(void **a) { k_oob(*(arr_i4_1 *)a[0]); }

static void k_assert(arr_i4_1 x) {
  __syncthreads();
#line 7 "k.py"
  pykc_assert(x.data[threadIdx.x] >= 0, "x must be non-negative");
  if (threadIdx.x == 300)
#line 9 "k.py"
    __trap();
}
static void k_assert__entry(void **a) { k_assert(*(arr_i4_1 *)a[0]); }

static void k_crash(arr_i4_1 x) {
  if (blockIdx.x == 1 && threadIdx.x == 5)
    x.data[-((int64_t)1 << 40)] = 1;
}
static void k_crash__entry(void **a) { k_crash(*(arr_i4_1 *)a[0]); }

#line 300 "test_fibers.c"
static void test_errors(void) {
  A1(arr_i4_1, x, 1000);
  void *args[] = {&x};
  memset(x.data, 0, 1000 * sizeof *x.data);
  int rc = launch(k_divergent__entry, args, 3, 1, 1, 256, 1, 1, 0, false);
  int bad = -1;
  for (int i = 0; i < 1000 && bad < 0; i++)
    if (x.data[i] != (i < 768 && i % 256 >= 20 && i % 256 < 200 ? 2 : 0))
      bad = i;
  CHECK(rc == 0 && bad < 0, "divergent syncthreads: rc %d: %s; x[%d] = %d", rc, err, bad,
        bad < 0 ? 0 : x.data[bad]);
  rc = launch(k_shfl_returned__entry, args, 1, 1, 1, 64, 1, 1, 0, false);
  CHECK(rc == RT_EFAIL && strcmp(err, "block (0,0,0), warp 0: shfl_down_sync at k.py:20 "
                                       "reached by 16 of the 32 lanes of mask 0xffffffff; "
                                       "lanes 0xffff0000 returned (kernel 'k')") == 0,
        "shfl returned: rc %d: %s", rc, err);
  rc = launch(k_mixed__entry, args, 1, 1, 1, 64, 1, 1, 0, false);
  CHECK(rc == 0, "shfl xor then syncthreads: rc %d: %s", rc, err);
  rc = launch(k_mixed__entry, args, 1, 1, 1, 63, 1, 1, 0, false);
  CHECK(rc == 0 && x.data[0] == 1 && x.data[31] == 30, "mixed: rc %d: %s", rc, err);
  rc = launch(k_deadlock__entry, args, 1, 1, 1, 32, 1, 1, 0, false);
  CHECK(rc == RT_EFAIL && strcmp(err, "block (0,0,0), warp 0: shfl_xor_sync at k.py:30 "
                                       "reached by 16 of the 32 lanes of mask 0xffffffff; "
                                       "16 threads wait at syncthreads at k.py:32 (kernel "
                                       "'k')") == 0,
        "deadlock: rc %d: %s", rc, err);
  rc = launch(k_deadlock__entry, args, 1, 1, 1, 96, 1, 1, 0, false);
  CHECK(rc == RT_EFAIL && strcmp(err, "block (0,0,0), warp 0: shfl_xor_sync at k.py:30 "
                                       "reached by 16 of the 32 lanes of mask 0xffffffff; "
                                       "16 threads wait at syncthreads at k.py:32 (kernel "
                                       "'k')") == 0,
        "deadlock with returned warps: rc %d: %s", rc, err);
  rc = launch(k_oob__entry, args, 4, 1, 1, 256, 1, 1, 0, true);
  CHECK(rc == RT_EFAIL && strcmp(err, "k.py:12: index 1000 out of bounds for axis 0 with size "
                                       "1000 (kernel 'k', block (3,0,0), thread (232,0,0))") == 0,
        "oob: rc %d: %s", rc, err);
  rc = launch(k_assert__entry, args, 2, 1, 1, 512, 1, 1, 0, true);
  CHECK(rc == RT_EFAIL && strcmp(err, "k.py:9: trap (kernel 'k', block (0,0,0), "
                                       "thread (300,0,0))") == 0,
        "trap: rc %d: %s", rc, err);
  x.data[100] = -1;
  rc = launch(k_assert__entry, args, 2, 1, 1, 512, 1, 1, 0, true);
  CHECK(rc == RT_EFAIL && strcmp(err, "k.py:7: assertion failed: x must be non-negative "
                                       "(kernel 'k', block (0,0,0), thread (100,0,0))") == 0,
        "assert: rc %d: %s", rc, err);
  rc = launch(k_crash__entry, args, 2, 1, 1, 32, 1, 1, 0, false);
  CHECK(rc == RT_EFAIL && strstr(err, "invalid memory access (SIGSEGV) in the kernel (kernel "
                                      "'k', block (1,0,0), thread (5,0,0))"),
        "crash: rc %d: %s", rc, err);
  rc = launch(k_oob__entry, args, 1, 1, 1, 1025, 1, 1, 0, false);
  CHECK(rc == RT_EUSAGE && strstr(err, "1 to 1024 threads"), "block too big: rc %d: %s", rc,
        err);
  /* the process is still sound after all that: run a good kernel again */
  test_reduce(1024, 1, 1, 2);
  free(x.data);
}

static void test_helpers(void) {
  CHECK(__popc(0xf0f0u) == 8 && __popcll(~0ull) == 64, "popc");
  CHECK(__clz(0) == 32 && __clz(1) == 31 && __clz(-1) == 0 && __clzll(1) == 63, "clz");
  CHECK(__ffs(0) == 0 && __ffs(8) == 4 && __ffsll(1ll << 40) == 41, "ffs");
  CHECK(__brev(1u) == 0x80000000u && __brev(0x12345678u) == 0x1e6a2c48u &&
            __brevll(1ull) == 1ull << 63,
        "brev 0x%x", __brev(0x12345678u));
  CHECK(pykc_cvt_i32(NAN) == 0 && pykc_cvt_i32(3e9) == INT32_MAX &&
            pykc_cvt_i32(-3e9) == INT32_MIN && pykc_cvt_i32(-2.7) == -2,
        "cvt i32");
  CHECK(pykc_cvt_u32(-5.0) == 0 && pykc_cvt_u32(5e9) == UINT32_MAX &&
            pykc_cvt_u64(1e30) == UINT64_MAX && pykc_cvt_i64(-1e30) == INT64_MIN &&
            pykc_cvt_i8(300.0) == 127 && pykc_cvt_u8(-1.0) == 0 &&
            pykc_cvt_i64(9.2233720368547758e18) == INT64_MAX,
        "cvt others");
  __half h = __float2half(1.0f / 3.0f);
  CHECK(__half2float(h) == 0.333251953125f, "half %.9g", (double)__half2float(h));
  CHECK(rsqrtf(4.0f) == 0.5f && __saturatef(2.0f) == 1.0f && __saturatef(NAN) == 0.0f,
        "math");
}

int main(void) {
  test_helpers();
  test_reduce(256, 1, 1, 8);
  test_reduce(1024, 1, 1, 3);
  test_reduce(8, 8, 16, 2);
  test_reduce(1, 1, 1, 5);
  test_shfl();
  test_shfl_edge();
  test_vote();
  test_active();
  test_atomic();
  test_spin();
  test_shape();
  test_errors();
  printf("%d passed, %d failed\n", npass, nfail);
  return nfail != 0;
}
