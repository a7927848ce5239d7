# pykc run of @cupy.fuse bodies calling cupyx.scipy.special's ufuncs (tests/cli/
# fuse_special.py: `import cupyx.scipy.special as sp`, `from cupyx.scipy import special`,
# `from cupyx.scipy.special import expit`, `cupyx.scipy.special.gammaln`), declared by
# CuPy 14.2's own ops and preambles (runtime/cupy/special_ufuncs.py), on the CPU backend,
# against Python's math (scipy is not assumed): closed forms where there are some, the
# inverse functions through their functions, digamma as lgamma's derivative, i0/j0 as
# their power series. (k0 is left out: its preamble's `#ifndef chbevl_defined` guard
# hides chbevl from the CPU backend's second namespace of the preamble.)
T=$(mktemp -d) || exit 2
trap 'rm -rf "$T"' EXIT
G=tests/cli/fuse_special.py
fail() { echo "$1"; cat "$T/out" "$T/err" 2>/dev/null; exit 1; }
${PYTHON:-python3} -c "import numpy as np; np.save('$T/x.npy', np.linspace(-0.9, 0.9, 9))" ||
  fail "no input"
for k in errs:4 normal:3 logistic:3 gammas:2 bessel:2; do
  n=${k#*:}; k=${k%:*}; outs=
  i=0; while [ $i -lt $n ]; do outs="$outs --out out$i=$T/$k.$i.npy"; i=$((i + 1)); done
  $PYKC run --cpu $G --kernel $k x=@$T/x.npy $outs > "$T/out" 2> "$T/err" ||
    fail "$k did not run"
done
${PYTHON:-python3} - "$T" <<'PY' > "$T/out" 2> "$T/err" || fail "wrong values"
import math, sys
import numpy as np
d = sys.argv[1]
x = [float(v) for v in np.load(f"{d}/x.npy")]
def got(k, i):
    a = np.load(f"{d}/{k}.{i}.npy")
    assert a.dtype == np.float64 and a.shape == (9,), (k, i, a.dtype, a.shape)
    return [float(v) for v in a]
def check(k, i, want, tol=1e-12):
    for g, w, v in zip(got(k, i), map(want, x), x):
        assert math.isclose(g, w, rel_tol=tol, abs_tol=tol), (k, i, v, g, w)
ndtr = lambda t: 0.5 * math.erfc(-t / math.sqrt(2))
check("errs", 0, math.erf)
check("errs", 1, math.erfc)
for g, v in zip(got("errs", 2), x):                       # erf(erfinv(y)) == y
    assert math.isclose(math.erf(g), v * 0.5, abs_tol=1e-14), ("erfinv", v, g)
for g, v in zip(got("errs", 3), x):                       # erfc(erfcinv(y)) == y
    assert math.isclose(math.erfc(g), v * 0.5 + 1.0, abs_tol=1e-14), ("erfcinv", v, g)
check("normal", 0, ndtr)
for g, v in zip(got("normal", 1), x):
    assert math.isclose(ndtr(g), v * 0.4 + 0.5, abs_tol=1e-14), ("ndtri", v, g)
check("normal", 2, lambda t: math.log(ndtr(t)))
check("logistic", 0, lambda t: 1 / (1 + math.exp(-t)))
check("logistic", 1, lambda t: math.log((t * 0.4 + 0.5) / (1 - (t * 0.4 + 0.5))))
check("logistic", 2, lambda t: -math.log1p(math.exp(-t)))
check("gammas", 0, lambda t: math.lgamma(t + 2.0))
h = 1e-5
check("gammas", 1, lambda t: (math.lgamma(t + 2 + h) - math.lgamma(t + 2 - h)) / (2 * h), 1e-8)
series = lambda t, s: sum((t * t / 4) ** m / math.factorial(m) ** 2 * s ** m for m in range(40))
check("bessel", 0, lambda t: series(t, 1))                # I0: sum (x²/4)^m / m!²
check("bessel", 1, lambda t: series(t, -1))               # J0: sum (-x²/4)^m / m!²
PY
exit 0
