# How the CLI reads a real program's module (issue 19). A kernel factory called at module
# level with arguments: `k = make_kernel(8,
# cp.float64)` binds the factory's parameters to the call's arguments, defaults to the
# rest, and k names the kernel it returns; an argument pykc cannot evaluate is named
# where the kernel reads it; a factory whose return pykc cannot follow says so at
# --kernel. A draft kernel the file never launches (a slice, a list) fails nothing but
# itself, as cupyx compiles a kernel at its launch; `pykc check` still reports it.
set -e
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
F=tests/cli/data/jit_module_reading.py
run() { k=$1; shift; $PYKC run --cpu $F --kernel $k --grid 1 "$@"; }
run k --block 8 x=arange:float32:8 y=zeros:float32:8 --print y > "$T/out"
echo 'y = [14. 12. 10.  8.  6.  4.  2.  0.]' | diff - "$T/out"
run k3 --block 4 x=arange:float32:4 y=zeros:float32:4 --print y > "$T/out"
echo 'y = [9. 6. 3. 0.]' | diff - "$T/out"
$PYKC cuda $F --kernel k --sig 'k(float32[:], float32[:])' > "$T/k.cu"
grep -q '__shared__ double buf\[8\];' "$T/k.cu" || { cat "$T/k.cu"; exit 1; }
st=0; run kf --block 4 x=arange:float32:4 y=zeros:float32:4 2> "$T/err" || st=$?
[ $st = 1 ] || { echo "exit $st"; cat "$T/err"; exit 1; }
grep -q "jit_module_reading.py:10:25: error: 'scale' is not a compile-time constant: it is a parameter of 'make_kernel' bound to an argument of the call at line 29 that pykc cannot evaluate" "$T/err" || { cat "$T/err"; exit 1; }
st=0; run kc --block 4 y=zeros:int32:4 2> "$T/err" || st=$?
[ $st = 2 ] || { echo "exit $st"; cat "$T/err"; exit 1; }
grep -q "jit_module_reading.py:30: \`kc = cached_kernels(...)\` is not followed" "$T/err" || { cat "$T/err"; exit 1; }
# the factory's own reading, named: its defaults (n=4)
run cached_kernels.fill --block 4 y=zeros:int32:4 --print y > "$T/out"
echo 'y = [4 4 4 4]' | diff - "$T/out"
# the draft kernel: an error of its own only
st=0; run draft --block 1 x=zeros:int32:2x2 2> "$T/err" || st=$?
[ $st = 1 ] || { echo "exit $st"; cat "$T/err"; exit 1; }
grep -q "35:11: error: slices are not supported in kernels" "$T/err" || { cat "$T/err"; exit 1; }
grep -q "35:16: error: lists are not supported in kernels" "$T/err" || { cat "$T/err"; exit 1; }
st=0; $PYKC check $F 2> "$T/err" || st=$?
[ $st = 1 ] || { echo "exit $st"; cat "$T/err"; exit 1; }
grep -q "35:11: error: slices are not supported in kernels" "$T/err" || { cat "$T/err"; exit 1; }
# a host function imported from a module pykc does not read, called in a kernel
printf 'from cupyx import jit\nfrom cuml.metrics import adjusted_rand_score as ars\n\n@jit.rawkernel()\ndef k(x, y):\n    y[0] = ars(x, x)\n' > "$T/imp.py"
st=0; $PYKC run --cpu "$T/imp.py" --kernel k --grid 1 --block 1 x=ones:int32:4 y=zeros:float32:1 2> "$T/err" || st=$?
[ $st = 1 ] || { echo "exit $st"; cat "$T/err"; exit 1; }
grep -q "imp.py:6:12: error: 'ars' is imported from cuml.metrics, which pykc does not read (it compiles this file alone)" "$T/err" || { cat "$T/err"; exit 1; }
# a name bound by host code pykc does not evaluate (a tuple of what a factory returns)
printf 'from cupyx import jit\n\ndef make():\n    @jit.rawkernel()\n    def a(x):\n        x[0] = 1\n    return a, a\n\nka, kb = make()\n' > "$T/tup.py"
st=0; $PYKC run --cpu "$T/tup.py" --kernel kb --grid 1 --block 1 x=zeros:int32:1 2> "$T/err" || st=$?
[ $st = 2 ] || { echo "exit $st"; cat "$T/err"; exit 1; }
grep -q "no kernel named 'kb' in .*tup.py (kernels: make.a); 'kb' is bound at line 9 by host code pykc does not evaluate" "$T/err" || { cat "$T/err"; exit 1; }
# `from m import *`: numpy's, cupy's and math's names are theirs (the last import wins);
# a name that may come from a module pykc does not read says so
printf 'from math import *\nfrom numpy import *\nfrom cupyx import jit\n\n@jit.rawkernel()\ndef k(x):\n    i = jit.threadIdx.x\n    x[i] = sqrt(x[i]) + float32(pi)\n' > "$T/star.py"
$PYKC run --cpu "$T/star.py" --kernel k --grid 1 --block 4 x=arange:float32:4 --print x > "$T/out"
echo 'x = [3.1415927 4.141593  4.555806  4.8736434]' | diff - "$T/out"
printf 'from parameters import *\nfrom cupyx import jit\n\n@jit.rawkernel()\ndef k(x):\n    for t in range(d_time):\n        x[t] = t\n' > "$T/star2.py"
st=0; $PYKC run --cpu "$T/star2.py" --kernel k --grid 1 --block 1 x=zeros:int32:4 2> "$T/err" || st=$?
[ $st = 1 ] || { echo "exit $st"; cat "$T/err"; exit 1; }
grep -q "star2.py:6:20: error: unknown name 'd_time' (it may come from \`from parameters import \*\` at line 1, which pykc does not read; pass --define d_time=...)" "$T/err" || { cat "$T/err"; exit 1; }
$PYKC run --cpu "$T/star2.py" -D d_time=3 --kernel k --grid 1 --block 1 x=zeros:int32:4 --print x > "$T/out"
echo 'x = [0 1 2 0]' | diff - "$T/out"
