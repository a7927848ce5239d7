# One kernel file for the Python program and the command line (issue 20 §2): a file written
# for the package (`from pykc import jit`, `import pykc`, `import pykc.jit as jit`,
# `pykc.ElementwiseKernel(...)`, `@pykc.fuse()`, `from pykc import fuse, ReductionKernel`)
# is read by `pykc check/cuda/run` as the same file spelt with cupy and cupyx.jit: the same
# kernels, the same CUDA; and the file runs as a Python program (NumPy arrays, the CPU
# backend) with the results `pykc run` prints.
T=$(mktemp -d) || exit 2
trap 'rm -rf "$T"' EXIT
export PYKC_CACHE_DIR="$T/cache"
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
cat > "$T/pk.py" <<'PY'
from __future__ import annotations
import numpy as np
import pykc
import pykc.jit as pjit
from pykc import jit
from pykc import ReductionKernel, fuse


@jit.rawkernel()
def saxpy(a: np.float32, x: np.float32[:], y: np.float32[:], out: np.float32[:]):
    i = jit.grid(1)
    if i < x.size:
        out[i] = a * x[i] + y[i]


@pykc.jit.rawkernel()
def fill(x: np.float32[:]):
    x[pjit.threadIdx.x] = pjit.blockDim.x


relu = pykc.ElementwiseKernel('T x', 'T y', 'y = x > 0 ? x : 0', 'relu')
total = ReductionKernel('T x', 'T y', 'x', 'a + b', 'y = a', '0', 'total')


@pykc.fuse()
def sq(x, y):
    return x * x + y


@fuse()
def cube(x):
    return x * x * x
PY
sed -e 's/^import pykc$/import cupy, cupyx/' -e 's/^import pykc.jit as pjit$/import cupyx.jit as pjit/' \
    -e 's/^from pykc import jit$/from cupyx import jit/' \
    -e 's/^from pykc import ReductionKernel, fuse$/from cupy import ReductionKernel, fuse/' \
    -e 's/pykc\.jit\.rawkernel/cupyx.jit.rawkernel/' -e 's/pykc\./cupy./g' "$T/pk.py" > "$T/cp.py"
grep -q pykc "$T/cp.py" && fail "the cupy spelling still says pykc"
SIGS="--sig relu(float32[:],float32[:]) --sig total(float32[:],float32[()]) --sig sq(float32[:],float32[:]) --sig cube(float64[:])"
"$PYKC" check "$T/pk.py" $SIGS || fail "pykc check of the pykc spelling"
"$PYKC" cuda "$T/pk.py" $SIGS > "$T/pk.cu" 2> "$T/err" || { fail "pykc cuda pk.py"; cat "$T/err"; }
"$PYKC" cuda "$T/cp.py" $SIGS > "$T/cp.cu" 2> "$T/err" || { fail "pykc cuda cp.py"; cat "$T/err"; }
n=$(grep __global__ "$T/pk.cu" | grep -cv '__map(')  # (map twins, docs/design.md 5.3, aside)
[ "$n" = 6 ] || fail "pk.py: not 6 kernels: $(grep __global__ "$T/pk.cu")"
sed 's/cp\.py/pk.py/g' "$T/cp.cu" | cmp -s - "$T/pk.cu" || { fail "pk.py and cp.py give different CUDA"; diff "$T/cp.cu" "$T/pk.cu" | head; }
run() { "$PYKC" run --cpu "$T/pk.py" "$@" 2>/dev/null; }
{
  run --kernel saxpy --grid 1 --block 8 a=2.0 x=arange:float32:8 y=ones:float32:8 out=zeros:float32:8 --print out
  run --kernel fill --grid 1 --block 4 x=zeros:float32:4 --print x
  run --kernel relu x=arange:float32:6 --print y
  run --kernel total x=arange:float32:6 --print y
  run --kernel sq x=arange:float32:4 y=ones:float32:4 --print out
  run --kernel cube x=arange:float64:4 --print out
} > "$T/cli.txt"
cat > "$T/prog.py" <<'PY'
import sys
import numpy as np
sys.path.insert(0, sys.argv[1])
import pk
x = np.arange(8, dtype=np.float32); out = np.zeros(8, np.float32)
pk.saxpy((1,), (8,), (np.float32(2), x, np.ones(8, np.float32), out))
print("out =", out)
x4 = np.zeros(4, np.float32)
pk.fill[1, 4](x4)
print("x =", x4)
print("y =", pk.relu(np.arange(6, dtype=np.float32)))
print("y =", pk.total(np.arange(6, dtype=np.float32)))
print("out =", pk.sq(np.arange(4, dtype=np.float32), np.ones(4, np.float32)))
print("out =", pk.cube(np.arange(4, dtype=np.float64)))
PY
PYTHONPATH=python "${PYTHON:-/usr/bin/python3}" "$T/prog.py" "$T" > "$T/py.txt" 2>&1 || { fail "the file as a Python program"; cat "$T/py.txt"; }
diff "$T/cli.txt" "$T/py.txt" > "$T/diff" || { fail "pykc run and the Python program differ"; cat "$T/diff"; }
[ "$(wc -l < "$T/cli.txt")" -ge 6 ] || fail "pykc run printed $(cat "$T/cli.txt")"
exit $fails
