# Spin waits between blocks on the CPU backend (cpu/spin.c): a software grid barrier on
# atomics, a flag chain with volatile reads and __nanosleep, a volatile wait between
# __threadfence()s and a cupyx.jit barrier give the GPU's results; a grid larger than a
# GPU holds at once and a barrier that waits for too many blocks are reported, not left
# to hang; a bare volatile loop is stopped by --timeout; a kernel that never spins still
# runs its blocks one after another.
PYKC=${PYKC:-build/pykc}
T=$(mktemp -d) || exit 2
trap 'rm -rf "$T"' EXIT
export PYKC_CACHE_DIR="$T/cache"
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

# run WANT_STATUS TEXT FILE ARGS...: `pykc run --cpu` exits WANT_STATUS within 60 s with
# TEXT in its output
run() {
  want=$1 text=$2; shift 2
  timeout 60 "$PYKC" run --cpu "$@" > "$T/out" 2>&1
  st=$?
  if [ "$st" != "$want" ] || ! grep -qF -- "$text" "$T/out"; then
    fail "pykc run --cpu $*: exit $st (want $want and '$text'), output:"; head -c 800 "$T/out"; echo
  fi
}

cat > "$T/gb.cu" <<'CU'
extern "C" __global__ void gb(unsigned *count, unsigned target, unsigned *seen) {
  __syncthreads();
  if (threadIdx.x == 0) {
    atomicAdd(count, 1u);
    while (atomicAdd(count, 0u) < target)
      ;
    seen[blockIdx.x] = atomicAdd(count, 0u);
  }
  __syncthreads();
}
CU
# 64 blocks of 256 threads fit at once (8 per multiprocessor x 8): every block sees all
run 0 "seen = [64 64 64" "$T/gb.cu" --grid 64 --block 256 count=zeros:uint32:1 target=64:uint32 seen=zeros:uint32:64 --print seen
run 3 "while 1 blocks of the grid wait to start: a GPU holds at most 64 blocks of this launch at once (8 per multiprocessor x 8 multiprocessors" "$T/gb.cu" --grid 65 --block 256 count=zeros:uint32:1 target=65:uint32 seen=zeros:uint32:65
run 3 "(1114112 atomics in a row read 0xa at" "$T/gb.cu" --grid 10 --block 32 count=zeros:uint32:1 target=11:uint32 seen=zeros:uint32:10
grep -qF "the grid is deadlocked (on a GPU it would hang)" "$T/out" || fail "deadlock message: $(cat "$T/out")"

cat > "$T/chain.cu" <<'CU'
extern "C" __global__ void chain(int *val, int *flag, int mode) {
  unsigned b = blockIdx.x;
  if (threadIdx.x != 0)
    return;
  int carry = 0;
  if (b + 1 < gridDim.x) {
    while (((volatile int *)flag)[b + 1] == 0) {
      if (mode == 0)
        __nanosleep(100);
      else if (mode == 1)
        __threadfence();
    }
    carry = ((volatile int *)val)[b + 1];
  }
  val[b] = carry * 2 + 1;
  __threadfence();
  ((volatile int *)flag)[b] = 1;
}
CU
run 0 "val = [1023  511  255  127   63   31   15    7    3    1]" "$T/chain.cu" --grid 10 --block 32 val=zeros:int32:10 flag=zeros:int32:10 mode=0:int32 --print val
run 0 "val = [1023  511  255  127   63   31   15    7    3    1]" "$T/chain.cu" --grid 10 --block 32 val=zeros:int32:10 flag=zeros:int32:10 mode=1:int32 --print val
# a bare volatile loop calls nothing: the poll cpu/cxxvol.c puts in its condition yields
run 0 "val = [1023  511  255  127   63   31   15    7    3    1]" "$T/chain.cu" --grid 10 --block 32 val=zeros:int32:10 flag=zeros:int32:10 mode=2:int32 --timeout 20 --print val

cat > "$T/order.cu" <<'CU'
extern "C" __global__ void order(unsigned *ticket, unsigned *first) {
  if (threadIdx.x == 0)
    first[blockIdx.x] = atomicAdd(ticket, 1u);
}
CU
# a kernel that never spins runs its blocks in order, one after another
run 0 "first = [0 1 2 3 4 5 6 7]" "$T/order.cu" --grid 8 --block 64 ticket=zeros:uint32:1 first=zeros:uint32:8 --print first

cat > "$T/jbar.py" <<'PY'
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def jbar(count, seen):
    if jit.threadIdx.x == 0:
        jit.atomic_add(count, 0, cp.uint32(1))
        arrived = False
        while not arrived:
            arrived = jit.atomic_add(count, 0, cp.uint32(0)) >= jit.gridDim.x
        seen[jit.blockIdx.x] = jit.atomic_add(count, 0, cp.uint32(0))
    jit.syncthreads()
PY
run 0 "seen = [12 12 12 12 12 12 12 12 12 12 12 12]" "$T/jbar.py" --grid 12 --block 64 count=zeros:uint32:1 seen=zeros:uint32:12 --print seen

[ "$fails" = 0 ] || exit 1
echo "spin_cpu: ok"
