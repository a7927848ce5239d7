# Kernel forms from the command line: names (variable and name=), pykc run's planned
# calls (no --grid/--block, omitted outputs printed, in place), --sig for pykc cuda, and
# the usage errors of calls CuPy rejects (exit 2) or that make no sense (--axis).
set -e
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
cat > "$T/f.py" <<'PY'
import cupy as cp
from cupyx import jit

relu = cp.ElementwiseKernel('T x, T c', 'T y', 'y = x > c ? x : c', 'clip')
rawout = cp.ElementwiseKernel('T x', 'raw T y', 'y[i] = x', 'rawout')
a = cp.ElementwiseKernel('float32 x', 'float32 y', 'y = x + 1')
b = cp.ElementwiseKernel('float32 x', 'float32 y', 'y = x + 2')
sg = cp.ElementwiseKernel('X x, Y y', 'Z z', 'z = x - y', 'super_generic')

@jit.rawkernel()
def dsl(x):
    x[0] = 1
PY
fail() { echo "FAIL: $*"; cat "$T/err" 2>/dev/null; exit 1; }
# by variable and by name=; the output allocated and printed
$PYKC run --cpu "$T/f.py" --kernel relu x=arange:int32:5 c=2 --print y > "$T/out" 2> "$T/err" || fail relu
[ "$(cat "$T/out")" = "y = [2 2 2 3 4]" ] || fail "relu printed $(cat "$T/out")"
$PYKC run --cpu "$T/f.py" --kernel clip x=arange:float64:2x2 c=1.5 --print y > "$T/out" 2> "$T/err" || fail clip
grep -q '\[1.5 1.5\]' "$T/out" || fail "clip printed $(cat "$T/out")"
# an untyped VALUE is CuPy's Python float: double precision (0.1 is not float32's 0.1)
$PYKC run --cpu "$T/f.py" --kernel relu x=zeros:float64:1 c=0.1 --out y="$T/y.npy" > /dev/null 2> "$T/err" ||
  fail "relu c=0.1"
$PYKC run --cpu "$T/f.py" --kernel relu x=zeros:float64:1 c=0.1:float64 --out y="$T/z.npy" > /dev/null 2> "$T/err" ||
  fail "relu c=0.1:float64"
cmp -s "$T/y.npy" "$T/z.npy" || fail "c=0.1 differs from c=0.1:float64 (rounded to float32?)"
# a given output (in place) and a given launch shape
$PYKC run --cpu "$T/f.py" --kernel a x=ones:float32:7 y=zeros:float32:7 --grid 1 --block 2 \
  --print y > "$T/out" 2> "$T/err" || fail "a in place"
[ "$(cat "$T/out")" = "y = [2. 2. 2. 2. 2. 2. 2.]" ] || fail "a printed $(cat "$T/out")"
# CuPy's default name 'kernel' is shared: ambiguous by name, each found by its variable
st=0; $PYKC run --cpu "$T/f.py" --kernel kernel x=ones:float32:2 > /dev/null 2> "$T/err" || st=$?
[ $st = 2 ] && grep -q "ambiguous" "$T/err" || fail "kernel: exit $st"
# errors: dtypes, shapes, a raw output to allocate, --axis, --grid alone, a DSL kernel
check() { # EXIT PATTERN ARGS...
  want=$1 pat=$2; shift 2
  st=0; $PYKC run --cpu "$T/f.py" "$@" > /dev/null 2> "$T/err" || st=$?
  [ $st = "$want" ] && grep -q -- "$pat" "$T/err" || fail "$* (exit $st, want $want: $pat)"
}
check 2 "Type is mismatched. x int32 float64 T" --kernel relu x=arange:int32:5 c=2 y=zeros:float64:5
check 2 "x int32 float64 T ('x' is int32, but an earlier argument made T float64)" --kernel relu \
  x=arange:int32:5 c=2 y=zeros:float64:5
# a placeholder only an output has: said once, with what to pass (CuPy: KeyError)
check 2 "^pykc: kernel 'super_generic': the type placeholder Z of 'z' is decided by no array argument: pass the output 'z'" \
  --kernel sg x=arange:float32:3 y=arange:float32:3
check 2 "Out shape is mismatched" --kernel relu x=arange:int32:5 c=2 y=zeros:int32:1
check 2 "operands could not be broadcast together with shapes (5,) (4,)" --kernel relu x=arange:int32:5 c=arange:int32:4
check 2 "Output array size is Undecided" --kernel rawout x=arange:int32:5
check 2 "Loop size is undecided" --kernel relu x=1 c=2
check 2 "--axis and --keepdims are for reductions" --kernel relu x=arange:int32:5 c=2 --axis 0
check 2 "--grid without --block: give both" --kernel relu x=arange:int32:5 c=2 --grid 1
check 2 "whose calls take no dynamic shared memory" --kernel relu x=arange:int32:5 c=2 --shared-mem 64
check 2 "kernel 'dsl' needs --grid and --block (only a kernel form" --kernel dsl x=zeros:int32:1
check 2 "missing argument 'x'" --kernel relu c=2
# pykc cuda: placeholders need --sig; declared dtypes do not (a and b share CuPy's
# default name 'kernel': the emitted kernels take their variables' names)
st=0; $PYKC cuda "$T/f.py" --kernel relu > /dev/null 2> "$T/err" || st=$?
[ $st = 1 ] && grep -q "kernel 'relu' needs a signature" "$T/err" || fail "cuda relu: exit $st"
# --sig for one kernel of several: the others' message says --kernel picks what compiles,
# and lists every placeholder
st=0; $PYKC cuda "$T/f.py" --sig 'relu(float32[:], float32, float32[:])' > /dev/null 2> "$T/err" || st=$?
[ $st = 1 ] && grep -q "kernel 'sg' needs a signature: its parameters use the type placeholders X, Y and Z; pass --sig 'sg(...)' (or --kernel NAME: compile only the kernels named)" "$T/err" ||
  fail "cuda --sig relu: exit $st"
$PYKC cuda "$T/f.py" --kernel a > "$T/out" 2> "$T/err" || fail "cuda a"
grep -q 'extern "C" __global__ void a(const CArray<float, 1, 0, 1> _raw_x' "$T/out" || fail "cuda a: $(grep global "$T/out")"
$PYKC cuda "$T/f.py" --kernel relu --sig 'relu(float32[:, :], float32, float32[:, :])' > "$T/out" 2> "$T/err" || fail "cuda relu --sig"
grep -q 'typedef float T;' "$T/out" && grep -q 'CIndexer<2> _ind(_raw_x.shape_);' "$T/out" || fail "relu --sig output"
st=0; $PYKC cuda "$T/f.py" --kernel relu --sig 'relu(int32[:], float32, float32[:])' > /dev/null 2> "$T/err" || st=$?
[ $st = 2 ] && grep -q "Type is mismatched. x int32 float32 T" "$T/err" || fail "--sig mismatch: exit $st"
st=0; $PYKC cuda "$T/f.py" --kernel relu --sig 'relu(float32[:], float32)' > /dev/null 2> "$T/err" || st=$?
[ $st = 2 ] && grep -q "takes 3 parameters" "$T/err" || fail "--sig count: exit $st"
# an error in the user's snippet is the source's (exit 1), at its line and column of the
# .py file (the generated code keeps the user's columns), from g++ on the CPU backend and
# from NVRTC
cat > "$T/bad.py" <<'PY'
import cupy as cp

k = cp.ElementwiseKernel(
    'T x', 'T y',
    '''y = x;
    y += nope;''', 'k')
PY
st=0; $PYKC run --cpu "$T/bad.py" --kernel k x=ones:float32:2 > /dev/null 2> "$T/err" || st=$?
[ $st = 1 ] && grep -q "bad.py:6:10: error: .nope. was not declared" "$T/err" ||
  fail "bad snippet on the CPU: exit $st"
st=0; $PYKC ptx "$T/bad.py" --sig 'k(float32[:], float32[:])' -o "$T/b.ptx" > /dev/null 2> "$T/err" || st=$?
[ $st = 1 ] && grep -q 'bad.py:6:10: error: identifier "nope" is undefined' "$T/err" &&
  grep -qx '             \^' "$T/err" && ! grep -q "pykc bug" "$T/err" ||
  fail "bad snippet through NVRTC: exit $st"
# a one-line operation's column is its literal's; a ReductionKernel's identity is the
# user's text too (a published fuzzy c-means passes its kernel name where the identity
# goes: CuPy's NVRTC refuses `_type_reduce(objective_function)`, pykc names that text)
cat > "$T/col.py" <<'PY'
import cupy as cp
k2 = cp.ElementwiseKernel('T x', 'T y', 'y = x + bad_one', 'k2')
r = cp.ReductionKernel(
    "float64 val",
    "float64 obj",
    "val",
    "a + b",
    "obj = 0.0",
    "objective_function",
)
PY
st=0; $PYKC run --cpu "$T/col.py" --kernel k2 x=ones:float32:2 > /dev/null 2> "$T/err" || st=$?
[ $st = 1 ] && grep -q "col.py:2:50: error: .bad_one. was not declared" "$T/err" ||
  { fail "one-line snippet on the CPU: exit $st"; cat "$T/err"; }
st=0; $PYKC ptx "$T/col.py" --sig 'k2(float32[:], float32[:])' -o "$T/b.ptx" > /dev/null 2> "$T/err" || st=$?
[ $st = 1 ] && grep -q 'col.py:2:50: error: identifier "bad_one" is undefined' "$T/err" ||
  { fail "one-line snippet through NVRTC: exit $st"; cat "$T/err"; }
st=0; $PYKC run --cpu "$T/col.py" --kernel reduce_kernel val=ones:float64:5 > /dev/null 2> "$T/err" || st=$?
[ $st = 1 ] && grep -q "col.py:9:6: error: .objective_function. was not declared" "$T/err" ||
  { fail "identity on the CPU: exit $st"; cat "$T/err"; }
st=0; $PYKC ptx "$T/col.py" --kernel reduce_kernel --sig 'reduce_kernel(float64[:], float64[:])' -o "$T/b.ptx" > /dev/null 2> "$T/err" || st=$?
[ $st = 1 ] && grep -q 'col.py:9:6: error: identifier "objective_function" is undefined' "$T/err" ||
  { fail "identity through NVRTC: exit $st"; cat "$T/err"; }
# CuPy's kernel environment (src/forms/env.c): the names of CuPy's headers compile under
# NVRTC and g++ alike, and a name of the host's <math.h> that CuPy's kernels lack (M_E)
# fails on both, at the snippet's line
cat > "$T/env.py" <<'PY'
import cupy as cp

ok = cp.ElementwiseKernel('float32 x, int32 q', 'float32 y, raw float64 m',
                          'y = x * M_PI + _floor_divide(q, 3) + CUDART_INF_F;'
                          'atomicMax(&m[0], (double)x); CUPY_FOR(j, 1) {}', 'ok')
bad = cp.ElementwiseKernel('float32 x', 'float32 y', 'y = x * M_E', 'bad')
PY
$PYKC ptx "$T/env.py" --kernel ok --sig 'ok(float32[:], int32[:], float32[:], float64[:])' \
  -o "$T/e.ptx" > /dev/null 2> "$T/err" || fail "CuPy's names through NVRTC"
$PYKC run --cpu "$T/env.py" --kernel ok x=ones:float32:2 q=ones:int32:2 m=zeros:float64:1 \
  --print m > "$T/out" 2> "$T/err" && [ "$(cat "$T/out")" = "m = [1.]" ] || fail "CuPy's names on the CPU"
st=0; $PYKC ptx "$T/env.py" --kernel bad --sig 'bad(float32[:], float32[:])' -o "$T/e.ptx" > /dev/null 2> "$T/err" || st=$?
[ $st = 1 ] && grep -q 'env.py:6:.*"M_E" is undefined' "$T/err" || fail "M_E through NVRTC: exit $st"
st=0; $PYKC run --cpu "$T/env.py" --kernel bad x=ones:float32:2 > /dev/null 2> "$T/err" || st=$?
[ $st = 1 ] && grep -q "env.py:6:.*M_E" "$T/err" || fail "M_E on the CPU: exit $st"
# --sig by name: a placeholder's dtype (T=float32) or a parameter's type (x=...); the
# parameters not named are arrays of their declared or placeholder dtype with the loop's ndim
$PYKC cuda "$T/f.py" --kernel relu --sig 'relu(T=float32)' > "$T/out" 2> "$T/err" || fail "--sig T="
grep -q 'void clip(const CArray<float, 1, 0, 1> _raw_x, const CArray<float, 1, 0, 1> _raw_c, CArray<float, 1, 0, 1> _raw_y)' "$T/out" ||
  fail "--sig T=: $(grep global "$T/out")"
$PYKC cuda "$T/f.py" --kernel relu --sig 'relu(x=float64[:, :], c=float64)' > "$T/out" 2> "$T/err" || fail "--sig x="
grep -q 'void clip(const CArray<double, 2, 0, 1> _raw_x, const double c, CArray<double, 2, 0, 1> _raw_y)' "$T/out" ||
  fail "--sig x=: $(grep global "$T/out")"
for bad in "relu(U=float32)|'U' is no parameter or type placeholder" \
           "relu(float32[:], x=float32[:])|parameter 'x' is given twice" \
           "relu(T=float32[:])|the placeholder T takes a dtype"; do
  st=0; $PYKC cuda "$T/f.py" --kernel "${bad%%(*}" --sig "${bad%%|*}" > /dev/null 2> "$T/err" || st=$?
  [ $st = 2 ] && grep -qF "${bad#*|}" "$T/err" || fail "--sig '${bad%%|*}': exit $st: $(cat "$T/err")"
done
echo ok
