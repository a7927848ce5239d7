# CUDA C++ as published programs write it, on the CPU backend (checked with NumPy):
# <cupy/complex.cuh> gives raw code thrust's functions of complex<T> (exp, log, sqrt, the
# trigonometric and hyperbolic ones and their inverses, pow of each pairing,
# thrust::polar, and complex.cuh's own log1p, log2, expm1, rint), as CuPy's header does; a warp-synchronous tree reduction (`s[t] += s[t + 16]; __syncwarp();`)
# reads what the GPU's lanes read: the lanes go on in lane order after a warp collective,
# the last to arrive too (it went on first, and lane 15 read lane 31's new sum); a
# RawModule whose name_expressions are built at run time takes the --kernel name
# expression (and an extern "C" kernel still needs none); inline PTX assembly is refused on
# the CPU backend with a message that says so; <cuda_bf16.h> and <math_constants.h> exist
# there, another toolkit header is an error naming it.
T=$(mktemp -d) || exit 2
trap 'rm -rf "$T"' EXIT
export PYKC_CACHE_DIR="$T/cache"
PY=${PYTHON:-/usr/bin/python3}
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
cat > "$T/cx.cu" <<'CU'
#include <cupy/complex.cuh>
template <typename T> __device__ void all_fns(const complex<T> z, complex<T> *o) {
  o[0] = exp(z); o[1] = log(z); o[2] = sqrt(z); o[3] = sin(z); o[4] = cos(z);
  o[5] = tan(z); o[6] = sinh(z); o[7] = cosh(z); o[8] = tanh(z); o[9] = asin(z);
  o[10] = acos(z); o[11] = atan(z); o[12] = asinh(z); o[13] = acosh(z); o[14] = atanh(z);
  o[15] = log10(z); o[16] = pow(z, z); o[17] = pow(z, T(1.5)); o[18] = pow(T(2), z);
  o[19] = thrust::polar(abs(z), arg(z)); o[20] = complex<T>(norm(z), 0);
  o[21] = log1p(z); o[22] = log2(z); o[23] = expm1(z); o[24] = rint(z * T(3));
}
extern "C" __global__ void cx64(const complex<float> *z, complex<float> *o) {
  all_fns(z[threadIdx.x], o + 25 * threadIdx.x);
}
extern "C" __global__ void cx128(const complex<double> *z, complex<double> *o) {
  all_fns(z[threadIdx.x], o + 25 * threadIdx.x);
}
CU
$PY -c "import numpy as np; np.save('$T/z.npy', np.array([0.5+0.25j, -1.5+2j, 0.3-0.7j, 2-1j]))"
$PY -c "import numpy as np; np.save('$T/z64.npy', np.load('$T/z.npy').astype(np.complex64))"
for k in cx64:z64:complex64:2e-5 cx128:z:complex128:1e-12; do
  IFS=: read -r kern zin dt tol <<EOT
$k
EOT
  if $PYKC run --cpu "$T/cx.cu" --kernel "$kern" --grid 1 --block 4 z=@"$T/$zin.npy" \
      o=zeros:"$dt":100 --out o="$T/$kern.npy" > "$T/out" 2>&1; then
    $PY - "$T/z.npy" "$T/$kern.npy" "$tol" > "$T/cmp" 2>&1 <<'PYEOF' || fail "$kern: $(cat "$T/cmp")"
import sys
import numpy as np
z, got, tol = np.load(sys.argv[1]), np.load(sys.argv[2]).reshape(4, 25), float(sys.argv[3])
fns = [np.exp, np.log, np.sqrt, np.sin, np.cos, np.tan, np.sinh, np.cosh, np.tanh,
       np.arcsin, np.arccos, np.arctan, np.arcsinh, np.arccosh, np.arctanh, np.log10,
       lambda v: v ** v, lambda v: v ** 1.5, lambda v: 2 ** v, lambda v: v,
       lambda v: abs(v) ** 2, np.log1p, np.log2, np.expm1, lambda v: np.rint(v * 3)]
want = np.array([[f(v) for f in fns] for v in z])
bad = ~np.isclose(got, want, rtol=tol, atol=tol)
if bad.any():
    sys.exit("functions %s differ: %s vs %s" % (np.nonzero(bad.any(0))[0], got[bad][:3], want[bad][:3]))
PYEOF
  else fail "$kern: $(head -n 5 "$T/out")"; fi
done
cat > "$T/w.cu" <<'CU'
extern "C" __device__ void warp_reduce(float *s, int t) {
  s[t] += s[t + 32]; __syncwarp();
  s[t] += s[t + 16]; __syncwarp();
  s[t] += s[t + 8]; __syncwarp();
  s[t] += s[t + 4]; __syncwarp();
  s[t] += s[t + 2]; __syncwarp();
  s[t] += s[t + 1]; __syncwarp();
}
extern "C" __global__ void tree(const float *x, float *o) {
  __shared__ float s[64];
  int t = threadIdx.x;
  s[t] = x[t];
  __syncthreads();
  if (t < 32) warp_reduce(s, t);
  if (t == 0) o[0] = s[0];
}
CU
$PYKC run --cpu "$T/w.cu" --kernel tree --grid 1 --block 64 x=arange:float32:64 \
  o=zeros:float32:1 --print o > "$T/out" 2>&1 && grep -qF "o = [2016.]" "$T/out" ||
  fail "warp-synchronous tree: $(cat "$T/out")"
cat > "$T/m.py" <<'PY'
import cupy as cp
CODE = r"""
template <typename T> __global__ void axpy(T *y, const T *x, T a, int n) {
  int i = threadIdx.x;
  if (i < n) y[i] += a * x[i];
}
extern "C" __global__ void twice(float *y) { y[threadIdx.x] *= 2; }
"""
TYPES = [(cp.float32, "float"), (cp.float64, "double")]
mod = cp.RawModule(code=CODE, name_expressions=tuple(f"axpy<{c}>" for _, c in TYPES))
PY
$PYKC run --cpu "$T/m.py" --kernel 'axpy<double>' --grid 1 --block 4 y=ones:float64:4 \
  x=arange:float64:4 a=0.5:float64 n=3:int32 --print y > "$T/out" 2>&1 &&
  grep -qF "y = [1.  1.5 2.  1. ]" "$T/out" || fail "runtime name_expressions: $(cat "$T/out")"
$PYKC run --cpu "$T/m.py" --kernel twice --grid 1 --block 2 y=ones:float32:2 --print y \
  > "$T/out" 2>&1 && grep -qF "y = [2. 2.]" "$T/out" || fail "extern C beside them: $(cat "$T/out")"
# inline PTX: the CPU backend's error names it at the user's line (one asm over two lines
# keeps the lines after it in place)
cat > "$T/asm.cu" <<'CU'
__device__ float mul_rn(float a, float b) {
  float r; asm volatile("mul.rn.f32 %0, %1, %2;"
                        : "=f"(r) : "f"(a), "f"(b)); return r;
}
extern "C" __global__ void k(const float *x, float *y) { y[threadIdx.x] = mul_rn(x[0], 2); }
CU
$PYKC run --cpu "$T/asm.cu" --kernel k --grid 1 --block 1 x=ones:float32:1 y=zeros:float32:1 \
  > "$T/out" 2>&1
[ $? = 1 ] && grep -q "asm.cu:2:.*inline PTX assembly (asm) runs on the GPU only" "$T/out" ||
  fail "inline asm: $(cat "$T/out")"
# <cuda_bf16.h> and <math_constants.h> on the CPU backend (the toolkit's on the GPU): bf16
# loads, stores, operators and intrinsics round to nearest even; a toolkit header pykc
# does not have is an #error naming it, not the host's copy clashing with the preamble
cat > "$T/bf.cu" <<'CU'
#include <cuda_bf16.h>
#include <math_constants.h>
extern "C" __global__ void bf(const __nv_bfloat16 *x, __nv_bfloat16 *y, float *f) {
  int i = threadIdx.x;
  __nv_bfloat16 a = x[i], b = __float2bfloat16(1.0f / 3.0f);
  y[i] = a * b + __hmax(a, __float2bfloat16(0.5f));
  f[i] = __bfloat162float(__hfma(a, b, __ushort_as_bfloat16(0x3f80))) + CUDART_PI_F * (i == 0);
}
CU
$PY -c "import numpy as np; np.save('$T/x.npy', np.array([0x3f80, 0x4049, 0xc000, 0x7f80], np.uint16))"
if $PYKC run --cpu "$T/bf.cu" --kernel bf --grid 1 --block 4 x=@"$T/x.npy" y=zeros:uint16:4 \
    f=zeros:float32:4 --out y="$T/y.npy" --out f="$T/f.npy" > "$T/out" 2>&1; then
  $PY - "$T" > "$T/cmp" 2>&1 <<'PYEOF' || fail "bfloat16: $(cat "$T/cmp")"
import sys
import numpy as np
d = sys.argv[1]
def bf(f):                                        # float32 -> bf16 bits, nearest even
    u = np.asarray(f, np.float32).view(np.uint32).astype(np.uint64)
    return ((u + np.uint64(0x7fff) + ((u >> np.uint64(16)) & np.uint64(1))) >> np.uint64(16)).astype(np.uint16)
def fl(h):
    return (np.atleast_1d(np.asarray(h).astype(np.uint32)) << np.uint32(16)).view(np.float32)
x = fl(np.load(d + "/x.npy"))
b = fl(bf(np.float32(1) / np.float32(3)))
prod = fl(bf(x * b))
want_y = bf(prod + fl(bf(np.maximum(x, np.float32(0.5)))))
want_f = fl(bf(x * b + np.float32(1))) + np.float32([np.float32(3.141592654), 0, 0, 0])
y, f = np.load(d + "/y.npy"), np.load(d + "/f.npy")
if not (np.array_equal(y, want_y) and np.array_equal(f, want_f)):
    sys.exit("y %s want %s, f %s want %s" % (y, want_y, f, want_f))
PYEOF
else fail "bfloat16: $(head -n 5 "$T/out")"; fi
printf '#include <mma.h>\nextern "C" __global__ void k(float *x) { x[0] = 1; }\n' > "$T/mma.cu"
$PYKC run --cpu "$T/mma.cu" --kernel k --grid 1 --block 1 x=zeros:float32:1 > "$T/out" 2>&1
[ $? = 1 ] && grep -qF "<mma.h> is CUDA's: the CPU backend does not have it" "$T/out" ||
  fail "toolkit header: $(cat "$T/out")"
exit $((fails != 0))
