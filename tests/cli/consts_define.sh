# Compile-time constants and --define (issue 7 §3, §4): every command that compiles takes
# -D/--define; without it the imported name is an error that says to pass it; on the CPU
# backend the kernel stores the values NumPy computes (printed by NumPy on the host:
# np.finfo(np.float32).eps, .max, np.float32(1) / 3, np.float64(1) / 3, iinfo(int16).max + 7).
set -e
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
F=tests/cli/data/consts_define.py
$PYKC check $F 2> "$T/err" && { echo "check without --define succeeded"; exit 1; }
grep -q "unknown name 'N' (imported from config; pass --define N=...)" "$T/err" || { cat "$T/err"; exit 1; }
$PYKC check -D N=7 $F
$PYKC check --define=N=7 $F
$PYKC check -DN=7:int16 $F
$PYKC cuda --define N=7 $F > "$T/a.cu"
$PYKC cuda --define N=8 $F > "$T/b.cu"
cmp -s "$T/a.cu" "$T/b.cu" && { echo "--define does not reach the code"; exit 1; }
grep -q '32774' "$T/a.cu" || { echo "IMAX + N not folded"; cat "$T/a.cu"; exit 1; }
$PYKC ptx --arch compute_90 -D N=7 $F -o "$T/a.ptx"
$PYKC cubin --arch sm_90 -D N=7 $F -o "$T/a.cubin"
$PYKC header --arch sm_90 -D N=7 $F -o "$T/a.h"
# the last --define of a name wins
$PYKC cuda -D N=1 -D N=8 $F | cmp -s - "$T/b.cu" || { echo "the last --define does not win"; exit 1; }
$PYKC run --cpu $F --kernel fill --grid 1 --block 2 x=zeros:float32:3 y=zeros:float64:2 \
  n=zeros:int64:1 -D N=7 --print x --print y --print n > "$T/out"
cat > "$T/want" <<'OUT'
x = [1.1920929e-07 3.4028235e+38 3.3333334e-01]
y = [0.33333333 7.        ]
n = [32774]
OUT
diff "$T/want" "$T/out"
# a bad definition is a usage error (exit 2) on run too
st=0; $PYKC run --cpu $F --kernel fill --grid 1 --block 1 x=zeros:float32:3 y=zeros:float64:2 \
  n=zeros:int64:1 -D N=seven 2> "$T/err" || st=$?
[ $st = 2 ] || { echo "exit $st"; cat "$T/err"; exit 1; }
grep -q "bad --define 'N=seven'" "$T/err"
# bool scalars on the command line: true/false, True/False, 1/0 (issue 7 §7)
cat > "$T/flag.py" <<'PY'
import cupy as cp
from cupyx import jit
@jit.rawkernel()
def k(x: cp.int32[:], f: cp.bool_):
    if f:
        x[0] = 1
PY
for v in true True 1:bool true:bool; do
  $PYKC run --cpu "$T/flag.py" --kernel k --grid 1 --block 1 x=zeros:int32:1 f=$v --print x | grep -q '^x = \[1\]' || { echo "f=$v"; exit 1; }
done
for v in false False 0:bool; do
  $PYKC run --cpu "$T/flag.py" --kernel k --grid 1 --block 1 x=zeros:int32:1 f=$v --print x | grep -q '^x = \[0\]' || { echo "f=$v"; exit 1; }
done
