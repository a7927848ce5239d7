#!/bin/sh
# On a GPU machine that has no re2c/lemon/network, with a build/ folder built elsewhere and
# carried over: marks build/ up to date (so make rebuilds nothing), builds the Python
# extension for the machine's python3 (the one with CuPy), then runs what is asked:
#   sh tools/gpu-carried.sh test      make test-gpu: tests/gpu/run.sh and tests/python/gpu.py
#   sh tools/gpu-carried.sh bench     make bench: bench/run.sh (kernels, launch, compile, Python)
#   sh tools/gpu-carried.sh expected  regenerates the e2e expectations with CuPy into a
#                                     temporary folder and compares them with the stored ones
# ONLY=NAME,NAME limits `expected` to those cases; CuPy's files come back in expected-cupy.tgz.
# Logs go to $OUT (or ./gpu-out) as test-gpu.log, python-gpu.log, bench.log, expected.log.
cd "$(dirname "$0")/.." || exit 2
export TOOLS_CHECKED=1 PATH=/usr/local/cuda/bin:$PATH PYTHON=python3 GPU_PYTHON=python3
O=${OUT:-gpu-out}; mkdir -p "$O"
find build -exec touch {} + 2>/dev/null
ext=$(python3 -c 'import sysconfig; print(sysconfig.get_config_var("EXT_SUFFIX"))')
inc=$(python3 -c 'import sysconfig; print(sysconfig.get_paths()["include"])')
cc -std=c11 -O2 -D_GNU_SOURCE -fPIC -fvisibility=hidden -shared -Iinclude -isystem "$inc" \
  -o "python/pykc/_pykc$ext" python/*.c build/libpykc_internal.a -ldl -lm || exit 1
st=0
for what in "$@"; do
  case $what in
    test)
      sh tests/gpu/run.sh > "$O/test-gpu.log" 2>&1 || st=1; tail -n 1 "$O/test-gpu.log"
      python3 tests/python/gpu.py > "$O/python-gpu.log" 2>&1 || st=1; tail -n 1 "$O/python-gpu.log";;
    bench) sh bench/run.sh > "$O/bench.log" 2>&1 || st=1; tail -n 40 "$O/bench.log";;
    expected)
      d=$(mktemp -d)
      python3 tools/gen_expected.py --out "$d" ${ONLY:+--only "$ONLY"} > "$O/expected.log" 2>&1 || st=1
      tail -n 3 "$O/expected.log"
      python3 tools/cmp_expected.py tests/e2e/expected "$d" >> "$O/expected.log" 2>&1 || st=1
      grep -E '^(DIFF|NEW)|identical' "$O/expected.log"
      tar -czf "$O/expected-cupy.tgz" -C "$d" .;;
    *) echo "gpu-carried.sh: unknown job '$what' (test, bench, expected)"; exit 2;;
  esac
done
exit $st
