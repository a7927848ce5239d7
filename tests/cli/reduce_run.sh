# ReductionKernel forms from the command line: pykc run's planned reductions (--axis,
# --keepdims, outputs allocated, -v's launch), the same bits on a second run, pykc cuda's
# --sig and its ndim rule, and the usage errors of calls CuPy rejects (exit 2).
set -e
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
cat > "$T/r.py" <<'PY'
import cupy as cp

rsum = cp.ReductionKernel('T x', 'T y', 'x', 'a + b', 'y = a', '0', 'rsum')
nosum = cp.ReductionKernel('T x', 'T y', 'x', 'a + b', 'y = a', None, 'nosum')
rawk = cp.ReductionKernel('T x, raw T w', 'T y', 'x * w[0]', 'a + b', 'y = a', '0', 'rawk')
mean2 = cp.ReductionKernel('T x', 'T s, float64 m', 'x', 'a + b',
                           's = a, m = (double)a / _in_ind.size()', '0', 'mean2')
PY
fail() { echo "FAIL: $*"; cat "$T/err" 2>/dev/null; exit 1; }
run() { $PYKC run --cpu "$T/r.py" "$@" > "$T/out" 2> "$T/err"; }
# axis, negative axis, keepdims, every axis; the outputs allocated and printed
run --kernel rsum x=arange:int32:2x3x4 --axis 1 --print y || fail "axis 1"
[ "$(tr -d "\n" < "$T/out")" = "y = [[12 15 18 21] [48 51 54 57]]" ] || fail "axis 1 printed $(cat "$T/out")"
run --kernel rsum x=arange:int32:2x3x4 --axis -1 --axis 0 --keepdims --print y || fail keepdims
[ "$(tr -d '\n' < "$T/out")" = "y = [[[ 60]  [ 92]  [124]]]" ] || fail "keepdims printed $(cat "$T/out")"
run --kernel rsum x=arange:float64:1000 --print y || fail "every axis"
[ "$(cat "$T/out")" = "y = 499500.0" ] || fail "every axis printed $(cat "$T/out")"
run --kernel mean2 x=arange:int64:3x4 --axis 0 --print s --print m || fail "two outputs"
[ "$(tr -d '\n' < "$T/out")" = "s = [12 15 18 21]m = [1.   1.25 1.5  1.75]" ] || fail "mean2 printed $(cat "$T/out")"
# -v: the planned launch (a column sum: lanes across the outputs)
$PYKC run --cpu -v "$T/r.py" --kernel rsum x=zeros:float32:3000x70 --axis 0 > /dev/null 2> "$T/err" || fail "-v"
grep -q "reduction 'rsum': grid 3x24x1, block 32x1x8" "$T/err" || fail "-v launch"
# the same bits on a second run (a float32 sum split over blocks)
for i in 1 2; do
  run --kernel rsum x=arange:float32:70000 --out y="$T/y$i.npy" || fail "bits $i"
done
cmp -s "$T/y1.npy" "$T/y2.npy" || fail "two runs differ"
# pykc cuda: inputs have the reduced dims first, then the outputs'
$PYKC cuda "$T/r.py" --kernel rsum --sig 'rsum(float32[:, :], float32[:])' > "$T/out" 2> "$T/err" || fail cuda
grep -q 'CArray<T, 2, 0, 1> _raw_x' "$T/out" && grep -q 'namespace form_rsum' "$T/out" || fail "cuda text"
st=0; $PYKC cuda "$T/r.py" --kernel rsum --sig 'rsum(float32[:], float32[:, :])' > /dev/null 2> "$T/err" || st=$?
[ $st = 2 ] && grep -q "the inputs have 1 dims, fewer than the outputs' 2" "$T/err" || fail "cuda ndim (exit $st)"
# an error in a snippet names its .py line (#line before each snippet)
printf 'import cupy as cp\n\nk = cp.ReductionKernel(\n    "T x", "T y", "x",\n    "a + bogus(b)",\n    "y = a", "0", "k")\n' > "$T/bad.py"
st=0; $PYKC run --cpu "$T/bad.py" --kernel k x=ones:float32:4 > /dev/null 2> "$T/err" || st=$?
[ $st != 0 ] && grep -q "bad.py:5:[0-9]*: error: .bogus. was not declared" "$T/err" || fail "snippet line (exit $st)"
# errors (exit 2, CuPy's messages)
check() { # PATTERN ARGS...
  pat=$1; shift
  st=0; run "$@" || st=$?
  [ $st = 2 ] && grep -q -- "$pat" "$T/err" || fail "$* (exit $st, want 2: $pat)"
}
check "axis 2 is out of bounds for array of dimension 2" --kernel rsum x=ones:float32:2x3 --axis 2
check "duplicate value in 'axis'" --kernel rsum x=ones:float32:2x3 --axis 1 --axis -1
check "Out shape is mismatched" --kernel rsum x=ones:float32:2x3 y=zeros:float32:3 --axis 1
check "zero-size array to reduction operation nosum which has no identity" --kernel nosum x=zeros:float32:0x3 --axis 0
check "Illegal conditions" --kernel rawk x=ones:float32:2x3 w=ones:float32:1 --axis 1
check "pykc plans its launch" --kernel rsum x=ones:float32:8 --grid 1 --block 32
exit 0
