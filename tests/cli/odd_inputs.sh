# Odd source files and file kinds through `pykc run --cpu` and `pykc cuda`, table-driven
# (tests/cli/odd_inputs.py says which), under build/pykc and build-asan/pykc: exit 0-3 with
# a short message, never a signal, a hang or a sanitizer report.
T=$(mktemp -d) || exit 2
trap 'rm -rf "$T"' EXIT
export PYKC_CACHE_DIR="$T/cache" TMPDIR="$T/tmp"
mkdir -p "$TMPDIR" "$T/a" "$T/b"
PY=${PYTHON:-/usr/bin/python3}
fails=0
"$PY" tests/cli/odd_inputs.py "${PYKC:-build/pykc}" "$T/a" || fails=1
ASAN=${ASAN_PYKC:-build-asan/pykc}
if [ -x "$ASAN" ]; then "$PY" tests/cli/odd_inputs.py "$ASAN" "$T/b" || fails=1; fi
[ -z "$(ls "$TMPDIR")" ] || { echo "FAIL: left in TMPDIR: $(ls "$TMPDIR")"; fails=1; }
exit $fails
