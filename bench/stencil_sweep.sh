#!/bin/sh
# Issue 21 (GPU, about a minute, build/ carried; needs CuPy, nvcc, no re2c/lemon): the stencil
# 2-D of bench.py, pykc as written, its 2-D map twin at 1/2/4/8/16 rows per thread, the nvcc
# -O3 anchor and hand-written variants with several rows per thread (bench/ref/
# stencil2d_rows.cu), all in one process, taking turns (bench/stencil_sweep.py); then the
# kernel table of bench.py (BENCH_ONLY=kernels: the stencil, histogram and prime rows as
# `make bench` prints them), the SASS instruction counts of pykc's twin and nvcc's variants,
# and the e2e cases of 2-d twins (map2_mix, map2_inplace) on the GPU and the CPU.
#   sh bench/stencil_sweep.sh        (output: stdout; under $OUT or ./gpu-out two files:
#                                     sweep.log, bench-kernels.log)
cd "$(dirname "$0")/.." || exit 2
export PATH=/usr/local/cuda/bin:$PATH
O=${OUT:-gpu-out}; mkdir -p "$O"
find build -exec touch {} + 2>/dev/null           # carried: make must rebuild nothing
st=0
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,temperature.gpu,power.draw --format=csv 2>/dev/null
for i in 1 2; do
  echo "== bench/stencil_sweep.py, run $i"
  timeout 200 python3 bench/stencil_sweep.py 2>&1 | grep -v Warning | grep -v experimental |
    tee -a "$O/sweep.log" || st=1
done
for t in 1 2 4 8 16; do
  echo "== pykc run -v --time, PYKC_MAP_ROWS=$t"
  PYKC_MAP_ROWS=$t ./build/pykc run examples/stencil2d.py --kernel stencil2d --grid 256,256 \
    --block 16,16 --time=200 src=arange:float32:4096x4096 dst=zeros:float32:4096x4096 -v 2>&1 |
    grep -E 'launched|GPU-[0-9]+:' | sort | uniq -c || st=1
done
echo "== PYKC_MAP=0 pykc run (as written)"
PYKC_MAP=0 ./build/pykc run examples/stencil2d.py --kernel stencil2d --grid 256,256 --block 16,16 \
  --time=200 src=arange:float32:4096x4096 dst=zeros:float32:4096x4096 -v 2>&1 |
  grep -E 'launched|GPU-[0-9]+:' | sort | uniq -c || st=1
echo "== e2e: map2_mix, map2_inplace (2-d map twins) on the GPU and the CPU"
for c in map2_mix map2_inplace; do
  r=$(sed -n '1s/^# run: //p' "tests/e2e/$c.py")
  eval "./build/pykc run tests/e2e/$c.py $r -v" 2>&1 | grep launched
done
sh tests/e2e/run.sh --gpu map2_mix map2_inplace | tail -n 3
sh tests/e2e/run.sh map2_mix map2_inplace | tail -n 1
echo "== BENCH_ONLY=kernels bench/bench.py"
BENCH_ONLY=kernels timeout 240 python3 bench/bench.py 2>&1 | grep -v Warning |
  grep -v experimental | tee "$O/bench-kernels.log" || st=1
echo "== SASS instructions (cuobjdump -sass, without NOPs)"
S=$(mktemp -d)                                    # (not under $O: few files come back)
./build/pykc cubin examples/stencil2d.py --arch sm_90 -o "$S/stencil2d.cubin" \
  --sig 'stencil2d(float32[:, ::1], float32[:, ::1])' || st=1
nvcc -O3 -cubin -arch=sm_90 -o "$S/rows.cubin" bench/ref/stencil2d_rows.cu || st=1
for f in stencil2d.cubin rows.cubin; do
  cuobjdump -sass "$S/$f" > "$S/$f.sass" 2>&1 &&
    awk '/Function :/ {f=$3} /^ +\/\*[0-9a-f]+\*\// && !/NOP/ {n[f]++} END {for (k in n) print k, n[k]}' \
      "$S/$f.sass" | sort
done
rm -rf "$S"
exit $st
