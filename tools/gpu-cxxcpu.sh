#!/bin/sh
# One GPU call for the cxxcpu corpus: CuPy's expectations for the new e2e cases, then
# the same cases through pykc on the GPU and on the CPU backend against them.
cd "$(dirname "$0")/.." || exit 2
N=cupy_raw_module,cupy_raw_macros,cupy_raw_div,cupy_raw_template,cupy_raw_cast,cu_cxx_gaps
ONLY=$N sh tools/gpu-carried.sh expected
tar -xzf "$OUT/expected-cupy.tgz" -C tests/e2e/expected
sh tests/e2e/run.sh --gpu $(echo $N | tr , ' ') > "$OUT/e2e-gpu.log" 2>&1; tail -n 20 "$OUT/e2e-gpu.log"
sh tests/e2e/run.sh $(echo $N | tr , ' ') > "$OUT/e2e-cpu.log" 2>&1; tail -n 20 "$OUT/e2e-cpu.log"
