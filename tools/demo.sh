#!/bin/sh
# make demo: compile an example to CUDA C and PTX, then JIT-run it (on the GPU when there
# is one; otherwise `pykc run` says so and uses the CPU backend).
set -e
cd "$(dirname "$0")/.."
ex=examples/saxpy.py
mkdir -p build/demo
echo "== pykc cuda $ex -o build/demo/saxpy.cu"
build/pykc cuda "$ex" -o build/demo/saxpy.cu
sed -n '1,40p' build/demo/saxpy.cu
echo "== pykc ptx $ex -o build/demo/saxpy.ptx"
build/pykc ptx "$ex" -o build/demo/saxpy.ptx
grep -m3 -E '^\.(version|target)|\.entry' build/demo/saxpy.ptx
run_args=$(sed -n '1s/^# run: //p' "$ex")
echo "== pykc run $ex $run_args --print out"
eval "build/pykc run \"\$ex\" $run_args --print out"
