# Bad input to `pykc run` on the CPU backend: each case exits with the status docs/design.md §3
# gives (2 bad usage, 3 a failure in the compiler or the kernel), says why in one line, and
# (run again under build-asan/pykc when it exists) draws no sanitizer report: launch shapes
# CUDA refuses, repeated options, unwritable --out paths, arrays bigger than the machine,
# scalars the parameter's type cannot hold, a missing or broken $CC, kernels that
# overflow their stack, Ctrl-C and SIGTERM during a kernel that never ends, and no
# temporary files left behind.
T=$(mktemp -d) || exit 2
trap 'rm -rf "$T"' EXIT
export PYKC_CACHE_DIR="$T/cache" TMPDIR="$T/tmp"
mkdir -p "$TMPDIR"
ASAN=${ASAN_PYKC:-build-asan/pykc}
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

# expect STATUS TEXT ARGS...: `pykc run --cpu ARGS` exits STATUS, prints TEXT, nothing else
# but the usage hint, under each binary.
expect() {
  want=$1 text=$2; shift 2
  for bin in "$PYKC" "$ASAN"; do
    [ -x "$bin" ] || continue
    "$bin" run --cpu "$@" > "$T/out" 2>&1
    st=$?
    grep -v "ASan doesn't fully support makecontext\|^(see 'pykc" "$T/out" > "$T/out2"
    if [ "$st" != "$want" ] || ! grep -qF -- "$text" "$T/out2" || [ "$(grep -c . "$T/out2")" != 1 ]; then
      fail "$bin run --cpu $*: exit $st (want $want and '$text'), output:"; cat "$T/out"
    fi
  done
}

S="examples/saxpy.py --kernel saxpy"
A="a=2.0 x=arange:float32:32 y=ones:float32:32 out=zeros:float32:32"
V="examples/vector_add.py --kernel vector_add --grid 1 --block 32 x=arange:float32:32 y=ones:float32:32 out=zeros:float32:32"

# launch shapes: CUDA's limits, on the CPU backend as on a GPU
expect 2 "block (2048,1,1) has 2048 threads (a block has 1 to 1024 threads)" $S --grid 1 --block 2048 $A
expect 2 "block (32,33,1) has 1056 threads" $S --grid 1 --block 32,33 $A
expect 2 "block (1,1,65): z is 65, more than CUDA allows" $S --grid 1 --block 1,1,65 $A
expect 2 "grid (1,65536,1): y is 65536" $S --grid 1,65536 --block 32 $A
expect 2 "grid (1,1,70000): z is 70000" $S --grid 1,1,70000 --block 32 $A
expect 2 "bad --grid '1,1,1,1'" $S --grid 1,1,1,1 --block 32 $A
expect 2 "bad --block '-4'" $S --grid 1 --block -4 $A
expect 2 "bad --shared-mem '99999999999'" $S --grid 1 --block 32 --shared-mem 99999999999 $A
expect 2 "300000 bytes of dynamic shared memory, more than the 232448 bytes a block can have" \
  $S --grid 1 --block 32 --shared-mem 300000 $A
# options given twice
expect 2 "option '--grid' given twice" $S --grid 1 --grid 2 --block 32 $A
expect 2 "option '--time' given twice" $S --grid 1 --block 32 --time --time=5 $A
# --out is checked before the launch
expect 2 "--out out=$T/no/such/o.npy: cannot write in $T/no/such: No such file or directory" \
  $S --grid 1 --block 32 $A --out "out=$T/no/such/o.npy"
expect 2 "--out out=$T: $T is a folder" $S --grid 1 --block 32 $A --out "out=$T"
expect 2 "bad argument '=5'" $S --grid 1 --block 32 $A =5
# arrays larger than the machine: a message, not an allocator abort
expect 2 "argument 'out': the array needs 39999599999600004 bytes" \
  $S --grid 1 --block 32 a=2.0 x=arange:float32:32 y=ones:float32:32 out=zeros:float32:99999999999x99999
expect 2 "argument 'out': shape '999999999999999999x99999' is too large" \
  $S --grid 1 --block 32 a=2.0 x=arange:float32:32 y=ones:float32:32 out=zeros:float32:999999999999999999x99999
# scalars that the parameter's type cannot hold are refused, not wrapped
expect 2 "argument 'n': 3000000000 does not fit int32" $V n=3000000000
expect 2 "argument 'n': -3000000000 does not fit int32" $V n=-3000000000:int64
expect 2 "argument 'a': 1e+300 does not fit float32" $S --grid 1 --block 32 a=1e300:float64 \
  x=arange:float32:32 y=ones:float32:32 out=zeros:float32:32
$PYKC run --cpu $V n=32:uint64 --print out > "$T/out" 2>&1 && grep -q "^ 19\. 20\." "$T/out" ||
  { fail "n=32:uint64 for an int32 parameter:"; cat "$T/out"; }

# $CC missing, failing, or making no shared object (in a cache of their own)
export PYKC_CACHE_DIR="$T/cc-cache"
CC=/nonexistent/cc expect 3 "cannot run the C compiler '/nonexistent/cc' (the CPU backend needs one: install cc or set \$CC)" \
  $S --grid 1 --block 32 $A
CC=false expect 3 "the C compiler (false) failed on the generated code: it exited with status 1 and printed nothing" \
  $S --grid 1 --block 32 $A
CC=true expect 3 "cannot load the kernel that the C compiler (true) made" $S --grid 1 --block 32 $A
ls "$PYKC_CACHE_DIR" 2>/dev/null | grep -q '\.so' && { fail "CC=true left a shared object in the cache:"; ls "$PYKC_CACHE_DIR"; }
rm -rf "$TMPDIR"/pykc-cpu-*                       # (CC=false keeps the source, by design)
export PYKC_CACHE_DIR="$T/cache"

# a cache folder that is a file: the run works, with one warning that names the remedy
# (was silent: only -v told that nothing was cached); the file is left as it was
echo data > "$T/afile"
PYKC_CACHE_DIR="$T/afile" $PYKC run --cpu $V n=32 --print out > "$T/out" 2> "$T/err" &&
  grep -q "^ 19\. 20\." "$T/out" && [ "$(cat "$T/afile")" = data ] &&
  [ "$(grep -v makecontext "$T/err")" = "pykc: warning: the cache folder $T/afile is not a folder (name one in PYKC_CACHE_DIR): not using the cache, compiling privately" ] ||
  { fail "cache folder that is a file:"; cat "$T/out" "$T/err"; }

# the CPU backend's cached shared object: garbage, or a FIFO, is compiled again; eight
# runs at once on an empty cache all succeed
export PYKC_CACHE_DIR="$T/so-cache"
$PYKC run --cpu $V n=32 > /dev/null 2>&1 || fail "first run into $PYKC_CACHE_DIR"
so=$(ls "$PYKC_CACHE_DIR"/*.so)
for kind in garbage fifo; do
  rm -f "$so"
  if [ $kind = garbage ]; then head -c 3000 /dev/urandom > "$so"; else mkfifo "$so"; fi
  timeout 60 $PYKC run --cpu $V n=32 --print out > "$T/out" 2>&1 && grep -q "^ 19\. 20\." "$T/out" ||
    { fail "cached shared object that is $kind:"; cat "$T/out"; }
done
export PYKC_CACHE_DIR="$T/par-cache"
for i in 1 2 3 4 5 6 7 8; do
  ($PYKC run --cpu $V n=32 --print out > "$T/par$i" 2>&1; echo $? >> "$T/par-st") &
done
wait
[ "$(grep -c '^0$' "$T/par-st")" = 8 ] && [ "$(cat "$T"/par? | grep -c '^ 19\. 20\.')" = 8 ] ||
  { fail "concurrent runs:"; cat "$T/par-st" "$T"/par?; }
[ "$(ls "$PYKC_CACHE_DIR")" = "$(ls "$PYKC_CACHE_DIR" | grep -v tmp)" ] ||
  { fail "temporaries left in the cache:"; ls "$PYKC_CACHE_DIR"; }
export PYKC_CACHE_DIR="$T/cache"

# a local array larger than the fiber stack
cat > "$T/big.py" <<'EOF'
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def big(x: cp.int64[:]):
    i = jit.grid(1)
    buf = jit.local_memory(cp.int64, 65536)
    for k in range(65536):
        buf[k] = k
    x[i] = buf[65535]
EOF
# (512 KiB, the most local memory a thread may have, overflows a 256 KiB fiber stack)
export PYKC_CPU_STACK_KB=256
expect 3 "stack overflow (a thread used more than its 256 KiB fiber stack: large local arrays? set PYKC_CPU_STACK_KB) in the kernel (kernel 'big', block (0,0,0), thread (0,0,0))" \
  "$T/big.py" --kernel big --grid 1 --block 4 x=zeros:int64:4
# a size that is no size, or out of 16 .. 1048576 KiB, is a usage error (garbage was ignored;
# a value past LONG_MAX wrapped: "more than its 18014398509481983 KiB fiber stack")
for v in abc 8 9999999999999999999999 1048577; do
  export PYKC_CPU_STACK_KB=$v
  expect 2 "PYKC_CPU_STACK_KB='$v': expected a fiber stack size in KiB, 16 .. 1048576" \
    "$T/big.py" --kernel big --grid 1 --block 4 x=zeros:int64:4
done
unset PYKC_CPU_STACK_KB
PYKC_CPU_STACK_KB=16384 $PYKC run --cpu "$T/big.py" --kernel big --grid 1 --block 4 x=zeros:int64:4 \
  --print x > "$T/out" 2>&1 && grep -q "x = \[65535 65535 65535 65535\]" "$T/out" ||
  { fail "PYKC_CPU_STACK_KB=16384:"; cat "$T/out"; }

# a kernel that never ends stops on SIGINT (Ctrl-C) and SIGTERM, leaving no temporary files
cat > "$T/loop.py" <<'EOF'
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def loop(x: cp.int32[:]):
    i = jit.grid(1)
    while x[i] == 0:
        x[i] = 0
EOF
$PYKC run --cpu "$T/loop.py" --kernel loop --grid 1 --block 4 x=ones:int32:4 ||  # cached now
  fail "loop.py with x=ones"
# (INT and TERM with the cached kernel; TERM again compiling it with PYKC_CACHE=0, whose
# shared object is unlinked once loaded)
for run in INT:1:1 TERM:1:1 TERM:0:3; do
  sig=${run%%:*} cache=${run#*:} wait=${cache#*:} cache=${cache%:*}
  # python3 starts it with default signal handling (sh ignores SIGINT in background jobs)
  PYKC_CACHE=$cache python3 - "$PYKC" "$T/loop.py" "$sig" "$wait" > "$T/out" 2>&1 <<'EOF' ||
import signal, subprocess, sys, time
# (a caller that ignores SIGINT, as sh does for `make test &`, would pass that on: the
# child starts with the default action, as at a terminal)
p = subprocess.Popen([sys.argv[1], "run", "--cpu", sys.argv[2], "--kernel", "loop", "--grid", "1",
                      "--block", "4", "x=zeros:int32:4"], stderr=subprocess.DEVNULL,
                     preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
time.sleep(float(sys.argv[4]))
p.send_signal(getattr(signal, "SIG" + sys.argv[3]))
try:
    sys.exit(0 if p.wait(timeout=5) == -getattr(signal, "SIG" + sys.argv[3]) else 1)
except subprocess.TimeoutExpired:
    p.kill()
    print("no exit 5 s after the signal")
    sys.exit(1)
EOF
    { fail "SIG$sig (PYKC_CACHE=$cache) does not stop a kernel that never ends:"; cat "$T/out"; }
done
# a GPU-sized grid on the CPU backend (2^32 blocks): said before it starts, no silent hang
"$PYKC" run --cpu examples/saxpy.py --grid 1,65535,65535 --block 8 a=2.0 x=arange:float32:8 \
  y=ones:float32:8 out=zeros:float32:8 --timeout 1 > "$T/out" 2>&1
st=$?
[ $st = 3 ] && grep -q "^pykc: note: the CPU backend runs the 34358689800 threads of this launch (4294836225 blocks) one block after another" "$T/out" ||
  { fail "a 2^32-block grid on the CPU: exit $st, no note:"; cat "$T/out"; }
[ -z "$(ls "$TMPDIR")" ] || { fail "temporary files left:"; ls "$TMPDIR"; }
exit $fails
