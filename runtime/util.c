/*
 * runtime/util.c: what the runtime modules and the CLI share: the one-line error writer,
 * verbose reports through the context's log callback, and float16 conversions (round to nearest even, as the GPU's __float2half_rn).
 */
#include "rt.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>

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

