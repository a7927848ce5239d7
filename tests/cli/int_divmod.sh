# Python's // and % on integers, one formula for every front end (types.h's OPS_REMAINDER,
# ops_floordiv_body): the jit DSL, @cupy.fuse and an ElementwiseKernel calling CuPy's
# floor_divide/remainder give NumPy's results at the edges (INT_MIN // -1 is INT_MIN as
# on the GPU, never a trap on the CPU backend; x % 0 and x // 0 are 0), for int32 and
# int64. <cupy/complex.cuh> (RawKernel code, included twice) is the forms' complex<T> over
# the DSL's helpers: thrust's division, complex.cuh's NaN rule for min/max.
T=$(mktemp -d) || exit 2
trap 'rm -rf "$T"' EXIT
export PYKC_CACHE_DIR="$T/cache"
PYKC=${PYKC:-build/pykc}
PYTHON=${PYTHON:-/usr/bin/python3}
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
cat > "$T/dm.py" <<'PY'
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def dm(x, y, r, q):
    i = jit.threadIdx.x
    r[i] = x[i] % y[i]
    q[i] = x[i] // y[i]


@cp.fuse()
def fm(x, y):
    return x % y, x // y


ek = cp.ElementwiseKernel('T x, T y', 'T q', 'q = _floor_divide(x, y)', 'ek')
PY
for dt in int32 int64; do
  $PYTHON - "$T" "$dt" <<'PY' || fail "inputs $dt"
import sys, numpy as np
d, dt = sys.argv[1], np.dtype(sys.argv[2])
lo, hi = np.iinfo(dt).min, np.iinfo(dt).max
x = np.array([lo, lo, lo, hi, hi, 7, -7, 7, -7, 5, 0, lo + 1, -1], dt)
y = np.array([-1, 1, 3, -1, 2, 2, 2, -2, -2, 0, 0, -1, lo], dt)
np.save(f"{d}/x.npy", x); np.save(f"{d}/y.npy", y)
with np.errstate(all="ignore"):
    np.save(f"{d}/r_want.npy", x % y); np.save(f"{d}/q_want.npy", x // y)
PY
  n=13
  $PYKC run "$T/dm.py" --kernel dm --grid 1 --block $n x=@"$T/x.npy" y=@"$T/y.npy" \
    r=zeros:$dt:$n q=zeros:$dt:$n --out r="$T/r_dm.npy" --out q="$T/q_dm.npy" > "$T/err" 2>&1 ||
    { fail "jit dm $dt:"; head -n 5 "$T/err"; }
  $PYKC run "$T/dm.py" --kernel fm x=@"$T/x.npy" y=@"$T/y.npy" \
    --out out0="$T/r_fm.npy" --out out1="$T/q_fm.npy" > "$T/err" 2>&1 ||
    { fail "fuse fm $dt:"; head -n 5 "$T/err"; }
  $PYKC run "$T/dm.py" --kernel ek x=@"$T/x.npy" y=@"$T/y.npy" --out q="$T/q_ek.npy" \
    > "$T/err" 2>&1 || { fail "ElementwiseKernel ek $dt:"; head -n 5 "$T/err"; }
  $PYTHON - "$T" "$dt" <<'PY' || fail "results $dt"
import sys, numpy as np
d, dt = sys.argv[1], sys.argv[2]
bad = 0
for f in ("dm", "fm"):
    for v in ("r", "q"):
        got, want = np.load(f"{d}/{v}_{f}.npy"), np.load(f"{d}/{v}_want.npy")
        if got.dtype != want.dtype or not np.array_equal(got, want):
            print(f"{f} {v} {dt}: got {got.tolist()}, NumPy {want.tolist()}"); bad = 1
got, want = np.load(f"{d}/q_ek.npy"), np.load(f"{d}/q_want.npy")
if got.dtype != want.dtype or not np.array_equal(got, want):
    print(f"ek q {dt}: got {got.tolist()}, NumPy {want.tolist()}"); bad = 1
sys.exit(bad)
PY
done
# The same edges as constants, folded at compile time: NumPy scalars at module level (host
# constants, NumPy's rules: MIN // -1 is MIN, MIN % -1 is 0; was "an expression pykc cannot
# evaluate") and typed constants in a kernel give what the kernel computes at run time.
cat > "$T/cf.py" <<'PY'
import cupy as cp
import numpy as np
from cupyx import jit

C = np.int64(-2**63) // np.int64(-1)
D = np.int32(-2**31) // -1
E = np.int64(-2**63) % np.int64(-1)
F = np.int32(-2**31) % np.int32(-1)


@jit.rawkernel()
def cf(out: cp.int64[:]):
    out[0] = C
    out[1] = D
    out[2] = E
    out[3] = F
    out[4] = cp.int64(-2**63) // cp.int64(-1)
    out[5] = cp.int32(-2**31) // cp.int32(-1)
    out[6] = cp.int64(-2**63) % cp.int64(-1)
    out[7] = (-2**63) // -1 - 1
PY
$PYKC run "$T/cf.py" --grid 1 --block 1 out=zeros:int64:8 --print out > "$T/out" 2> "$T/err" ||
  { fail "constant MIN // -1:"; head -n 5 "$T/err"; }
lo=-9223372036854775808 i32=-2147483648
want="out = [$lo $i32 0 0 $lo $i32 0 9223372036854775807]"
[ "$(tr -s ' \n' '  ' < "$T/out" | sed 's/ *$//; s/\[ */[/; s/ *\]/]/')" = "$want" ] ||
  fail "constant MIN // -1: $(cat "$T/out"), want $want"
# <cupy/complex.cuh>: one declaration of the division, over the DSL's helper
cat > "$T/cx.cu" <<'CU'
#include <cupy/complex.cuh>
#include <cupy/complex.cuh>
extern "C" __global__ void cx(const complex<float> *a, const complex<float> *b, complex<float> *o) {
  int i = threadIdx.x;
  o[i] = min(a[i] / b[i], a[i]) + max(a[i], b[i]) * complex<float>(isnan(b[i]), 0);
}
CU
$PYTHON - "$T" <<'PY' || fail "complex inputs"
import sys, numpy as np
d = sys.argv[1]
rng = np.random.default_rng(0)
a = (rng.standard_normal(8) + 1j * rng.standard_normal(8)).astype(np.complex64)
b = (rng.standard_normal(8) + 1j * rng.standard_normal(8)).astype(np.complex64)
b[2] = complex(np.nan, 1); b[3] = 1e30 + 1e30j
np.save(f"{d}/a.npy", a); np.save(f"{d}/b.npy", b)
PY
$PYKC run "$T/cx.cu" --kernel cx --grid 1 --block 8 a=@"$T/a.npy" b=@"$T/b.npy" \
  o=zeros:complex64:8 --out o="$T/o.npy" > "$T/err" 2>&1 || { fail "complex.cuh run:"; head -n 5 "$T/err"; }
$PYTHON - "$T" <<'PY' || fail "complex.cuh results"
import sys, numpy as np
d = sys.argv[1]
a, b, o = (np.load(f"{d}/{n}.npy") for n in "abo")
def lt(x, y): return x.real < y.real or (x.real == y.real and x.imag < y.imag)
def mn(x, y):  # complex.cuh: a NaN operand gives the other one
    if np.isnan(x): return y
    if np.isnan(y): return x
    return x if lt(x, y) else y
def mx(x, y):
    if np.isnan(x): return y
    if np.isnan(y): return x
    return y if lt(x, y) else x
bad = 0
for i in range(8):
    with np.errstate(all="ignore"):
        # thrust's division: scaled by 1 / (|b.re| + |b.im|)
        s = np.float32(1) / (abs(b[i].real) + abs(b[i].imag))
        ar, ai, br, bi = a[i].real * s, a[i].imag * s, b[i].real * s, b[i].imag * s
        oos = np.float32(1) / (br * br + bi * bi)
        q = np.complex64(complex((ar * br + ai * bi) * oos, (ai * br - ar * bi) * oos))
        want = mn(q, a[i]) + mx(a[i], b[i]) * np.complex64(complex(float(np.isnan(b[i])), 0))
    if not np.allclose(o[i], want, rtol=1e-6, atol=0, equal_nan=True):
        print(f"complex.cuh [{i}]: got {o[i]}, want {want}"); bad = 1
sys.exit(bad)
PY
$PYKC ptx "$T/cx.cu" -o "$T/cx.ptx" > "$T/err" 2>&1 ||
  { grep -q "could not compile" "$T/err" && { fail "NVRTC rejects complex.cuh:"; head -n 8 "$T/err"; }; }
[ $fails = 0 ]
