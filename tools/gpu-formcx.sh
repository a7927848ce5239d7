#!/bin/sh
# The formcx branch's device check (issue 10: complex and float16 in the kernel forms):
# CuPy's expectations of the new cases, pykc on the GPU against them (exactly, but for a
# case's tol=), the forms' older cases, and the complex64 sum benchmark.
cd "$(dirname "$0")/.." || exit 2
O=${OUT:-gpu-out}; mkdir -p "$O"
NEW=form_complex_fns,form_reduce_complex,form_reduce_complex128,form_reduce_half,form_reduce_half_acc,fuse_complex,fuse_complex_sum,fuse_half_sum
ONLY=$NEW sh tools/gpu-carried.sh expected
tar -xzf "$O/expected-cupy.tgz" -C tests/e2e/expected
sh tests/e2e/run.sh --gpu $(echo "$NEW" | tr , ' ') form_complex form_broadcast form_raw_types \
  reduce_cols reduce_split_rows fuse_reduce_axes fuse_method_sum fuse_minmax > "$O/e2e-gpu.log" 2>&1
grep -v '^PASS' "$O/e2e-gpu.log" | tail -n 30
BENCH_ONLY=complex_sum BENCH_REPS=20 python3 bench/bench.py > "$O/bench-cx.log" 2>&1
cat "$O/bench-cx.log"
