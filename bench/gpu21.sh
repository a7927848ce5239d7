#!/bin/sh
# Issue 21's leftovers on the GPU (branch perf21b), about 3 minutes, with build/ carried:
#   1. the kernel table (bench.py BENCH_ONLY=kernels), twice: stencil2d and histogram
#      against nvcc -O3 after the codegen changes (range-refined index widening, Python's
#      // and % by a positive divisor in unsigned arithmetic);
#   2. the kernel forms' host time per call against CuPy's classes (bench/forms_host.py);
#   3. saxpy over 1e8 float32 against the copy bandwidth, with Nsight Compute's metrics
#      (bench/ncu_saxpy.sh);
#   4. the Python GPU tests of the forms (tests/python/gpu.py), whose allocated outputs
#      now come from cupy.ndarray called by the extension.
#   sh bench/gpu21.sh        (output: stdout; logs under $OUT or ./gpu-out)
cd "$(dirname "$0")/.." || exit 2
export PATH=/usr/local/cuda/bin:$PATH
O=${OUT:-gpu-out}; mkdir -p "$O"
sh tools/gpu-carried.sh || exit 1                 # the extension for this python3
st=0
for i in 1 2; do
  BENCH_ONLY=kernels timeout 120 python3 bench/bench.py || st=1
done
timeout 120 python3 bench/forms_host.py || st=1
timeout 180 sh bench/ncu_saxpy.sh || st=1
timeout 150 python3 tests/python/gpu.py > "$O/python-gpu.log" 2>&1 || st=1
tail -n 3 "$O/python-gpu.log"
exit $st
