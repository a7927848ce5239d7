# Static shared memory counts with the dynamic one against a block's limit (232448 bytes on
# sm_90 / sm_100) on the CPU backend as on the GPU: 48 KiB of static shared memory (32 KiB
# in the kernel, 16 KiB in a device function it calls) leave 183296 bytes of dynamic shared
# memory; one byte more is refused before the launch (exit 2), naming both parts.
T=$(mktemp -d) || exit 2
trap 'rm -rf "$T"' EXIT
export PYKC_CACHE_DIR="$T/cache"
cat > "$T/k.py" <<'PY'
import cupy as cp
from cupyx import jit

@jit.rawkernel(device=True)
def helper(i):
    t = jit.shared_memory(cp.float32, 4096)
    t[i] = 1.0
    return t[i]

@jit.rawkernel()
def k(x: cp.float32[:]):
    s = jit.shared_memory(cp.float32, 8192)
    d = jit.shared_memory(cp.float32, None)
    i = jit.threadIdx.x
    s[i] = 1.0
    d[i] = 2.0
    jit.syncthreads()
    x[i] = s[i] + d[i] + helper(i)
PY
run() { $PYKC run --cpu "$T/k.py" --kernel k --grid 1 --block 32 x=zeros:float32:32 --print x "$@"; }
run --shared-mem 183297 > "$T/out" 2>&1
st=$?
[ $st = 2 ] || { echo "183297 bytes: exit $st"; cat "$T/out"; exit 1; }
grep -q "invalid launch: 183297 bytes of dynamic shared memory, more than the 183296 bytes a block can have (the 232448 bytes of a GPU block (sm_90, sm_100) less its 49152 bytes of static shared memory)" "$T/out" ||
  { echo "183297 bytes:"; cat "$T/out"; exit 1; }
run --shared-mem 183296 > "$T/out" 2>&1 || { echo "183296 bytes:"; cat "$T/out"; exit 1; }
grep -q "^x = \[4\. 4\. 4\." "$T/out" || { echo "183296 bytes:"; cat "$T/out"; exit 1; }
# without static shared memory the whole 232448 bytes are there, and no more
cat > "$T/d.py" <<'PY'
import cupy as cp
from cupyx import jit

@jit.rawkernel()
def k(x: cp.float32[:]):
    d = jit.shared_memory(cp.float32, None)
    d[jit.threadIdx.x] = 2.0
    x[jit.threadIdx.x] = d[jit.threadIdx.x]
PY
$PYKC run --cpu "$T/d.py" --kernel k --grid 1 --block 32 x=zeros:float32:32 --shared-mem 232448 > "$T/out" 2>&1 ||
  { echo "232448 bytes, no static:"; cat "$T/out"; exit 1; }
$PYKC run --cpu "$T/d.py" --kernel k --grid 1 --block 32 x=zeros:float32:32 --shared-mem 232449 > "$T/out" 2>&1
[ $? = 2 ] && grep -q "more than the 232448 bytes a block can have$" "$T/out" ||
  { echo "232449 bytes, no static:"; cat "$T/out"; exit 1; }
exit 0
