# Kernel text built when the program runs (issue 19 §4): pykc reads the file, so a form
# whose argument is a string.Template's substitute(), str.format(), an f-string or
# '%'-formatting of what only the running program has (a factory's parameter), a file's
# read(), text grown by `+=`, or a name bound to one of these is an error
# naming the argument, its line and how the program builds it (text built from the file's
# constants is computed as Python does: tests/cli/str_fold.sh); asking for a RawModule's
# kernel by its C name (which only the code knows) gives those errors too, not "it has no
# kernels". The Python package compiles such text (tests/python/test_runtime_text.py).
# A form's -D options, which a program may choose at run time, are macros of its code.
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
cat > "$T/k.py" <<'PY'
import os
import string
import cupy as cp

_T = string.Template("y = x * ${s}")
ok = cp.ElementwiseKernel("T x", "T y", "y = x + 1", "ok")


def make(s):
    return cp.ElementwiseKernel("T x", "T y", _T.substitute(s=s), "tmpl_k")


fmt_k = cp.ElementwiseKernel("T x", "T y", "y = x * {}".format(3), "fmt_k")


def fac(n):
    return cp.ReductionKernel("T x", "T y", f"x * {n}", "a + b", "y = a", "0", "fstr_k")


with open(os.path.join(os.path.dirname(__file__), "k.cu")) as fh:
    SRC = fh.read()
raw_file = cp.RawKernel(SRC, "kern")
raw_def = cp.RawModule(code="#define N %d\n" % 4 + SRC)
code = 'extern "C" __global__ void fill(float *x) { x[threadIdx.x] = NT; }'
code = code.replace("NT", str(4))
mod = cp.RawModule(code=code)
PY
W="pykc reads the file, not the running program"
expect 0 "y = [1. 2. 3.]" run --cpu "$T/k.py" --kernel ok x=arange:float32:3 --print y
expect 1 "k.py:10:47: error: ElementwiseKernel(): pykc cannot evaluate the argument 'operation': it is computed when the program runs (a call of .substitute()): 's' is bound to a value pykc cannot evaluate; $W" \
  run --cpu "$T/k.py" --kernel tmpl_k x=arange:float32:3
expect 0 "y = [0. 3. 6.]" run --cpu "$T/k.py" --kernel fmt_k x=arange:float32:3 --print y
expect 1 "k.py:17:45: error: ReductionKernel(): pykc cannot evaluate the argument 'map_expr': it is an f-string, computed when the program runs: 'n' is bound to a value pykc cannot evaluate; $W: the Python package's pykc.ReductionKernel receives what the program computes" \
  run --cpu "$T/k.py" --kernel fac x=arange:float32:3
expect 1 "k.py:22:25: error: RawKernel(): pykc cannot evaluate the argument 'code': 'SRC' is bound at line 21 to a value computed when the program runs (a call of .read())" \
  run --cpu "$T/k.py" --kernel kern --grid 1 --block 1 x=zeros:float32:1
expect 1 "k.py:23:52: error: RawModule(): pykc cannot evaluate the argument 'code': 'SRC' is bound at line 21 to a value computed when the program runs (a call of .read())" \
  cuda "$T/k.py" --kernel raw_def
# `code = code.replace("NT", str(4))` of constants: the right side reads the binding before
expect 0 "x = [4. 4. 4. 4.]" run --cpu "$T/k.py" --kernel fill --grid 1 --block 4 x=zeros:float32:4 --print x
# a RawModule's kernels are named by its code: asking for one gives why pykc cannot see it
expect 2 "no kernel named 'fill9' in $T/k.py (kernels: ok, fmt_k, fill); did you mean 'fill'? Or it may be a kernel of a form pykc cannot read:" \
  run --cpu "$T/k.py" --kernel fill9 --grid 1 --block 4 x=zeros:float32:4
grep -qF "k.py:23:52: error: RawModule(): pykc cannot evaluate the argument 'code': 'SRC' is bound at line 21 to a value computed when the program runs (a call of .read())" "$T/out" ||
  fail "fill9: $(cat "$T/out")"
# compiling every kernel reports each, with its line
expect 1 "k.py:23:52: error: RawModule()" check "$T/k.py"
[ "$(grep -c "pykc cannot evaluate the argument" "$T/out")" = 4 ] || fail "check: $(cat "$T/out")"
# forms stored in a dict or taken at once with get_function are forms too (named by their
# name= or C names), so their run-time text is reported, and constant text runs
cat > "$T/g.py" <<'PY'
import string
import cupy as cp
CODE = r'''extern "C" __global__ void fill(float *x) { x[threadIdx.x] = 5; }'''
TPL = string.Template('extern "C" __global__ void k_${T}(${T} *x) { x[threadIdx.x] = 1; }')
fill_fn = cp.RawModule(code=CODE).get_function('fill')
_cache = {}
_cache['neg'] = cp.ElementwiseKernel('float32 x', 'float32 y', 'y = -x', 'negk')


def get(T):
    if T not in _cache:
        _cache[T] = cp.RawKernel(TPL.substitute(T=T), 'k_float')
    return _cache[T]


def build(n):
    src = "#define N {}\n".format(n) + CODE
    return cp.RawModule(code=src).get_function('fill2')
PY
expect 0 "x = [5. 5. 5. 5.]" run --cpu "$T/g.py" --kernel fill --grid 1 --block 4 x=zeros:float32:4 --print x
expect 0 "y = [-0. -1. -2.]" run --cpu "$T/g.py" --kernel negk x=arange:float32:3 --print y
expect 1 "g.py:12:34: error: RawKernel(): pykc cannot evaluate the argument 'code': it is computed when the program runs (a call of .substitute())" \
  run --cpu "$T/g.py" --kernel k_float --grid 1 --block 4 x=zeros:float32:4
expect 2 "g.py:18:30: error: RawModule(): pykc cannot evaluate the argument 'code': 'src' is bound at line 17 to a value computed when the program runs (a call of .format())" \
  run --cpu "$T/g.py" --kernel fill2 --grid 1 --block 4 x=zeros:float32:4
# a form's -D options (CuPy compiles each form with its own) are macros of its code only
cat > "$T/o.py" <<'PY'
import cupy as cp
k = cp.ElementwiseKernel("T x", "T y", "y = x * SC + OFF", "k", options=("-DSC=3", "-D", "OFF=1"))
r = cp.ReductionKernel("T x", "T y", "x * W", "a + b", "y = a", "0", "r",
                       options=("--define-macro=W=2", "-UNOTHING"))
j = cp.ElementwiseKernel("T x", "T y", "y = x + SC", "j", preamble="#ifndef SC\n#define SC 7\n#endif")
PY
expect 0 "y = [1. 4. 7.]" run --cpu "$T/o.py" --kernel k x=arange:float32:3 --print y
expect 0 "y = 6.0" run --cpu "$T/o.py" --kernel r x=arange:float32:3 --print y
expect 0 "y = [7. 8. 9.]" run --cpu "$T/o.py" --kernel j x=arange:float32:3 --print y
# text grown with `+=` (httomolib's normalisation kernel: `kernel += "v = -log(v);\n"`
# under flags of a factory) is computed when the program runs: an error naming the
# argument and the line, never the first text alone compiled (it was: its `out = v` lost);
# a string bound to a name that looks like a kernel word (FPSim2's `raw_kernel = r"""..."""`,
# formatted) is no misspelt decorator
cat > "$T/a.py" <<'PY'
import cupy as cp


def make(minus_log):
    kernel = """
        float v = data;
        """
    if minus_log:
        kernel += "v = -log(v);\n"
    kernel += "out = v;\n"
    return cp.ElementwiseKernel("T data", "float32 out", kernel, "norm", no_return=True)


raw_kernel = r"""
extern "C" __global__ void taniRAW(float *x) {{ __shared__ int c[{block}]; x[0] = c[0]; }}
"""
ker = cp.RawKernel(raw_kernel.format(block=32), name="taniRAW")
PY
expect 1 "a.py:11:58: error: ElementwiseKernel(): pykc cannot evaluate the argument 'operation': 'kernel' is extended at line 10 by \`kernel += ...\`: its text is computed when the program runs; pykc reads the file, not the running program: the Python package's pykc.ElementwiseKernel receives what the program computes" \
  run --cpu "$T/a.py" --kernel make data=ones:float32:3
expect 0 "__shared__ int c[32]; x[0] = c[0]; }" cuda "$T/a.py" --kernel taniRAW
# the same unconditionally at module level (a RawKernel's text grown line by line), and a
# kernel's constant changed by `+=`: the line of the last `+=` and what it is
cat > "$T/b.py" <<'PY'
import cupy as cp
from cupyx import jit

rk = 'extern "C" __global__ void rk(float* x) {\n'
rk += "  x[threadIdx.x] = 1;\n"
rk += "}\n"
r = cp.RawKernel(rk, "rk")
N = 4
N -= 1


@jit.rawkernel()
def k(x):
    x[0] = N
PY
expect 1 "b.py:7:18: error: RawKernel(): pykc cannot evaluate the argument 'code': 'rk' is extended at line 6 by \`rk += ...\`: its text is computed when the program runs" \
  run --cpu "$T/b.py" --kernel rk --grid 1 --block 1 x=zeros:float32:1
expect 1 "b.py:14:12: error: unknown name 'N' (changed at line 9 by \`N -= ...\`, which pykc does not evaluate; pass --define N=...)" \
  run --cpu "$T/b.py" --kernel k --grid 1 --block 1 x=zeros:float32:1
expect 0 "x = [3.]" run --cpu "$T/b.py" --kernel k -D N=3 --grid 1 --block 1 x=zeros:float32:1 --print x
# a -D macro of a .cu file that does not compile is at g++'s "<command-line>" (it was a line
# of the CPU backend's deleted temporary file, /tmp/pykc-cpu-XXXXXX/kernel.cc:2223:13)
printf 'extern "C" __global__ void k(float *x) { x[0] = N; }\n' > "$T/d.cu"
expect 1 "<command-line>:1:13: error: expected" \
  run --cpu "$T/d.cu" --kernel k -D 'N=1 2' --grid 1 --block 1 x=zeros:float32:1
[ $fails = 0 ]
