/*
 * time.c: `pykc run --time[=N]`, what cupyx.profiler.benchmark prints (the seeds teach it
 * for measuring kernels), then what a profiler's first page tells:
 *
 *   saxpy               :    CPU:     4.101 us   +/-  0.320 (min:     3.790 / max:     6.890) us     GPU-0:     5.730 us   +/-  0.410 (min:     5.120 / max:     8.190) us
 *     launches:  100 timed, after 10 warm-up launches
 *     bandwidth: 2.14 GB/s over 12.0 KiB (3 arrays, each read or written once): 0.1% of the device's copy bandwidth (2964.2 GB/s)
 *     kernel:    16 registers, 0 bytes of local memory per thread (spills), 0 bytes of static shared memory
 *     occupancy: 100.0% at 256 threads per block (8 blocks per multiprocessor, of 2048 threads)
 *
 * Timing as benchmark's _repeat: 10 warm-up launches and a synchronisation, then N, each
 * with the host's clock around the call (CPU time) and events recorded on the launch's
 * stream before and after it (GPU time); the first line is _PerfCaseResult's str (mean,
 * +/- the population standard deviation, min and max, in µs). The bandwidth is the
 * arrays' bytes over the mean GPU time, against pykc_device_copy_bandwidth (measured once
 * per device, then cached); registers, local memory (spills) and static shared memory are
 * the kernel's function attributes; the occupancy is
 * cuOccupancyMaxActiveBlocksPerMultiprocessor's at the launch's block size and dynamic
 * shared memory, in warps of the threads a multiprocessor holds. A figure the device
 * cannot give is reported in its place, and the run still succeeds.
 * On the CPU backend the host's clock times each launch (one warm-up; the arrays get
 * their values back before each launch, as the kernel works on them in place), and the
 * report says what needs a GPU.
 */
#include "cli.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

enum { GPU_WARMUP = 10, CPU_WARMUP = 1, WARP = 32 };

typedef struct Stats {
  double mean, std, min, max;
} Stats;

static Stats stats_of(const double *t, int n) {
  Stats s = {0, 0, t[0], t[0]};
  for (int i = 0; i < n; i++) {
    s.mean += t[i];
    s.min = t[i] < s.min ? t[i] : s.min;
    s.max = t[i] > s.max ? t[i] : s.max;
  }
  s.mean /= n;
  for (int i = 0; i < n; i++)
    s.std += (t[i] - s.mean) * (t[i] - s.mean);
  s.std = sqrt(s.std / n);                         /* NumPy's std: ddof 0 */
  return s;
}

/* One device's times (µs) as _PerfCaseResult._to_str_per_item writes them. */
static void per_item(Buf *b, const char *dev, const double *t_us, int n) {
  Stats s = stats_of(t_us, n);
  buf_printf(b, "%s    %s: %9.3f us", b->len ? " " : "", dev, s.mean);
  if (n > 1)
    buf_printf(b, "   +/- %6.3f (min: %9.3f / max: %9.3f) us", s.std, s.min, s.max);
}

/* BYTES as "12.0 KiB". */
static const char *human(double bytes, char *buf, size_t n) {
  static const char *const unit[] = {"bytes", "KiB", "MiB", "GiB", "TiB"};
  int u = 0;
  while (bytes >= 1024 && u < 4)
    bytes /= 1024, u++;
  snprintf(buf, n, u ? "%.1f %s" : "%.0f %s", bytes, unit[u]);
  return buf;
}

static int cuda_fail(const char *name, int e) {
  char why[RT_ERRLEN];
  rt_cuda_errstr(e, why, sizeof why);
  fprintf(stderr, "pykc: kernel '%s' failed during --time: %s\n", name, why);
  return RT_EFAIL;
}

/* The warm-up launches, a synchronisation, then t->n launches between events. */
static int time_gpu(const CliTime *t, double *cpu_us, double *gpu_us) {
  char err[RT_ERRLEN];
  const RtCuda *cu = rt_cuda(err);
  void *e0 = NULL, *e1 = NULL, *stream = t->cfg->stream;
  if (!cu || cu->EventCreate(&e0, 0) || cu->EventCreate(&e1, 0)) {
    if (e0)
      cu->EventDestroy(e0);
    return cli_fail(RT_EFAIL, "cannot create CUDA events for --time");
  }
  int rc = 0;
  pykc_status s = PYKC_OK;
  for (int i = 0; i < GPU_WARMUP && !s; i++)
    s = t->launch(t->run, t->cfg);
  if (s || (s = pykc_synchronize(t->cx)))
    rc = t->fail(t->run, s);
  for (int i = 0; i < t->n && !rc; i++) {
    float ms = 0;
    int e = cu->EventRecord(e0, stream);
    double t0 = rt_now_ms();
    s = e ? PYKC_OK : t->launch(t->run, t->cfg);
    double t1 = rt_now_ms();
    if (!e && !s && !(e = cu->EventRecord(e1, stream)) && !(e = cu->EventSynchronize(e1)))
      e = cu->EventElapsedTime(&ms, e0, e1);
    if (s)
      rc = t->fail(t->run, s);
    else if (e)
      rc = cuda_fail(t->name, e);
    cpu_us[i] = (t1 - t0) * 1e3, gpu_us[i] = ms * 1e3;
  }
  cu->EventDestroy(e0);
  cu->EventDestroy(e1);
  return rc;
}

/* The warm-up launch, then t->n, each from the arrays' values before the first. */
static int time_cpu(const CliTime *t, double *cpu_us) {
  int rc = 0;
  for (int i = -CPU_WARMUP; i < t->n && !rc; i++) {
    t->restore(t->run);
    double t0 = rt_now_ms();
    pykc_status s = t->launch(t->run, t->cfg);
    if (s)
      rc = t->fail(t->run, s);
    else if (i >= 0)
      cpu_us[i] = (rt_now_ms() - t0) * 1e3;
  }
  t->restore(t->run);
  return rc;
}

/* The bandwidth over the arrays at the mean GPU time MEAN_US, and its share of the
   device's copy bandwidth. */
static void print_bandwidth(const CliTime *t, double mean_us) {
  char h[32];
  if (!t->narrays || mean_us <= 0) {
    printf("  bandwidth: %s\n", t->narrays ? "the launches took no measurable time"
                                           : "no arrays");
    return;
  }
  double bps = (double)t->bytes / (mean_us * 1e-6), copy;
  printf("  bandwidth: %.2f GB/s over %s (%d arra%s, each read or written once)", bps / 1e9,
         human((double)t->bytes, h, sizeof h), t->narrays, t->narrays == 1 ? "y" : "ys");
  if (pykc_device_copy_bandwidth(t->cx, &copy) == PYKC_OK)
    printf(": %.1f%% of the device's copy bandwidth (%.1f GB/s)\n", 100 * bps / copy,
           copy / 1e9);
  else
    printf("; the device's copy bandwidth: %s\n", pykc_errmsg(t->cx));
}

/* Registers, local memory and static shared memory; the theoretical occupancy. */
static void print_kernel(const CliTime *t) {
  int regs, local, smem, blocks, sm;
  if (pykc_kernel_attr(t->k, PYKC_ATTR_NUM_REGS, &regs) ||
      pykc_kernel_attr(t->k, PYKC_ATTR_LOCAL_BYTES, &local) ||
      pykc_kernel_attr(t->k, PYKC_ATTR_SHARED_BYTES, &smem))
    printf("  kernel:    %s\n", pykc_errmsg(t->cx));
  else
    printf("  kernel:    %d registers, %d bytes of local memory per thread (spills), %d bytes "
           "of static shared memory\n", regs, local, smem);
  unsigned threads = t->block_threads;
  if (pykc_kernel_occupancy(t->k, threads, t->cfg->shared_mem, &blocks, &sm)) {
    printf("  occupancy: %s\n", pykc_errmsg(t->cx));
    return;
  }
  unsigned warps = (threads + WARP - 1) / WARP;
  printf("  occupancy: %.1f%% at %u threads per block (%d block%s per multiprocessor, of %d "
         "threads)\n", sm > 0 ? 100.0 * blocks * warps * WARP / sm : 0.0, threads, blocks,
         blocks == 1 ? "" : "s", sm);
}

int cli_time(const CliTime *t) {
  double *cpu_us = calloc((size_t)t->n, sizeof *cpu_us);
  double *gpu_us = calloc((size_t)t->n, sizeof *gpu_us);
  int rc = !cpu_us || !gpu_us ? cli_fail(RT_EFAIL, "out of memory for --time")
           : t->cpu           ? time_cpu(t, cpu_us)
                              : time_gpu(t, cpu_us, gpu_us);
  if (!rc) {
    Buf b = {0};
    char dev[32];
    per_item(&b, "CPU", cpu_us, t->n);
    snprintf(dev, sizeof dev, "GPU-%d", t->device);
    if (!t->cpu)
      per_item(&b, dev, gpu_us, t->n);
    printf("%-20s:%s\n", t->name, b.data ? b.data : "");
    buf_free(&b);
    printf("  launches:  %d timed, after %d warm-up launch%s\n", t->n,
           t->cpu ? CPU_WARMUP : GPU_WARMUP, (t->cpu ? CPU_WARMUP : GPU_WARMUP) == 1 ? "" : "es");
    if (t->cpu)
      printf("  GPU time, bandwidth, registers, spills, shared memory and occupancy need a GPU "
             "(the launches ran on the CPU backend)\n");
    else {
      print_bandwidth(t, stats_of(gpu_us, t->n).mean);
      print_kernel(t);
    }
  }
  free(cpu_us);
  free(gpu_us);
  return rc;
}
