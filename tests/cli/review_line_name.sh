# #line directives spell the source file's name as a C string literal: a name with a
# quote or a backslash still compiles (CUDA with --line-info through NVRTC; the CPU
# backend always has #line), and the directive names the file exactly.
T=$(mktemp -d) || exit 2
trap 'rm -rf "$T"' EXIT
export PYKC_CACHE_DIR="$T/cache"
f="$T/we\"ird\\name.py"
cat > "$f" <<'PY'
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def k(out: cp.int32[::1]):
    out[jit.threadIdx.x] = jit.threadIdx.x % 3
PY
$PYKC cuda --line-info "$f" > "$T/out.cu" || exit 1
grep -q '^#line 7 ".*we\\"ird\\\\name.py"$' "$T/out.cu" || { echo "bad #line:"; grep '#line' "$T/out.cu"; exit 1; }
$PYKC ptx --line-info --arch compute_90 "$f" -o "$T/out.ptx" || exit 1
$PYKC run --cpu "$f" --kernel k --grid 1 --block 4 out=zeros:int32:4 --print out > "$T/run" 2>&1 || { cat "$T/run"; exit 1; }
grep -q 'out = \[0 1 2 0\]' "$T/run" || { cat "$T/run"; exit 1; }
exit 0
