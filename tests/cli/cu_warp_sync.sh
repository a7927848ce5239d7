# Warp-synchronous code on the CPU backend (cpu/cxxwarp.c): stores to volatile and
# __shared__ memory (and through the pointer and reference parameters of __device__
# functions) run in lock step across the lanes of a warp, as on a GPU: the last-warp
# reduction of the CUDA samples (a `volatile float *` parameter, chained assignments),
# a scan whose lanes read what lower lanes write in the same statement, halving steps
# taken by fewer and fewer lanes, a shared result read into a local just before a
# function clears it. Code that stores nothing shared, declarations, constexpr
# functions and functions that fall off their end are compiled as written.
T=$(mktemp -d) || exit 2
trap 'rm -rf "$T"' EXIT
export PYKC_CACHE_DIR="$T/cache"
cat > "$T/w.cu" <<'CU'
__device__ void warpReduce(volatile float *s, unsigned int tid) {
  s[tid] += s[tid + 32]; s[tid] += s[tid + 16]; s[tid] += s[tid + 8];
  s[tid] += s[tid + 4]; s[tid] += s[tid + 2]; s[tid] += s[tid + 1];
}
extern "C" __global__ void reduce(const float *x, float *out) {
  __shared__ float sdata[128];
  unsigned int tid = threadIdx.x;
  float sum = x[blockIdx.x * 128 + tid];
  sdata[tid] = sum;
  __syncthreads();
  if (tid < 64) sdata[tid] = sum = sum + sdata[tid + 64];
  __syncthreads();
  if (tid < 32) warpReduce(sdata, tid);
  if (tid == 0) out[blockIdx.x] = sdata[0];
}
extern "C" __global__ void scan(int *out) {
  __shared__ volatile int s[32];
  int lane = threadIdx.x;
  s[lane] = lane + 1;
  for (int off = 1; off < 32; off *= 2)
    if (lane >= off) s[lane] += s[lane - off];
  out[lane] = s[lane];
}
__device__ void clear(int *result, int *count) { *result = *count = 0; }
extern "C" __global__ void pick(const float *x, int *out) {
  __shared__ float v[32];
  __shared__ int w[32];
  __shared__ int found, seen, unused;
  int t = threadIdx.x;
  v[t] = x[t];
  w[t] = t;
  if (t < 16 && v[t] < v[t + 16]) { v[t] = v[t + 16]; w[t] = w[t + 16]; }
  if (t < 8 && v[t] < v[t + 8]) { v[t] = v[t + 8]; w[t] = w[t + 8]; }
  if (t < 4 && v[t] < v[t + 4]) { v[t] = v[t + 4]; w[t] = w[t + 4]; }
  if (t < 2 && v[t] < v[t + 2]) { v[t] = v[t + 2]; w[t] = w[t + 2]; }
  if (t == 0) { found = v[0] < v[1] ? w[1] : w[0]; seen = 5; }
  __syncthreads();
  int mine = seen;
  clear(&unused, &seen);
  out[t] = found * 100 + mine;
}
__device__ constexpr int twice(int &a) { a = 2 * a; return a; }
__device__ float nothing_back(float *p) { p[0] = 1.0f; }
extern "C" __global__ void plain(int *o) {
  for (int i = 0; i < 4; i++) o[threadIdx.x] += i;
  float v = o[0];
  (void)v;
}
CU
$PYKC run --cpu -v "$T/w.cu" --kernel reduce --grid 2 --block 128 x=ones:float32:256 \
  out=zeros:float32:2 --print out > "$T/out" 2>&1 && grep -q 'out = \[128. 128.\]' "$T/out" ||
  { echo "warp reduction:"; cat "$T/out"; exit 1; }
src=$(sed -n 's/.*source kept in \([^ ;,]*kernel\.cc\).*/\1/p' "$T/out" | head -n 1)
$PYKC run --cpu "$T/w.cu" --kernel reduce --grid 2 --block 128 x=arange:float32:256 \
  out=zeros:float32:2 --print out > "$T/out" 2>&1 && grep -q 'out = \[ 8128. 24512.\]' "$T/out" ||
  { echo "warp reduction of 0..255:"; cat "$T/out"; exit 1; }
$PYKC run --cpu "$T/w.cu" --kernel scan --grid 1 --block 32 out=zeros:int32:32 --print out \
  > "$T/out" 2>&1 && tr -s ' \n' ' ' < "$T/out" | grep -q 'out = \[ 1 3 6 10 15 21 28 36 45 55 66 78 91 105 120 136 153 171 190 210 231 253 276 300 325 351 378 406 435 465 496 528\]' ||
  { echo "warp scan:"; cat "$T/out"; exit 1; }
$PYKC run --cpu "$T/w.cu" --kernel pick --grid 1 --block 32 x=arange:float32:32 \
  out=zeros:int32:32 --print out > "$T/out" 2>&1 && tr -s ' \n' ' ' < "$T/out" | grep -q 'out = \[3105 3105 3105' &&
  ! grep -q ' 3100' "$T/out" || { echo "warp halving:"; cat "$T/out"; exit 1; }
$PYKC run --cpu "$T/w.cu" --kernel plain --grid 1 --block 4 o=zeros:int32:4 --print o \
  > "$T/out" 2>&1 && grep -q 'o = \[6 6 6 6\]' "$T/out" || { echo "plain:"; cat "$T/out"; exit 1; }
[ -f "$src" ] || { echo "no kept source:"; cat "$T/out"; exit 1; }
grep -q '{ auto pykc_w_ = (s\[tid + 32\]); pykc_wstep(1); s\[tid\] += pykc_w_; pykc_wstep(1); }' "$src" &&
  grep -q 'sdata\[tid\] = sum = pykc_w_' "$src" &&
  grep -q 'pykc_wstep(1); \*result = \*count = pykc_w_' "$src" &&
  grep -q '__device__ constexpr int twice(int &a) { a = 2 \* a; return a; }' "$src" &&
  grep -q '__device__ float nothing_back(float \*p) { p\[0\] = 1.0f; }' "$src" &&
  grep -q 'for (int i = 0; i < 4; i++) o\[threadIdx.x\] += i;' "$src" &&
  grep -q '  float v = o\[0\];' "$src" &&
  grep -q '{ if (t == 0) { { auto pykc_w_ = (v\[0\] < v\[1\] ? w\[1\] : w\[0\]); pykc_wstep(3); found = ' "$src" ||
  { echo "lock-step points:"; grep -n 'pykc_w\|twice\|nothing_back\|o\[' "$src"; exit 1; }
rm -rf "$(dirname "$src")"
exit 0
