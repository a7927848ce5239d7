/*
 * arena.c: the compilation's memory. One arena per compilation, freed at once; names
 * are interned so they compare by pointer.
 *
 * Out of memory is Lua's luaM_error: the failed allocation longjmps (with UNIT_OOM) to
 * the innermost protected call of this thread (driver.c's unit_protect, which sets the
 * target with arena_set_oom), and the call comes back as an out-of-memory status
 * (PYKC_ERR_NOMEM at the API). Arena allocations happen only under such a call. A Buf
 * written outside one (the runtime's messages and command lines) does not jump: it stops
 * growing and sets its oom flag, and buf_detach then gives NULL.
 */
#include "base.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
_Noreturn void arena_oom(void) {
  if (oom_target)
    longjmp(*oom_target, UNIT_OOM);
  __builtin_trap();
}

static void *xmalloc(size_t n) {
  void *p = malloc(n);
  if (!p)
    arena_oom();
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

bool arena_oom_protected(void) { return oom_target != NULL; }
