#!/bin/sh
# The test runner of `make test` (no GPU needed). Each folder is a kind of test:
#   tests/tokens/*.py   `pykc check --dump-tokens`   stdout == NAME.expected
#   tests/ast/*.py      `pykc check --dump-ast`      stdout == NAME.expected
#   tests/ir/*.py       `pykc check --dump-ir`       stdout == NAME.expected
#   tests/errors/*.py   `pykc check`                 the first line of NAME.err states the
#                                                    exit status, `# exit: N` (1 source errors,
#                                                    2 bad options only, 0 warnings only); the
#                                                    rest of NAME.err == stderr
#   tests/golden/*.py   `pykc cuda`                  stdout == NAME.cu; `nvcc -ptx` of it,
#                                                    `pykc ptx` and
#                                                    `pykc cubin --arch sm_90` (NVRTC) clean
#   examples/*.py       `pykc cuda`                  stdout == tests/examples/NAME.cu; same
#   tests/cli/*.sh      shell tests                  exit 0
#   build/test_runtime, test_api, test_harden, test_reduce, test_fuse, test_types  C unit tests  exit 0
#   tests/e2e/          the end-to-end corpus on the CPU backend (tests/e2e/run.sh)
#   tests/python/       the Python package on the CPU backend (tests/python/run.sh)
# then every .py input again under build-asan/pykc: no sanitizer report, one result per
# folder (tests/NAME/, examples/).
# A first line `# args: ...` in a .py adds command-line arguments.
# UPDATE=1 rewrites the expected files (review the diff before committing); it keeps the
# `# exit: N` line of an .err file (a new one gets the status seen, to be reviewed).
# Before anything runs, tools/need-tools.sh --check verifies that every tool and Python
# module the suites use is here ($PYTHON: the Python that has NumPy, /usr/bin/python3 by
# default), and names what is missing with the command that installs it.
# As it goes it prints a line per suite, `== SUITE: N passed, M failed` (and each failure);
# the last line printed is `N passed, M failed`.
cd "$(dirname "$0")/.." || exit 2
PYTHON=${PYTHON:-/usr/bin/python3}
export PYTHON
if ! sh tools/need-tools.sh --check; then
  echo "FAIL tools/need-tools.sh --check: the tests need what is named above"
  echo "0 passed, 1 failed"
  exit 1
fi
PYKC=${PYKC:-build/pykc}
ASAN_PYKC=${ASAN_PYKC:-build-asan/pykc}
export PYKC
T=$(mktemp -d) || exit 2
export PYKC_CACHE_DIR="$T/cache"
trap 'rm -rf "$T"' EXIT
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL $1"; [ -f "$T/diff" ] && head -n 20 "$T/diff"; rm -f "$T/diff"; }

# suite NAME: the line for the results since the last suite's
mark_p=0 mark_f=0
suite() {
  echo "== $1: $((pass - mark_p)) passed, $((fail - mark_f)) failed"
  mark_p=$pass mark_f=$fail
}

args_of() { sed -n '1,3s/^# args: //p' "$1"; }

# compare NAME GOT EXPECTED
compare() {
  if [ -n "$UPDATE" ]; then cp "$2" "$3"; ok; return; fi
  if [ ! -f "$3" ]; then echo "missing $3" > "$T/diff"; bad "$1"; return; fi
  if diff -u "$3" "$2" > "$T/diff"; then rm -f "$T/diff"; ok; else bad "$1"; fi
}

for d in tokens:--dump-tokens ast:--dump-ast ir:--dump-ir; do
  dir=${d%%:*} opt=${d#*:}
  for f in tests/$dir/*.py; do
    [ -f "$f" ] || continue
    eval "set -- $(args_of "$f")"
    $PYKC check "$opt" "$@" "$f" > "$T/out" 2> "$T/err"
    compare "$f" "$T/out" "${f%.py}.expected"
  done
  suite "tests/$dir ($opt)"
done

for f in tests/errors/*.py; do
  [ -f "$f" ] || continue
  e=${f%.py}.err
  eval "set -- $(args_of "$f")"
  $PYKC check "$@" "$f" > /dev/null 2> "$T/err"
  st=$?
  want=$(sed -n '1s/^# exit: \([0-9][0-9]*\)$/\1/p' "$e" 2>/dev/null)
  if [ -z "$want" ] && [ -z "$UPDATE" ]; then
    echo "$e does not start with '# exit: N', the expected exit status (UPDATE=1 writes the one seen)" > "$T/diff"; bad "$f"; continue
  fi
  if [ "$st" != "${want:-$st}" ]; then
    echo "exit status $st, expected $want" > "$T/diff"; cat "$T/err" >> "$T/diff"; bad "$f"; continue
  fi
  { echo "# exit: $st"; cat "$T/err"; } > "$T/err.x"
  compare "$f" "$T/err.x" "$e"
done
suite "tests/errors (pykc check)"

# nvrtc_ok NAME ARGS...: `pykc ptx` (compute_90) and `pykc cubin` (sm_90) through NVRTC,
# with no error and no warning
nvrtc_ok() {
  name=$1; shift
  if $PYKC ptx --arch compute_90 "$@" -o "$T/out.ptx" > "$T/diff" 2>&1 && [ ! -s "$T/diff" ] &&
     grep -q '^\.\(visible\|weak\) \.entry' "$T/out.ptx" &&
     $PYKC cubin --arch sm_90 "$@" -o "$T/out.cubin" > "$T/diff" 2>&1 && [ ! -s "$T/diff" ] &&
     [ "$(head -c 4 "$T/out.cubin" | od -An -c | tr -d ' ')" = "177ELF" ]; then
    rm -f "$T/diff"; ok
  else bad "$name (NVRTC ptx/cubin)"; fi
}

mkdir -p "$T/nvcc/ptx"
golden() { # FILE.py EXPECTED.cu
  src=$1 exp=$2
  eval "set -- $(args_of "$src")"
  if $PYKC cuda "$@" "$src" > "$T/out.cu" 2> "$T/err"; then
    compare "$src" "$T/out.cu" "$exp"
    cp "$T/out.cu" "$T/nvcc/$(echo "${src%.py}" | tr / _).cu"
    nvrtc_ok "$src" "$@" "$src"
  else
    cp "$T/err" "$T/diff"; bad "$src"
  fi
}
for f in tests/golden/*.py; do [ -f "$f" ] && golden "$f" "${f%.py}.cu"; done
suite "tests/golden (pykc cuda, ptx, cubin)"
mkdir -p tests/examples
for f in examples/*.py; do [ -f "$f" ] && golden "$f" "tests/examples/$(basename "${f%.py}").cu"; done
suite "examples (pykc cuda, ptx, cubin)"

# The generated CUDA compiles with nvcc too (it is stricter than NVRTC about some
# constructs, e.g. a division by a constant zero): one nvcc call for all of it, clean.
NVCC=${NVCC:-/usr/local/cuda/bin/nvcc}
[ -x "$NVCC" ] || NVCC=$(command -v nvcc)
if [ -z "$NVCC" ]; then echo "FAIL no nvcc"; fail=$((fail + 1))
elif (cd "$T/nvcc" && "$NVCC" -ptx -arch=sm_90 --output-directory ptx ./*.cu) > "$T/diff" 2>&1 &&
     ! grep -q 'warning\|error' "$T/diff"; then rm -f "$T/diff"; ok
else bad "nvcc -ptx of the generated CUDA"; fi
suite "nvcc -ptx of the generated CUDA"

for f in tests/cli/*.sh; do
  [ -f "$f" ] || continue
  if sh "$f" > "$T/diff" 2>&1; then rm -f "$T/diff"; ok; else bad "$f"; fi
done
suite "tests/cli"

for t in build/test_runtime build-asan/test_runtime build/test_api build-asan/test_api build/test_harden build-asan/test_harden build/test_reduce build-asan/test_reduce build/test_types build-asan/test_types; do
  if [ -x $t ] && $t tests/npy > "$T/diff" 2>&1; then rm -f "$T/diff"; ok; else bad "$t"; fi
done
for t in build/test_fuse build-asan/test_fuse; do
  if [ -x $t ] && $t tests/unit/fuse_types.txt > "$T/diff" 2>&1; then rm -f "$T/diff"; ok; else bad "$t"; fi
done
suite "unit tests (build/test_*, build-asan/test_*)"

# sub-suites that print their own "N passed, M failed" last line
for suite in tests/cpu/run.sh tests/python/run.sh; do
  sh "$suite" > "$T/sub" 2>&1
  grep '^FAIL' "$T/sub"
  last=$(tail -n 1 "$T/sub")
  case "$last" in
    *" passed, "*" failed") p=${last%% passed*}; q=${last#*passed, }; q=${q%% failed*}
      pass=$((pass + p)); fail=$((fail + q)) ;;
    *) echo "FAIL $suite did not finish:"; tail -n 5 "$T/sub"; fail=$((fail + 1)) ;;
  esac
  suite "$suite"
done

if [ ! -f tests/e2e/run.sh ]; then echo "FAIL no tests/e2e/run.sh"; fail=$((fail + 1)); else
  sh tests/e2e/run.sh > "$T/e2e" 2>&1
  grep '^FAIL' "$T/e2e"
  p=$(grep -c '^PASS' "$T/e2e"); q=$(grep -c '^FAIL' "$T/e2e")
  pass=$((pass + p)); fail=$((fail + q))
  tail -n 1 "$T/e2e" | grep -q ' passed, ' || { echo "FAIL tests/e2e/run.sh did not finish:"; tail -n 5 "$T/e2e"; fail=$((fail + 1)); }
fi
suite "tests/e2e/run.sh"

# Sanitizers over every input: no report (exit 99 means ASan/UBSan/LSan spoke). One result
# per folder: it fails naming each input that made a report.
if [ -x "$ASAN_PYKC" ]; then
  export ASAN_OPTIONS=exitcode=99:detect_leaks=1 UBSAN_OPTIONS=halt_on_error=1:exitcode=99:print_stacktrace=1
  for dir in tests/*/ examples/; do
    dir=${dir%/} files=0 reports=
    rm -f "$T/reports"
    for f in "$dir"/*.py; do
      [ -f "$f" ] || continue
      files=$((files + 1))
      eval "set -- $(args_of "$f")"
      for cmd in "check --dump-tokens" "check --dump-ast" "cuda"; do
        $ASAN_PYKC $cmd "$@" "$f" > /dev/null 2> "$T/err"
        if [ $? = 99 ] || grep -q 'Sanitizer\|runtime error:' "$T/err"; then
          reports="$reports $f"
          { echo "pykc $cmd $f:"; head -n 20 "$T/err"; } >> "$T/reports"
          break
        fi
      done
    done
    [ "$files" = 0 ] && continue
    if [ -z "$reports" ]; then ok; else
      cp "$T/reports" "$T/diff"; bad "asan: $dir ($files inputs): reports from$reports"
    fi
  done
else
  echo "FAIL no $ASAN_PYKC (make asan)"; fail=$((fail + 1))
fi
suite "ASan/UBSan over every input"

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
