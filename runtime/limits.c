/*
 * limits.c: CUDA's launch limits (block and grid extents, threads per block, dynamic
 * shared memory), which both backends apply, so that what runs on the CPU backend runs on
 * a GPU.
 */
#include "rt.h"

#include <stdio.h>

int rt_launch_check(const unsigned grid[3], const unsigned block[3], size_t shared,
                    size_t max_shared, char *err) {
  static const unsigned gmax[3] = {0x7fffffffu, 65535, 65535}, bmax[3] = {1024, 1024, 64};
  static const char axis[3] = {'x', 'y', 'z'};
  uint64_t n = (uint64_t)block[0] * block[1] * block[2];
  if (n == 0 || n > 1024) {
    snprintf(err, RT_ERRLEN, "invalid launch: block (%u,%u,%u) has %llu threads (a block has "
             "1 to 1024 threads)", block[0], block[1], block[2], (unsigned long long)n);
    return RT_EUSAGE;
  }
  for (int d = 0; d < 3; d++) {
    if (block[d] > bmax[d]) {
      snprintf(err, RT_ERRLEN, "invalid launch: block (%u,%u,%u): %c is %u, more than CUDA "
               "allows (block x, y <= 1024, z <= 64)", block[0], block[1], block[2], axis[d],
               block[d]);
      return RT_EUSAGE;
    }
    if (grid[d] == 0 || grid[d] > gmax[d]) {
      snprintf(err, RT_ERRLEN, "invalid launch: grid (%u,%u,%u): %c is %u (CUDA allows grid "
               "x 1 to 2147483647, y and z 1 to 65535)", grid[0], grid[1], grid[2], axis[d],
               grid[d]);
      return RT_EUSAGE;
    }
  }
  if (max_shared && shared > max_shared) {
    snprintf(err, RT_ERRLEN, "invalid launch: %zu bytes of dynamic shared memory, more than "
             "the %zu bytes a block can have", shared, max_shared);
    return RT_EUSAGE;
  }
  return 0;
}
