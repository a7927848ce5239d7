/*
 * ptrset.c: a set of pointers (open addressing; NULL empty, TOMB removed): what a CPU
 * context handed out as memory or streams, so that freeing anything else is an error, not
 * a crash, and pykc_free releases what is left.
 */
#include "rt.h"

#include <stdlib.h>
#include <string.h>

#define TOMB ((void *)&ptrset_tomb)
static char ptrset_tomb;

static size_t ptr_hash(const void *p) {
  uint64_t x = (uint64_t)(uintptr_t)p;
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdull;
  return (size_t)(x ^ x >> 33);
}

/* The slot holding P, or the empty slot where it would go. */
static void **ptrset_slot(const PtrSet *s, const void *p) {
  void **tomb = NULL;
  for (size_t i = ptr_hash(p) & (s->cap - 1);; i = (i + 1) & (s->cap - 1)) {
    void **sl = &s->slots[i];
    if (*sl == p)
      return sl;
    if (!*sl)
      return tomb ? tomb : sl;
    if (*sl == TOMB && !tomb)
      tomb = sl;
  }
}

bool rt_ptrset_has(const PtrSet *s, const void *p) {
  return s->cap && p && *ptrset_slot(s, p) == p;
}

/* Adds P (not NULL, not yet in S); false when out of memory. */
bool rt_ptrset_add(PtrSet *s, void *p) {
  if ((s->used + 1) * 2 > s->cap) {
    PtrSet n = {.cap = 16};
    while (n.cap < s->count * 4)                   /* a power of two */
      n.cap *= 2;
    if (!(n.slots = calloc(n.cap, sizeof *n.slots)))
      return false;
    for (size_t i = 0; i < s->cap; i++)
      if (s->slots[i] && s->slots[i] != TOMB)
        *ptrset_slot(&n, s->slots[i]) = s->slots[i], n.count++;
    n.used = n.count;
    free(s->slots);
    *s = n;
  }
  void **sl = ptrset_slot(s, p);
  s->used += !*sl;
  *sl = p;
  s->count++;
  return true;
}

/* Removes P; false if it was not there. */
bool rt_ptrset_remove(PtrSet *s, const void *p) {
  if (!rt_ptrset_has(s, p))
    return false;
  *ptrset_slot(s, p) = TOMB;
  s->count--;
  return true;
}

/* Frees every pointer in S, and S. */
void rt_ptrset_free_all(PtrSet *s) {
  for (size_t i = 0; i < s->cap; i++)
    if (s->slots[i] && s->slots[i] != TOMB)
      free(s->slots[i]);
  free(s->slots);
  memset(s, 0, sizeof *s);
}
