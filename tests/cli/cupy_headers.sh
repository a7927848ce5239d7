# CuPy's device headers in raw code (runtime/cupy/README.md): CuPy 14.2's test_mdspan.py and
# test_core.py kernels through NVRTC (pykc ptx), each header of CuPy's include folder on
# both backends (and the ones pykc does not serve: errors naming them), CuPy's float16
# class on the CPU backend against NumPy (tests/cli/cupy_headers.py says how).
T=$(mktemp -d) || exit 2
trap 'rm -rf "$T"' EXIT
export PYKC_CACHE_DIR="$T/cache" TMPDIR="$T"
PYTHON=${PYTHON:-/usr/bin/python3}
mkdir "$T/w"
$PYTHON tests/cli/cupy_headers.py "$PYKC" "$T/w" > "$T/out" 2>&1
st=$?
grep -q ' cases, 0 failures$' "$T/out" && [ $st = 0 ] || { echo "cupy_headers.py: exit $st"; head -n 60 "$T/out"; exit 1; }
exit 0
