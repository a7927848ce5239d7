/*
 * cpu/hostguard.c: a CPU launch on the caller's memory cannot corrupt the host.
 *
 * The CPU backend runs kernels in the caller's process, on the caller's buffers (NumPy
 * arrays, malloc'd memory): a write past an array would overwrite malloc's metadata or a
 * neighbour and the process would die later in unrelated code (issue 18 §2). So every
 * array argument of a CPU launch runs on a copy between guard pages (guard.c): the span
 * of bytes its shape and strides reach is copied in, with its end against the upper
 * guard page, and the rest of its lowest page is filled with a canary. A kernel that
 * steps past the end faults at the guard, which fiber.c reports with the kernel, block
 * and thread; one that writes below the start changes the canary, which is reported after
 * the grid. Arguments whose spans overlap (an in-place x and out) share one copy. After
 * the grid each copy goes back where its bytes changed (a read-only input that the
 * kernel only read is never written to; one marked PYKC_ARRAY_READONLY that the kernel
 * wrote is an error, and its memory stays as it was). The mappings are kept for the next launches (a
 * few, up to POOL_BYTES in all), so that a launch costs its two copies, not a mapping and
 * page faults per argument (bench/host_calls.py gives the figures).
 * PYKC_CPU_GUARD=0 turns it off (the kernel then runs on the caller's memory).
 */
#include "cpu.h"

#include <inttypes.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

enum { CANARY = 0xA5, POOL = 16 };
#define POOL_BYTES ((size_t)256 << 20)             /* kept mappings, in all */
#define POOL_ONE ((size_t)64 << 20)                /* the largest one kept */

/* Guarded mappings kept between launches: BODY bytes (a multiple of the page) at BASE. */
static struct {
  char *base;
  size_t body;
} pool[POOL];
static size_t pooled;
static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;

static size_t page(void) {
  long p = sysconf(_SC_PAGESIZE);
  return p > 0 ? (size_t)p : 4096;
}

/* A guarded mapping of at least LEN bytes (*body: its size): a kept one not more than
   twice as large, else a new one. */
static char *map_get(size_t len, size_t *body) {
  size_t pg = page(), need = (len + pg - 1) / pg * pg;
  int best = -1;
  pthread_mutex_lock(&pool_lock);
  for (int i = 0; i < POOL; i++)
    if (pool[i].base && pool[i].body >= need && pool[i].body <= 2 * need + pg &&
        (best < 0 || pool[i].body < pool[best].body))
      best = i;
  char *base = NULL;
  if (best >= 0) {
    base = pool[best].base, *body = pool[best].body;
    pooled -= pool[best].body;
    pool[best].base = NULL;
  }
  pthread_mutex_unlock(&pool_lock);
  if (!base && (base = rt_guarded_alloc(need)))
    *body = need;
  return base;
}

static void map_put(char *base, size_t body) {
  pthread_mutex_lock(&pool_lock);
  for (int i = 0; i < POOL && base; i++)
    if (!pool[i].base && body <= POOL_ONE && pooled + body <= POOL_BYTES) {
      pool[i].base = base, pool[i].body = body;
      pooled += body;
      base = NULL;
    }
  pthread_mutex_unlock(&pool_lock);
  if (base)
    rt_guarded_free(base, body);
}

/* The bytes array A reaches, as offsets [*lo, *hi) from its data pointer: 1; 0 when it
   reaches nothing (an empty array); -1 when they overflow int64 (strides no memory has). */
static int span_of(const pykc_arg *a, int64_t *lo, int64_t *hi) {
  int64_t item = rt_itemsize(a), stride = item, l = 0, h = item, step;
  for (int d = a->ndim - 1; d >= 0; d--) {
    int64_t n = a->shape[d], s = a->strides ? a->strides[d] : stride;
    if (n <= 0)
      return 0;
    if (__builtin_mul_overflow(n - 1, s, &step) ||
        __builtin_add_overflow(s < 0 ? l : h, step, s < 0 ? &l : &h) ||
        __builtin_mul_overflow(s, n, &stride))
      return -1;
  }
  *lo = l;
  *hi = h;
  return 1;
}

/* Are the LEN bytes at P all mapped in this process? (An array's pointer comes from the
   caller: a broken __array_interface__, or a buffer freed under it, would crash the
   copy; mincore fails with ENOMEM on any page that is not mapped.) */
static bool mapped(const char *p, size_t len) {
  size_t pg = page();
  uintptr_t a = (uintptr_t)p & ~(uintptr_t)(pg - 1), end = (uintptr_t)p + len;
  if (end < (uintptr_t)p)
    return false;
  unsigned char vec[4096];
  while (a < end) {
    size_t n = (end - a + pg - 1) / pg;
    if (n > sizeof vec)
      n = sizeof vec;
    if (mincore((void *)a, n * pg, vec) != 0)
      return false;
    a += n * pg;
  }
  return true;
}

bool rt_host_guard_on(void) {
  const char *v = getenv("PYKC_CPU_GUARD");
  return !(v && !strcmp(v, "0"));
}

int rt_host_guard(RtHostGuard *h, pykc_arg *args, int nargs, char *err) {
  h->n = 0;
  int group[RT_MAXPARAMS];
  char *lo[RT_MAXPARAMS], *hi[RT_MAXPARAMS];
  for (int i = 0; i < nargs; i++) {
    group[i] = -1;
    int64_t l = 0, u = 0;
    int sp = 0;
    if (!args[i].is_array || !args[i].data || !rt_dtype_ok(&args[i]) || !(sp = span_of(&args[i], &l, &u)))
      continue;
    uintptr_t at = (uintptr_t)args[i].data, from = at + (uintptr_t)l, to = at + (uintptr_t)u;
    if (sp < 0 || from > at || to < at || !mapped((const char *)from, to - from)) {
      char bytes[32] = "more than 2^63";             /* the span overflowed */
      if (sp > 0)
        snprintf(bytes, sizeof bytes, "%" PRIu64, (uint64_t)u - (uint64_t)l);
      rt_errf(err, "argument %d's memory (%s bytes from %#" PRIxPTR ") is not mapped in this "
              "process (a wrong data pointer or strides, or a freed buffer)", i + 1, bytes, from);
      return RT_EUSAGE;
    }
    lo[i] = (char *)from, hi[i] = (char *)to;
    for (int g = 0; g < h->n && group[i] < 0; g++)
      if (lo[i] < h->g[g].orig + h->g[g].len && h->g[g].orig < hi[i])
        group[i] = g;                              /* overlaps: one copy for both */
    if (group[i] < 0) {
      group[i] = h->n++;
      h->g[group[i]] = (RtGuardSpan){.orig = lo[i], .len = (size_t)(hi[i] - lo[i]), .arg = i};
    }
    RtGuardSpan *s = &h->g[group[i]];              /* the union of the spans */
    if (args[i].is_array == PYKC_ARRAY_READONLY && !s->ro)
      s->ro = i + 1;
    char *a = lo[i] < s->orig ? lo[i] : s->orig, *b = hi[i] > s->orig + s->len ? hi[i] : s->orig + s->len;
    s->orig = a, s->len = (size_t)(b - a);
  }
  for (int g = 0; g < h->n; g++) {
    RtGuardSpan *s = &h->g[g];
    s->base = map_get(s->len, &s->body);
    if (!s->base) {
      rt_host_unguard(h, NULL, NULL, NULL);
      rt_errf(err, "out of memory (a guarded copy of %zu bytes)", s->len);
      return RT_EFAIL;
    }
    s->below = s->body - s->len;                   /* the end against the upper guard */
    s->copy = s->base + s->below;
    memcpy(s->copy, s->orig, s->len);
    memset(s->base, CANARY, s->below);
  }
  for (int i = 0; i < nargs; i++)
    if (group[i] >= 0)
      args[i].data = h->g[group[i]].copy + ((char *)args[i].data - h->g[group[i]].orig);
  return 0;
}

int rt_host_unguard(RtHostGuard *h, const char *kernel, const char *const *names, char *err) {
  int rc = 0;
  for (int g = 0; g < h->n; g++) {
    RtGuardSpan *s = &h->g[g];
    if (!s->base)
      continue;
    if (kernel) {
      size_t k = 0;
      while (k < s->below && (unsigned char)s->copy[-(ptrdiff_t)s->below + (ptrdiff_t)k] == CANARY)
        k++;
      if (k < s->below && !rc) {
        rt_errf(err, "kernel '%s' wrote out of bounds: %zu bytes before the start of argument "
                "'%s' (below the array the block and thread are not known; --debug checks "
                "indices)", kernel, s->below - k, names && names[s->arg] ? names[s->arg] : "?");
        rc = RT_EFAIL;
      }
      bool written = memcmp(s->orig, s->copy, s->len) != 0;
      if (written && s->ro && !rc) {
        rt_errf(err, "kernel '%s' wrote to argument '%s', a read-only array (its memory is "
                "unchanged)", kernel, names && names[s->ro - 1] ? names[s->ro - 1] : "?");
        rc = RT_EUSAGE;
      } else if (written && !s->ro) {              /* its bytes go back */
        memcpy(s->orig, s->copy, s->len);
      }
    }
    map_put(s->base, s->body);
    s->base = s->copy = NULL;
  }
  h->n = 0;
  return rc;
}
