# A .cu file goes to NVRTC as written: its kernels become PTX entries; an NVRTC error in it
# is a source error (exit 1) with NVRTC's log, not a pykc bug.
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
printf 'extern "C" __global__ void k(float *x) { x[0] = undeclared; }\n' > "$T/bad.cu"
$PYKC ptx "$T/bad.cu" > /dev/null 2> "$T/err"
st=$?
[ $st = 1 ] && grep -q "NVRTC could not compile" "$T/err" && grep -q "undeclared" "$T/err" &&
  ! grep -q "pykc bug" "$T/err" || { echo "exit $st"; cat "$T/err"; exit 1; }
exit 0
