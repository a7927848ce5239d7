#!/bin/sh
# tests/cpu/run.sh: the CPU backend's tests. The scheduler and preamble tests
# (test_fibers.c, with cpu/fiber.c, cpu/coop.c and cpu/spin.c) are built twice: -O2 (fast _setjmp/_longjmp fiber
# switches) and under ASan+UBSan (swapcontext switches); then tests/cpu/cli.sh runs
# `pykc run --cpu` end to end (needs build/pykc). Prints failures and, last,
# `N passed, M failed`.
cd "$(dirname "$0")/../.." || exit 2
CC=${CC:-cc}
B=${B:-build}
mkdir -p "$B"
pass=0
fail=0
for mode in plain asan; do
  flags="-O2 -g"
  [ $mode = asan ] && flags="-O1 -g -fsanitize=address,undefined -fno-sanitize-recover=undefined"
  exe=$B/test_fibers_$mode
  if ! $CC -std=gnu11 $flags -Wall -Wextra -Wshadow -Werror -D_GNU_SOURCE -Isrc -Iruntime -Icpu -Icli \
       tests/cpu/test_fibers.c cpu/fiber.c cpu/coop.c cpu/spin.c runtime/guard.c runtime/limits.c -o "$exe" -lm; then
    echo "FAIL tests/cpu/test_fibers.c ($mode): does not build"
    fail=$((fail + 1))
    continue
  fi
  out=$(ASAN_OPTIONS=detect_leaks=1 "$exe" 2>&1 | grep -v "ASan doesn't fully support makecontext")
  echo "$out" | grep '^FAIL' | sed "s/^/($mode) /"
  last=$(echo "$out" | tail -n 1)
  p=$(echo "$last" | sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\1/p')
  f=$(echo "$last" | sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\2/p')
  if [ -z "$p" ]; then
    echo "FAIL tests/cpu/test_fibers.c ($mode): crashed"; echo "$out" | tail -n 20
    fail=$((fail + 1))
  else
    pass=$((pass + p)); fail=$((fail + f))
  fi
done
# `pykc run --cpu` end to end (tests/cpu/cli.sh)
out=$(sh tests/cpu/cli.sh 2>&1)
echo "$out" | sed '$d'
last=$(echo "$out" | tail -n 1)
p=$(echo "$last" | sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\1/p')
f=$(echo "$last" | sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\2/p')
if [ -z "$p" ]; then
  echo "FAIL tests/cpu/cli.sh did not finish"; fail=$((fail + 1))
else
  pass=$((pass + p)); fail=$((fail + f))
fi
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
