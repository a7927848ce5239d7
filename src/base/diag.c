/*
 * diag.c: the one diagnostic format. Messages are rendered into ctx->diags (the library
 * never prints); the CLI writes them to stderr. Every error carries the source line (of a
 * long line, 200 bytes around the column, '...' at the cut ends) and a caret under the
 * column, '~' under the rest of the span.
 */
#include "base.h"

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void ctx_init(Ctx *c, const Source *src, const Options *opt) {
  memset(c, 0, sizeof *c);
  c->names.arena = &c->arena;
  c->src = src;
  if (opt)
    c->opt = *opt;
  c->max_errors = 20;
}

void ctx_free(Ctx *c) {
  free(c->line_starts);
  buf_free(&c->diags);
  arena_free(&c->arena);
}

/* Where each line of the source starts (line ends: \n, \r\n or \r alone), made once, so
   that rendering a message costs its own length, not the file's. False when out of
   memory (then the line is found by scanning). */
static bool index_lines(Ctx *c) {
  if (c->line_starts)
    return true;
  const Source *s = c->src;
  if (s->len >= UINT32_MAX)
    return false;
  uint32_t n = 1;
  for (size_t i = 0; i < s->len; i++)
    n += s->text[i] == '\n' || (s->text[i] == '\r' && (i + 1 == s->len || s->text[i + 1] != '\n'));
  uint32_t *at = malloc(sizeof *at * n);
  if (!at)
    return false;
  at[0] = 0;
  n = 1;
  for (size_t i = 0; i < s->len; i++)
    if (s->text[i] == '\n' || (s->text[i] == '\r' && (i + 1 == s->len || s->text[i + 1] != '\n')))
      at[n++] = (uint32_t)(i + 1);
  c->line_starts = at;
  c->nlines = n;
  return true;
}

/* Finds line `line` (1-based) of the source: start pointer and length without EOL. */
static const char *source_line(Ctx *c, uint32_t line, size_t *len) {
  const Source *s = c->src;
  const char *p = s->text, *end = s->text + s->len;
  if (index_lines(c))
    p = line <= c->nlines ? s->text + c->line_starts[line - 1] : end;
  else
    for (uint32_t l = 1; l < line && p < end; p++)
      if (*p == '\n' || (*p == '\r' && (p + 1 == end || p[1] != '\n')))
        l++;
  const char *q = p;
  while (q < end && *q != '\n' && *q != '\r' && *q != 0)
    q++;
  *len = (size_t)(q - p);
  return p;
}

/* The part of a LINE of N bytes that a diagnostic quotes: all of it, or for a line longer
   than QUOTE_MAX bytes (a generated expression 100 KB long) a window around COL, cut at
   UTF-8 character boundaries; [*FROM, *TO). */
static void quote_window(const char *line, size_t n, size_t col, size_t *from, size_t *to) {
  enum { QUOTE_MAX = 200, QUOTE_BEFORE = 80 };
  *from = 0, *to = n;
  if (n <= QUOTE_MAX)
    return;
  size_t f = col > QUOTE_BEFORE ? col - QUOTE_BEFORE : 0;
  while (f > 0 && ((unsigned char)line[f] & 0xC0) == 0x80)
    f--;
  size_t t = n - f > QUOTE_MAX ? f + QUOTE_MAX : n;
  while (t < n && ((unsigned char)line[t] & 0xC0) == 0x80)
    t++;
  *from = f, *to = t;
}

static void render(Ctx *c, Loc loc, const char *kind, const char *fmt, va_list ap) {
  Buf *b = &c->diags;
  const char *file = c->src ? c->src->name : "<input>";
  buf_printf(b, "%s:%u:%u: %s: ", file, loc.line, loc.col, kind);
  buf_vprintf(b, fmt, ap);
  buf_putc(b, '\n');
  if (!c->src || loc.line == 0)
    return;
  size_t n;
  const char *line = source_line(c, loc.line, &n);
  size_t col = loc.col ? loc.col - 1 : 0;
  if (col > n)
    col = n;
  size_t from, to;
  quote_window(line, n, col, &from, &to);
  buf_puts(b, from ? "    ..." : "    ");
  buf_putn(b, line + from, to - from);
  buf_puts(b, to < n ? "...\n    " : "\n    ");
  if (from)
    buf_puts(b, "   ");
  for (size_t i = from; i < col; i++)
    buf_putc(b, line[i] == '\t' ? '\t' : ' ');
  buf_putc(b, '^');
  size_t span = loc.len ? loc.len : 1;
  for (size_t i = 1; i < span && col + i < to; i++)
    buf_putc(b, '~');
  buf_putc(b, '\n');
}

void diag_error(Ctx *c, Loc loc, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  if (!c->discard)
    render(c, loc, "error", fmt, ap);
  va_end(ap);
  c->nerrors++;
  if (c->max_errors && c->nerrors >= c->max_errors && c->fatal)
    longjmp(*c->fatal, 1);
}

void diag_warning(Ctx *c, Loc loc, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  if (!c->discard)
    render(c, loc, "warning", fmt, ap);
  va_end(ap);
  c->nwarnings++;
}

_Noreturn void diag_fatal(Ctx *c, Loc loc, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  if (!c->discard)
    render(c, loc, "error", fmt, ap);
  va_end(ap);
  c->nerrors++;
  if (c->fatal)
    longjmp(*c->fatal, UNIT_FATAL);
  __builtin_trap(); /* a phase ran without the driver's protection: a pykc bug */
}

/* The stack of this thread: its lowest address and the lowest the front end may use
   (a margin above it), found once per thread; both 0 when unknown (no check). */
static _Thread_local uintptr_t stack_lo, stack_floor;
static _Thread_local bool stack_known;

static void find_stack(void) {
  pthread_attr_t a;
  void *lo;
  size_t size;
  stack_known = true;
  if (pthread_getattr_np(pthread_self(), &a))
    return;
  int r = pthread_attr_getstack(&a, &lo, &size);
  pthread_attr_destroy(&a);
  if (r || !size)
    return;
  size_t margin = size / 4 < 256 * 1024 ? size / 4 : 256 * 1024;
  stack_lo = (uintptr_t)lo;
  stack_floor = (uintptr_t)lo + margin;
}

bool diag_stack_low(void) {
  if (!stack_known)
    find_stack();
  uintptr_t here = (uintptr_t)__builtin_frame_address(0);
  return here >= stack_lo && here < stack_floor;   /* not on another stack (a fiber's) */
}

void diag_deep(Ctx *c, Loc loc, const char *what) {
  if (diag_stack_low())
    diag_fatal(c, loc, "%s nested too deeply (the compiler's stack is used up; CPython "
               "stops such code with a RecursionError too)", what);
}

void diag_plain(Ctx *c, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  buf_puts(&c->diags, "pykc: error: ");
  buf_vprintf(&c->diags, fmt, ap);
  buf_putc(&c->diags, '\n');
  va_end(ap);
  c->nerrors++;
}
