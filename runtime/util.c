/*
 * runtime/util.c: what the runtime modules and the CLI share: the one-line error writer
 * and verbose reports through the context's log callback, the monotonic clock,
 * reading a text file.
 */
#include "rt.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

void rt_errf(char *err, const char *fmt, ...) {
  if (!err) return;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(err, RT_ERRLEN, fmt, ap);
  va_end(ap);
}

void rt_logf(const RtLog *log, const char *fmt, ...) {
  if (!log || !log->fn)
    return;
  char line[RT_ERRLEN * 2];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(line, sizeof line, fmt, ap);
  va_end(ap);
  log->fn(log->user, line);
}

double rt_now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

bool rt_is_cu(const char *path) {
  size_t n = strlen(path);
  return n >= 3 && strcmp(path + n - 3, ".cu") == 0;
}

int rt_read_file(const char *path, char **data, size_t *len, char *err) {
  Buf b = {0};
  *data = NULL;
  *len = 0;
  int e = buf_read_file(&b, path);
  if (e) {
    rt_errf(err, "cannot read '%s': %s", path, buf_read_strerror(e));
    buf_free(&b);
    return e;
  }
  *len = b.len;
  *data = buf_detach(&b);
  return 0;
}

int rt_read_text(const char *path, char **out, char *err) {
  size_t len;
  if (rt_read_file(path, out, &len, err))
    return RT_EUSAGE;
  const char *nul = memchr(*out, 0, len);
  if (nul) {
    int line = 1, col = 1;
    for (const char *p = *out; p < nul; p++)
      *p == '\n' ? (line++, col = 1) : col++;
    rt_errf(err, "%s:%d:%d: error: a NUL byte (CUDA C++ source is text)", path, line, col);
    free(*out);
    *out = NULL;
    return RT_ESOURCE;
  }
  return 0;
}

const char *rt_attr_name(int attr) {
  static const char *const names[] = {
      [PYKC_ATTR_NUM_REGS] = "num_regs",
      [PYKC_ATTR_SHARED_BYTES] = "shared_size_bytes",
      [PYKC_ATTR_LOCAL_BYTES] = "local_size_bytes",
      [PYKC_ATTR_CONST_BYTES] = "const_size_bytes",
      [PYKC_ATTR_MAX_THREADS_PER_BLOCK] = "max_threads_per_block",
      [PYKC_ATTR_PTX_VERSION] = "ptx_version",
      [PYKC_ATTR_BINARY_VERSION] = "binary_version",
      [PYKC_ATTR_CACHE_MODE_CA] = "cache_mode_ca",
      [PYKC_ATTR_MAX_DYNAMIC_SHARED_BYTES] = "max_dynamic_shared_size_bytes",
      [PYKC_ATTR_PREFERRED_SHARED_CARVEOUT] = "preferred_shared_memory_carveout",
  };
  return attr >= 0 && attr < (int)(sizeof names / sizeof *names) ? names[attr] : NULL;
}
