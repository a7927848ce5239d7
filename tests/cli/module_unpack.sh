# Module-level tuple unpacking (`NX, NY = 4, 8`, `A, B = T`, `C, D = np.array(...)`): each
# name is bound to its item where pykc evaluates it (a jit kernel and a fuse function read
# them as constants), else to "an expression pykc cannot evaluate" with --define as the
# way out; `E, F = <host value>` rebinds both (an earlier constant no longer holds).
set -e
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
cat > "$T/u.py" <<'PY'
import cupy as cp
import numpy as np
from cupyx import jit

NX, NY = 4, 8
T = (1.5, 2.5)
A, B = T
C, D = np.array([1.5, 2.5], dtype=np.float32)
E, F = 1.0, 2.0
E, F = open("x").read().split()


@jit.rawkernel()
def k(x):
    i = jit.threadIdx.x
    if i < NX:
        x[i] = i * NY + A * B


@cp.fuse()
def f(x):
    return x * A + B


@cp.fuse()
def g(x):
    return x * C + D


@cp.fuse()
def h(x):
    return x * E + F
PY
$PYKC run --cpu "$T/u.py" --kernel k --grid 1 --block 8 x=zeros:float64:4 --print x > "$T/out"
echo 'x = [ 3.75 11.75 19.75 27.75]' | diff - "$T/out"
$PYKC run --cpu "$T/u.py" --kernel f x=arange:float32:3 --print out > "$T/out"
echo 'out = [2.5 4.  5.5]' | diff - "$T/out"
st=0; $PYKC run --cpu "$T/u.py" --kernel g x=arange:float32:3 2> "$T/err" || st=$?
[ $st = 1 ] || { echo "exit $st"; cat "$T/err"; exit 1; }
grep -q "unknown name 'C' (bound at line 8 to an expression pykc cannot evaluate; pass --define C=...)" "$T/err" || { cat "$T/err"; exit 1; }
$PYKC run --cpu "$T/u.py" --kernel g x=arange:float32:3 -D C=1.5:float32 -D D=2.5:float32 --print out > "$T/out"
echo 'out = [2.5 4.  5.5]' | diff - "$T/out"
st=0; $PYKC run --cpu "$T/u.py" --kernel h x=arange:float32:3 2> "$T/err" || st=$?
[ $st = 1 ] || { echo "exit $st"; cat "$T/err"; exit 1; }
grep -q "unknown name 'E' (bound at line 10 to an expression pykc cannot evaluate" "$T/err" || { cat "$T/err"; exit 1; }
