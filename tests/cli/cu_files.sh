# A .cu file goes to NVRTC as written: its kernels become PTX entries; an NVRTC error in it
# is a source error (exit 1) with NVRTC's log, not a pykc bug. The same file runs on the CPU
# backend (g++): both kernels, extern "C" on a block and on one declaration.
T=$(mktemp -d) || exit 2
trap 'rm -rf "$T"' EXIT
export PYKC_CACHE_DIR="$T/cache"
cat > "$T/k.cu" <<'CU'
// comment: extern "C" __global__ void fake(int x)
extern "C" {
__global__ void scale(float *x, float a, int n) { int i = threadIdx.x; if (i < n) x[i] *= a; }
}
extern "C" __global__ void __launch_bounds__(128) fill(double *y, double v) { y[threadIdx.x] = v; }
CU
$PYKC ptx "$T/k.cu" -o "$T/k.ptx" || exit 1
grep -q '\.entry scale(' "$T/k.ptx" && grep -q '\.entry fill(' "$T/k.ptx" || { echo "entries missing"; exit 1; }
$PYKC run --cpu "$T/k.cu" --kernel scale --grid 1 --block 8 x=arange:float32:6 a=2.5:float32 \
  n=5:int32 --print x > "$T/out" 2>&1 && grep -q 'x = \[ 0\.   2\.5  5\.   7\.5 10\.   5\. \]' "$T/out" ||
  { echo "--cpu scale:"; cat "$T/out"; exit 1; }
$PYKC run --cpu "$T/k.cu" --kernel fill --grid 1 --block 3 y=zeros:float64:3 v=-1:float64 \
  --print y > "$T/out" 2>&1 && grep -q 'y = \[-1. -1. -1.\]' "$T/out" || { echo "--cpu fill:"; cat "$T/out"; exit 1; }
# a __constant__ / __device__ variable bound by name (RawModule.get_global's use): its
# bytes copied in before the launch; the sizes must agree; an unknown name says both lists
cat > "$T/c.cu" <<'CU'
extern "C"{
__constant__ float some_array[100];
__global__ void multiply_by_const(float* x, int N) {
    int id = threadIdx.x + blockIdx.x * blockDim.x;
    if (id < N) x[id] *= some_array[id];
}
}
__device__ int scale;
extern "C" __global__ void scaled(int *y) { y[threadIdx.x] = scale * threadIdx.x; }
CU
$PYKC run --cpu "$T/c.cu" --kernel multiply_by_const --grid 1 --block 100 x=ones:float32:100 \
  N=4:int32 some_array=arange:float32:100 --print x > "$T/out" 2>&1 &&
  grep -q 'x = \[0\. 1\. 2\. 3\. 1\. 1\.' "$T/out" || { echo "some_array:"; cat "$T/out"; exit 1; }
$PYKC run --cpu "$T/c.cu" --kernel scaled --grid 1 --block 4 y=zeros:int32:4 scale=3:int32 \
  --print y > "$T/out" 2>&1 && grep -q 'y = \[0 3 6 9\]' "$T/out" || { echo "scale:"; cat "$T/out"; exit 1; }
for bad in "scale=3:int64|8 bytes for the 4 of the __device__/__constant__ variable 'scale'" \
           "nope=1:int32|unknown argument 'nope' (kernel 'scaled' takes y, and the module has no __device__ or __constant__ variable 'nope')" \
           "scaled=1:int32|no __device__ or __constant__ variable 'scaled'" \
           "scale=1|a scalar for a .cu kernel needs :DTYPE"; do
  st=0; $PYKC run --cpu "$T/c.cu" --kernel scaled --grid 1 --block 4 y=zeros:int32:4 "${bad%%|*}" \
    > /dev/null 2> "$T/err" || st=$?
  [ $st = 2 ] && grep -qF "${bad#*|}" "$T/err" || { echo "${bad%%|*}: exit $st"; cat "$T/err"; exit 1; }
done
printf 'extern "C" __global__ void k(float *x) { x[0] = undeclared; }\n' > "$T/bad.cu"
$PYKC ptx "$T/bad.cu" > /dev/null 2> "$T/err"
st=$?
[ $st = 1 ] && grep -q "NVRTC could not compile" "$T/err" && grep -q "undeclared" "$T/err" &&
  ! grep -q "pykc bug" "$T/err" || { echo "exit $st"; cat "$T/err"; exit 1; }
# A NUL byte in a .cu file is an error at its line and column (every compiler stops reading
# there: was compiled truncated, g++'s error then in pykc's generated code); a '{' left open
# is named at the user's line on the CPU backend (was the first error, in the wrapper pykc
# writes after the user's code, in a temporary file).
printf 'extern "C" __global__ void k(float *x) {\n  x[0] = 1;\0 }\n' > "$T/nul.cu"
for cmd in ptx run; do
  if [ $cmd = ptx ]; then $PYKC ptx "$T/nul.cu"; else
    $PYKC run --cpu "$T/nul.cu" --grid 1 --block 1 x=zeros:float32:1; fi > /dev/null 2> "$T/err"
  st=$?
  [ $st = 1 ] && grep -qF "nul.cu:2:12: error: a NUL byte (CUDA C++ source is text)" "$T/err" ||
    { echo "NUL ($cmd): exit $st"; cat "$T/err"; exit 1; }
done
printf 'extern "C" __global__ void k(float *x) {\n  if (x) { x[0] = 1;\n}\n' > "$T/open.cu"
$PYKC run --cpu "$T/open.cu" --grid 1 --block 1 x=zeros:float32:1 > /dev/null 2> "$T/err"
st=$?
[ $st = 1 ] && grep -q "open.cu:1:40: error: .{. is never closed" "$T/err" &&
  ! grep -q "kernel.cc" "$T/err" || { echo "open brace: exit $st"; cat "$T/err"; exit 1; }
# A constexpr function with no return statement (QOKit's furx.cu: `__device__ constexpr
# double2 rot_x(...)` updating its references): NVRTC warns, so the CPU backend compiles
# it too (g++ refuses it: the word goes); a constexpr variable, one that returns and
# `if constexpr` (whose discarded branch would not compile for a double) keep it.
cat > "$T/cx.cu" <<'CU'
__device__ constexpr double2 rot(const double a, double2& va) {
    double2 t = {a*va.x, a*va.y};
    va = t;
}
__device__ constexpr int twice(int v) { return 2 * v; }
template <typename A> __device__ double first(const A &a) {
    double s = 0;
    if constexpr (sizeof(A) > 8) { s = a.y; }   // a statement: the word stays
    return s;
}
extern "C" __global__ void k(double2 *x) {
    constexpr int n = twice(2);
    int arr[n] = {0};
    rot(n + arr[0] + first(1.0), x[threadIdx.x]);
}
CU
$PYKC run --cpu "$T/cx.cu" --kernel k --grid 1 --block 2 x=ones:complex128:2 --print x \
  > "$T/out" 2>&1 && grep -q 'x = \[4.+0.j 4.+0.j\]' "$T/out" || { echo "constexpr:"; cat "$T/out"; exit 1; }
exit 0
