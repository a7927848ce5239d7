#!/bin/sh
# Issue 21 §5 on the GPU: saxpy over 1e8 float32 with map twins (docs/design.md §5.3)
# against the kernel as written (PYKC_MAP=0), the SASS of the twin beside nvcc's gs4, and
# Nsight Compute's view of each variant, the launch check's cost; then bench.py's kernel rows
# (unchanged otherwise).
#   sh bench/map21.sh        (after make and make python; needs CuPy, nvcc, cuobjdump, ncu)
cd "$(dirname "$0")/.." || exit 2
export PATH=/usr/local/cuda/bin:$PATH
echo "== bench/saxpy_bw.py, map twins on"
python3 bench/saxpy_bw.py || exit 1
echo "== bench/saxpy_bw.py, PYKC_MAP=0 (every launch as written)"
PYKC_MAP=0 python3 bench/saxpy_bw.py || exit 1
for t in 2 4 16; do
  echo "== bench/saxpy_bw.py, PYKC_MAP_TRIPS=$t (libpykc's rows)"
  PYKC_MAP_TRIPS=$t SAXPY_ROWS=libpykc,ElementwiseKernel python3 bench/saxpy_bw.py || exit 1
done
echo "== bench/saxpy_sass.sh"
sh bench/saxpy_sass.sh
echo "== bench/ncu_saxpy.sh (its ncu lines)"
sh bench/ncu_saxpy.sh 2>&1 | sed -n '/^ncu/,$p'
echo "== bench/map_check.c: the launch check's cost"
cc -std=c11 -O2 -Iruntime -Isrc -Iinclude bench/map_check.c build/libpykc_internal.a -ldl -lm \
  -o build/map_check && build/map_check
echo "== BENCH_ONLY=kernels bench/bench.py"
BENCH_ONLY=kernels python3 bench/bench.py
