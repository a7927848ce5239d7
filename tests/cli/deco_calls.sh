# Kernels made by calling CuPy's decorator on a plain def (language.md §1.1 "Decorators
# called on a def"): `NAME = cp.fuse(f)`, `cupy.fuse()(f)`, `fz(kernel_name='k')(f)` with
# `from cupy import fuse as fz`, `f = cp.fuse(f)`, `jit.rawkernel()(f)`,
# `rk(mode='numpy')(f)` with `from cupyx.jit import rawkernel as rk`, `kern(f)` with
# `kern = J.rawkernel()`, and `k = jit.rawkernel()(f); return k` in a kernel factory
# called at module level: run on the CPU backend, each launched by NAME (and a fuse
# kernel by the name CuPy gives it), against NumPy running the same Python (cupy.fuse as
# the identity) or the value the kernel's body computes.
T=$(mktemp -d) || exit 2
trap 'rm -rf "$T"' EXIT
fail() { echo "$1"; cat "$T/out" "$T/err" 2>/dev/null; exit 1; }
cat > "$T/prog.py" <<'PY'
import cupy
import cupy as cp
import cupyx.jit as J
from cupyx import jit
from cupyx.jit import rawkernel as rk
from cupy import fuse as fz


def _axpy(a, x, y):
    return a * x + y


def _poly(x, y):
    t = x * y
    return t * t - 3 * x, cp.sqrt(cp.abs(y))


axpy = cp.fuse(_axpy)
axpy2 = cupy.fuse()(_axpy)
poly = fz(kernel_name='poly_k')(_poly)


def cube(x):
    return x * x * x


cube = cp.fuse(cube)                               # the def's name re-bound


def _scale(x, y, n):
    i = jit.grid(1)
    if i < n:
        y[i] = x[i] * 2 + 1


scale = jit.rawkernel()(_scale)
scale_np = rk(mode='numpy')(_scale)
kern = J.rawkernel()
scale3 = kern(_scale)


def make(by=3.0):
    def _by(x, y, n):
        i = jit.grid(1)
        if i < n:
            y[i] = x[i] * by
    k = jit.rawkernel()(_by)
    return k


scale4 = make(4.0)
PY
cat > "$T/model.py" <<'PY'
import sys, types
import numpy as np
cp = types.ModuleType("cupy")
cp.__dict__.update({k: getattr(np, k) for k in dir(np) if not k.startswith("__")})
cp.fuse = lambda *a, **k: a[0] if a and callable(a[0]) else (lambda f: f)
jit = types.ModuleType("cupyx.jit")
jit.rawkernel = lambda **k: (lambda f: f)
cupyx = types.ModuleType("cupyx")
cupyx.jit = jit
sys.modules.update({"cupy": cp, "cupyx": cupyx, "cupyx.jit": jit})
ns = {}
exec(open(sys.argv[1]).read(), ns)
d = sys.argv[2]
x = np.load(d + "/x.npy"); y = np.load(d + "/y.npy")
checks = [(ns["axpy"](2.5, x, y), d + "/axpy.npy"), (ns["axpy2"](2.5, x, y), d + "/axpy2.npy"),
          (ns["poly"](x, y)[0], d + "/poly0.npy"), (ns["poly"](x, y)[1], d + "/poly1.npy"),
          (ns["poly"](x, y)[0], d + "/polyk.npy"), (ns["cube"](x), d + "/cube.npy")]
for want, path in checks:
    got = np.load(path)
    if got.dtype != want.dtype or got.shape != want.shape or \
            not np.allclose(got, want, rtol=1e-12, atol=1e-12):
        sys.exit(f"{path}: {got.dtype}{got.shape} {got} != {want.dtype}{want.shape} {want}")
PY
$PYTHON -c "
import numpy as np
r = np.random.default_rng(3)
np.save('$T/x.npy', r.standard_normal((4, 5)))
np.save('$T/y.npy', r.standard_normal((4, 5)))" || fail "inputs"
run() { $PYKC run --cpu "$T/prog.py" "$@" > "$T/out" 2> "$T/err"; }
xy="x=@$T/x.npy y=@$T/y.npy"
run --kernel axpy a=2.5 $xy --out out="$T/axpy.npy" || fail "axpy did not run"
run --kernel axpy2 a=2.5 $xy --out out="$T/axpy2.npy" || fail "axpy2 did not run"
run --kernel poly $xy --out out0="$T/poly0.npy" --out out1="$T/poly1.npy" || fail "poly did not run"
run --kernel poly_k $xy --out out0="$T/polyk.npy" || fail "poly_k (its kernel_name) did not run"
run --kernel cube x=@$T/x.npy --out out="$T/cube.npy" || fail "cube did not run"
$PYTHON "$T/model.py" "$T/prog.py" "$T" > "$T/out" 2> "$T/err" || fail "NumPy's model differs"
for k in scale scale_np scale3; do
  run --kernel $k --grid 1 --block 8 x=arange:float32:8 y=zeros:float32:8 n=6 --print y ||
    fail "$k did not run"
  grep -qx 'y = \[ 1\.  3\.  5\.  7\.  9\. 11\.  0\.  0\.\]' "$T/out" || fail "$k: wrong y"
done
# in a kernel factory: its reading with the defaults (make.k), and a module-level call's
for k in make.k:3 scale4:4; do
  run --kernel ${k%:*} --grid 1 --block 8 x=arange:float32:8 y=zeros:float32:8 n=6 --print y ||
    fail "${k%:*} did not run"
  $PYTHON -c "import numpy as np; print('y =', np.where(np.arange(8) < 6, np.arange(8, dtype=np.float32) * ${k#*:}, np.float32(0)))" > "$T/want"
  diff "$T/want" "$T/out" > /dev/null || fail "${k%:*}: wrong y"
done
# a rawkernel is named after its variable (the launch's name; cupyx names its CUDA
# function itself); a fuse kernel answers to its variable and to the name CuPy gives it
# (kernel_name=, poly_k above; else the def's __name__)
$PYKC cuda "$T/prog.py" --kernel scale3 --sig 'scale3(float32[:], float32[:], int32)' \
  > "$T/out" 2> "$T/err" || fail "cuda failed"
grep -q '__global__ void scale3(' "$T/out" || fail "kernel name"
run --kernel _axpy a=1 x=arange:float64:3 y=1 --print out || fail "_axpy did not run"
grep -qx 'out = \[1\. 2\. 3\.\]' "$T/out" || fail "_axpy: wrong out"
exit 0
