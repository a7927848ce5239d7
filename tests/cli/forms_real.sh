# Kernel forms where real programs put them: a form bound to `self.k` in a method is
# Cls.k, a function's local form is outer.k, a form returned from a (memoized) factory
# is named by the factory; a plain name two forms share is ambiguous and the error lists
# the qualified names; a module-level list (CuPy's docs pass name_expressions this way)
# is an argument of forms, but no constant of kernels.
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
import functools
import cupy as cp
from cupyx import jit

class Op:
    def __init__(self):
        self.k = cp.ElementwiseKernel('T x, T y', 'T z', 'z = x + y', 'addk')

@functools.lru_cache
def get_l2():
    return cp.ReductionKernel('T x', 'T y', 'x * x', 'a + b', 'y = sqrt(a)', '0', 'l2n')

@cp.memoize(for_each_device=True)
def get_scale(f=3):
    return cp.ElementwiseKernel('float64 x', 'float64 y', 'y = x * 3', 'scale3')

_names = ['fx3<float>', 'fx3<double>']
mod = cp.RawModule(code=r'''
template <typename T> __global__ void fx3(T *a, int n) {
  int i = threadIdx.x;
  if (i < n) a[i] *= 3;
}
''', name_expressions=_names)

def f():
    k = cp.RawKernel(r'extern "C" __global__ void one(float *a) { a[threadIdx.x] = 1; }', 'one')
    return k

def g():
    k = cp.RawKernel(r'extern "C" __global__ void two(float *a) { a[threadIdx.x] = 2; }', 'two')
    return k

@jit.rawkernel()
def reads_list(x):
    x[0] = len(_names)
PY
P="$T/k.py"
expect 0 "z = [1. 2. 3.]" run --cpu "$P" --kernel Op.k x=arange:float32:3 y=ones:float32:3 --print z
expect 0 "z = [1. 2. 3.]" run --cpu "$P" --kernel addk x=arange:float32:3 y=ones:float32:3 --print z
expect 0 "y = 2.0" run --cpu "$P" --kernel get_l2 x=ones:float64:4 --print y
expect 0 "y = 2.0" run --cpu "$P" --kernel l2n x=ones:float64:4 --print y
expect 0 "y = [0. 3. 6.]" run --cpu "$P" --kernel get_scale x=arange:float64:3 --print y
expect 0 "a = [3. 3. 1.]" run --cpu "$P" --kernel 'fx3<double>' --grid 1 --block 4 a=ones:float64:3 n=2:int32 --print a
expect 0 "a = [1. 1.]" run --cpu "$P" --kernel f.k --grid 1 --block 2 a=zeros:float32:2 --print a
expect 0 "a = [2. 2.]" run --cpu "$P" --kernel two --grid 1 --block 2 a=zeros:float32:2 --print a
expect 2 "kernel name 'k' is ambiguous in $P: name one of Op.k, f.k, g.k" \
  run --cpu "$P" --kernel k --grid 1 --block 2 a=zeros:float32:2
expect 2 "no kernel named 'h' in $P (kernels: Op.k, get_l2, get_scale, fx3<float>, fx3<double>, f.k, g.k, reads_list)" \
  cuda "$P" --kernel h
expect 1 "it is a list, which kernels do not take" cuda "$P" --kernel reads_list --sig 'reads_list(int64[:])'
expect 0 '// kernels: fx3<float>, fx3<double>' cuda "$P" --kernel 'fx3<float>'
# name_expressions built by host code are the program's list: it holds what --kernel
# names (docs/language.md §11.4)
cat > "$T/l.py" <<'PY'
import cupy as cp
N = ['f<%s>' % t for t in ('int', 'float')]
m = cp.RawModule(code='template <class T> __global__ void f(T *x) {}', name_expressions=N)
PY
expect 0 "// kernels: f<float>" cuda "$T/l.py" --kernel 'f<float>'
# cp.fuse(f) as a call of a plain def is read as the decorated def (tests/cli/deco_calls.sh),
# in a function too; one in a class body is not, and asking for it says so
cat > "$T/fz.py" <<'PY'
import cupy as cp

def sq(x, y):
    return (x - y) * (x - y)

g = cp.fuse(sq)
h = cp.fuse(kernel_name='hk')(sq)

def make2():
    def sq3(x):
        return x * x
    k = cp.fuse()(sq3)
    return k

class Ops:
    k = cp.fuse(sq)
PY
expect 0 "out = [4. 4. 4.]" run --cpu "$T/fz.py" --kernel g x=ones:float32:3 y=3 --print out
expect 0 "out = [4. 4. 4.]" run --cpu "$T/fz.py" --kernel hk x=ones:float32:3 y=3 --print out
expect 0 "out = [0. 1. 4.]" run --cpu "$T/fz.py" --kernel sq3 x=arange:float32:3 --print out
expect 2 "\`k = cupy.fuse(sq)\` is not read: pykc reads cupy.fuse called on a plain def at module level or in a function (not in a class body)" \
  run --cpu "$T/fz.py" --kernel Ops.k x=ones:float32:3 y=ones:float32:3
# CuPy's size=: an ElementwiseKernel call that passes no array to a non-raw parameter
# takes the loop's length
cat > "$T/s.py" <<'PY'
import cupy as cp
scatter = cp.ElementwiseKernel('raw T x, raw int32 idx', 'raw T y', 'y[idx[i]] = x[i] * 2', 'scatter2')
fill = cp.ElementwiseKernel('', 'raw int64 y', 'y[i] = i * i', 'fill_sq')
inc = cp.ElementwiseKernel('T x', 'T z', 'z = x + 1', 'inc')
scale_raw = cp.ElementwiseKernel('raw T x, T a', 'raw T y', 'y[i] = x[i] * a', 'scale_raw')
affine = cp.ElementwiseKernel('int32 a, int32 b', 'int32 y', 'y = a * i + b', 'affine')
gather2 = cp.ElementwiseKernel('raw T x', 'T y', 'y = x[2 * i] + x[1] - 1', 'gather2')
PY
expect 0 "y = [ 0  1  4  9 16]" run --cpu "$T/s.py" --kernel fill_sq --size 5 --print y
expect 0 "y = [0. 2. 4. 0.]" run --cpu "$T/s.py" --kernel scatter2 --size 3 x=arange:float32:4 \
  idx=arange:int32:3 y=zeros:float32:4 --print y
expect 2 "Loop size is undecided. (no array is passed to a parameter that is not raw: give size=)" \
  run --cpu "$T/s.py" --kernel fill_sq --print y
# only the arrays must be raw: scalars are fine, a kernel may have no array at all, and
# a non-raw output that the call allocates takes the shape (size,)
expect 0 "y = [0. 3. 6. 0.]" run --cpu "$T/s.py" --kernel scale_raw --size 3 \
  x=arange:float32:4 a=3.0:float32 y=zeros:float32:4 --print y
expect 0 "y = [ 7  9 11]" run --cpu "$T/s.py" --kernel affine --size 3 a=2:int32 b=7:int32 --print y
expect 0 "y = [0. 2. 4. 6.]" run --cpu "$T/s.py" --kernel gather2 --size 4 \
  x=arange:float32:8 --print y
expect 2 "Loop size is undecided." run --cpu "$T/s.py" --kernel scale_raw \
  x=arange:float32:4 a=3.0:float32 y=zeros:float32:4
expect 2 "Specified 'size' can be used only if all of the ndarray are 'raw'." \
  run --cpu "$T/s.py" --kernel gather2 --size 3 x=arange:float32:4 y=zeros:float32:3
expect 2 "Specified 'size' can be used only if all of the ndarray are 'raw'." \
  run --cpu "$T/s.py" --kernel inc --size 3 x=arange:float32:3
expect 2 "bad --size '-2'" run --cpu "$T/s.py" --kernel fill_sq --size -2
expect 0 "CIndexer<1> _ind(&_loop_size);" cuda "$T/s.py" --kernel fill_sq
[ $fails = 0 ]
