# Kernel text a program builds from its module constants (issue 19 §4): str.format,
# f-strings, %-formatting, string.Template, str methods, + and * of str. pykc computes it
# as CPython does (src/dsl/sema_strfmt.c); every case's text is compared with what
# $PYTHON computes from the same source, and a formatting error is Python's exception.
T=$(mktemp -d) || exit 2
trap 'rm -rf "$T"' EXIT
export PYKC_CACHE_DIR="$T/cache" TMPDIR="$T"
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
# 1. the folded text of each case against CPython's
$PYTHON - "$T" <<'PY' || exit 1
import string, sys
T = sys.argv[1]
consts = r'''
import string
from string import Template
N = 16
M = N * 2 + 1
F = 3.14159
BIG = 1e16
SMALL = 1.5e-5
NEG = -42
S = 'ab'
Q = "it's"
B = True
NONE = None
TUP = (1, 'x', 2.5)
W = 8
A0 = '{}<{}>'
A1 = A0.format(S, N)
A2 = A1.replace('1', '2')
'''
cases = r'''
'{}'.format(N)
'{0}{1}{0}'.format(S, N)
'{n}-{s}'.format(n=N, s=S)
'{{}}{}{{x}}'.format(N)
'{:d}'.format(NEG)
'{:x} {:X} {:#x} {:#X} {:#o} {:b} {:#b}'.format(255, 255, 255, 255, 8, 5, 5)
'{:08.3f}'.format(F)
'{:.2f} {:e} {:E} {:.3e}'.format(F, F, F, BIG)
'{:g} {:g} {:g} {:.10g} {:G}'.format(F, BIG, SMALL, F, SMALL)
'{:g} {:g} {:g} {:.3g}'.format(1e-5, 100000.0, 1000000.0, 0.0001234)
'{} {} {} {} {}'.format(F, BIG, 1e15, SMALL, 0.1)
'{} {} {} {} {}'.format(1/3, 2.0, -0.0, 1e-4, 123456789.123)
'{} {} {}'.format(5e-324, 1.7976931348623157e308, 2.5e-5)
'{} {}'.format(M, 1e22)
'{!r} {!r} {!s} {!r}'.format(S, Q, F, N)
'{:>8}|{:<8}|{:^9}|{:*^9}|{:^8}|'.format(S, S, S, S, S)
'{:=+8d}|{:+d}|{: d}|{:-d}'.format(N, N, N, N)
'{:,} {:_} {:_x} {:,.2f} {:,}'.format(1234567, 1234567, 0xdeadbeef, 1234567.891, -1234)
'{:.3}|{:.3}|{:.3}|{:.2}|{:10.4}|'.format(S + 'cdef', F, 123.0, 123.0, F)
'{:.3}|{:.3}|{:.3}|{:.1}|{:.2}|{:.3}|{:.5}'.format(12.0, 100.0, 2.0, 0.5, 1e-5, 1e-4, 1e20)
'{:%} {:.1%}'.format(0.25, F)
'{} {:d} {:>6} {}'.format(B, B, B, NONE)
'{} {}'.format(TUP, (N,))
'{:c}{:05}{:05}|{:<05}'.format(65, S, NEG, N)
'{:{w}d}|{:.{p}f}|{:{}}|'.format(N, F, S, W, w=W, p=3)
'{:e} {:f} {:.0f} {:.0f} {:#.0f} {:#g} {:n}'.format(N, NEG, 2.5, 3.5, 3.0, 2.0, 1234)
'{:10}|{:<10}|{:x<4}|'.format(F, N, 7)
'{0:{1}}'.format(N, 6)
f'{N}'
f'{N:04d}|{F:.2f}|{S!r}|{N=}|{F = }|{S=:>4}'
f'{{{N}}}' + f'{N:{W}}' + f'{F:{W}.{N}f}'
rf'\n{N}' + f'a\tb{S}' + F'{S:>5}'
'x' f'{N}' 'y'
f'{TUP} {Q} {B} {NONE} {M}'
f'{N*2+1} {-N} {N/3} {N//3} {N%5} {2**N} {-2**2} {2**-1} {(N+1)*2:>5} {F*2:.3f} {N<<2} {N|1} {~N} {N - -1}'
f'{M * F} {1e3} {.5 + N} {N ^ 3 & 7} {(N)}'
f"""
extern "C" __global__ void k({S}* x) {{
  if (threadIdx.x < {N}) x[threadIdx.x] = {F};
}}
"""
'%d' % N
'%5d|%-5d|%05d|' % (N, N, NEG)
'%x %X %o %#x %#o' % (255, 255, 8, 255, 8)
'%f %.2f %e %g %G' % (F, F, F, BIG, SMALL)
'%s %r %s %s' % (S, S, F, (TUP,))
'%d%% %+d % d %i' % (N, N, N, 3.9)
'%c%c %.3d %*d|%-*d|%10.3s|' % (65, 'z', 5, W, N, W, N, 'abcdef')
'%s %s %d %.1f' % (B, NONE, B, N)
'%s' % S
'%(x)s'.replace('(x)', '')
S.replace('a', 'XY') + 'aaaa'.replace('a', 'b', 2) + 'abc'.replace('', '-') + 'abc'.replace('', '-', 2)
'ab'.upper() + 'CD'.lower() + '  x  '.strip() + '|' + ' y '.lstrip() + '|' + ' z '.rstrip() + 'xxhixx'.strip('x')
', '.join(('a', 'b', S)) + '-'.join(('p',)) + '.'.join('xyz')
S * 3 + 2 * 'cd' + 'ab' * 0 + '-' * W
str(N) + str(F) + repr(S) + str(B) + repr(F) + str(NONE)
'#define N ' + str(M) + '\n'
string.Template('$a and ${b}s $$').substitute(a=N, b=S)
Template('x=$x; y=$y').substitute(x=F, y=TUP)
string.Template('$a $b ${c}').safe_substitute(a=1)
string.Template('$ x $').safe_substitute()
A2
'{:>5}|{:é^7}|'.format('é', 'ü') + 'ü'.replace('ü', 'u')
'''.strip('\n').split('\n')
# the triple-quoted f-string spans several lines: join it back
rows, cur = [], None
for line in cases:
    if cur is not None:
        cur += '\n' + line
        if line.endswith('"""'):
            rows.append(cur); cur = None
    elif line.startswith('f"""'):
        cur = line
    else:
        rows.append(line)
src = consts + ''.join(f'C{i} = {c}\n' for i, c in enumerate(rows))
parts = ''.join(f'"<<<{i}>>>", C{i}, "<<<>>>\\n", ' for i in range(len(rows)))
src += f'CODE = "".join(("#if 0\\n", {parts}"#endif\\n", \'extern "C" __global__ void k(float *x) {{ }}\\n\'))\n'
with open(f'{T}/cases.py', 'w') as f:
    f.write('import cupy as cp\n' + src + 'k = cp.RawKernel(CODE, "k")\n')
ns = {}
exec(src, ns)
with open(f'{T}/want', 'w') as f:
    f.write(ns['CODE'])
with open(f'{T}/rows', 'w') as f:
    f.write('\x00'.join(rows))
PY
$PYKC cuda "$T/cases.py" > "$T/cu" 2>&1 || { fail "pykc cuda cases.py: $(head -20 "$T/cu")"; }
$PYTHON - "$T" <<'PY' || fails=$((fails + 1))
import re, sys
T = sys.argv[1]
want, got = open(f'{T}/want').read(), open(f'{T}/cu').read()
rows = open(f'{T}/rows').read().split('\x00')
if want not in got:
    w = dict(re.findall(r'<<<(\d+)>>>(.*?)<<<>>>', want, re.S))
    g = dict(re.findall(r'<<<(\d+)>>>(.*?)<<<>>>', got, re.S))
    for i, text in w.items():
        if g.get(i) != text:
            print(f'FAIL: {rows[int(i)]}\n  python: {text!r}\n  pykc:   {g.get(i)!r}')
    sys.exit(1)
PY
# 2. a formatting error is Python's exception, named with the call and its line
$PYTHON - "$T" <<'PY' || exit 1
import sys
T = sys.argv[1]
errs = r'''
'{n}'.format(m=1)
'{2}'.format(1, 2)
'{}{0}'.format(1, 2)
'{0}{}'.format(1, 2)
'{'.format(1)
'}'.format(1)
'{:d}'.format('s')
'{:q}'.format(1)
'{:.2d}'.format(1)
'{:+}'.format('s')
'{:=5}'.format('s')
'{:,x}'.format(1)
'{:5x5}'.format(1)
'{!x}'.format(1)
'{:abc}'.format(1.5)
'{:>5}'.format(None)
'%d %d' % (1,)
'%d' % (1, 2)
'%d' % 's'
'%x' % 1.5
'%q' % 1
'%' % ()
string.Template('$a').substitute(b=1)
string.Template('x $ y').substitute()
f'{N:q}'
'a'.replace('a')
'-'.join(('a', 1))
'''.strip().split('\n')
for i, e in enumerate(errs):
    try:
        exec('import string\nN = 3\nX = ' + e)
        print(f'FAIL: {e} does not raise'); sys.exit(1)
    except Exception as x:
        msg = f'{type(x).__name__}: {x}'
    with open(f'{T}/e{i}.py', 'w') as f:
        f.write('import string\nimport cupy as cp\nN = 3\n'
                f'k = cp.ElementwiseKernel("T x", "T y", {e}, "k")\n')
    with open(f'{T}/e{i}.want', 'w') as f:
        f.write(msg)
print(len(errs), file=open(f'{T}/nerr', 'w'))
PY
i=0
while [ $i -lt "$(cat "$T/nerr")" ]; do
  $PYKC check "$T/e$i.py" > "$T/out" 2>&1
  st=$?
  want="computing the argument 'operation', Python raises $(cat "$T/e$i.want") ("
  [ $st = 1 ] && grep -qF -- "$want" "$T/out" ||
    fail "e$i ($(sed -n 4p "$T/e$i.py")): exit $st, want '$want', got: $(head -3 "$T/out")"
  i=$((i + 1))
done
# 3. a folded kernel runs as its literal text does
cat > "$T/run.py" <<'PY'
import string
import cupy as cp
N = 4
DT = 'float'
SCALE = 2.5
code = '''
extern "C" __global__ void k({dt}* x) {{
  int i = threadIdx.x;
  if (i < {n}) x[i] = i * {s};
}}
'''.format(dt=DT, n=N, s=SCALE)
k = cp.RawKernel(code, 'k')
lit = cp.RawKernel('''
extern "C" __global__ void lit(float* x) {
  int i = threadIdx.x;
  if (i < 4) x[i] = i * 2.5;
}
''', 'lit')
k2 = cp.RawKernel(f'extern "C" __global__ void k2({DT}* x) {{ x[threadIdx.x] += {N}; }}', 'k2')
e = cp.ElementwiseKernel('T x', 'T y', 'y = x * %d + %s' % (N, SCALE), 'e')
e_lit = cp.ElementwiseKernel('T x', 'T y', 'y = x * 4 + 2.5', 'e_lit')
t = cp.ElementwiseKernel('T x', 'T y', string.Template('y = x - $n').substitute(n=N), 't')
PY
r() { $PYKC run --cpu "$T/run.py" "$@" 2> "$T/rerr" || cat "$T/rerr"; }
a=$(r --kernel k --grid 1 --block 8 x=zeros:float32:8 --print x)
b=$(r --kernel lit --grid 1 --block 8 x=zeros:float32:8 --print x)
[ "$a" = "$b" ] && [ "$a" = "x = [0.  2.5 5.  7.5 0.  0.  0.  0. ]" ] || fail "k: '$a' vs lit: '$b'"
a=$(r --kernel k2 --grid 1 --block 3 x=zeros:float32:3 --print x)
[ "$a" = "x = [4. 4. 4.]" ] || fail "k2: $a"
a=$(r --kernel e x=arange:float32:3 --print y)
b=$(r --kernel e_lit x=arange:float32:3 --print y)
[ "$a" = "$b" ] && [ "$a" = "y = [ 2.5  6.5 10.5]" ] || fail "e: '$a' vs e_lit: '$b'"
a=$(r --kernel t x=arange:float32:3 --print y)
[ "$a" = "y = [-4. -3. -2.]" ] || fail "t: $a"
# 4. real programs' text as they build it (tests/cli/data/str_fold_*.py) gives the code of
# the e2e cases that write the text out (the names of the files aside)
for c in grav:real4_grav_pair cdot:real_cdot_widen; do
  $PYKC cuda "tests/cli/data/str_fold_${c%%:*}.py" 2>&1 | grep -v '^// Generated\|^// [A-Za-z]*Kernel\|^#line' > "$T/a.cu"
  $PYKC cuda "tests/e2e/${c#*:}.py" 2>&1 | grep -v '^// Generated\|^// [A-Za-z]*Kernel\|^#line' > "$T/b.cu"
  grep -q __global__ "$T/a.cu" && diff "$T/a.cu" "$T/b.cu" > "$T/d" || fail "${c%%:*}: $(head -20 "$T/d" "$T/a.cu")"
done
[ $fails = 0 ]
