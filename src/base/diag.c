/*
 * diag.c: the one diagnostic format. Messages are rendered into ctx->diags (the library
 * never prints); the CLI writes them to stderr. Every error carries the source line and
 * a caret under the column, '~' under the rest of the span.
 */
#include "base.h"

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
  buf_free(&c->diags);
  arena_free(&c->arena);
}

/* Finds line `line` (1-based) of the source: start pointer and length without EOL. */
static const char *source_line(const Source *s, uint32_t line, size_t *len) {
  const char *p = s->text, *end = s->text + s->len;
  for (uint32_t l = 1; l < line && p < end; p++)  /* line ends: \n, \r\n or \r alone */
    if (*p == '\n' || (*p == '\r' && (p + 1 == end || p[1] != '\n')))
      l++;
  const char *q = p;
  while (q < end && *q != '\n' && *q != '\r' && *q != 0)
    q++;
  *len = (size_t)(q - p);
  return p;
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
  const char *line = source_line(c->src, loc.line, &n);
  buf_puts(b, "    ");
  buf_putn(b, line, n);
  buf_puts(b, "\n    ");
  size_t col = loc.col ? loc.col - 1 : 0;
  if (col > n)
    col = n;
  for (size_t i = 0; i < col; i++)
    buf_putc(b, line[i] == '\t' ? '\t' : ' ');
  buf_putc(b, '^');
  size_t span = loc.len ? loc.len : 1;
  for (size_t i = 1; i < span && col + i < n; i++)
    buf_putc(b, '~');
  buf_putc(b, '\n');
}

void diag_error(Ctx *c, Loc loc, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  render(c, loc, "error", fmt, ap);
  va_end(ap);
  c->nerrors++;
  if (c->max_errors && c->nerrors >= c->max_errors && c->fatal)
    longjmp(*c->fatal, 1);
}

void diag_warning(Ctx *c, Loc loc, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  render(c, loc, "warning", fmt, ap);
  va_end(ap);
  c->nwarnings++;
}

_Noreturn void diag_fatal(Ctx *c, Loc loc, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  render(c, loc, "error", fmt, ap);
  va_end(ap);
  c->nerrors++;
  if (c->fatal)
    longjmp(*c->fatal, UNIT_FATAL);
  __builtin_trap(); /* a phase ran without the driver's protection: a pykc bug */
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
