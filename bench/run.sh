#!/bin/sh
# make bench: first, on any machine, the front end's scaling (bench/front_scale.py: sizes
# x1 x2 x4 x8, CPU time and peak RSS), the memory of repeated kernel-form calls and the
# cost of guarded host arrays on the CPU backend (bench/host_calls.py); then, on the GPU
# machine, kernel times against nvcc -O3 and cupyx.jit (bench/bench.py, one process), saxpy
# over 1e8 float32 against the copy bandwidth (bench/saxpy_bw.py; bench/ncu_saxpy.sh adds
# Nsight Compute's metrics), the kernel forms' host time per call against CuPy's classes
# (bench/forms_host.py), host
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
python3 bench/saxpy_bw.py
echo
echo "NVRTC compile of the generated code (bench/nvrtc_compile.py; issue 21's cold compiles):"
python3 bench/nvrtc_compile.py --reps 5 tests/examples/mse_reduction.cu tests/examples/l2_norm.cu \
  tests/examples/clipped_relu_ewk.cu tests/examples/squared_diff_fuse.cu tests/examples/saxpy.cu
echo
cc -std=c11 -O2 -Iinclude bench/launch_overhead.c build/libpykc.a -ldl -lm -o build/launch_overhead
build/launch_overhead
echo
dir=$(mktemp -d)
# latency TITLE RUN...: `pykc run -v`'s front-end line, three times cold, three times cached
latency() {
  echo "$1"; shift
  for i in 1 2 3; do
    rm -rf "$dir"
    echo "  cold  : $(PYKC_CACHE_DIR=$dir "$@" -v 2>&1 | grep '^pykc: front end')"
  done
  for i in 1 2 3; do
    echo "  cached: $(PYKC_CACHE_DIR=$dir "$@" -v 2>&1 | grep '^pykc: front end')"
  done
  rm -rf "$dir"
}
latency "compile latency of examples/saxpy.py to a launchable kernel (pykc run -v, front end + NVRTC + cache + module load):" \
  build/pykc run examples/saxpy.py --kernel saxpy --grid 32 --block 128 a=2.0 \
  x=arange:float32:4096 y=ones:float32:4096 out=zeros:float32:4096
# a kernel that includes CCCL (jit.cub.BlockReduce: the headers are most of the time)
latency "compile latency of examples/cub_block_reduce.py (jit.cub, CCCL headers):" \
  build/pykc run examples/cub_block_reduce.py --kernel cub_block_reduce --grid 8 --block 256 \
  x=arange:int32:2000 partial=zeros:int64:8 n=2000
# a kernel using jit.thrust (no header: thrust's sequential algorithms as pykc prints them)
latency "compile latency of examples/thrust_sort_rows.py (jit.thrust.sort):" \
  build/pykc run examples/thrust_sort_rows.py --kernel thrust_sort_rows --grid 1 --block 64 \
  x=arange:float32:64x256 y=zeros:float32:64x256 rows=64
echo "run --time (device time per launch, CUDA events):"
build/pykc run examples/saxpy.py --kernel saxpy --grid 32 --block 128 a=2.0 x=arange:float32:4096 y=ones:float32:4096 out=zeros:float32:4096 --time=1000
echo
# The Python package (pykc vs CuPy RawKernel vs cupyx.jit, one process).
make --no-print-directory python PYTHON=${PYTHON:-python3} > /dev/null
${PYTHON:-python3} bench/python_launch.py
echo
${PYTHON:-python3} bench/forms_host.py
