/*
 * src/buf.h: the growable byte buffer (arena.c), shared by the compiler (emitters,
 * diagnostics) and the runtime (messages, command lines).
 */
#ifndef PYKC_BUF_H
#define PYKC_BUF_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

/* Growable byte buffer (malloc'd). Out of memory inside a protected call (driver.c)
   unwinds it; outside one the buffer stops growing and sets oom (its text may be cut
   short: check oom before using it), and buf_detach gives NULL. */
typedef struct Buf {
  char *data;
  size_t len, cap;
  bool oom;
} Buf;
void buf_putc(Buf *b, char c);
void buf_puts(Buf *b, const char *s);
void buf_putn(Buf *b, const char *s, size_t n);
void buf_printf(Buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void buf_vprintf(Buf *b, const char *fmt, va_list ap);
/* Appends the file's bytes ("-": stdin); 0, or an errno value (ENOMEM when out of
   memory). NUL-terminated unless out of memory. */
int buf_read_file(Buf *b, const char *path);
char *buf_detach(Buf *b);                           /* NUL-terminated, caller frees */
void buf_free(Buf *b);

#endif
