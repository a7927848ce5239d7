# CuPy's <cupy/carray.cuh> in .cu code: a CArray<T, N, ...> parameter takes an N-d array's
# struct (data, size, shape, strides in bytes), as CuPy passes every ndarray; the same
# header compiles under NVRTC (pykc ptx); an array of another ndim or dtype is an error
# naming the parameter; CIndexer, CUPY_FOR and the 0-d CArray work on the CPU backend;
# `pykc header`'s launcher takes the array's struct.
T=$(mktemp -d) || exit 2
trap 'rm -rf "$T"' EXIT
export PYKC_CACHE_DIR="$T/cache"
cat > "$T/k.cu" <<'CU'
#include <cupy/carray.cuh>
extern "C" __global__ void meta(const CArray<float, 2, true> a, CArray<long long, 1, true, true> o) {
  CUPY_FOR(i, o.size()) o[i] = 0;
  __syncthreads();
  if (threadIdx.x)
    return;
  CIndexer<2> ind(a.shape());
  ind.set(5);
  ptrdiff_t idx[2] = {1, 2};
  CArray<float, 0, true> s(const_cast<float *>(&a[1]));
  o[0] = a.size() * 100 + a.shape()[0] * 10 + a.shape()[1];
  o[1] = a.strides()[0] * 100 + a.strides()[1];
  o[2] = ind.get()[0] * 10 + ind.get()[1];
  o[3] = (long long)a[idx] + (long long)a[7] * 100 + (long long)s[9] * 10000;
}
CU
$PYKC ptx "$T/k.cu" --kernel meta -o "$T/k.ptx" > "$T/out" 2>&1 && grep -q '\.entry meta(' "$T/k.ptx" ||
  { echo "NVRTC:"; cat "$T/out"; exit 1; }
$PYKC run --cpu "$T/k.cu" --kernel meta --grid 1 --block 4 a=arange:float32:3x4 o=zeros:int64:4 \
  --print o > "$T/out" 2>&1 && grep -q 'o = \[ 1234  1604    11 10706\]' "$T/out" ||
  { echo "meta:"; cat "$T/out"; exit 1; }
$PYKC run --cpu "$T/k.cu" --kernel meta --grid 1 --block 4 a=arange:float32:12 o=zeros:int64:4 \
  > "$T/out" 2>&1
st=$?
[ $st = 2 ] && grep -q "argument 'a': expected float32\[:, :\], got float32\[:\]" "$T/out" ||
  { echo "ndim mismatch: exit $st"; cat "$T/out"; exit 1; }
$PYKC run --cpu "$T/k.cu" --kernel meta --grid 1 --block 4 a=arange:float64:3x4 o=zeros:int64:4 \
  > "$T/out" 2>&1
st=$?
[ $st = 2 ] && grep -q "argument 'a': expected float32\[:, :\], got float64\[:, :\]" "$T/out" ||
  { echo "dtype mismatch: exit $st"; cat "$T/out"; exit 1; }
# pykc header: the launcher of a CArray parameter takes the array struct
$PYKC header "$T/k.cu" --kernel meta -o "$T/k.h" > "$T/out" 2>&1 &&
  grep -q 'k_meta(grid, block, shared_mem, stream, pykc_h_array_float32_2 a, pykc_h_array_int64_1 o)' "$T/k.h" ||
  { echo "header:"; cat "$T/out"; grep -n 'k_meta(' "$T/k.h"; exit 1; }
exit 0
