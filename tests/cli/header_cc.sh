# pykc header: the header compiles warning-free with cc and only cuda.h, in C11 and C++;
# examples/header_demo.c compiles and links against libcuda (the toolkit's stub here).
T=$(mktemp -d) || exit 2
trap 'rm -rf "$T"' EXIT
export PYKC_CACHE_DIR="$T/cache"
CUDA=${CUDA_HOME:-/usr/local/cuda}
[ -f "$CUDA/include/cuda.h" ] || { echo "no $CUDA/include/cuda.h"; exit 1; }
$PYKC header examples/saxpy.py -o "$T/saxpy.h" || exit 1
grep -q 'static inline CUresult saxpy_saxpy(' "$T/saxpy.h" || { echo "no saxpy_saxpy launch function"; exit 1; }
grep -q 'saxpy_cubin\[' "$T/saxpy.h" && grep -q 'saxpy_ptx\[' "$T/saxpy.h" || { echo "no embedded cubin/PTX"; exit 1; }
printf '#include "saxpy.h"\n#include "saxpy.h"\nint main(void) { return saxpy_load() != CUDA_SUCCESS; }\n' > "$T/use.c"
cc -std=c11 -Wall -Wextra -Werror -I"$CUDA/include" -I"$T" -c "$T/use.c" -o "$T/use.o" || exit 1
cp "$T/use.c" "$T/use.cc"
c++ -Wall -Werror -I"$CUDA/include" -I"$T" -c "$T/use.cc" -o "$T/usecc.o" || exit 1
cc -std=c11 -Wall -Wextra -Werror -I"$CUDA/include" -I"$T" examples/header_demo.c -o "$T/demo" \
  -L"$CUDA/lib64/stubs" -lcuda || exit 1
# two kernels in one header, one generic given by --sig, 2-d and 0-d arrays, bool scalars
cat > "$T/two.py" <<'PY'
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def fill(m: cp.float64[:, ::1], v: cp.float64, flag: cp.bool_):
    i = jit.threadIdx.x
    if flag:
        m[0, i] = v


@jit.rawkernel()
def first(x, out):
    out[()] = x[0]
PY
$PYKC header "$T/two.py" --sig 'first(int16[:], int16[()])' -o "$T/two.h" || exit 1
grep -A1 'CUresult two_fill(' "$T/two.h" | grep -q 'pykc_h_array_float64_2 m, double v, bool flag)' &&
  grep -A1 'CUresult two_first(' "$T/two.h" | grep -q 'pykc_h_array_int16_1 x, pykc_h_array_int16_0 out)' ||
  { echo "launch function parameters:"; grep -A1 'static inline CUresult' "$T/two.h"; exit 1; }
printf '#include "two.h"\n#include "saxpy.h"\n' > "$T/two.c"
cc -std=c11 -Wall -Wextra -Werror -I"$CUDA/include" -I"$T" -c "$T/two.c" -o "$T/two.o" || exit 1
# complex scalars and arrays: two floats/doubles aligned to their size, as CuPy lays them out
cat > "$T/cz.py" <<'PY'
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def scale(z: cp.complex128[:], s: cp.complex128, w: cp.complex64[:, ::1], t: cp.complex64):
    i = jit.threadIdx.x
    z[i] = z[i] * s
    w[0, i] = w[0, i] * t
PY
$PYKC header "$T/cz.py" -o "$T/cz.h" || exit 1
grep -A1 'CUresult cz_scale(' "$T/cz.h" | grep -q 'pykc_h_array_complex128_1 z, pykc_h_complex128 s, pykc_h_array_complex64_2 w, pykc_h_complex64 t)' ||
  { echo "complex launch function:"; grep -A1 'CUresult cz_scale(' "$T/cz.h"; exit 1; }
printf '#include "cz.h"\nint main(void) { return cz_load() != CUDA_SUCCESS; }\n' > "$T/cz.c"
cc -std=c11 -Wall -Wextra -Werror -I"$CUDA/include" -I"$T" -c "$T/cz.c" -o "$T/cz.o" || exit 1
# a generic kernel without --sig cannot go in a header (exit 1, the compiler says why)
$PYKC header "$T/two.py" -o "$T/x.h" 2> "$T/err"
[ $? = 1 ] || { echo "generic kernel without --sig:"; cat "$T/err"; exit 1; }
exit 0
