# CUDA C++ on the CPU backend sees CUDA's environment, not the host's: a program's own
# typedefs of the C library's names (uint64_t, int8_t) and its names M_PI, NAN, EOF,
# INFINITY, HUGE_VAL, INT_MAX compile, and libcu++'s <cuda/std/cstdint>, <climits>, <cmath>
# give them back as NVRTC's do; every function of CUDA's math API and intrinsics is
# declared (tests/cli/cuda_math.py, with libm's bits where the CPU uses libm); the vector
# types have their members and make_*; a*b+c is one fused multiply-add, as NVRTC makes it
# (where this CPU has FMA). The same .cu files compile with NVRTC (pykc ptx, no GPU).
T=$(mktemp -d) || exit 2
trap 'rm -rf "$T"' EXIT
export PYKC_CACHE_DIR="$T/cache" TMPDIR="$T"
PYTHON=${PYTHON:-/usr/bin/python3}
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
expect() {
  want=$1 pat=$2; shift 2
  $PYKC "$@" > "$T/out" 2>&1
  st=$?
  [ $st = "$want" ] && grep -qF -- "$pat" "$T/out" ||
    { fail "pykc $*: exit $st (want $want and '$pat'), output:"; head -n 5 "$T/out"; }
}
# nvrtc FILE: NVRTC compiles it too (skipped where pykc has no NVRTC: its message says so)
nvrtc() {
  $PYKC ptx "$1" -o "$T/x.ptx" > "$T/err" 2>&1 ||
    { grep -q "could not compile" "$T/err" && { fail "NVRTC rejects $1:"; head -n 8 "$T/err"; }; }
}
$PYTHON tests/cli/cuda_math.py "$PYKC" "$T" > "$T/math" 2>&1 || { fail "cuda_math.py:"; head -n 30 "$T/math"; }
cat > "$T/env.cu" <<'CU'
typedef unsigned long long uint64_t;
typedef signed char int8_t;
typedef unsigned int uint32_t;
extern "C" __global__ void env(uint64_t *u, int8_t *s, double *d) {
  double M_PI = 3.0, NAN = 1.0, INFINITY = 2.0, HUGE_VAL = 4.0;
  int EOF = 5, INT_MAX = 6;
  uint32_t M_E = 7;
  u[0] = (uint64_t)1 << 63;
  s[0] = (int8_t)-3;
  d[0] = M_PI + NAN + INFINITY + HUGE_VAL + EOF + INT_MAX + M_E;
}
CU
expect 0 "d = [28.]" run --cpu "$T/env.cu" --kernel env --grid 1 --block 1 u=zeros:uint64:1 \
  s=zeros:int8:1 d=zeros:float64:1 --print d
expect 0 "u = [9223372036854775808]" run --cpu "$T/env.cu" --kernel env --grid 1 --block 1 \
  u=zeros:uint64:1 s=zeros:int8:1 d=zeros:float64:1 --print u
nvrtc "$T/env.cu"
cat > "$T/vec.cu" <<'CU'
#define V2(T) { T##2 v = make_##T##2(1, 2); o += v.x + 10 * v.y; }
#define V3(T) { T##3 v = make_##T##3(1, 2, 3); o += v.x + 10 * v.y + 100 * v.z; }
#define V4(T) { T##4 v = make_##T##4(1, 2, 3, 4); o += v.x + 10 * v.y + 100 * v.z + 1000 * v.w; }
#define V1(T) { T##1 v = make_##T##1(5); o += v.x; }
#define ALL(T) V1(T) V2(T) V3(T) V4(T)
extern "C" __global__ void vec(double *out) {
  double o = 0;
  ALL(char) ALL(uchar) ALL(short) ALL(ushort) ALL(int) ALL(uint) ALL(long) ALL(ulong)
  ALL(longlong) ALL(ulonglong) ALL(float) ALL(double)
  float2 f = make_float2(0.5f, 0.25f);
  f.x += f.y;
  double2 d2 = {1.5, 2.5};
  int4 i4 = make_int4(1, 2, 3, 4);
  out[0] = o;
  out[1] = f.x + d2.x * d2.y + i4.w * (sizeof(float4) == 16) * (sizeof(double2) == 16);
}
CU
# each of the 12 types: 5 + 21 + 321 + 4321
expect 0 "out = [5.6016e+04 8.5000e+00]" run --cpu "$T/vec.cu" --kernel vec --grid 1 --block 1 \
  out=zeros:float64:2 --print out
nvrtc "$T/vec.cu"
cat > "$T/std.cu" <<'CU'
#include <cuda/std/cstdint>
#include <cuda/std/climits>
#include <cuda/std/cmath>
extern "C" __global__ void std_names(int64_t *i, double *d) {
  i[0] = INT64_MAX;
  i[1] = INT_MIN + CHAR_BIT;
  i[2] = (int64_t)UINT32_MAX + (uint8_t)300;
  d[0] = isnan(NAN) + isinf(INFINITY) + cuda::std::sqrt(4.0);
}
CU
# libcu++'s headers give what NVRTC's give: the intN_t types and limits, NAN, INFINITY
expect 0 "i = [9223372036854775807         -2147483640          4294967339]" run --cpu "$T/std.cu" \
  --kernel std_names --grid 1 --block 1 i=zeros:int64:3 d=zeros:float64:1 --print i
expect 0 "d = [4.]" run --cpu "$T/std.cu" --kernel std_names --grid 1 --block 1 i=zeros:int64:3 \
  d=zeros:float64:1 --print d
nvrtc "$T/std.cu"
cat > "$T/fma.cu" <<'CU'
extern "C" __global__ void fma_contract(float a, float c, float *out) { out[0] = a * a + c; }
CU
# (1 + 2^-12)^2 - (1 + 2^-11) is 2^-24 in one rounding, 0 in two
if grep -qw fma /proc/cpuinfo; then want="out = [5.9604645e-08]"; else want="out = [0.]"; fi
expect 0 "$want" run --cpu "$T/fma.cu" --kernel fma_contract --grid 1 --block 1 \
  a=1.000244140625:float32 c=-1.00048828125:float32 out=zeros:float32:1 --print out
exit $fails
