# CUDA C++ read as NVRTC reads it (runtime/cxx/cxxscan.c, the one scanner): a kernel in a
# comment, a string or an #if 0 block is no kernel (a RawModule's and a .cu file's alike);
# every spelling NVRTC accepts finds its kernel (extern "C" on a block or a declaration,
# `void __global__`, a repeated __global__, attributes, __launch_bounds__, macros); static
# kernels and C++ ones are found as name expressions; for a .cu file, --kernel 'gelu<float>'
# instantiates the template and -D NAME=VALUE defines a macro (nvcc's -D).
T=$(mktemp -d) || exit 2
trap 'rm -rf "$T"' EXIT
export PYKC_CACHE_DIR="$T/cache" TMPDIR="$T"
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
# expect STATUS PATTERN ARGS...: pykc ARGS exits STATUS and prints PATTERN (fixed string)
expect() {
  want=$1 pat=$2; shift 2
  $PYKC "$@" > "$T/out" 2>&1
  st=$?
  [ $st = "$want" ] && grep -qF -- "$pat" "$T/out" ||
    { fail "pykc $*: exit $st (want $want and '$pat'), output:"; head -n 5 "$T/out"; }
}
cat > "$T/m.py" <<'PY'
import cupy as cp

mod = cp.RawModule(code=r'''
// removed: __global__ void old_kernel(
/* extern "C" __global__ void in_comment(int *x) {} */
#if 0
extern "C" __global__ void in_if0(int *x) {}
#endif
__device__ const char *s = "extern \"C\" __global__ void in_string(int *x) {}";
extern "C" __global__ void live(int *x) { x[threadIdx.x] = 7; }
''')
PY
for gone in old_kernel in_comment in_if0 in_string; do
  expect 2 "no kernel named '$gone' in $T/m.py (kernels: live)" \
    run --cpu "$T/m.py" --kernel $gone --grid 1 --block 2 x=zeros:int32:2
done
expect 0 "x = [7 7]" run --cpu "$T/m.py" --kernel live --grid 1 --block 2 x=zeros:int32:2 --print x
cat > "$T/s.cu" <<'CU'
// extern "C" __global__ void fake(int *x) {}
#define KERNEL extern "C" __global__
#define DECL(name) extern "C" __global__ void name(int *x)
extern "C" void __global__ a1(int *x) { x[0] = 1; }
extern "C" __global__ __global__ void a2(int *x) { x[0] = 2; }
extern "C" { __global__ void __global__ a3(int *x) { x[0] = 3; } }
extern "C" __global__ void __launch_bounds__(64) __attribute__((noinline)) a4(int *x) { x[0] = 4; }
KERNEL void a5(int *x) { x[0] = 5; }
DECL(a6) { x[0] = 6; }
extern "C" { static __global__ void a7(int *x) { x[0] = 7; } }
__global__ void a8(int *x) { x[0] = 8; }
CU
for k in 1 2 3 4 5 6 7 8; do
  expect 0 "x = [$k]" run --cpu "$T/s.cu" --kernel a$k --grid 1 --block 1 x=zeros:int32:1 --print x
done
expect 2 "no kernel 'fake' in $T/s.cu (kernels: a1, a2, a3, a4, a5, a6)" \
  run --cpu "$T/s.cu" --kernel fake --grid 1 --block 1 x=zeros:int32:1
# NVRTC agrees (no GPU needed): the extern "C" entries by name, a7 and a8 mangled
if $PYKC ptx "$T/s.cu" -o "$T/s.ptx" 2> "$T/err"; then
  for k in a1 a2 a3 a4 a5 a6; do grep -q "\.entry $k(" "$T/s.ptx" || fail "ptx: no entry $k"; done
  grep -q '\.entry _Z2a7Pi(' "$T/s.ptx" && grep -q '\.entry _Z2a8Pi(' "$T/s.ptx" || fail "ptx: a7/a8"
else
  grep -q "NVRTC" "$T/err" || { fail "pykc ptx s.cu:"; head -n 5 "$T/err"; }
fi
cat > "$T/g.cu" <<'CU'
#ifndef SCALE
#define SCALE 1
#endif
template <typename T, int K = 2>
__global__ void gelu(const T *x, T *y, int n) {
  int i = threadIdx.x;
  if (i < n) y[i] = SCALE * K * x[i];
}
CU
G="run --cpu $T/g.cu --grid 1 --block 4"
expect 0 "y = [0. 2. 4. 6.]" $G --kernel 'gelu<float>' x=arange:float32:4 y=zeros:float32:4 n=4:int32 --print y
expect 0 "y = [ 0. 15. 30. 45.]" $G --kernel 'gelu<double, 3>' -D SCALE=5 x=arange:float64:4 y=zeros:float64:4 n=4:int32 --print y
expect 0 "y = [ 0. 12. 24. 36.]" $G --kernel 'gelu<double, 3>' -DSCALE=4 x=arange:float64:4 y=zeros:float64:4 n=4:int32 --print y
expect 2 "argument 'x': expected float32*, got float64[:]" $G --kernel 'gelu<float>' x=arange:float64:4 y=zeros:float32:4 n=4:int32
expect 1 "name expression 'gelu<float, 2, 1>' has 3 template arguments; 'gelu' takes 2" $G --kernel 'gelu<float, 2, 1>' x=arange:float32:4
expect 1 "name expression 'gule<float>': no __global__ function 'gule' in the code" $G --kernel 'gule<float>' x=arange:float32:4
exit $fails
