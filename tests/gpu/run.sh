#!/bin/sh
# tests/gpu/run.sh (`make test-gpu`, on a machine with a CUDA GPU and driver):
#   - the end-to-end corpus on the GPU (tests/e2e/run.sh --gpu),
#   - runtime tests through the CLI: a launch error reported with the kernel's name (exit 3),
#     argument validation messages (exit 2), a .cu kernel, --time, -v, cache miss then hit,
#     --debug (results unchanged; out-of-bounds indices, dynamic shared memory and asserts
#     reported from the kernel's debug record, exit 3), the CPU fallback switch (--cpu),
#     jit.cg's cooperative launches (a grid too large to be co-resident is exit 2),
#   - libpykc's API (tests/gpu/api_test.c: specialisation, validation, streams, attributes),
#   - examples/embed.c and examples/header_demo.c built and run, bench/launch_overhead.c built,
#     tests/gpu/raw_header.c (a RawModule's header) built and run.
# Prints a PASS or FAIL line per test and, last, `N passed, M failed`.
cd "$(dirname "$0")/../.." || exit 2
PYKC=${PYKC:-build/pykc}
B=${B:-build}
CC=${CC:-cc}
CUDA=${CUDA_HOME:-/usr/local/cuda}
T=$(mktemp -d) || exit 2
trap 'rm -rf "$T"' EXIT
export PYKC_CACHE_DIR="$T/cache"
pass=0
fail=0
ok() { pass=$((pass + 1)); echo "PASS $1"; }
bad() {
  fail=$((fail + 1)); echo "FAIL $1"
  [ -s "$T/out" ] && sed 's/^/    /' "$T/out" | head -n 25
  return 0
}

# expect NAME STATUS TEXT COMMAND...: COMMAND exits with STATUS and its output has TEXT.
expect() {
  name=$1 want=$2 text=$3; shift 3
  "$@" > "$T/out" 2>&1
  st=$?
  if [ "$st" != "$want" ]; then
    echo "(exit status $st, expected $want)" >> "$T/out"; bad "$name"
  elif [ -n "$text" ] && ! grep -qF -- "$text" "$T/out"; then
    echo "(output lacks: $text)" >> "$T/out"; bad "$name"
  else
    ok "$name"
  fi
}

# add_counts NAME FILE: folds a sub-runner's `N passed, M failed` into the totals.
add_counts() {
  grep -E '^(PASS|FAIL)' "$2" | grep -v '^PASS' | sed 's/^/  /'
  last=$(tail -n 1 "$2")
  p=$(echo "$last" | sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\1/p')
  f=$(echo "$last" | sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\2/p')
  if [ -z "$p" ]; then
    cp "$2" "$T/out"; bad "$1 (no summary line)"
  else
    echo "$1: $p passed, $f failed"
    pass=$((pass + p)); fail=$((fail + f))
  fi
}

if [ ! -x "$PYKC" ]; then echo "FAIL $PYKC is not built"; echo "0 passed, 1 failed"; exit 1; fi

# ---- the end-to-end corpus on the GPU ----
if [ -f tests/e2e/run.sh ]; then
  sh tests/e2e/run.sh --gpu > "$T/e2e" 2>&1
  add_counts "tests/e2e (GPU)" "$T/e2e"
else
  echo "(missing tests/e2e/run.sh)" > "$T/out"; bad "tests/e2e (GPU)"
fi

# ---- runtime tests through the CLI ----
cat > "$T/oob.py" <<'EOF'
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def oob(out: cp.float32[:]):
    i = jit.grid(1)
    out[i + 1099511627776] = 1.0
EOF
expect "launch error names the kernel (exit 3)" 3 "kernel 'oob'" \
  $PYKC run "$T/oob.py" --kernel oob --grid 1 --block 32 out=zeros:float32:32
grep -q "CUDA_ERROR_ILLEGAL_ADDRESS" "$T/out" && ok "launch error names the CUDA error" ||
  bad "launch error names the CUDA error"

RUN="$PYKC run examples/saxpy.py --kernel saxpy --grid 1 --block 32"
expect "argument dtype validated (exit 2)" 2 "argument 'x': expected float32[:], got int64[:]" \
  $RUN a=2.0 x=arange:int64:32 y=ones:float32:32 out=zeros:float32:32
expect "argument ndim validated (exit 2)" 2 "argument 'y': expected float32[:], got float32[:, :]" \
  $RUN a=2.0 x=arange:float32:32 y=ones:float32:4x8 out=zeros:float32:32
expect "missing argument (exit 2)" 2 "missing argument 'out'" \
  $RUN a=2.0 x=arange:float32:32 y=ones:float32:32
expect "float for an int32 scalar (exit 2)" 2 "argument 'n': expected int32, got float32" \
  $PYKC run examples/vector_add.py --kernel vector_add --grid 1 --block 32 \
  x=arange:float32:32 y=ones:float32:32 out=zeros:float32:32 n=2.5

# saxpy on the GPU, checked with numpy
expect "run saxpy on the GPU" 0 "" \
  $RUN a=2.0 x=arange:float32:32 y=ones:float32:32 out=zeros:float32:32 --out "out=$T/o.npy"
grep -q "CPU backend" "$T/out" && bad "no CPU fallback on a GPU machine" || ok "no CPU fallback on a GPU machine"
if python3 -c "import numpy as np, sys; o = np.load('$T/o.npy'); sys.exit(0 if (o == 2 * np.arange(32, dtype=np.float32) + 1).all() else 1)" > "$T/out" 2>&1; then
  ok "saxpy result"; else bad "saxpy result"; fi

# --time and -v, and the disk cache: a miss (one compile) then a hit
rm -rf "$PYKC_CACHE_DIR"
expect "-v on a cold cache compiles" 0 "(1 compile)" \
  $RUN -v a=2.0 x=arange:float32:32 y=ones:float32:32 out=zeros:float32:32
expect "-v on a warm cache hits" 0 "(1 hit)" \
  $RUN -v a=2.0 x=arange:float32:32 y=ones:float32:32 out=zeros:float32:32
expect "PYKC_CACHE=0 compiles again" 0 "(1 compile)" \
  env PYKC_CACHE=0 $RUN -v a=2.0 x=arange:float32:32 y=ones:float32:32 out=zeros:float32:32
# --time: cupyx.profiler.benchmark's line (CPU and GPU-0 times), the bandwidth over the 3
# arrays against the device's copy bandwidth (measured once, then read from the cache),
# registers, local memory, static shared memory and the occupancy at 256 threads per block
TIME="$PYKC run examples/saxpy.py --grid 4096 --block 256 a=2.0 x=arange:float32:1048576 y=ones:float32:1048576 out=zeros:float32:1048576"
expect "--time=20 runs" 0 "GPU-0:" $TIME --time=20
cp "$T/out" "$T/time1"
F='[0-9]+\.[0-9]{3}'
grep -Eq "^saxpy {15}:    CPU: +$F us   \+/- +$F \(min: +$F / max: +$F\) us     GPU-0: +$F us   \+/- +$F \(min: +$F / max: +$F\) us\$" "$T/time1" &&
  ok "--time: benchmark's CPU and GPU-0 line" || bad "--time: benchmark's CPU and GPU-0 line"
grep -qx "  launches:  20 timed, after 10 warm-up launches" "$T/time1" &&
  ok "--time: the launches counted" || { cp "$T/time1" "$T/out"; bad "--time: the launches counted"; }
grep -Eq "^  bandwidth: [0-9.]+ GB/s over 12\.0 MiB \(3 arrays, each read or written once\): [0-9.]+% of the device's copy bandwidth \([0-9.]+ GB/s\)\$" "$T/time1" &&
  ok "--time: bandwidth and its share of the copy bandwidth" || { cp "$T/time1" "$T/out"; bad "--time: bandwidth and its share of the copy bandwidth"; }
grep -Eq "^  kernel:    [1-9][0-9]* registers, [0-9]+ bytes of local memory per thread \(spills\), 0 bytes of static shared memory\$" "$T/time1" &&
  ok "--time: registers, spills, static shared memory" || { cp "$T/time1" "$T/out"; bad "--time: registers, spills, static shared memory"; }
grep -Eq "^  occupancy: [0-9.]+% at 256 threads per block \([1-9][0-9]* blocks? per multiprocessor, of [0-9]+ threads\)\$" "$T/time1" &&
  ok "--time: occupancy at the launch's block size" || { cp "$T/time1" "$T/out"; bad "--time: occupancy at the launch's block size"; }
ls "$PYKC_CACHE_DIR"/*.copybw > "$T/bw1" 2>&1 && [ "$(wc -l < "$T/bw1")" = 1 ] &&
  ok "--time: the copy bandwidth is cached" || { cp "$T/bw1" "$T/out"; bad "--time: the copy bandwidth is cached"; }
# (its bytes and the figure printed: a hit renews the entry's mtime, the cache's LRU order)
cat "$PYKC_CACHE_DIR"/*.copybw > "$T/bw1" 2>&1
$TIME --time > "$T/time2" 2>&1
cat "$PYKC_CACHE_DIR"/*.copybw > "$T/bw2" 2>&1
cmp -s "$T/bw1" "$T/bw2" && [ "$(grep -o '([0-9.]* GB/s)' "$T/time1")" = "$(grep -o '([0-9.]* GB/s)' "$T/time2")" ] &&
  ok "--time: a second run reads the cached copy bandwidth" ||
  { cat "$T/bw1" "$T/bw2" "$T/time2" > "$T/out"; bad "--time: a second run reads the cached copy bandwidth"; }
echo "    (--time output, for the README:)"; sed 's/^/    /' "$T/time1"
expect "--cpu forces the CPU backend" 0 "" \
  $RUN --cpu a=2.0 x=arange:float32:32 y=ones:float32:32 out=zeros:float32:32 --out "out=$T/c.npy"
if python3 -c "import numpy as np, sys; o = np.load('$T/c.npy'); sys.exit(0 if (o == 2 * np.arange(32, dtype=np.float32) + 1).all() else 1)" > "$T/out" 2>&1; then
  ok "--cpu result"; else bad "--cpu result"; fi

# a generic kernel specialised to the arguments, and --debug
cat > "$T/generic.py" <<'EOF'
from cupyx import jit


@jit.rawkernel()
def add(x, y, out, n):
    i = jit.grid(1)
    if i < n:
        out[i] = x[i] + y[i]
EOF
expect "generic kernel (int64 arrays, int32 scalar)" 0 "" \
  $PYKC run "$T/generic.py" --kernel add --grid 1 --block 64 x=arange:int64:50 y=ones:int64:50 \
  out=zeros:int64:50 n=50 --out "out=$T/g.npy"
python3 -c "import numpy as np, sys; o = np.load('$T/g.npy'); sys.exit(0 if o.dtype == np.int64 and (o == np.arange(50) + 1).all() else 1)" > "$T/out" 2>&1 &&
  ok "generic kernel result" || bad "generic kernel result"
expect "--debug build runs" 0 "" \
  $PYKC run "$T/generic.py" --debug --kernel add --grid 1 --block 64 x=arange:float64:64 \
  y=ones:float64:64 out=zeros:float64:64 n=64 --out "out=$T/gd.npy"
python3 -c "import numpy as np, sys; o = np.load('$T/gd.npy'); sys.exit(0 if (o == np.arange(64) + 1).all() else 1)" > "$T/out" 2>&1 &&
  ok "--debug build result" || bad "--debug build result"

# --debug on the GPU: the kernel records its first failed index check or assert in the
# module's pykc_debug record; the runtime reports it after the synchronisation (exit 3)
cat > "$T/dbg.py" <<'EOF'
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def store(x: cp.float32[:], n: cp.int32):
    i = jit.grid(1)
    if i <= n:
        x[i] = 1.0


@jit.rawkernel()
def checks(x: cp.int32[:], n: cp.int32):
    i = jit.grid(1)
    assert x[i] < n, "x[i] must be below n"
    x[i] += 1


@jit.rawkernel()
def dyn(x: cp.float32[:]):
    buf = jit.shared_memory(cp.float32, None)
    t = jit.threadIdx.x
    buf[t] = x[t]
EOF
expect "--debug: out-of-bounds store (exit 3)" 3 \
  "pykc: $T/dbg.py:9: index 1000 out of bounds for axis 0 of x with shape (1000,) (kernel 'store', block (3,0,0), thread (232,0,0))" \
  $PYKC run "$T/dbg.py" --debug --kernel store --grid 4 --block 256 x=zeros:float32:1000 n=1000
expect "--debug: in-bounds store" 0 "" \
  $PYKC run "$T/dbg.py" --debug --kernel store --grid 4 --block 256 x=zeros:float32:1000 n=999
expect "--debug: failed assert (exit 3)" 3 \
  "pykc: $T/dbg.py:15: assertion failed: x[i] must be below n (kernel 'checks', block (0,0,0), thread (3,0,0))" \
  $PYKC run "$T/dbg.py" --debug --kernel checks --grid 1 --block 4 x=arange:int32:4 n=3
expect "--debug: asserts that hold" 0 "x = [1 2 3 4]" \
  $PYKC run "$T/dbg.py" --debug --kernel checks --grid 1 --block 4 x=arange:int32:4 n=4 --print x
expect "--debug: dynamic shared memory sized by the launch (exit 3)" 3 \
  "out of bounds for axis 0 of buf with shape (32,) (kernel 'dyn', block (0,0,0), thread (" \
  $PYKC run "$T/dbg.py" --debug --kernel dyn --grid 1 --block 64 --shared-mem 128 x=zeros:float32:64
expect "--debug: dynamic shared memory in bounds" 0 "" \
  $PYKC run "$T/dbg.py" --debug --kernel dyn --grid 1 --block 64 --shared-mem 256 x=zeros:float32:64

# static shared memory counts with the dynamic one (issue 11 item 13): 48 KiB static
# plus 1 KiB dynamic needs the opt-in; static plus the device's whole opt-in limit is
# refused before the launch, naming the static part
cat > "$T/smem.py" <<'EOF'
import cupy as cp
from cupyx import jit

@jit.rawkernel()
def k(x: cp.float32[:]):
    s = jit.shared_memory(cp.float32, 12288)
    d = jit.shared_memory(cp.float32, None)
    i = jit.threadIdx.x
    s[i] = 1.0
    d[i] = 2.0
    jit.syncthreads()
    x[i] = s[i] + d[i]
EOF
expect "48 KiB static + 1 KiB dynamic shared memory" 0 "x = [3. 3. 3." \
  $PYKC run "$T/smem.py" --kernel k --grid 1 --block 32 --shared-mem 1024 x=zeros:float32:32 --print x
expect "static + dynamic shared memory over the device's limit (exit 2)" 2 \
  "bytes of static shared memory)" \
  $PYKC run "$T/smem.py" --kernel k --grid 1 --block 32 --shared-mem 232448 x=zeros:float32:32

# jit.cg: a grid sync is a cooperative launch; a grid larger than the device holds is refused
# naming the limit (never a hang); is_valid() is false in a launch that is not cooperative
cat > "$T/cg.py" <<'EOF'
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def gsync(x: cp.int32[:]):
    g = jit.cg.this_grid()
    x[jit.blockIdx.x] = 1
    g.sync()
    if jit.threadIdx.x == 0:
        s = 0
        for b in range(jit.gridDim.x):
            s += x[b]
        x[jit.blockIdx.x + jit.gridDim.x] = s


@jit.rawkernel()
def valid(x: cp.int32[:]):
    x[0] = jit.cg.this_grid().is_valid()
EOF
expect "jit.cg: grid sync, cooperative launch" 0 "x = [1 1 1 1 4 4 4 4]" \
  $PYKC run "$T/cg.py" --kernel gsync --grid 4 --block 256 x=zeros:int32:8 --print x
expect "jit.cg: a grid too large to be co-resident (exit 2)" 2 "that fit (block 1024x1x1" \
  $PYKC run "$T/cg.py" --kernel gsync --grid 100000 --block 1024 x=zeros:int32:200000
expect "jit.cg: is_valid() outside a cooperative launch" 0 "x = [0]" \
  $PYKC run "$T/cg.py" --kernel valid --grid 1 --block 1 x=ones:int32:1 --print x

# a .cu file (RawKernel model)
cat > "$T/raw.cu" <<'EOF'
extern "C" __global__ void twice(const double *x, double *y, long long n) {
  long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x;
  if (i < n) y[i] = 2 * x[i];
}
EOF
expect ".cu kernel runs" 0 "" \
  $PYKC run "$T/raw.cu" --kernel twice --grid 2 --block 64 x=arange:float64:100 \
  y=zeros:float64:100 n=100:int64 --out "y=$T/r.npy"
python3 -c "import numpy as np, sys; o = np.load('$T/r.npy'); sys.exit(0 if (o == 2 * np.arange(100)).all() else 1)" > "$T/out" 2>&1 &&
  ok ".cu kernel result" || bad ".cu kernel result"
expect ".cu scalar dtype checked" 2 "argument 'n': expected int64, got float64" \
  $PYKC run "$T/raw.cu" --kernel twice --grid 1 --block 64 x=arange:float64:100 \
  y=zeros:float64:100 n=100:float64
expect ".cu pointer dtype checked" 2 "argument 'x': expected float64*, got float32[:]" \
  $PYKC run "$T/raw.cu" --kernel twice --grid 1 --block 64 x=arange:float32:100 \
  y=zeros:float64:100 n=100:int64
expect ".cu int32 scalar converted to the long long parameter" 0 "" \
  $PYKC run "$T/raw.cu" --kernel twice --grid 1 --block 64 x=arange:float64:100 \
  y=zeros:float64:100 n=100:int32
expect "bad --device" 2 "no CUDA device 99" $RUN --device 99 a=2.0 x=arange:float32:32 \
  y=ones:float32:32 out=zeros:float32:32

# ---- libpykc ----
LIBS="$B/libpykc.a -ldl -lm -lpthread"
if $CC -std=c11 -O2 -Wall -Iinclude tests/gpu/api_test.c $LIBS -o "$T/api_test" > "$T/out" 2>&1; then
  "$T/api_test" > "$T/api" 2>&1
  add_counts "tests/gpu/api_test.c" "$T/api"
else
  bad "tests/gpu/api_test.c builds"
fi
if $CC -std=c11 -O2 -Wall -Iinclude examples/embed.c $LIBS -o "$T/embed" > "$T/out" 2>&1; then
  expect "examples/embed.c runs" 0 "saxpy on 1048576 elements" "$T/embed" examples/saxpy.py
  grep -q ": ok" "$T/out" && ok "examples/embed.c result" || bad "examples/embed.c result"
else
  bad "examples/embed.c builds"
fi
if $PYKC header examples/saxpy.py -o "$T/saxpy.h" > "$T/out" 2>&1 &&
   $CC -std=c11 -O2 -Wall -I"$CUDA/include" -I"$T" examples/header_demo.c -o "$T/header_demo" \
     -lcuda > "$T/out" 2>&1; then
  expect "examples/header_demo.c runs with libcuda only" 0 "saxpy on 100000 elements: ok" \
    "$T/header_demo"
else
  bad "examples/header_demo.c builds"
fi
if $PYKC header examples/raw_template.py -o "$T/raw_template.h" > "$T/out" 2>&1 &&
   $CC -std=c11 -O2 -Wall -I"$CUDA/include" -I"$T" tests/gpu/raw_header.c -o "$T/raw_header" \
     -lcuda > "$T/out" 2>&1; then
  expect "tests/gpu/raw_header.c: a RawModule's template instances from a header" 0 \
    "fx3<float> and fx3<double> on 1000 elements: ok" "$T/raw_header"
else
  bad "tests/gpu/raw_header.c builds"
fi
if $CC -std=c11 -O2 -Wall -Iinclude bench/launch_overhead.c $LIBS -o "$T/bench" > "$T/out" 2>&1; then
  expect "bench/launch_overhead.c runs" 0 "per launch" "$T/bench"
  grep "per launch" "$T/out" | sed 's/^/    /'
else
  bad "bench/launch_overhead.c builds"
fi

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
