# cp.RawKernel and cp.RawModule in a .py file: kernels by variable, C name and name
# expression, beside a kernel-language kernel; run on the CPU backend (g++) with their
# options; the C++ compiler's errors at the .py line; pykc ptx picks one call's code;
# the errors of a name that is not in the code and of a bad name expression. (The code of
# `broken` has an escape, so its lines are counted from the call's: x[0] is on line 19.)
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
cat > "$T/k.py" <<'PY'
import cupy as cp
from cupyx import jit

SRC = r'''
template <typename T, int K>
__global__ void scale(T *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = x[i] * K + OFFSET;
}
extern "C" __global__ void iota(long long *x) { x[threadIdx.x] = threadIdx.x; }
'''

add = cp.RawKernel(r'''
extern "C" __global__ void my_add(const float *a, float *b) { b[threadIdx.x] += a[threadIdx.x]; }
''', 'my_add')
mod = cp.RawModule(code=SRC, options=('-std=c++17', '-DOFFSET=1', '--use_fast_math'),
                   name_expressions=['scale<float, 2>', 'scale<int, 3>'])
broken = cp.RawKernel('extern "C" __global__ void b(int *x) {\n  x[0] = missing;\n}', 'b')
absent = cp.RawKernel('extern "C" __global__ void here(int *x) {}', 'not_here')
many = cp.RawModule(code='template <class T> __global__ void twice(T *x) {}',
                    name_expressions=['twice<float, 1>'])


@jit.rawkernel()
def dsl(x: cp.int32[:]):
    x[jit.threadIdx.x] = 7
PY
P="run --cpu $T/k.py --grid 1 --block 4"
expect 0 "b = [1. 2. 3. 4.]" $P --kernel add a=ones:float32:4 b=arange:float32:4 --print b
expect 0 "b = [1. 2. 3. 4.]" $P --kernel my_add a=ones:float32:4 b=arange:float32:4 --print b
expect 0 "x = [1. 3. 5. 7. 4.]" $P --kernel 'scale<float, 2>' x=arange:float32:5 n=4:int32 --print x
expect 0 "x = [1 4 7 3]" $P --kernel 'scale<int, 3>' x=arange:int32:4 n=3:int32 --print x
expect 0 "x = [0 1 2 3]" $P --kernel iota x=zeros:int64:4 --print x
expect 0 "x = [7 7 7 7]" $P --kernel dsl x=zeros:int32:4 --print x
expect 2 "argument 'x': expected float32*, got int32[:]" $P --kernel 'scale<float, 2>' x=arange:int32:4 n=4:int32
expect 2 "argument 'n': a scalar for a .cu kernel needs :DTYPE" $P --kernel 'scale<float, 2>' x=arange:float32:4 n=4
expect 2 "no kernel named 'scale<double, 2>'" $P --kernel 'scale<double, 2>' x=arange:float64:4 n=4:int32
expect 1 "$T/k.py:19:10: error: " $P --kernel broken x=zeros:int32:1
expect 1 "kernel 'absent': the code of its RawKernel has no extern \"C\" __global__ function 'not_here'" \
  $P --kernel absent x=zeros:int32:1
expect 1 "name expression 'twice<float, 1>' has 2 template arguments; 'twice' takes 1" \
  $P --kernel 'twice<float, 1>' x=zeros:float32:1
# pykc ptx: the generated kernels, or one call's code with its options and name expressions
# (NVRTC, no GPU needed)
$PYKC ptx "$T/k.py" -o "$T/k.ptx" 2> "$T/err" && grep -q '\.entry dsl(' "$T/k.ptx" &&
  ! grep -q '\.entry iota' "$T/k.ptx" || { fail "ptx of the generated kernels"; cat "$T/err"; }
cat > "$T/two.py" <<'PY'
import cupy as cp
a = cp.RawKernel('extern "C" __global__ void a() {}', 'a')
b = cp.RawKernel('extern "C" __global__ void b() {}', 'b')
PY
expect 2 "has several RawKernel/RawModule calls, each compiled on its own: pick one with --kernel NAME" \
  ptx "$T/two.py" -o "$T/k.ptx"
$PYKC ptx "$T/k.py" --kernel 'scale<int, 3>' -o "$T/k.ptx" 2> "$T/err" || { fail "ptx --kernel"; cat "$T/err"; }
grep -q '\.entry _Z5scaleIfLi2EEvPT_i' "$T/k.ptx" && grep -q '\.entry _Z5scaleIiLi3EEvPT_i' "$T/k.ptx" &&
  grep -q '\.entry iota' "$T/k.ptx" || fail "ptx: the module's kernels are not all there"
expect 1 "$T/k.py:19:10: error: identifier \"missing\" is undefined" ptx "$T/k.py" --kernel broken -o "$T/b.ptx"
# pykc cuda: the calls' code as written, after the generated kernel
$PYKC cuda "$T/k.py" > "$T/k.cu" 2>&1 || fail "cuda"
grep -q '^// ---- RawModule mod (line 16): its code as written, compiled on its own$' "$T/k.cu" &&
  grep -q '^// options: -std=c++17 -DOFFSET=1 --use_fast_math$' "$T/k.cu" &&
  grep -q 'extern "C" __global__ void dsl(' "$T/k.cu" || { fail "cuda output:"; cat "$T/k.cu"; }
# pykc header: launchers for a call's kernels (template instances by their lowered names)
# and for a .cu file; both compile as C against cuda.h
CUDA=${CUDA_HOME:-/usr/local/cuda}
$PYKC header "$T/k.py" --kernel iota -o "$T/kmod.h" 2> "$T/err" || { fail "header --kernel"; cat "$T/err"; }
grep -q 'kmod_scale_float_2(grid, block, shared_mem, stream, CUdeviceptr x, int32_t n)' "$T/kmod.h" &&
  grep -q '"_Z5scaleIfLi2EEvPT_i"' "$T/kmod.h" && grep -q 'kmod_iota(grid' "$T/kmod.h" ||
  { fail "header of the RawModule:"; sed -n 1,16p "$T/kmod.h"; }
printf 'extern "C" __global__ void k(float *x, double v, unsigned n) { x[0] = v * n; }\n' > "$T/c.cu"
$PYKC header "$T/c.cu" -o "$T/c.h" 2> "$T/err" || { fail "header of a .cu"; cat "$T/err"; }
printf '#include "kmod.h"\n#include "c.h"\nint main(void) {\n  pykc_h_dim3 g = {1, 1, 1};\n%s\n%s\n}\n' \
  '  return kmod_iota(g, g, 0, NULL, 0) || c_k(g, g, 0, NULL, 0, 1.0, 2u);' '' > "$T/use.c"
cc -Wall -Werror -I"$CUDA/include" -I"$T" -c "$T/use.c" -o "$T/use.o" 2> "$T/err" ||
  { fail "the headers do not compile:"; head -n 5 "$T/err"; }
exit $fails
