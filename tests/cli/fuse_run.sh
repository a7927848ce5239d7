# pykc run of @cupy.fuse kernels on the CPU backend: the output `out` allocated and
# printed, a Python scalar weak next to a float32 array, a reduction's shape, and the
# usage errors of a fuse kernel (its axes are the code's; an output of the wrong dtype;
# no array argument; a type error at run time, with its caret).
T=$(mktemp -d) || exit 2
trap 'rm -rf "$T"' EXIT
F=examples/squared_diff_fuse.py
R=examples/sum_of_products_fuse.py
fail() { echo "$1"; cat "$T/out" "$T/err" 2>/dev/null; exit 1; }
$PYKC run --cpu $F --kernel squared_diff x=arange:float32:4 y=1 --print out > "$T/out" 2> "$T/err" ||
  fail "squared_diff did not run"
grep -qx 'out = \[1\. 0\. 1\. 4\.\]' "$T/out" || fail "squared_diff: wrong out"
$PYKC run --cpu $R --kernel sum_of_products x=ones:float32:4x3 y=arange:float32:3 --out out="$T/o.npy" \
  > "$T/out" 2> "$T/err" || fail "sum_of_products did not run"
$PYKC run --cpu $R --kernel sum_of_products x=ones:float32:4x3 y=ones:float32:3 --axis 0 \
  > "$T/out" 2> "$T/err" && fail "--axis accepted for a fuse kernel"
grep -q "the code of fuse kernel 'sum_of_products' gives its reduction's axes" "$T/err" ||
  fail "--axis: wrong message"
$PYKC run --cpu $F --kernel squared_diff x=ones:float32:4 y=ones:float32:4 out=zeros:float64:4 \
  > "$T/out" 2> "$T/err" && fail "a float64 out accepted"
grep -q "output 'out' is float64\[:\]; the function returns float32 there" "$T/err" ||
  fail "out dtype: wrong message"
$PYKC run --cpu $F --kernel squared_diff x=1.0 y=2 > "$T/out" 2> "$T/err" && fail "scalars only accepted"
grep -q "needs at least one array argument" "$T/err" || fail "scalars only: wrong message"
$PYKC run --cpu $F --kernel squared_diff x=zeros:bool:4 y=ones:bool:4 > "$T/out" 2> "$T/err" &&
  fail "boolean subtract accepted"
grep -q "squared_diff_fuse.py:[0-9]*:15: error: cupy boolean subtract" "$T/err" || fail "bool: wrong message"
grep -q '^ *\^$' "$T/err" || fail "bool: no caret"
S=tests/cli/data/fuse_spellings.py
$PYKC check $S > "$T/out" 2> "$T/err" || fail "fuse spellings: errors"
for k in kk body; do
  $PYKC run --cpu $S --kernel $k x=arange:float32:3 --print out > "$T/out" 2> "$T/err" ||
    fail "fuse spellings: $k did not run"
  grep -qx 'out = \[-1\.  0\.  1\.\]' "$T/out" || fail "fuse spellings: $k: wrong out"
done
$PYKC run --cpu $S --kernel twice x=arange:int8:3 --print out > "$T/out" 2> "$T/err" ||
  fail "fuse spellings: twice did not run"
grep -qx 'out = \[0 2 4\]' "$T/out" || fail "fuse spellings: twice: wrong out"
for k in g f; do                                   # g = cp.fuse(f): its variable, f's name
  $PYKC run --cpu $S --kernel $k x=arange:int8:3 --print out > "$T/out" 2> "$T/err" ||
    fail "fuse spellings: $k did not run"
  grep -qx 'out = \[0 2 4\]' "$T/out" || fail "fuse spellings: $k: wrong out"
done
# a trace that takes a bare return for these dtypes (CuPy's skip of uint64 with a signed
# integer) returns None: no output, nothing launched; values for the other dtypes
cat > "$T/none.py" <<'PY'
import cupy as cp


@cp.fuse()
def band(x, y):
    if ((x.dtype == 'uint64' and y.dtype.kind == 'i')
            or (y.dtype == 'uint64' and x.dtype.kind == 'i')):
        return
    return cp.bitwise_and(x, y)
PY
$PYKC run --cpu "$T/none.py" --kernel band x=arange:uint64:4 y=arange:int8:4 --print out \
  > "$T/out" 2> "$T/err" && grep -qx 'out = None' "$T/out" || fail "band(uint64, int8): not None"
$PYKC run --cpu "$T/none.py" --kernel band x=arange:uint64:4 y=ones:uint64:4 --print out \
  > "$T/out" 2> "$T/err" && grep -qx 'out = \[0 1 0 1\]' "$T/out" || fail "band(uint64, uint64)"
st=0; $PYKC run --cpu "$T/none.py" --kernel band x=arange:uint64:4 y=arange:int8:4 \
  --out out="$T/o.npy" > "$T/out" 2> "$T/err" || st=$?
[ $st = 2 ] && grep -q "returns None for these arguments" "$T/err" || fail "--out of None: exit $st"
exit 0
