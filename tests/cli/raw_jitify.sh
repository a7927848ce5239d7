# CuPy's jitify=True and relocatable code for cp.RawModule/RawKernel in a .py file (NVRTC):
# jitify adds CuPy's -DCUPY_USE_JITIFY (the options banner of pykc cuda), gives NVRTC the
# standard headers (std::enable_if of <type_traits> compiles) and leaves out a header
# found nowhere, saying so; without jitify NVRTC cannot open <type_traits>; a template
# instance the enable_if refuses is NVRTC's name-expression error. -dc (dynamic
# parallelism) compiles (the GPU links it with libcudadevrt), and without it NVRTC
# refuses the kernel's launch. On the CPU
# backend the host compiler has the standard headers.
T=$(mktemp -d) || exit 2
trap 'rm -rf "$T"' EXIT
export PYKC_CACHE_DIR="$T/cache" TMPDIR="$T"
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
expect() {
  want=$1 pat=$2; shift 2
  $PYKC "$@" > "$T/out" 2>&1
  st=$?
  [ $st = "$want" ] && grep -qF -- "$pat" "$T/out" ||
    { fail "pykc $*: exit $st (want $want and '$pat'), output:"; head -n 8 "$T/out"; }
}
mkdir "$T/inc"
echo '#include <cupy/I_DO_NOT_EXIST_WAH_HA_HA.h>' > "$T/inc/I_INCLUDE_SOMETHING.h"
std() {  # std FILE ARGS...: a RawModule of the enable_if template, with ARGS
  f=$1; shift
  cat > "$T/$f.py" <<PY
import cupy as cp
STD = r'''
#include <type_traits>
#include "I_INCLUDE_SOMETHING.h"
template<typename T,
         typename = typename std::enable_if<std::is_integral<T>::value>::type>
__global__ void shift(T* a, int N) {
    unsigned int tid = blockIdx.x * blockDim.x + threadIdx.x;
    if (tid < N) a[tid] += 100;
}
'''
mod = cp.RawModule(code=STD, options=('-I$T/inc',), $*)
PY
}
std jit "jitify=True, name_expressions=['shift<int>']"
std flt "jitify=True, name_expressions=['shift<float>']"
std plain "name_expressions=['shift<int>']"
cat > "$T/dp.py" <<'PY'
import cupy as cp
DP = r'''
extern "C" __global__ void inner(float *arr, int n) {
    unsigned int tid = blockDim.x * blockIdx.x + threadIdx.x;
    if (tid < n) arr[tid] = 1.0f;
}
extern "C" __global__ void outer(float *arr, int n, int blk) {
    unsigned int tid = blockDim.x * blockIdx.x + threadIdx.x;
    if (tid < n / blk) inner<<<1, blk>>>(arr + tid * blk, blk);
}
'''
dp = cp.RawKernel(DP, 'outer', options=('-dc',))
no_dc = cp.RawKernel(DP, 'outer')
PY
$PYKC cuda "$T/jit.py" > "$T/cuda" 2>&1 && grep -q "options: -I$T/inc -DCUPY_USE_JITIFY" "$T/cuda" ||
  { fail "pykc cuda: no -DCUPY_USE_JITIFY in the options banner"; head -n 5 "$T/cuda"; }
expect 0 "warning: jitify: header \"cupy/I_DO_NOT_EXIST_WAH_HA_HA.h\" not found: left out" \
  ptx "$T/jit.py" -o "$T/j.ptx"
grep -q '\.entry _Z5shift' "$T/j.ptx" || fail "jitify: no shift<int> in the PTX"
expect 1 "cannot open source file \"type_traits\"" ptx "$T/plain.py" -o "$T/p.ptx"
expect 1 "Error in parsing name expression" ptx "$T/flt.py" -o "$T/f.ptx"
$PYKC cubin "$T/dp.py" --kernel dp -o "$T/dp.cubin" > "$T/out" 2>&1 &&
  [ "$(head -c 4 "$T/dp.cubin" | od -An -c | tr -d ' ')" = '177ELF' ] ||
  { fail "cubin of -dc code"; head -n 5 "$T/out"; }
expect 1 "error: device-side kernel launch could not be processed" ptx "$T/dp.py" --kernel no_dc \
  -o "$T/n.ptx"
cat > "$T/c.py" <<'PY'
import cupy as cp
c = cp.RawModule(code=r'''
#include <type_traits>
template<typename T, typename = typename std::enable_if<std::is_integral<T>::value>::type>
__global__ void shift(T* a, int N) { if (threadIdx.x < N) a[threadIdx.x] += 100; }
''', jitify=True, name_expressions=['shift<int>'])
PY
expect 0 "a = [100 101 102 103]" run --cpu "$T/c.py" --kernel 'shift<int>' --grid 1 --block 4 \
  a=arange:int32:4 N=4:int32 --print a
[ $fails = 0 ] && echo "raw_jitify: ok"
[ $fails = 0 ]
