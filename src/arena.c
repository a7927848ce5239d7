/*
 * arena.c: the compilation's memory. One arena per compilation, freed at once; names
 * are interned so they compare by pointer; Buf is the growable text buffer that the
 * emitters and the diagnostics write into.
 *
 * Out of memory is Lua's luaM_error: the failed allocation longjmps (with UNIT_OOM) to
 * the innermost protected call of this thread (driver.c's unit_protect, which sets the
 * target with arena_set_oom), and the call comes back as an out-of-memory status
 * (PYKC_ERR_NOMEM at the API). Arena allocations happen only under such a call. A Buf
 * written outside one (the runtime's messages and command lines) does not jump: it stops
 * growing and sets its oom flag, and buf_detach then gives NULL.
 */
#include "pykc.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct ArenaBlock {
  ArenaBlock *next;
  size_t used, cap;
  _Alignas(16) unsigned char data[];
};

enum { ARENA_BLOCK = 64 * 1024 };

static _Thread_local jmp_buf *oom_target;          /* the innermost protected call */

jmp_buf *arena_set_oom(jmp_buf *target) {
  jmp_buf *old = oom_target;
  oom_target = target;
  return old;
}

/* Unwinds to the protected call. Arena allocations are never made outside one (the
   driver protects every phase and unit_new), so the trap marks a pykc bug. */
static _Noreturn void out_of_memory(void) {
  if (oom_target)
    longjmp(*oom_target, UNIT_OOM);
  __builtin_trap();
}

static void *xmalloc(size_t n) {
  void *p = malloc(n);
  if (!p)
    out_of_memory();
  return p;
}

void *arena_alloc(Arena *a, size_t n) {
  n = (n + 15) & ~(size_t)15;
  ArenaBlock *b = a->head;
  if (!b || b->cap - b->used < n) {
    size_t cap = n > ARENA_BLOCK ? n : ARENA_BLOCK;
    b = xmalloc(sizeof *b + cap);
    b->used = 0;
    b->cap = cap;
    b->next = a->head;
    a->head = b;
  }
  void *p = b->data + b->used;
  b->used += n;
  memset(p, 0, n);
  return p;
}

char *arena_strndup(Arena *a, const char *s, size_t n) {
  char *p = arena_alloc(a, n + 1);
  memcpy(p, s, n);
  p[n] = 0;
  return p;
}

char *arena_printf(Arena *a, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  char *p = arena_alloc(a, (size_t)n + 1);
  va_start(ap, fmt);
  vsnprintf(p, (size_t)n + 1, fmt, ap);
  va_end(ap);
  return p;
}

void arena_free(Arena *a) {
  for (ArenaBlock *b = a->head, *next; b; b = next) {
    next = b->next;
    free(b);
  }
  a->head = NULL;
}

/* ---- interned names (FNV-1a, open addressing) ---- */

static uint64_t hash_bytes(const char *s, size_t n) {
  uint64_t h = 1469598103934665603ull;
  for (size_t i = 0; i < n; i++)
    h = (h ^ (unsigned char)s[i]) * 1099511628211ull;
  return h;
}

static void intern_grow(Interner *in) {
  size_t cap = in->cap ? in->cap * 2 : 256;
  const char **slots = arena_alloc(in->arena, cap * sizeof *slots);
  for (size_t i = 0; i < in->cap; i++) {
    const char *s = in->slots[i];
    if (!s)
      continue;
    size_t j = hash_bytes(s, strlen(s)) & (cap - 1);
    while (slots[j])
      j = (j + 1) & (cap - 1);
    slots[j] = s;
  }
  in->slots = slots;
  in->cap = cap;
}

const char *intern(Interner *in, const char *s, size_t len) {
  if (2 * (in->count + 1) > in->cap)
    intern_grow(in);
  size_t j = hash_bytes(s, len) & (in->cap - 1);
  for (const char *t; (t = in->slots[j]); j = (j + 1) & (in->cap - 1))
    if (strncmp(t, s, len) == 0 && t[len] == 0)
      return t;
  in->count++;
  return in->slots[j] = arena_strndup(in->arena, s, len);
}

const char *intern_cstr(Interner *in, const char *s) { return intern(in, s, strlen(s)); }

/* ---- Buf ---- */

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
    if (oom_target)
      out_of_memory();
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
