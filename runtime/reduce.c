/*
 * runtime/reduce.c: the launch shape of a reduction (src/reduce.h's red_choose), a pure
 * function of the sizes, so that a float reduction combines in the same order on every
 * run and every device.
 *
 * The rules aim at about TARGET_BLOCKS blocks of RED_BLOCK threads (one resident wave on
 * an H100 or H200: 132 SMs x 8 blocks of 256 threads) and at least 16 elements per
 * thread, enough loads in flight to hide the memory latency:
 *   - the reduced axis fast (or one output): G = 32..128 threads per output (about 16
 *     elements each) when that alone gives TARGET_BLOCKS / 2 blocks (RED_ROWS); otherwise
 *     each output split over gridDim.x blocks (RED_SPLIT);
 *   - the kept axis fast: tiles of 32 outputs, the reduced axis split over gridDim.y
 *     blocks until the grid has TARGET_BLOCKS blocks (RED_COLS).
 * The scratch capacities of reduce.h bound the splits.
 */
#include "../src/reduce.h"

#define TARGET_BLOCKS 1024
#define MIN_PER_THREAD 16

static int64_t cdiv(int64_t a, int64_t b) { return (a + b - 1) / b; }
static int64_t clamp64(int64_t v, int64_t lo, int64_t hi) { return v < lo ? lo : v > hi ? hi : v; }

RedLaunch red_choose(int64_t out_size, int64_t red_size, bool reduce_fast) {
  RedLaunch l = {RED_SPLIT, {1, 1, 1}, {RED_BLOCK, 1, 1}};
  if (out_size < 1)
    out_size = 1;
  if (out_size > 1 && !reduce_fast) {
    int64_t tiles = cdiv(out_size, 32), warps = RED_BLOCK / 32, s = 1;
    if (tiles <= RED_COUNTERS)
      s = clamp64(cdiv(TARGET_BLOCKS, tiles), 1,
                  clamp64(cdiv(red_size, warps * MIN_PER_THREAD), 1, RED_PARTIALS / out_size));
    l.strategy = RED_COLS;
    l.grid[0] = (unsigned)clamp64(tiles, 1, INT32_MAX);
    l.grid[1] = (unsigned)clamp64(s, 1, 65535);
    l.block[0] = 32;
    l.block[2] = (unsigned)warps;
    return l;
  }
  int64_t group = 32;
  while (group < RED_BLOCK / 2 && group * MIN_PER_THREAD < red_size)
    group *= 2;
  int64_t per_block = RED_BLOCK / group, row_blocks = cdiv(out_size, per_block);
  if (out_size > 1 && (row_blocks >= TARGET_BLOCKS / 2 || out_size > RED_COUNTERS)) {
    l.strategy = RED_ROWS;
    l.grid[0] = (unsigned)clamp64(row_blocks, 1, INT32_MAX);
    l.block[0] = (unsigned)group;
    l.block[1] = (unsigned)per_block;
    return l;
  }
  int64_t x = clamp64(cdiv(TARGET_BLOCKS, out_size), 1, cdiv(red_size, RED_BLOCK * MIN_PER_THREAD));
  l.grid[0] = (unsigned)clamp64(x, 1, RED_PARTIALS / out_size);
  l.grid[1] = (unsigned)clamp64(out_size, 1, 65535);
  return l;
}
