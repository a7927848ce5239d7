/*
 * buf.c: Buf, the growable text buffer the emitters, the diagnostics and the runtime's
 * messages write into, and reading a source file into one. Out of memory inside a
 * protected call unwinds it (arena.c); outside one the buffer stops growing and sets its
 * oom flag, and buf_detach then gives NULL.
 */
#include "base.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Room for EXTRA more bytes and the NUL; false (b->oom set) when there is no memory
   outside a protected call. */
static bool buf_reserve(Buf *b, size_t extra) {
  if (b->oom)
    return false;
  if (b->len + extra + 1 <= b->cap)
    return true;
  size_t cap = b->cap ? b->cap : 256;
  while (cap < b->len + extra + 1)
    cap *= 2;
  char *p = realloc(b->data, cap);
  if (!p) {
    if (arena_oom_protected())
      arena_oom();
    b->oom = true;
    return false;
  }
  b->data = p;
  b->cap = cap;
  return true;
}

void buf_putn(Buf *b, const char *s, size_t n) {
  if (!buf_reserve(b, n))
    return;
  memcpy(b->data + b->len, s, n);
  b->len += n;
  b->data[b->len] = 0;
}

void buf_putc(Buf *b, char c) { buf_putn(b, &c, 1); }
void buf_puts(Buf *b, const char *s) { buf_putn(b, s, strlen(s)); }

void buf_vprintf(Buf *b, const char *fmt, va_list ap) {
  va_list ap2;
  va_copy(ap2, ap);
  int n = vsnprintf(NULL, 0, fmt, ap2);
  va_end(ap2);
  if (n < 0 || !buf_reserve(b, (size_t)n))
    return;
  vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
  b->len += (size_t)n;
}

void buf_printf(Buf *b, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  buf_vprintf(b, fmt, ap);
  va_end(ap);
}

void buf_put_comment(Buf *b, const char *s) {
  for (char prev = 0; *s; prev = *s++) {
    unsigned char ch = (unsigned char)*s;
    if (ch < 0x20 || ch == 0x7f || ch == '\\' || (ch == '/' && prev == '*') ||
        (ch == '?' && s[1] == '?'))
      buf_printf(b, "\\x%02x", ch);
    else
      buf_putc(b, (char)ch);
  }
}

void buf_put_cstring(Buf *b, const char *s) {
  for (; *s; s++) {
    unsigned char ch = (unsigned char)*s;
    if (ch == '"' || ch == '\\')
      buf_printf(b, "\\%c", ch);
    else if (ch < 0x20 || ch == 0x7f || (ch == '?' && s[1] == '?'))
      buf_printf(b, "\\%03o", ch);
    else
      buf_putc(b, (char)ch);
  }
}

char *buf_detach(Buf *b) {
  if (!b->data && buf_reserve(b, 0))
    b->data[0] = 0;
  char *p = b->oom ? NULL : b->data;
  if (b->oom)
    free(b->data);
  b->data = NULL;
  b->len = b->cap = 0;
  b->oom = false;
  return p;
}

int buf_read_file(Buf *b, const char *path) {
  bool in = strcmp(path, "-") == 0;
  int fd = in ? 0 : open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);  /* a FIFO must not block */
  if (fd < 0)
    return errno ? errno : EIO;
  struct stat st;
  int err = 0;
  if (!in && fstat(fd, &st) != 0)
    err = errno ? errno : EIO;
  else if (!in && S_ISDIR(st.st_mode))
    err = EISDIR;
  else if (!in && !S_ISREG(st.st_mode))           /* devices, FIFOs, sockets */
    err = BUF_ENOTREG;
  else if (!in && (uint64_t)st.st_size > BUF_MAX_FILE)
    err = BUF_ETOOBIG;
  char chunk[65536];
  while (!err) {
    ssize_t n = read(fd, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0)
      err = errno ? errno : EIO;
    else if (n == 0)
      break;
    else if (b->len + (size_t)n > BUF_MAX_FILE)    /* grew after fstat, or stdin */
      err = BUF_ETOOBIG;
    else
      buf_putn(b, chunk, (size_t)n);
  }
  if (!in)
    close(fd);
  if (!b->data && buf_reserve(b, 0))
    b->data[0] = 0;
  return b->oom ? ENOMEM : err;
}

const char *buf_read_strerror(int err) {
  if (err == BUF_ENOTREG)
    return "not a regular file";
  if (err == BUF_ETOOBIG)
    return "larger than the 256 MiB that pykc reads";
  return strerror(err);
}

void buf_free(Buf *b) {
  free(b->data);
  b->data = NULL;
  b->len = b->cap = 0;
  b->oom = false;
}
