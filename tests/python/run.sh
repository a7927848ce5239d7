#!/bin/sh
# The Python package in CI (CPU backend, NumPy arrays): tests/python/test_*.py (each test
# case counts; test_cupy_forms.py: CuPy's own tests of the kernel forms, ported) and the
# e2e corpus through the Python API (tests/python/e2e.py). Needs the extension built
# for $PYTHON (`make python`; default Debian's /usr/bin/python3 with python3-numpy).
# Prints FAIL lines, then `N passed, M failed`.
cd "$(dirname "$0")/../.." || exit 2
PYTHON=${PYTHON:-/usr/bin/python3}
T=$(mktemp -d) || exit 2
trap 'rm -rf "$T"' EXIT
export PYKC_CACHE_DIR=${PYKC_CACHE_DIR:-$T/cache}
pass=0 fail=0
if ! $PYTHON -c 'import numpy' 2>/dev/null; then
  echo "FAIL tests/python: $PYTHON has no NumPy (sh tools/need-tools.sh installs python3-numpy)"
  echo "0 passed, 1 failed"; exit 1
fi
for t in tests/python/test_*.py; do
  $PYTHON "$t" > "$T/api" 2>&1
  ran=$(sed -n 's/^Ran \([0-9]*\) tests\{0,1\}.*/\1/p' "$T/api")
  bad=$(sed -n 's/^FAILED (\(.*\))/\1/p' "$T/api" | tr ',' '\n' | sed 's/.*=//' | awk '{s+=$1} END {print s+0}')
  if [ -z "$ran" ]; then
    echo "FAIL $t did not run:"; tail -n 20 "$T/api"; fail=$((fail + 1))
  else
    [ "$bad" -gt 0 ] && { echo "FAIL $t:"; grep -A 12 '^FAIL:\|^ERROR:' "$T/api" | head -n 60; }
    pass=$((pass + ran - bad)); fail=$((fail + bad))
  fi
done
$PYTHON tests/python/e2e.py > "$T/e2e" 2>&1
grep '^FAIL' "$T/e2e" | sed 's/^FAIL /FAIL python-e2e /'
p=$(grep -c '^PASS' "$T/e2e"); q=$(grep -c '^FAIL' "$T/e2e")
pass=$((pass + p)); fail=$((fail + q))
tail -n 1 "$T/e2e" | grep -q ' passed, ' || { echo "FAIL tests/python/e2e.py did not finish:"; tail -n 5 "$T/e2e"; fail=$((fail + 1)); }
echo "python e2e corpus: $(tail -n 1 "$T/e2e")"
# the corpus again in one process from the warm disk cache: every kernel is loaded from a
# memfd and freed before the next (a freed object the loader keeps must not lend its name)
$PYTHON tests/python/e2e.py > "$T/e2e-warm" 2>&1
grep '^FAIL' "$T/e2e-warm" | sed 's/^FAIL /FAIL python-e2e-warm /'
p=$(grep -c '^PASS' "$T/e2e-warm"); q=$(grep -c '^FAIL' "$T/e2e-warm")
pass=$((pass + p)); fail=$((fail + q))
tail -n 1 "$T/e2e-warm" | grep -q ' passed, ' || { echo "FAIL tests/python/e2e.py (warm) did not finish:"; tail -n 5 "$T/e2e-warm"; fail=$((fail + 1)); }
# CuPy 14.2's own fusion tests, unchanged, through pykc.fuse (tools/cupy_tests_cpu.py):
# each listed test's first case in float32, where CuPy's git tree is here ($CUPY_GIT).
CUPY_GIT=${CUPY_GIT:-/work/.mirror/cupy+cupy/repo}
if git --git-dir "$CUPY_GIT" rev-parse -q --verify v14.2.0 >/dev/null 2>&1; then
  $PYTHON tools/cupy_tests_cpu.py --git "$CUPY_GIT" --one --dtypes f "TestFusionTuple::test_return_tuple,\
TestFusionInvalid,TestFusionGetArrayModule,TestFusionParseInput,TestIndexingCombination::test_indexing_and_add_1,\
TestFusionReductionAxis::test_sum_axis,TestFusionManipulation::test_where,TestFusionArrayInplaceOperator::test_iadd,\
TestFusionCache::test_same_array,TestSpecialValues::test_nan,TestFusionComposition" > "$T/ct" 2>&1
  grep '^FAILED' "$T/ct" | sed 's/^FAILED */FAIL cupy-fusion-tests /'
  p=$(sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed.*/\1/p' "$T/ct")
  q=$(sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed.*/\2/p' "$T/ct")
  [ -n "$p" ] || { echo "FAIL tools/cupy_tests_cpu.py did not finish:"; tail -n 5 "$T/ct"; p=0; q=1; }
  pass=$((pass + p)); fail=$((fail + q))
  echo "CuPy's fusion tests (a subset): $(tail -n 1 "$T/ct")"
else
  echo "CuPy's fusion tests: not run (no CuPy git tree with v14.2.0 at $CUPY_GIT)"
fi
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
