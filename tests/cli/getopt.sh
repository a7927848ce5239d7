# The command line's conventions (issue 20 §6), as getopt_long gives them: `--opt VALUE`
# and `--opt=VALUE` (also --time's optional value), `-o OUT` and `-oOUT`, `-D N=V` and
# `-DN=V`, unique prefixes (`--ker`), `--` ending the options, nvcc's `-arch=sm_NN` and
# `-arch sm_NN`; options and arguments in any order; --kernel optional for `run` when the
# file defines one kernel. Each spelling gives the same output as the canonical one.
T=$(mktemp -d) || exit 2
trap 'rm -rf "$T"' EXIT
export PYKC_CACHE_DIR="$T/cache"
P=$(cd "$(dirname "$PYKC")" && pwd)/$(basename "$PYKC")
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
# same NAME FILE1 FILE2: the two outputs are equal and not empty
same() { [ -s "$2" ] && cmp -s "$2" "$3" || fail "$1: outputs differ (or are empty)"; }
# expect STATUS TEXT ARGS...
expect() {
  want=$1 text=$2; shift 2
  "$P" "$@" > "$T/out" 2>&1
  st=$?
  if [ "$st" != "$want" ] || ! grep -qF -- "$text" "$T/out"; then
    fail "pykc $*: exit $st (want $want), output:"; cat "$T/out"; echo "(want: $text)"
  fi
}

# -o OUT, -oOUT, --output=OUT, --output OUT, and stdout
"$P" cuda examples/saxpy.py > "$T/c0" || fail "cuda to stdout"
"$P" cuda examples/saxpy.py -o "$T/c1" || fail "cuda -o OUT"
"$P" cuda -o"$T/c2" examples/saxpy.py || fail "cuda -oOUT"
"$P" cuda --output="$T/c3" examples/saxpy.py || fail "cuda --output=OUT"
"$P" cuda --out "$T/c4" examples/saxpy.py 2> "$T/e4" && fail "cuda --out: run's option, not cuda's"
grep -qF "option '--out' is not valid here" "$T/e4" || fail "cuda --out: $(cat "$T/e4")"
for k in 1 2 3; do same "-o spelling $k" "$T/c0" "$T/c$k"; done

# --kernel NAME, --kernel=NAME, a prefix --ker NAME
"$P" cuda examples/matmul_tiled.py --kernel matmul_tiled > "$T/k0" || fail "--kernel NAME"
"$P" cuda examples/matmul_tiled.py --kernel=matmul_tiled > "$T/k1" || fail "--kernel=NAME"
"$P" cuda --ker matmul_tiled examples/matmul_tiled.py > "$T/k2" || fail "--ker NAME"
same "--kernel=NAME" "$T/k0" "$T/k1"
same "--ker NAME" "$T/k0" "$T/k2"

# -D N=V and -DN=V (and --define=)
F=tests/cli/data/consts_define.py
"$P" cuda $F -D N=4 > "$T/d0" || fail "-D N=V"
"$P" cuda $F -DN=4 > "$T/d1" || fail "-DN=V"
"$P" cuda --define=N=4 $F > "$T/d2" || fail "--define=N=V"
same "-DN=V" "$T/d0" "$T/d1"
same "--define=N=V" "$T/d0" "$T/d2"

# -- ends the options: a file whose name starts with '-'
cp examples/saxpy.py "$T/-k.py"
(cd "$T" && "$P" cuda -- -k.py > "$T/dd") || fail "cuda -- -k.py"
grep -q "saxpy" "$T/dd" || fail "cuda -- -k.py: no kernel in the output"
(cd "$T" && "$P" cuda -k.py > /dev/null 2>&1) && fail "cuda -k.py without --: an option"

# --time N and --time=N, --kernel left out (saxpy.py defines one kernel)
R="examples/saxpy.py --cpu --grid 1 --block 32 a=2.0 x=arange:float32:32 y=ones:float32:32 out=zeros:float32:32 --print out"
"$P" run $R --time 3 > "$T/t1" 2>&1 || fail "run --time 3: $(cat "$T/t1")"
"$P" run $R --time=3 > "$T/t2" 2>&1 || fail "run --time=3: $(cat "$T/t2")"
grep -q "launches:  3 timed" "$T/t1" || fail "run --time 3: $(cat "$T/t1")"
grep -q "launches:  3 timed" "$T/t2" || fail "run --time=3: $(cat "$T/t2")"
"$P" run $R --time > "$T/t3" 2>&1 || fail "run --time: $(cat "$T/t3")"
grep -q "launches:  100 timed" "$T/t3" || fail "run --time: 100 by default: $(cat "$T/t3")"
grep -qF "out = [ 1.  3.  5." "$T/t1" || fail "run without --kernel: $(cat "$T/t1")"
printf 'from __future__ import annotations\nimport cupy as cp\nfrom cupyx import jit\n\n@jit.rawkernel()\ndef one(x: cp.float32[:]):\n    x[0] = 1\n\n@jit.rawkernel()\ndef two(x: cp.float32[:]):\n    x[0] = 2\n' > "$T/two.py"
expect 2 "$T/two.py defines several kernels (one, two): pick one with --kernel NAME" run "$T/two.py" --cpu --grid 1 --block 1 x=zeros:float32:1
"$P" run "$T/two.py" --cpu --grid 1 --block 1 x=zeros:float32:1 --kernel two --print x > "$T/two" 2>&1 || fail "--kernel two: $(cat "$T/two")"
grep -qF "x = [2.]" "$T/two" || fail "--kernel two: $(cat "$T/two")"
expect 2 "run launches one kernel" run $R --kernel saxpy --kernel saxpy
printf 'extern "C" __global__ void only(float *x) { x[threadIdx.x] = 2; }\n' > "$T/one.cu"
"$P" run "$T/one.cu" --cpu --grid 1 --block 4 x=zeros:float32:4 --print x > "$T/cu" 2>&1 || fail "a .cu file's only kernel: $(cat "$T/cu")"
grep -qF "x = [2. 2. 2. 2.]" "$T/cu" || fail "a .cu file's only kernel: $(cat "$T/cu")"
# a C++ kernel (no extern "C") read with -D; a template needs its instance named
printf '__global__ void cxx(float *x) { x[threadIdx.x] = V; }\n' > "$T/cxx.cu"
"$P" run "$T/cxx.cu" -DV=3 --cpu --grid 1 --block 4 x=zeros:float32:4 --print x > "$T/cxx" 2>&1 || fail "a C++ kernel without --kernel: $(cat "$T/cxx")"
grep -qF "x = [3. 3. 3. 3.]" "$T/cxx" || fail "a C++ kernel without --kernel, -DV=3: $(cat "$T/cxx")"
printf 'template<typename T> __global__ void tk(T *x) { x[0] = 1; }\n' > "$T/tk.cu"
expect 2 "tk.cu's only kernel is a template: name its instance, as --kernel 'tk<float>'" run "$T/tk.cu" --cpu --grid 1 --block 1 x=zeros:float32:1

# a failed CPU-backend compile leaves no folder behind; with -v it keeps the source
mkdir "$T/tmp"
printf 'extern "C" __global__ void k(float *x) { x[0] = no_such_name; }\n' > "$T/bad.cu"
TMPDIR="$T/tmp" "$P" run --cpu "$T/bad.cu" --grid 1 --block 1 x=zeros:float32:1 > "$T/b1" 2>&1 && fail "bad.cu compiled"
grep -q "no_such_name" "$T/b1" || fail "bad.cu: the compiler's error: $(cat "$T/b1")"
grep -qF "with -v, or a log set, pykc keeps the source" "$T/b1" || fail "bad.cu: no -v hint: $(cat "$T/b1")"
[ -z "$(ls "$T/tmp")" ] || fail "a failed compile left $(ls "$T/tmp") behind"
TMPDIR="$T/tmp" "$P" run -v --cpu "$T/bad.cu" --grid 1 --block 1 x=zeros:float32:1 > "$T/b2" 2>&1 && fail "bad.cu compiled (-v)"
ls "$T"/tmp/pykc-cpu-*/kernel.cc > /dev/null 2>&1 || fail "-v: the source is not kept: $(cat "$T/b2")"
grep -qF "source kept in $T/tmp/pykc-cpu-" "$T/b2" || fail "-v: where the source is: $(cat "$T/b2")"

# usage errors name the option as the user spelt it
expect 2 "ambiguous option '--s' (--sig, --shared-mem, --size)" run $R --s 3
expect 2 "unknown option '--frob'" run $R --frob=3
expect 2 "option '-o' needs a value" cuda examples/saxpy.py -o
expect 2 "option '--grid' needs a value" run $R --grid
expect 2 "option '--grid' given twice" run $R --grid=2
expect 2 "option '-arch' needs a value" ptx examples/saxpy.py -arch

# nvcc's -arch=sm_NN and -arch sm_NN are --arch (when NVRTC is here)
if "$P" ptx examples/saxpy.py --arch sm_80 -o "$T/p0" 2> "$T/perr"; then
  "$P" ptx examples/saxpy.py -arch=sm_80 -o "$T/p1" || fail "-arch=sm_80"
  "$P" ptx -arch sm_80 examples/saxpy.py -o "$T/p2" || fail "-arch sm_80"
  same "-arch=sm_80" "$T/p0" "$T/p1"
  same "-arch sm_80" "$T/p0" "$T/p2"
  expect 2 "bad --arch 'sm_x'" ptx examples/saxpy.py -arch=sm_x
elif ! grep -q "NVRTC" "$T/perr"; then
  fail "ptx --arch sm_80: $(cat "$T/perr")"
fi
exit $fails
