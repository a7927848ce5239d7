#!/bin/sh
# End-to-end tests: run every kernel file with `pykc run` and compare its output arrays
# with the expected ones that CuPy produced (tools/gen_expected.py, on the GPU machine).
#
#   sh tests/e2e/run.sh [--gpu] [NAME...]     (from anywhere; NAME: test or example-NAME)
#
# Each tests/e2e/NAME.py (a first line that is not a valid `# run:` line is a failure) and
# each examples/NAME.py whose first line starts `# run` must begin with
#   # run: --kernel K --grid G --block B [--shared-mem N] ARG...
# (--grid and --block may be left out together for a kernel form, which pykc run plans;
# a ReductionKernel takes --axis N... and --keepdims)
# (a tests/e2e/NAME.cu, CUDA C++, with `// run: ...` and `// check: ...` lines)
# and is run as `$PYKC run [--cpu] FILE <that line> --out OUT=... ...`, with `@FILE` inputs
# taken from tests/e2e/data/. An optional second line `# check: OUT... [tol=REL]
# [cpu-ulp=N]` names the arrays to compare (default: every array argument), a relative
# tolerance for float results on both backends, and one for the CPU backend only: N units
# in the last place of the part type, relative to max(1, |want|) (npycmp --ulp), for the
# cases whose results go through libm, where glibc's functions and CUDA's differ in their
# last bits (docs/language.md §6.1); on the GPU such a case compares exactly.
# Expected outputs: tests/e2e/expected/NAME.OUT.npy (examples: example-NAME.OUT.npy).
# Without --gpu the CPU backend runs (`make test`); --gpu runs on the GPU (`make test-gpu`).
# Prints PASS NAME / FAIL NAME: why, then `N passed, M failed`; exit 1 on any failure.
# Environment: PYKC (default build/pykc), E2E_TIMEOUT (seconds per run, default 300),
# CC (for the compare tool, build/npycmp).
cd "$(dirname "$0")/../.." || exit 2
PYKC=${PYKC:-build/pykc}
B=${B:-build}
TIMEOUT=${E2E_TIMEOUT:-300}
backend=--cpu
if [ "$1" = --gpu ]; then backend=; shift; fi
only=" $* "

T=$(mktemp -d) || exit 2
trap 'rm -rf "$T"' EXIT
pass=0
fail=0

# The compare tool, built against the runtime's .npy reader.
NPYCMP=$B/npycmp
if [ ! -x "$NPYCMP" ] || [ tests/e2e/npycmp.c -nt "$NPYCMP" ] || [ "$B/libpykc_internal.a" -nt "$NPYCMP" ] || [ "$B/obj/cli/npy.o" -nt "$NPYCMP" ]; then
  if ! ${CC:-cc} -std=c11 -O2 -D_GNU_SOURCE -Isrc -Iruntime -Icpu -Icli -Iinclude -I"$B" -o "$NPYCMP" \
      tests/e2e/npycmp.c "$B/obj/cli/npy.o" "$B/libpykc_internal.a" -ldl -lm > "$T/cc" 2>&1; then
    echo "FAIL npycmp: cannot build $NPYCMP"; cat "$T/cc"
    echo "0 passed, 1 failed"; exit 1
  fi
fi

run_to="timeout $TIMEOUT"   # coreutils' timeout: tools/need-tools.sh checks it is here

# run_case FILE LABEL
run_case() {
  file=$1 label=$2
  set -f   # the words of the # run: line are split, never globbed
  runline=$(sed -n '1s/^\(#\|\/\/\) run: //p' "$file")
  checkline=$(sed -n '2s/^\(#\|\/\/\) check://p' "$file")
  # arguments, with @FILE made relative to tests/e2e/data; the array arguments
  args= arrays=
  for w in $runline; do
    case $w in
      *=@*) args="$args ${w%%=@*}=@tests/e2e/data/${w#*=@}"; arrays="$arrays ${w%%=*}" ;;
      *=zeros:*|*=ones:*|*=arange:*) args="$args $w"; arrays="$arrays ${w%%=*}" ;;
      *) args="$args $w" ;;
    esac
  done
  checks= tol= ulp=
  for w in $checkline; do
    case $w in
      tol=*) tol=${w#tol=} ;;
      cpu-ulp=*) [ "$backend" = --cpu ] && ulp=${w#cpu-ulp=} ;;
      *) checks="$checks $w" ;;
    esac
  done
  [ -n "$checks" ] || checks=$arrays
  outs=
  for n in $checks; do outs="$outs --out $n=$T/$label.$n.npy"; done
  rm -f "$T/$label".*.npy
  # shellcheck disable=SC2086
  $run_to $PYKC run $backend "$file" $args $outs > "$T/out" 2>&1
  st=$?
  if [ $st != 0 ]; then
    why=$(grep -v '^pykc: no GPU' "$T/out" | head -n 3 | tr '\n' ' ')
    [ $st = 124 ] && why="timed out after ${TIMEOUT}s"
    echo "FAIL $label: pykc run exited $st: $why"
    fail=$((fail + 1)); return
  fi
  for n in $checks; do
    want=tests/e2e/expected/$label.$n.npy
    if [ ! -f "$want" ]; then
      echo "FAIL $label: no expected output $want (run tools/gen_expected.py on the GPU machine)"
      fail=$((fail + 1)); return
    fi
    if ! $NPYCMP ${tol:+--tol $tol} ${ulp:+--ulp $ulp} "$T/$label.$n.npy" "$want" > "$T/cmp" 2>&1; then
      echo "FAIL $label: $n differs: $(head -n 4 "$T/cmp" | sed "s|$T/||g" | tr '\n' ' ')"
      fail=$((fail + 1)); return
    fi
  done
  echo "PASS $label"
  pass=$((pass + 1))
}

# run_case switches globbing off for its word splitting; the loop below needs it back.
case_in() { run_case "$@"; set +f; }

# valid_run FILE: its first line is `# run: ` with --kernel, --grid and --block, each
# followed by a value
valid_run() {
  l=$(head -n 1 "$1")
  case $l in "# run: "*) l=${l#"# run: "} ;; "// run: "*) l=${l#"// run: "} ;; *) return 1 ;; esac
  case " $l " in *" --kernel "[!-]*) ;; *) return 1 ;; esac
  # --grid and --block together (a kernel form may leave both out: pykc run plans it)
  g=0; case " $l " in *" --grid "[!-]*) g=1 ;; esac
  b=0; case " $l " in *" --block "[!-]*) b=1 ;; esac
  [ $g = $b ]
}

# Every tests/e2e/*.py is a case: a first line that is not a valid `# run:` line is a
# failure, never a silent skip. An example is a case when its first line starts `# run`.
for f in tests/e2e/*.py tests/e2e/*.cu examples/*.py; do
  [ -f "$f" ] || continue
  name=$(basename "$f"); name=${name%.*}
  case $f in examples/*) label=example-$name ;; *) label=$name ;; esac
  if [ "$only" != "  " ]; then
    case $only in *" $label "*|*" $name "*) ;; *) continue ;; esac
  fi
  if ! valid_run "$f"; then
    case $f in examples/*) head -n 1 "$f" | grep -q '^# *run' || continue ;; esac
    echo "FAIL $label: the first line is not '# run: --kernel K [--grid G --block B] ARG...': $(head -n 1 "$f" | cut -c1-60)"
    fail=$((fail + 1)); continue
  fi
  case_in "$f" "$label"
done

# Expected outputs that no case produces (a renamed or deleted test) are failures too.
if [ "$only" = "  " ]; then
  for e in tests/e2e/expected/*.npy; do
    [ -f "$e" ] || continue
    b=$(basename "$e"); name=${b%%.*}
    case $name in example-*) src=examples/${name#example-}.py ;; *) src=tests/e2e/$name.py ;; esac
    [ -f "$src" ] || [ -f "${src%.py}.cu" ] && continue
    echo "FAIL $b: an expected output of no test ($src does not exist)"
    fail=$((fail + 1))
  done
fi

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
