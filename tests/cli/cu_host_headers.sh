# The CPU backend's headers for CUDA C++: the C library's (NVRTC has none: the CPU's
# leniency) give the names a program that includes them uses, <iostream> among them (no
# clash with CUDA's clock()); libcu++'s C++17 headers are the host's under cuda::std and a
# C++20 one is an error naming it; <cuda_fp16.h>/<cuda_bf16.h> math rounds the float
# function to the 16-bit type.
T=$(mktemp -d) || exit 2
trap 'rm -rf "$T"' EXIT
export PYKC_CACHE_DIR="$T/cache"
cat > "$T/h.cu" <<'CU'
#include <climits>
#include <cstdint>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <limits>
#include <algorithm>
#include <utility>
#include <type_traits>
extern "C" __global__ void k(long long *p) {
  int32_t a = INT_MAX;
  uint64_t b = UINT64_MAX;
  p[0] = a + (long long)(b >> 40);
  p[1] = (FLT_MAX > 1e38f) + (EOF < 0) * 10 + EXIT_FAILURE * 100 + (RAND_MAX > 0) * 1000;
  p[2] = (long long)(M_PI * 1000) + (long long)(M_SQRT2 * 1e6) * 10000;
  p[3] = (long long)std::numeric_limits<int>::max() + std::max(3, 1) + std::is_same<int32_t, int>::value;
  p[4] = std::isnan(NAN) + 2 * std::isinf(INFINITY) + 4 * (HUGE_VAL > 0) + 8 * (clock() > 0);
}
CU
$PYKC run --cpu "$T/h.cu" --kernel k --grid 1 --block 1 p=zeros:int64:5 --print p > "$T/out" 2>&1 &&
  grep -q 'p = \[ 2164260862        1111 14142133141  2147483651          15\]' "$T/out" ||
  { echo "C library headers:"; cat "$T/out"; exit 1; }
cat > "$T/s.cu" <<'CU'
#include <cuda/std/array>
#include <cuda/std/tuple>
#include <cuda/std/optional>
#include <cuda/std/climits>
#include <cuda/std/cstdint>
extern "C" __global__ void k(long long *p) {
  cuda::std::array<int, 3> a = {5, 6, 7};
  cuda::std::tuple<int, long long> t(a[1], INT64_MAX);
  cuda::std::optional<int> o;
  p[0] = a.size() * 100 + cuda::std::get<0>(t) + o.value_or(-10) * 1000 + (INT_MAX > 0);
  p[1] = (long long)sizeof(int16_t) + (cuda::std::get<1>(t) == INT64_MAX) * 10;
}
CU
$PYKC run --cpu "$T/s.cu" --kernel k --grid 1 --block 1 p=zeros:int64:2 --print p > "$T/out" 2>&1 &&
  grep -q 'p = \[-9693    12\]' "$T/out" || { echo "libcu++ headers:"; cat "$T/out"; exit 1; }
printf '#include <cuda/std/span>\nextern "C" __global__ void k(int *p) { p[0] = 1; }\n' > "$T/e.cu"
$PYKC run --cpu "$T/e.cu" --kernel k --grid 1 --block 1 p=zeros:int32:1 > "$T/out" 2>&1
st=$?
[ $st = 1 ] && grep -q '<cuda/std/span> is CUDA'"'"'s: the CPU backend does not have it' "$T/out" ||
  { echo "C++20 libcu++ header: exit $st"; cat "$T/out"; exit 1; }
cat > "$T/m.cu" <<'CU'
#include <cuda_fp16.h>
#include <cuda_bf16.h>
extern "C" __global__ void k(float *h, float *b) {
  __half x = __float2half(2.25f), n = __float2half(-2.5f);
  __nv_bfloat16 y = __float2bfloat16(2.25f), m = __float2bfloat16(-2.5f);
  h[0] = __half2float(hsqrt(x)); h[1] = __half2float(hexp2(x)); h[2] = __half2float(hrcp(x));
  h[3] = __half2float(hrint(n)); h[4] = __half2float(hceil(n)); h[5] = __half2float(hlog2(x));
  h[6] = __half2float(__hmax_nan(x, __float2half(nanf("")))); h[7] = __half2float(__hfma_relu(x, n, x));
  b[0] = __bfloat162float(hsqrt(y)); b[1] = __bfloat162float(hexp2(y)); b[2] = __bfloat162float(hrcp(y));
  b[3] = __bfloat162float(hrint(m)); b[4] = __bfloat162float(hceil(m)); b[5] = __bfloat162float(hlog2(y));
  b[6] = __bfloat162float(__hmin_nan(y, m)); b[7] = __bfloat162float(__hfma_relu(y, m, y));
}
CU
$PYKC run --cpu "$T/m.cu" --kernel k --grid 1 --block 1 h=zeros:float32:8 b=zeros:float32:8 \
  --print h --print b > "$T/out" 2>&1
tr -s ' \n' '  ' < "$T/out" > "$T/flat"
grep -q 'h = \[ 1.5 4.7578125 0.44433594 -2. -2. 1.1699219 nan 0. \]' "$T/flat" &&
  grep -q 'b = \[ 1.5 4.75 0.4453125 -2. -2. 1.171875 -2.5 0. \]' "$T/flat" ||
  { echo "half/bf16 math:"; cat "$T/out"; exit 1; }
exit 0
