# pykc run of @cupy.fuse functions calling the program's plain Python functions (issue 19
# class 2; language.md §11.5 "Python functions called from a fuse body"), on the CPU
# backend, against NumPy running the same Python (cupy.fuse as the identity): the issue's
# swish; keywords, defaults, tuples, early returns on str and int arguments, a recursion an
# int ends, closures (one reading a local rebound after the def), functions passed as
# values, a helper nested in the function around the fuse function. And a cupyx.jit
# kernel calling plain functions with constant arguments (cupyx.jit calls them when it
# compiles), against the value Python computes.
T=$(mktemp -d) || exit 2
trap 'rm -rf "$T"' EXIT
fail() { echo "$1"; cat "$T/out" "$T/err" 2>/dev/null; exit 1; }
cat > "$T/prog.py" <<'PY'
import cupy as cp

SCALE = 0.5


def _sigmoid(x):
    return 1 / (1 + cp.exp(-x))


def softplus_like(x, beta=1.0):
    y = x * beta
    return cp.log1p(cp.exp(y)) / beta


@cp.fuse()
def swish(x):
    return x * _sigmoid(x) + softplus_like(x, 2.0)


def clamp(v, lo=-1.0, hi=1.0):
    return cp.minimum(cp.maximum(v, lo), hi)


def polar(x, y):
    r = cp.sqrt(x * x + y * y)
    return r, cp.arctan2(y, x)


def power(x, n):
    if n == 0:
        return x * 0 + 1
    return x * power(x, n - 1)


def pick(x, mode="abs"):
    if mode == "abs":
        return cp.abs(x)
    elif mode == "neg":
        return -x
    return x


def apply(f, v, times=2):
    for _ in range(times):
        v = f(v)
    return v


def make(w=3.0):
    def weigh(v):
        return v * w + 1

    @cp.fuse()
    def mixed(x, y):
        c = 0.25

        def shift(v):
            return v + c

        c = 0.5
        r, t = polar(x, y)
        a = clamp(r * SCALE, hi=2.0) + pick(t, mode="neg") + power(x, 3)
        return apply(shift, a, times=3), weigh(pick(y)), polar(x, y)[1]

    return mixed


mixed = make()
PY
cat > "$T/model.py" <<'PY'
import sys, types
import numpy as np
cp = types.ModuleType("cupy")
cp.__dict__.update({k: getattr(np, k) for k in dir(np) if not k.startswith("__")})
cp.fuse = lambda *a, **k: (lambda f: f)
sys.modules["cupy"] = cp
ns = {}
exec(open(sys.argv[1]).read(), ns)
d = sys.argv[2]
x = np.load(d + "/x.npy"); y = np.load(d + "/y.npy")
checks = [(ns["swish"](x.astype(np.float32)), d + "/swish.npy", 1e-5)]
for k, v in enumerate(ns["mixed"](x, y)):
    checks.append((v, f"{d}/mixed{k}.npy", 1e-12))
for want, path, tol in checks:
    got = np.load(path)
    if got.dtype != want.dtype or got.shape != want.shape or \
            not np.allclose(got, want, rtol=tol, atol=tol):
        sys.exit(f"{path}: {got.dtype}{got.shape} {got} != {want.dtype}{want.shape} {want}")
PY
$PYTHON -c "
import numpy as np
r = np.random.default_rng(7)
np.save('$T/x.npy', r.standard_normal((5, 6)) * 3)
np.save('$T/y.npy', r.standard_normal((5, 6)) * 3)
np.save('$T/xf.npy', np.load('$T/x.npy').astype(np.float32))" || fail "inputs"
$PYKC run --cpu "$T/prog.py" --kernel swish x=@"$T/xf.npy" --out out="$T/swish.npy" \
  > "$T/out" 2> "$T/err" || fail "swish did not run"
$PYKC run --cpu "$T/prog.py" --kernel mixed x=@"$T/x.npy" y=@"$T/y.npy" \
  --out out0="$T/mixed0.npy" --out out1="$T/mixed1.npy" --out out2="$T/mixed2.npy" \
  > "$T/out" 2> "$T/err" || fail "mixed did not run"
$PYTHON "$T/model.py" "$T/prog.py" "$T" > "$T/out" 2> "$T/err" || fail "NumPy's model differs"
cat > "$T/jit.py" <<'PY'
from cupyx import jit

BLOCK = 64


def nblocks(n, per=BLOCK):
    """Blocks for n items."""
    return (n + per - 1) // per


def scale_for(kind, base=2.0):
    if kind == "double":
        s = base * 2
    elif kind == "half":
        s = base / 2
    else:
        s = base
    return s + nblocks(100, per=32)


@jit.rawkernel()
def scaled(x, y, n):
    i = jit.grid(1)
    if i < n:
        y[i] = x[i] * scale_for("half") + nblocks(130) - scale_for("other", base=0.5)
PY
$PYKC run --cpu "$T/jit.py" --kernel scaled --grid 1 --block 8 x=arange:float64:8 \
  y=zeros:float64:8 n=8 --print y > "$T/out" 2> "$T/err" || fail "jit constant calls did not run"
grep -qx 'y = \[-1\.5  3\.5  8\.5 13\.5 18\.5 23\.5 28\.5 33\.5\]' "$T/out" ||
  fail "jit constant calls: wrong y"
exit 0
