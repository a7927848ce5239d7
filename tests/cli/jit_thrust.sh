# jit.thrust (docs/language.md §6.3) on the CPU backend: CuPy 14.2's test_thrust.py (the GPU
# cases of tests/e2e/pending/ or tests/e2e/) against NumPy and a model of thrust's merge
# sort, each compiled by NVRTC too (tests/cli/jit_thrust.py); Fortran-order rows through the
# Python package; a range's end as begin() + n; the CUDA includes no header; thrust's own
# device merge sort (CCCL's source, g++) gives the NaN case's order as pykc does; complex and
# float16 elements where cupyx.jit's C++ does not compile are errors naming the types.
T=$(mktemp -d) || exit 2
trap 'rm -rf "$T"' EXIT
export PYKC_CACHE_DIR="$T/cache" TMPDIR="$T"
PYTHON=${PYTHON:-/usr/bin/python3}
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
expect() {
  want=$1 pat=$2; shift 2
  $PYKC "$@" > "$T/out" 2>&1
  st=$?
  [ $st = "$want" ] && grep -qF -- "$pat" "$T/out" ||
    { fail "pykc $*: exit $st (want $want and '$pat'), output:"; head -n 5 "$T/out"; }
}
mkdir "$T/py"
$PYTHON tests/cli/jit_thrust.py "$PYKC" "$T/py" > "$T/thrust" 2>&1 || { fail "jit_thrust.py:"; head -n 30 "$T/thrust"; }
grep -q ' cases, 0 failures$' "$T/thrust" || fail "jit_thrust.py did not finish: $(tail -n 1 "$T/thrust")"

cat > "$T/k.py" <<'PY'
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def ks(x: cp.float64[:, ::1]):
    i = jit.threadIdx.x
    jit.thrust.reverse(jit.thrust.seq, x[i].begin(), x[i].end())
    jit.thrust.stable_sort(jit.thrust.seq, x[i].begin(), x[i].begin() + 2 * i + 1)


@jit.rawkernel()
def stores(x: cp.int32[:, :]):
    it = x[jit.threadIdx.x].begin() + 1
    it[1] = 7
    it[0] += it[1]
PY
# a range's end as begin() + n: the first 2i + 1 values of row i reversed, then sorted
expect 0 "x = [[3. 2. 1. 0.]
 [5. 6. 7. 4.]]" run --cpu "$T/k.py" --grid 1 --block 2 x=arange:float64:2x4 --print x --kernel ks
# stores through an iterator (it[i] = v, it[i] += v), as cupyx.jit's C++ does
expect 0 "x = [[0 7 7]
 [0 7 7]]" run --cpu "$T/k.py" --kernel stores --grid 1 --block 2 x=zeros:int32:2x3 --print x
# the CUDA is self-contained: no Thrust header (NVRTC has none of the host library it needs)
$PYKC cuda "$T/k.py" > "$T/k.cu" 2>&1 || fail "pykc cuda: $(head -n 3 "$T/k.cu")"
grep -q '#include' "$T/k.cu" && fail "pykc cuda of a thrust kernel includes a header: $(grep '#include' "$T/k.cu")"

# float -> int32 as the GPU converts (saturating, NaN to 0), in C and in the C++ of a unit
# with a kernel form
cat > "$T/cv.py" <<'PY'
import cupy as cp
from cupyx import jit

double_it = cp.ElementwiseKernel('float32 x', 'float32 y', 'y = 2 * x', 'double_it')


@jit.rawkernel()
def k(x: cp.float32[:, ::1], y: cp.int32[:, ::1]):
    i = jit.threadIdx.x
    jit.thrust.remove_copy(jit.thrust.seq, x[i].begin(), x[i].end(), y[i].begin(), cp.float32(1))
PY
sed '/ElementwiseKernel/d' "$T/cv.py" > "$T/cv_c.py"
$PYTHON -c "import numpy as np; np.save('$T/cv.npy', np.array([[np.inf, -np.inf, np.nan, 3.7, -2.5e10]], np.float32))"
for f in cv cv_c; do
  expect 0 "y = [[ 2147483647 -2147483648           0           3 -2147483648]]" run --cpu \
    "$T/$f.py" --kernel k --grid 1 --block 1 x=@"$T/cv.npy" y=zeros:int32:1x5 --print y
done

# complex and float16 elements where cupyx.jit's C++ does not compile (CuPy's thrust::complex:
# == and < within one complex type or against its part's type, no conversion to a real type;
# CuPy's float16 reaches a complex only through float): errors naming the algorithm and types
cat > "$T/c.py" <<'PY'
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def k(x: cp.complex64[:, ::1], h: cp.float16[:, ::1], f: cp.float32[:, ::1], r: cp.complex64[::1]):
    i = jit.threadIdx.x
    KERNEL
PY
bad() { # PATTERN STATEMENT
  sed "s|KERNEL|$2|" "$T/c.py" > "$T/c1.py"
  expect 1 "$1" check "$T/c1.py"
}
bad "jit.thrust.reduce(): the complex64 values of \`first\` cannot become \`init\`'s int32: thrust::complex has no conversion to a real type" \
  "r[i] = jit.thrust.reduce(jit.thrust.seq, x[i].begin(), x[i].end(), 1)"
bad "jit.thrust.count() compares \`first\` (complex64) with \`value\` (int32): thrust::complex's == takes one complex type, or a complex and its part's real type" \
  "r[i] = jit.thrust.count(jit.thrust.seq, x[i].begin(), x[i].end(), 0)"
bad "jit.thrust.equal_range() orders \`first\` (complex64) against \`value\` (complex128)" \
  "p = jit.thrust.equal_range(jit.thrust.seq, x[i].begin(), x[i].end(), cp.complex128(1))"
bad "jit.thrust.sequence() on complex64: thrust computes init + step * i, and thrust::complex has no * with an integer" \
  "jit.thrust.sequence(jit.thrust.seq, x[i].begin(), x[i].end())"
bad "jit.thrust.reverse_copy(): the complex64 values of \`first\` cannot become \`result\`'s float32" \
  "jit.thrust.reverse_copy(jit.thrust.seq, x[i].begin(), x[i].end(), f[i].begin())"
bad "jit.thrust.reduce(): the float16 values of \`first\` cannot initialize \`init\`'s complex64: CuPy's float16 reaches a complex only through float" \
  "r[i] = jit.thrust.reduce(jit.thrust.seq, h[i].begin(), h[i].end(), r[0])"
bad "jit.thrust.fill(): the complex64 values of \`value\` cannot become \`first\`'s float16 (CuPy's float16 class)" \
  "jit.thrust.fill(jit.thrust.seq, h[i].begin(), h[i].end(), r[0])"
bad "jit.thrust.replace_copy(): the complex64 values of \`new_value\` cannot become \`result\`'s float32" \
  "jit.thrust.replace_copy(jit.thrust.seq, f[i].begin(), f[i].end(), f[i].begin(), cp.complex64(1), cp.complex64(2))"
bad "jit.thrust.make_counting_iterator() of complex64: thrust's counting_iterator increments its value, and thrust::complex has no ++" \
  "c = jit.thrust.make_counting_iterator(r[0])"
# ... and where it does: a complex against its part's type, a real range into a complex
# accumulator or output, a complex64 range into complex128
sed "s|KERNEL|r[i] = jit.thrust.count(jit.thrust.seq, x[i].begin(), x[i].end(), cp.float32(0)) + jit.thrust.reduce(jit.thrust.seq, f[i].begin(), f[i].end(), r[0]) + jit.thrust.reduce(jit.thrust.seq, x[i].begin(), x[i].end(), cp.complex128(0)); jit.thrust.reverse_copy(jit.thrust.seq, h[i].begin(), h[i].end(), f[i].begin()); jit.thrust.replace_copy(jit.thrust.seq, x[i].begin(), x[i].end(), x[i].begin(), cp.float32(1), cp.float32(2)); jit.thrust.reverse_copy(jit.thrust.seq, f[i].begin(), f[i].end(), x[i].begin())|" "$T/c.py" > "$T/c2.py"
$PYKC check "$T/c2.py" > "$T/out" 2>&1 || fail "complex/float16 flows CuPy compiles: $(head -n 3 "$T/out")"

# thrust's own device merge sort (CCCL's sequential/stable_merge_sort.inl, compiled for the
# host by g++) sorts jit_thrust_sort_special's NaN keys as pykc's CPU backend does, bit for
# bit; skipped without CCCL's headers or g++
CCCL=${PYKC_CCCL_INCLUDE:-${CUDA_HOME:-/usr/local/cuda}/include/cccl}
if [ -f "$CCCL/thrust/system/detail/sequential/stable_merge_sort.h" ] && command -v g++ > /dev/null; then
  cat > "$T/ms.cpp" <<'CPP'
#include <thrust/execution_policy.h>
#include <thrust/system/detail/sequential/stable_merge_sort.h>
#include <cstdio>
#include <cstdlib>
#include <vector>
int main(int argc, char **argv) {  // rows x cols float keys, int values: raw on stdin/stdout
  int rows = atoi(argv[1]), cols = atoi(argv[2]);
  std::vector<float> k((size_t)rows * cols);
  std::vector<int> v(k.size());
  if (fread(k.data(), 4, k.size(), stdin) != k.size() || fread(v.data(), 4, v.size(), stdin) != v.size())
    return 1;
  for (int r = 0; r < rows; r++)
    thrust::system::detail::sequential::stable_merge_sort_detail::iterative_stable_merge_sort_by_key(
      const_cast<thrust::detail::seq_t &>(thrust::seq), k.data() + (size_t)r * cols,
      k.data() + (size_t)(r + 1) * cols, v.data() + (size_t)r * cols, thrust::less<float>());
  fwrite(k.data(), 4, k.size(), stdout);
  fwrite(v.data(), 4, v.size(), stdout);
  return 0;
}
CPP
  if g++ -std=c++17 -O1 -I"$CCCL/.." -I"$CCCL" "$T/ms.cpp" -o "$T/ms" > "$T/gxx" 2>&1; then
    $PYTHON - "$PYKC" "$T" "$T/ms" <<'PY' || fail "thrust's merge sort and pykc's differ"
import os, subprocess, sys
import numpy as np
sys.path.insert(0, 'tools')
import gen_expected
pykc, tmp, ms = sys.argv[1:]
gen_expected.DATA = tmp
case = gen_expected.Case('tests/e2e/pending/jit_thrust_sort_special.py', 'jit_thrust_sort_special',
                         'jit_thrust_sort_special') if os.path.exists(
    'tests/e2e/pending/jit_thrust_sort_special.py') else gen_expected.Case(
    'tests/e2e/jit_thrust_sort_special.py', 'jit_thrust_sort_special', 'jit_thrust_sort_special')
a = gen_expected.build_host_args(case, regen=True)
x, y = a['x'], a['y']
r = subprocess.run([ms, str(x.shape[0]), str(x.shape[1])], input=x.tobytes() + y.tobytes(),
                   capture_output=True, check=True)
k = np.frombuffer(r.stdout[:x.nbytes], np.float32).reshape(x.shape)
v = np.frombuffer(r.stdout[x.nbytes:], np.int32).reshape(y.shape)
np.save(f'{tmp}/x.npy', x)
np.save(f'{tmp}/y.npy', y)
subprocess.run([pykc, 'run', '--cpu', case.path, '--grid', '1', '--block', str(x.shape[0]),
                f'x=@{tmp}/x.npy', f'y=@{tmp}/y.npy', '--out', f'x={tmp}/xo.npy',
                '--out', f'y={tmp}/yo.npy'], check=True)
ok = np.array_equal(np.load(f'{tmp}/xo.npy').view(np.uint32), k.view(np.uint32)) and \
    np.array_equal(np.load(f'{tmp}/yo.npy'), v)
sys.exit(0 if ok else 1)
PY
  else
    fail "g++ of thrust's merge sort: $(head -n 3 "$T/gxx")"
  fi
  # thrust itself (CCCL, g++, thrust::seq) over CuPy's float16 class gives the float16 cases'
  # results as pykc's CPU backend does, bit for bit (FMA contracted as nvcc contracts)
  if g++ -std=c++17 -O1 $(grep -q fma /proc/cpuinfo && echo -mfma) -ffp-contract=fast \
      -DTHRUST_DEVICE_SYSTEM=THRUST_DEVICE_SYSTEM_CPP -I"$CCCL" tests/cli/jit_thrust_half.cpp \
      -o "$T/th" > "$T/gxx" 2>&1; then
    $PYTHON - "$PYKC" "$T" "$T/th" <<'PY' || fail "thrust's float16 results and pykc's differ"
import os, subprocess, sys
import numpy as np
sys.path.insert(0, 'tools')
import gen_expected
pykc, tmp, th = sys.argv[1:]
gen_expected.DATA = tmp
bad = 0
for mode, name, ins, outs in [('accum', 'half_accum', 'x', 'r s e'), ('sort', 'half_sort', 'x v', 'x v f'),
                              ('misc', 'half_misc', 'x', 'y c')]:
    case = 'jit_thrust_' + name
    path = next(p for p in (f'tests/e2e/pending/{case}.py', f'tests/e2e/{case}.py') if os.path.exists(p))
    c = gen_expected.Case(path, case, case)
    args = gen_expected.build_host_args(c, regen=True)
    words = [pykc, 'run', '--cpu', path, '--grid', '1', '--block', '32']
    for n, a in args.items():
        if isinstance(a, np.ndarray):
            np.save(f'{tmp}/{n}.npy', a)
            words.append(f'{n}=@{tmp}/{n}.npy')
        else:
            words.append(f'{n}={c.arg_specs[n]}')
    words += [w for n in outs.split() for w in ('--out', f'{n}={tmp}/o_{n}.npy')]
    subprocess.run(words, check=True)
    got = {n: np.load(f'{tmp}/o_{n}.npy') for n in outs.split()}
    raw = subprocess.run([th, mode], input=b''.join(args[n].tobytes() for n in ins.split()),
                         capture_output=True, check=True).stdout
    for n in outs.split():
        g = got[n]
        want, raw = np.frombuffer(raw[:g.nbytes], g.dtype).reshape(g.shape), raw[g.nbytes:]
        if not np.array_equal(g.view(f'u{g.itemsize}'), want.view(f'u{g.itemsize}')):
            print(f'{case}: {n} differs from thrust\'s at', np.argwhere(g != want)[:3].tolist())
            bad += 1
sys.exit(1 if bad else 0)
PY
  else
    fail "g++ of thrust over CuPy's float16: $(head -n 3 "$T/gxx")"
  fi
fi
[ $fails = 0 ]
