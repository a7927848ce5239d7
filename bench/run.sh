#!/bin/sh
# make bench: first, on any machine, the front end's scaling (bench/front_scale.py: sizes
# x1 x2 x4 x8, CPU time and peak RSS), the memory of repeated kernel-form calls and the
# cost of guarded host arrays on the CPU backend (bench/host_calls.py); then, on the GPU
# machine, kernel times against nvcc -O3 and cupyx.jit (bench/bench.py, one process), host
# time per launch through libpykc (bench/launch_overhead.c), NVRTC's compile time of
# generated code (bench/nvrtc_compile.py, issue 21), and the cold / cached compile
# latency of the saxpy example.
set -e
cd "$(dirname "$0")/.."
export PATH=/usr/local/cuda/bin:$PATH
OUT=${OUT:-bench}
python3 bench/front_scale.py
echo
if [ -f bench/host_calls.py ]; then
  make --no-print-directory python PYTHON=${PYTHON:-python3} > /dev/null
  ${PYTHON:-python3} bench/host_calls.py
  echo
fi
if ! nvidia-smi -L > /dev/null 2>&1; then
  echo "no GPU here: the GPU benchmarks are left out"
  exit 0
fi
python3 bench/bench.py
echo
echo "NVRTC compile of the generated code (bench/nvrtc_compile.py; issue 21's cold compiles):"
python3 bench/nvrtc_compile.py --reps 5 tests/examples/mse_reduction.cu tests/examples/l2_norm.cu \
  tests/examples/clipped_relu_ewk.cu tests/examples/squared_diff_fuse.cu tests/examples/saxpy.cu
echo
cc -std=c11 -O2 -Iinclude bench/launch_overhead.c build/libpykc.a -ldl -lm -o build/launch_overhead
build/launch_overhead
echo
run="build/pykc run examples/saxpy.py --kernel saxpy --grid 32 --block 128 a=2.0 x=arange:float32:4096 y=ones:float32:4096 out=zeros:float32:4096 -v"
dir=$(mktemp -d)
echo "compile latency of examples/saxpy.py to a launchable kernel (pykc run -v, front end + NVRTC + cache + module load):"
for i in 1 2 3; do
  rm -rf "$dir"
  echo "  cold  : $(PYKC_CACHE_DIR=$dir $run 2>&1 | grep '^pykc: front end')"
done
for i in 1 2 3; do
  echo "  cached: $(PYKC_CACHE_DIR=$dir $run 2>&1 | grep '^pykc: front end')"
done
rm -rf "$dir"
echo "run --time (device time per launch, CUDA events):"
build/pykc run examples/saxpy.py --kernel saxpy --grid 32 --block 128 a=2.0 x=arange:float32:4096 y=ones:float32:4096 out=zeros:float32:4096 --time=1000
echo
# The Python package (pykc vs CuPy RawKernel vs cupyx.jit, one process).
make --no-print-directory python PYTHON=${PYTHON:-python3} > /dev/null
${PYTHON:-python3} bench/python_launch.py
