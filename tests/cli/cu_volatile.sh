# Spin waits on plain volatile memory on the CPU backend (cpu/cxxvol.c): loops whose
# condition or body reads volatile memory (a volatile pointer parameter, a typedef's, a
# cast, a __shared__ volatile variable) get a poll and give way to the threads they wait
# for; other loops are compiled as written; a wait that never ends stops at --timeout.
T=$(mktemp -d) || exit 2
trap 'rm -rf "$T"' EXIT
export PYKC_CACHE_DIR="$T/cache"
cat > "$T/v.cu" <<'CU'
typedef volatile int vint;
extern "C" __global__ void k(vint *f, int *o, volatile unsigned *done) {
  __shared__ volatile int token;
  if (threadIdx.x == 0)
    token = 0;
  __syncthreads();
  int t = threadIdx.x;
  if (t == 0) { while (f[1] == 0) ; o[0] = 1; }
  else if (t == 1) { for (int i = 0; i < 3; i++) o[1] += i; f[1] = 1; }
  if (t == 2) { int z; do { z = *(volatile int *)&o[0]; } while (z == 0); o[2] = z + 1; }
  if (t == 3) { for (;;) { if (done[0]) break; } o[3] = 7; }
  if (t == 4) { done[0] = 1; }
  if (t == 5) { while (token == 0) ; f[0] = token; }
  if (t == 6) { token = 5; }
}
extern "C" __global__ void plain(int *o) {
  for (int i = 0; i < 4; i++) o[threadIdx.x] += i;
}
CU
$PYKC run --cpu -v "$T/v.cu" --kernel k --grid 1 --block 7 f=zeros:int32:2 o=zeros:int32:4 \
  done=zeros:uint32:1 --timeout 20 --print o --print f > "$T/out" 2>&1 && grep -q 'o = \[1 3 2 7\]' "$T/out" &&
  grep -q 'f = \[5 1\]' "$T/out" ||
  { echo "volatile waits:"; cat "$T/out"; exit 1; }
src=$(sed -n 's/.*source kept in \([^ ;,]*kernel\.cc\).*/\1/p' "$T/out" | head -n 1)
[ -f "$src" ] || { echo "no kept source:"; cat "$T/out"; exit 1; }
n=$(grep -c 'pykc_vspin(), ' "$src")
[ "$n" = 4 ] && grep -q 'for (;pykc_vspin(), 1;)' "$src" &&
  grep -q 'for (int i = 0; i < 3; i++) o\[1\] += i;' "$src" &&
  grep -q 'for (int i = 0; i < 4; i++) o\[threadIdx.x\] += i;' "$src" ||
  { echo "polls: $n"; grep -n 'pykc_vspin(), \|for (' "$src"; exit 1; }
rm -rf "$(dirname "$src")"
cat > "$T/d.cu" <<'CU'
extern "C" __global__ void never(volatile int *f) { while (f[0] == 0) ; }
CU
$PYKC run --cpu "$T/d.cu" --kernel never --grid 2 --block 2 f=zeros:int32:1 --timeout 2 > "$T/out" 2>&1
st=$?
[ $st = 3 ] && grep -q "the launch ran longer than --timeout 2 s (kernel 'never'" "$T/out" ||
  { echo "deadlock: exit $st"; cat "$T/out"; exit 1; }
exit 0
