// Hand-written reference for examples/cub_block_reduce.py: the shared-memory tree and warp
// shuffles of bench/ref/block_reduce.cu (nvcc -O3), under this benchmark's name.
#define block_reduce cub_block_reduce
#include "block_reduce.cu"
