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
/* Appends the file's bytes ("-": stdin); 0, an errno value (ENOMEM when out of memory)
   or a BUF_E* code (negative). NUL-terminated unless out of memory. Only regular files
   (and stdin) are read, never more than BUF_MAX_FILE bytes: a FIFO would block and
   /dev/zero would exhaust memory. 256 MiB is five times the largest real source seen (a
   50 MB host file with one kernel), far below the 4 GiB where the lexer's 32-bit token
   offsets would wrap, and bounds the arena. */
#define BUF_MAX_FILE ((size_t)256 << 20)
enum { BUF_ENOTREG = -1, BUF_ETOOBIG = -2 };
int buf_read_file(Buf *b, const char *path);
const char *buf_read_strerror(int err);             /* strerror, knowing the BUF_E* codes */
/* Appends S for the inside of a C comment (a file name): control characters, '\\', a '/'
   after a '*' and the first '?' of "??" (a trigraph) become \xNN, so that S cannot end
   the comment, continue it onto the next line, or start code. */
void buf_put_comment(Buf *b, const char *s);
/* Appends S for the inside of a C string literal (a #line file name): '"' and '\\'
   escaped, control characters and the first '?' of "??" as octal escapes. */
void buf_put_cstring(Buf *b, const char *s);
char *buf_detach(Buf *b);                           /* NUL-terminated, caller frees */
void buf_free(Buf *b);

#endif
