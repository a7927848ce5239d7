/*
 * runtime/guard.c: memory between guard pages.
 *
 * The CPU backend runs kernels in pykc's own process, so a kernel that writes past the
 * end of an array would corrupt the heap and die later in a glibc abort with no kernel
 * name. The arrays `pykc run` allocates and the CPU backend's dynamic shared memory live
 * instead in their own mapping: a PROT_NONE page, the data's pages, a PROT_NONE page,
 * with the data's end against the upper guard. An overrun is then a SIGSEGV at the
 * faulting write, which fiber.c reports with the kernel, block and thread. The data's
 * start keeps the alignment of its size (sizes are multiples of the item size). Each
 * guard is GUARD_SPAN of address space (reserved, never backed by memory), so that a
 * far index (x[i + 1000000]) faults too instead of reaching another mapping.
 */
#include "rt.h"

#include <stdint.h>
#include <sys/mman.h>
#include <unistd.h>

#define GUARD_SPAN ((size_t)1 << 30)                /* 1 GiB below and above */

static size_t page_size(void) {
  long p = sysconf(_SC_PAGESIZE);
  return p > 0 ? (size_t)p : 4096;
}

/* The guard's size: GUARD_SPAN where the address space has room for it, else a page. */
static size_t guard_of(void) { return sizeof(void *) >= 8 ? GUARD_SPAN : page_size(); }

void *rt_guarded_alloc(size_t n) {
  size_t pg = page_size(), gd = guard_of(), body = (n + pg - 1) / pg * pg;
  if (body < n || body > SIZE_MAX - 2 * gd)
    return NULL;
  char *map = mmap(NULL, body + 2 * gd, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
                   -1, 0);
  if (map == MAP_FAILED)
    return NULL;
  if (body && mprotect(map + gd, body, PROT_READ | PROT_WRITE) != 0) {
    munmap(map, body + 2 * gd);
    return NULL;
  }
  return map + gd + (body - n);
}

void rt_guarded_free(void *p, size_t n) {
  if (!p)
    return;
  size_t pg = page_size(), gd = guard_of(), body = (n + pg - 1) / pg * pg;
  munmap((char *)((uintptr_t)p / pg * pg) - gd, body + 2 * gd);
}
