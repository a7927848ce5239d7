# jit.thrust (docs/language.md §6.3) on the CPU backend: CuPy 14.2's test_thrust.py (the GPU
# cases of tests/e2e/pending/ or tests/e2e/) against NumPy and a model of thrust's merge
# sort, each compiled by NVRTC too (tests/cli/jit_thrust.py); Fortran-order rows through the
# Python package; a range's end as begin() + n; the CUDA includes no header.
T=$(mktemp -d) || exit 2
trap 'rm -rf "$T"' EXIT
export PYKC_CACHE_DIR="$T/cache" TMPDIR="$T"
PYTHON=${PYTHON:-/usr/bin/python3}
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
expect() {
  want=$1 pat=$2; shift 2
  $PYKC "$@" > "$T/out" 2>&1
  st=$?
  [ $st = "$want" ] && grep -qF -- "$pat" "$T/out" ||
    { fail "pykc $*: exit $st (want $want and '$pat'), output:"; head -n 5 "$T/out"; }
}
mkdir "$T/py"
$PYTHON tests/cli/jit_thrust.py "$PYKC" "$T/py" > "$T/thrust" 2>&1 || { fail "jit_thrust.py:"; head -n 30 "$T/thrust"; }
grep -q ' cases, 0 failures$' "$T/thrust" || fail "jit_thrust.py did not finish: $(tail -n 1 "$T/thrust")"

cat > "$T/k.py" <<'PY'
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def ks(x: cp.float64[:, ::1]):
    i = jit.threadIdx.x
    jit.thrust.reverse(jit.thrust.seq, x[i].begin(), x[i].end())
    jit.thrust.stable_sort(jit.thrust.seq, x[i].begin(), x[i].begin() + 2 * i + 1)
PY
# a range's end as begin() + n: the first 2i + 1 values of row i reversed, then sorted
expect 0 "x = [[3. 2. 1. 0.]
 [5. 6. 7. 4.]]" run --cpu "$T/k.py" --grid 1 --block 2 x=arange:float64:2x4 --print x
# the CUDA is self-contained: no Thrust header (NVRTC has none of the host library it needs)
$PYKC cuda "$T/k.py" > "$T/k.cu" 2>&1 || fail "pykc cuda: $(head -n 3 "$T/k.cu")"
grep -q '#include' "$T/k.cu" && fail "pykc cuda of a thrust kernel includes a header: $(grep '#include' "$T/k.cu")"
[ $fails = 0 ]
