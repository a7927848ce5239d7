# No stack overflow on deep input (issue 18 §4: N1, N7 of the second attack): an if/elif
# chain of 8000 arms and a chain of 2000 device functions each calling the next are one
# "nested too deeply" error and exit 1 (CPython's RecursionError), also on a small stack
# (ulimit -s 2048: the check follows the stack's size, not a count) and through the Python
# package (a CompileError; the interpreter goes on); an elif chain of 1000 arms compiles.
set -u
PYKC=$(cd "$(dirname "$PYKC")" && pwd)/$(basename "$PYKC")
ROOT=$(pwd)
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
cd "$T" || exit 1
fail=0
say() { echo "FAIL: $*"; fail=1; }
python3 - <<'PY' || exit 1
H = "import cupy as cp\nfrom cupyx import jit\n\n"
K = "@jit.rawkernel()\ndef k(x: cp.float32[:], n: cp.int32):\n"
def elifs(n):
    return H + K + "    if n == 0:\n        x[0] = 0.0\n" + "".join(
        "    elif n == %d:\n        x[0] = %d.0\n" % (i, i) for i in range(1, n))
open("elif8000.py", "w").write(elifs(8000))
open("elif1000.py", "w").write(elifs(1000))
open("devfn2000.py", "w").write(H + "".join(
    "@jit.rawkernel(device=True)\ndef f%d(a):\n    return f%d(a) + 1\n\n" % (i, i + 1) for i in range(2000))
    + "@jit.rawkernel(device=True)\ndef f2000(a):\n    return a\n\n" + K + "    x[0] = f0(n)\n")
PY
for f in elif8000 devfn2000; do
  for cmd in check cuda; do
    timeout 60 "$PYKC" $cmd $f.py > /dev/null 2> err; st=$?
    [ $st = 1 ] || say "$cmd $f: exit $st (want 1)"
    grep -q 'nested too deeply' err || say "$cmd $f: $(head -c 300 err)"
  done
  (ulimit -s 2048; timeout 60 "$PYKC" check $f.py > /dev/null 2> err); st=$?
  [ $st = 1 ] && grep -q 'nested too deeply' err || say "$f under ulimit -s 2048: exit $st $(head -c 200 err)"
done
"$PYKC" check elif1000.py > /dev/null 2> err || say "elif chain of 1000: $(head -c 200 err)"
cat > py.py <<PY
import sys
sys.path.insert(0, "$ROOT/python")
import numpy as np
import pykc
try:                                   # CPython's own parser gives up on this file first
    pykc.load("elif8000.py").k((1,), (1,), (np.zeros(1, np.float32), np.int32(1)))
    print("elif8000 ran")
except pykc.CompileError as e:
    print("elif8000 CompileError", "nested too deeply" in str(e))
except (MemoryError, RecursionError) as e:
    print("elif8000 CompileError True (CPython: %s)" % type(e).__name__)
try:                                   # the library compiles the file in this process
    pykc.load("devfn2000.py").k((1,), (1,), (np.zeros(1, np.float32), np.int32(1)))
    print("devfn2000 ran")
except pykc.CompileError as e:
    print("devfn2000 CompileError", "nested too deeply" in str(e))
print("the interpreter goes on")
PY
PYKC_CPU=1 timeout 120 ${PYTHON:-/usr/bin/python3} py.py > out 2>&1; st=$?
[ $st = 0 ] || say "python: exit $st $(head -c 300 out)"
[ "$(grep -c 'CompileError True' out)" = 2 ] && grep -q 'goes on' out || say "python: $(head -c 300 out)"
exit $fail
