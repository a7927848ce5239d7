/*
 * fuzz_npy.c: libFuzzer harness for the .npy reader (`make fuzz`). Each input is a file
 * handed to rt_npy_read (through a memfd, so no disk I/O); what it accepts is printed
 * NumPy-style (to /dev/null), written back with rt_npy_write and read again, and must
 * come back identical. A rejected input must leave a one-line message and nothing
 * allocated. Any crash, sanitizer report, leak or hang is a bug. Seeds: the .npy files
 * of tests/npy.
 */
#include "cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static FILE *devnull;

/* A memfd holding DATA; its /proc path in PATH. -1 if none could be made. */
static int memfile(const uint8_t *data, size_t size, char *path, size_t n) {
  int fd = memfd_create("fuzz.npy", 0);
  if (fd < 0)
    return -1;
  if (size && write(fd, data, size) != (ssize_t)size) {
    close(fd);
    return -1;
  }
  snprintf(path, n, "/proc/self/fd/%d", fd);
  return fd;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char path[64], err[RT_ERRLEN];
  if (!devnull && !(devnull = fopen("/dev/null", "w")))
    abort();
  int fd = memfile(data, size, path, sizeof path);
  if (fd < 0)
    return 0;
  NpyArray a;
  err[0] = 0;
  if (rt_npy_read(path, &a, err) != 0) {
    if (!err[0] || strchr(err, '\n') || a.data)
      abort();                                     /* every rejection says why, on one line */
    close(fd);
    return 0;
  }
  close(fd);
  rt_npy_print(devnull, "a", &a);
  int out = memfd_create("out.npy", 0);
  if (out >= 0) {
    snprintf(path, sizeof path, "/proc/self/fd/%d", out);
    NpyArray b;
    if (rt_npy_write(path, &a, err) || rt_npy_read(path, &b, err))
      abort();                                     /* what was read must write and re-read */
    if (b.dtype != a.dtype || b.ndim != a.ndim || b.nbytes != a.nbytes ||
        memcmp(b.shape, a.shape, sizeof a.shape) || (a.nbytes && memcmp(a.data, b.data, a.nbytes)))
      abort();
    rt_npy_free(&b);
    close(out);
  }
  rt_npy_free(&a);
  return 0;
}
