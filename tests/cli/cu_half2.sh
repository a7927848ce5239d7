# <cuda_fp16.h>'s __half2 on the CPU backend (runtime/cuda_headers.c): the type, its
# conversions, lane-wise arithmetic (__hadd2, __hmul2, __hfma2, ...), comparisons to 1.0/0.0
# lanes (__hgeu2) and to bool (__hbgt2), h2 math, operators; half2 arrays are float16
# arrays of even length, as SpikingJelly's fp16 neurons pass them.
T=$(mktemp -d) || exit 2
trap 'rm -rf "$T"' EXIT
export PYKC_CACHE_DIR="$T/cache"
cat > "$T/h.cu" <<'CU'
#include <cuda_fp16.h>
extern "C" __global__ void lanes(const half2 *a, const half2 *b, half2 *out, float *f) {
  int i = threadIdx.x;
  const half2 two = __float2half2_rn(2.0f);
  half2 x = a[i], y = b[i];
  out[8 * i + 0] = __hadd2(x, y);
  out[8 * i + 1] = __hsub2(x, y) * two;
  out[8 * i + 2] = __hfma2(x, two, __half2half2(__float2half(1.0f)));
  out[8 * i + 3] = __hgeu2(x, y);
  out[8 * i + 4] = __lows2half2(x, y);
  out[8 * i + 5] = __hmax2(__hneg2(x), __habs2(y));
  half2 z = x;
  z += y;
  z /= two;
  out[8 * i + 6] = z;
  out[8 * i + 7] = h2exp(__hsub2(x, x));
  float2 g = __half22float2(x);
  f[2 * i] = g.x + __high2float(y);
  f[2 * i + 1] = __hbgt2(x, y) ? 1.0f : (x == y ? 2.0f : 0.0f);
}
CU
$PYKC run --cpu "$T/h.cu" --kernel lanes --grid 1 --block 2 a=arange:float16:4 \
  b=ones:float16:4 out=zeros:float16:32 f=zeros:float32:4 --print out --print f > "$T/out" 2>&1 ||
  { echo "half2:"; cat "$T/out"; exit 1; }
tr -d ' \n' < "$T/out" > "$T/flat"
grep -q 'out=\[1.2.-2.0.1.3.0.1.0.1.1.1.0.51.1.1.3.4.2.4.5.7.1.1.2.1.1.1.1.52.1.1.\]' "$T/flat" &&
  grep -q 'f=\[1.0.3.1.\]' "$T/flat" || { echo "half2 lanes:"; cat "$T/out"; exit 1; }
exit 0
