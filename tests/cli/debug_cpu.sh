# --debug on the CPU backend (`pykc run --cpu --debug`): an out-of-bounds store, read, view
# index, shared-memory index and negative index each stop the grid with exit 3 and name
# the file:line, the index, the axis, the array and its shape, the kernel, block and thread;
# failed asserts (with and without a message) likewise; in-bounds kernels give the same
# results with --debug as without.
T=$(mktemp -d) || exit 2
trap 'rm -rf "$T"' EXIT
export PYKC_CACHE_DIR="$T/cache"
err=0
# expect NAME STATUS EXACT-STDERR COMMAND...
expect() {
  name=$1 want=$2 text=$3; shift 3
  "$@" > "$T/out" 2> "$T/err"
  st=$?
  if [ "$st" != "$want" ] || [ "$(cat "$T/err")" != "$text" ]; then
    echo "FAIL $name: exit $st (wanted $want), stderr:"; cat "$T/err"
    echo "wanted: $text"; err=1
  fi
}
# same NAME ARGS...: identical stdout with and without --debug, exit 0
same() {
  name=$1; shift
  $PYKC run --cpu "$@" > "$T/plain" 2>&1 || { echo "FAIL $name (plain)"; cat "$T/plain"; err=1; }
  $PYKC run --cpu --debug "$@" > "$T/debug" 2>&1 || { echo "FAIL $name (--debug)"; cat "$T/debug"; err=1; }
  cmp -s "$T/plain" "$T/debug" || { echo "FAIL $name: --debug changes the output"; diff "$T/plain" "$T/debug"; err=1; }
}

cat > "$T/k.py" <<'EOF'
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def store(x: cp.float32[:], n: cp.int32):
    i = jit.grid(1)
    if i <= n:
        x[i] = 1.0


@jit.rawkernel()
def load2d(m: cp.int32[:, :], out: cp.int32[:], ncols: cp.int32):
    i = jit.grid(1)
    s = 0
    for j in range(ncols):
        s += m[i, j]
    out[i] = s


@jit.rawkernel()
def view(m: cp.int64[:, ::1], k: cp.int32):
    i = jit.grid(1)
    row = m[i]
    row[k] = i


@jit.rawkernel()
def shared(x: cp.float64[:]):
    buf = jit.shared_memory(cp.float64, 32)
    t = jit.threadIdx.x
    buf[t] = x[t]
    jit.syncthreads()
    x[t] = buf[31 - t]


@jit.rawkernel()
def neg(x: cp.int32[:]):
    i = jit.grid(1)
    x[cp.int32(i) - 1] = 7


@jit.rawkernel()
def checks(x: cp.int32[:], n: cp.int32):
    i = jit.grid(1)
    assert n > 0
    assert x[i] < n, "x[i] must be below n"
    x[i] += 1
EOF
K=$T/k.py
expect "out-of-bounds store" 3 \
  "pykc: $K:9: index 1000 out of bounds for axis 0 of x with shape (1000,) (kernel 'store', block (3,0,0), thread (232,0,0))" \
  $PYKC run --cpu --debug "$K" --kernel store --grid 4 --block 256 x=zeros:float32:1000 n=1000
expect "out-of-bounds store without --debug is not checked" 0 "" \
  $PYKC run --cpu "$K" --kernel store --grid 1 --block 8 x=zeros:float32:1000 n=5
expect "out-of-bounds read of axis 1" 3 \
  "pykc: $K:17: index 3 out of bounds for axis 1 of m with shape (4, 3) (kernel 'load2d', block (0,0,0), thread (0,0,0))" \
  $PYKC run --cpu --debug "$K" --kernel load2d --grid 1 --block 4 m=arange:int32:4x3 out=zeros:int32:4 ncols=4
expect "out-of-bounds read of axis 0" 3 \
  "pykc: $K:17: index 4 out of bounds for axis 0 of m with shape (4, 3) (kernel 'load2d', block (0,0,0), thread (4,0,0))" \
  $PYKC run --cpu --debug "$K" --kernel load2d --grid 1 --block 8 m=arange:int32:4x3 out=zeros:int32:8 ncols=3
expect "out-of-bounds index of a view" 3 \
  "pykc: $K:25: index 5 out of bounds for axis 0 of row with shape (5,) (kernel 'view', block (0,0,0), thread (0,0,0))" \
  $PYKC run --cpu --debug "$K" --kernel view --grid 1 --block 2 m=zeros:int64:2x5 k=5
expect "out-of-bounds view" 3 \
  "pykc: $K:24: index 2 out of bounds for axis 0 of m with shape (2, 5) (kernel 'view', block (0,0,0), thread (2,0,0))" \
  $PYKC run --cpu --debug "$K" --kernel view --grid 1 --block 4 m=zeros:int64:2x5 k=1
expect "out-of-bounds shared memory" 3 \
  "pykc: $K:32: index 32 out of bounds for axis 0 of buf with shape (32,) (kernel 'shared', block (0,0,0), thread (32,0,0))" \
  $PYKC run --cpu --debug "$K" --kernel shared --grid 1 --block 64 x=arange:float64:64
expect "negative index" 3 \
  "pykc: $K:40: index -1 out of bounds for axis 0 of x with shape (4,) (kernel 'neg', block (0,0,0), thread (0,0,0))" \
  $PYKC run --cpu --debug "$K" --kernel neg --grid 1 --block 4 x=zeros:int32:4
expect "assert without a message" 3 \
  "pykc: $K:46: assertion failed (kernel 'checks', block (0,0,0), thread (0,0,0))" \
  $PYKC run --cpu --debug "$K" --kernel checks --grid 1 --block 4 x=arange:int32:4 n=0
expect "assert with a message" 3 \
  "pykc: $K:47: assertion failed: x[i] must be below n (kernel 'checks', block (0,0,0), thread (3,0,0))" \
  $PYKC run --cpu --debug "$K" --kernel checks --grid 1 --block 4 x=arange:int32:4 n=3

# in bounds: the same answers with --debug
same "in-bounds 2-d read" "$K" --kernel load2d --grid 1 --block 4 m=arange:int32:4x3 out=zeros:int32:4 ncols=3 --print out
grep -qF "out = [ 3 12 21 30]" "$T/debug" || { echo "FAIL in-bounds 2-d read: wrong result"; cat "$T/debug"; err=1; }
same "in-bounds view" "$K" --kernel view --grid 1 --block 2 m=zeros:int64:2x5 k=4 --print m
grep -qF "[0 0 0 0 1]]" "$T/debug" || { echo "FAIL in-bounds view: wrong result"; cat "$T/debug"; err=1; }
same "in-bounds shared memory" "$K" --kernel shared --grid 1 --block 32 x=arange:float64:32 --print x
grep -qF "x = [31. 30. 29." "$T/debug" || { echo "FAIL in-bounds shared memory: wrong result"; cat "$T/debug"; err=1; }
same "asserts that hold" "$K" --kernel checks --grid 1 --block 4 x=arange:int32:4 n=4 --print x
grep -qF "x = [1 2 3 4]" "$T/debug" || { echo "FAIL asserts that hold: wrong result"; cat "$T/debug"; err=1; }

# without --debug an overrun of a launch that ran as the kernel's map twin (docs/design.md
# §5.3) says that the block and thread named are the twin's (was: thread (0,0,0) as if the
# launch's); PYKC_MAP=0 runs it as written and names the launch's thread
S="examples/saxpy.py --grid 4 --block 256 a=2.0 x=arange:float32:1000 y=ones:float32:1000 out=zeros:float32:10"
expect "overrun in the map twin" 3 \
  "pykc: invalid memory access (SIGSEGV) in the kernel (kernel 'saxpy', block (0,0,0), thread (0,0,0)); --debug checks array indices (the launch ran as the kernel's map twin, whose block and thread these are: PYKC_MAP=0 runs it as written)" \
  $PYKC run --cpu $S
expect "overrun as written" 3 \
  "pykc: invalid memory access (SIGSEGV) in the kernel (kernel 'saxpy', block (0,0,0), thread (10,0,0)); --debug checks array indices" \
  env PYKC_MAP=0 $PYKC run --cpu $S
exit $err
