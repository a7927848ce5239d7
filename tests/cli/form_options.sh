# Kernel forms' NVRTC options on the CPU backend (issue 19): an ElementwiseKernel's and a
# RawKernel's options are NVRTC's, so a word NVRTC has no option for is an error naming it
# (CuPy's compile fails with NVRTC_ERROR_INVALID_OPTION); -D/-U/-I/-include reach the
# host compiler (an ElementwiseKernel's -I finds its preamble's header), -std a RawKernel's
# dialect, and the GPU's code generation options (--use_fast_math, -arch, ...) run.
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
mkdir "$T/inc"
echo '#define TWICE(v) ((v) * 2)' > "$T/inc/twice.h"
cat > "$T/k.py" <<PY
import cupy as cp

good = cp.ElementwiseKernel('T x', 'T y', 'y = TWICE(x) + K', 'good',
                            preamble='#include "twice.h"',
                            options=('--use_fast_math', '-I', '$T/inc', '-DK=1',
                                     '--gpu-architecture=compute_90', '--ftz=true'))
bogus = cp.ElementwiseKernel('T x', 'T y', 'y = x', 'bogus', options=('--fast-math',))
noval = cp.ElementwiseKernel('T x', 'T y', 'y = x', 'noval', options=('-I',))
raw = cp.RawKernel(r'''
extern "C" __global__ void raw(float *x) { x[threadIdx.x] += RAW_ADD; }
''', 'raw', options=('-D', 'RAW_ADD=3', '--std=c++14', '-lineinfo', '--maxrregcount=32'))
rawbad = cp.RawKernel(r'''
extern "C" __global__ void rawbad(float *x) {}
''', 'rawbad', options=('-O3',))
# macros named as pykc's preamble names things (N, T): the user code's only
rawn = cp.RawKernel(r'''
extern "C" __global__ void rawn(float *x) { x[threadIdx.x] *= N + T; }
''', 'rawn', options=('-DN=3', '-DT', '-UT', '-DT=2'))
PY
expect 0 'y = [1. 3. 5. 7.]' run --cpu "$T/k.py" --kernel good x=arange:float32:4 --print y
expect 1 "option '--fast-math' is not one of NVRTC's" run --cpu "$T/k.py" --kernel bogus x=arange:float32:4
expect 1 "option '-I' needs a value" run --cpu "$T/k.py" --kernel noval x=arange:float32:4
expect 0 'x = [3. 4. 5. 6.]' run --cpu "$T/k.py" --kernel raw --grid 1 --block 4 x=arange:float32:4 --print x
expect 1 "option '-O3' is not one of NVRTC's" run --cpu "$T/k.py" --kernel rawbad --grid 1 --block 4 x=arange:float32:4
expect 0 'x = [ 0.  5. 10. 15.]' run --cpu "$T/k.py" --kernel rawn --grid 1 --block 4 x=arange:float32:4 --print x
[ $fails = 0 ] && echo "form_options: ok"
[ $fails = 0 ]
