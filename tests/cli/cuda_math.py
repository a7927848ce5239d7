"""The CUDA math API on the CPU backend (tests/cli/cuda_env.sh): every function and
intrinsic of tests/cpu/cuda_math.txt (CUDA's headers, tools/cuda_math_list.py) is declared
and links, and those whose CPU implementation is the host's libm give libm's bits.

  python3 tests/cli/cuda_math.py PYKC TMPDIR     (prints FAIL lines, exits 1 on any)
"""
import ctypes
import os
import subprocess
import sys

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PYKC, TMP = sys.argv[1], sys.argv[2]
ROWS = [line.rstrip("\n").split("\t") for line in open(os.path.join(ROOT, "tests/cpu/cuda_math.txt"))
        if line.strip() and not line.startswith("#")]
VALUES = {"float": "0.25f", "double": "0.25", "bool": "true"}
fails = []


def run(name, text, kernel, args):
    path = os.path.join(TMP, name + ".cu")
    with open(path, "w") as f:
        f.write(text)
    r = subprocess.run([PYKC, "run", "--cpu", path, "--kernel", kernel] + args,
                       capture_output=True, text=True)
    return r.returncode, r.stdout + r.stderr


def call(name, ps, args):
    return f"{name}({', '.join(args)})"


# 1. Every function is declared and links: one call of each in a branch never taken.
lines = ['extern "C" __global__ void all_functions(double *out) {', "  double acc = 0;",
         "  if (out[0] == 12345.0) {"]
for header, ret, name, ps in ROWS:
    ps = ps.split("|") if ps else []
    decl, args = [], []
    for i, p in enumerate(ps):
        if p.endswith("*"):
            decl.append(f"{p[:-1].strip()} p{i} = 0;")
            args.append(f"&p{i}")
        else:
            args.append(VALUES.get(p, f"({p})3"))
    c = call(name, ps, args)
    lines.append("    {" + " ".join(decl) + (f" {c};" if ret == "void" else f" acc += (double)({c});") + " }")
lines += ["  }", "  out[1] = acc;", "}"]
st, out = run("declared", "\n".join(lines) + "\n", "all_functions",
              ["--grid", "1", "--block", "1", "out=zeros:float64:2"])
if st:
    fails.append(f"the CUDA math API does not compile or link on the CPU backend ({len(ROWS)} "
                 f"functions):\n{out[:2000]}")

# 2. The functions whose CPU implementation is the host's libm give its bits.
libm = ctypes.CDLL("libm.so.6")
CT = {"float": ctypes.c_float, "double": ctypes.c_double}
# CUDA's own algorithms, not libm's (docs/language.md §6.1), and intrinsics by their libm name
OWN = {"hypot", "hypotf", "abs"}                  # (abs: the C library's takes an int)
ALIAS = {"__expf": "expf", "__exp10f": "exp10f", "__logf": "logf", "__log2f": "log2f",
         "__log10f": "log10f", "__sinf": "sinf", "__cosf": "cosf", "__tanf": "tanf",
         "__powf": "powf", "__tanhf": "tanhf", "__fsqrt_rn": "sqrtf", "__dsqrt_rn": "sqrt"}
X = np.array([0.5, -0.3, 1.7, 3.0, 10.5, 1e-3, 0.0, -2.5, 100.0, 0.999, 2.0, -7.25],
             np.float64)
Y = np.array([1.5, 2.0, -0.7, 0.5, 3.0, -4.0, 1.0, 2.5, -1e-3, 7.0, -2.0, 0.25], np.float64)
Z = np.array([0.1, -1.0, 2.0, 3.5, -0.5, 8.0, 1.0, -2.0, 0.3, 4.0, 1e-8, -0.25], np.float64)
DOUBLE = {r[2] for r in ROWS if r[3].startswith("double")}
cases = []
for header, ret, name, ps in ROWS:
    ps = ps.split("|") if ps else []
    if name in OWN or not ps or len(ps) > 3 or ret not in CT or any(p not in CT for p in ps):
        continue
    lname = ALIAS.get(name, name)
    if ps[0] == "float" and name in DOUBLE and name not in ALIAS:
        lname += "f"                               # sin(float): C++'s overload is sinf
    if not hasattr(libm, lname) or (lname, tuple(ps)) in [(c[1], c[2]) for c in cases]:
        continue
    fn = ctypes.CFUNCTYPE(CT[ret], *[CT[p] for p in ps])((lname, libm))
    cases.append((name, lname, tuple(ps), ret, fn))
body = []
for j, (name, lname, ps, ret, fn) in enumerate(cases):
    args = [f"({p}){v}[i]" for p, v in zip(ps, "xyz")]
    body.append(f"  out[{j} * n + i] = (double){name}({', '.join(args)});")
text = ('extern "C" __global__ void libm_fns(const double *x, const double *y, const double *z,'
        " double *out, int n) {\n  int i = threadIdx.x;\n  if (i >= n) return;\n" +
        "\n".join(body) + "\n}\n")
np.save(os.path.join(TMP, "x.npy"), X)
np.save(os.path.join(TMP, "y.npy"), Y)
np.save(os.path.join(TMP, "z.npy"), Z)
n = len(X)
res = os.path.join(TMP, "out.npy")
st, out = run("libm", text, "libm_fns",
              ["--grid", "1", "--block", str(n), f"x=@{TMP}/x.npy", f"y=@{TMP}/y.npy",
               f"z=@{TMP}/z.npy", f"out=zeros:float64:{len(cases) * n}", f"n={n}:int32",
               "--out", f"out={res}"])
if st:
    fails.append(f"the libm comparison kernel failed:\n{out[:2000]}")
else:
    got = np.load(res).reshape(len(cases), n)
    for j, (name, lname, ps, ret, fn) in enumerate(cases):
        for i in range(n):
            want = fn(*[float(v[i]) for v in (X, Y, Z)[:len(ps)]])
            g = got[j, i]
            if ret == "float":
                want = float(np.float32(want))
            same = (np.isnan(g) and np.isnan(want)) or (g == want and np.signbit(g) == np.signbit(want))
            if not same:
                fails.append(f"{name}{ps} at {[float(v[i]) for v in (X, Y, Z)[:len(ps)]]}: "
                             f"{g!r}, libm's {lname} gives {want!r}")

# 3. CUDA's functions that libm lacks: identities with libm's, exact rounding, lanes.
import math
from fractions import Fraction

EXTRA = r"""
extern "C" __global__ void extra(double *d, float *f, unsigned *u) {
  const double ys[] = {-0.999, -0.5, -1e-8, 0.25, 0.75, 0.9999};
  for (int i = 0; i < 6; i++) d[i] = erfinv(ys[i]);
  const double cs[] = {1e-300, 1e-12, 0.01, 0.7, 1.5, 1.999};
  for (int i = 0; i < 6; i++) d[6 + i] = erfcinv(cs[i]);
  const double xs[] = {-3.0, 0.0, 1.0, 5.0, 26.0, 30.0};
  for (int i = 0; i < 6; i++) d[12 + i] = erfcx(xs[i]);
  const double ps[] = {1e-10, 0.025, 0.5, 0.8, 0.975, 0.999999};
  for (int i = 0; i < 6; i++) d[18 + i] = normcdfinv(ps[i]);
  const double bs[] = {-2.0, 0.0, 0.5, 1.0, 4.0, 9.0};
  for (int i = 0; i < 6; i++) d[24 + i] = cyl_bessel_i0(bs[i]), d[30 + i] = cyl_bessel_i1(bs[i]);
  volatile float a = 1.1f, b = 3.3f, c = -0.7f;
  f[0] = __fadd_rd(a, b); f[1] = __fadd_ru(a, b); f[2] = __fadd_rz(c, -b);
  f[3] = __fmul_rd(a, b); f[4] = __fmul_ru(a, b); f[5] = __fdiv_rd(a, b); f[6] = __fdiv_ru(a, b);
  f[7] = __fsqrt_rd(a); f[8] = __fsqrt_ru(a); f[9] = __fmaf_rd(a, b, c); f[10] = __fmaf_ru(a, b, c);
  f[11] = __frcp_rz(b);
  volatile double x = 1.1, y = 3.3;
  d[36] = __dadd_rd(x, y); d[37] = __dadd_ru(x, y); d[38] = __ddiv_rz(x, y); d[39] = __ddiv_ru(x, y);
  d[40] = __dsqrt_rd(x); d[41] = __dsqrt_ru(x); d[42] = __fma_rd(x, y, 0.1); d[43] = __fma_ru(x, y, 0.1);
  d[44] = rnorm4d(3, 4, 12, 84); d[45] = norm(2, (const double[]){3e200, 4e200});
  d[46] = rhypot(3.0, 4.0); d[47] = __hiloint2double(__double2hiint(2.5), __double2loint(2.5));
  u[0] = __vadd2(0x7fff0001u, 0x00010002u); u[1] = __vaddss2(0x7fff0001u, 0x00010002u);
  u[2] = __vsubus4(0x01050a00u, 0x02030a01u); u[3] = __vabsdiffu4(0x01050a00u, 0x02030a01u);
  u[4] = __vcmpgtu4(0x01050a00u, 0x02030a01u); u[5] = __vsetlts2(0xffff0001u, 0x00010001u);
  u[6] = __vavgs2(0xfffd0003u, 0x00000000u); u[7] = __vsadu4(0x01020304u, 0x04030201u);
  u[8] = __vmaxs4(0x80ff7f01u, 0x7f0080ffu); u[9] = __vneg2(0x00018000u);
  u[10] = __vabsss2(0x8000fffeu); u[11] = (unsigned)__vimax3_s32(-5, 7, 3);
  bool p; u[12] = (unsigned)__vibmin_s32(4, -2, &p); u[13] = p;
  u[14] = __viaddmax_s16x2(0x00010002u, 0x00030004u, 0x00050000u);
}
"""
st, out = run("extra", EXTRA, "extra",
              ["--grid", "1", "--block", "1", "d=zeros:float64:48", "f=zeros:float32:12",
               "u=zeros:uint32:15", "--out", f"d={TMP}/d.npy", "--out", f"f={TMP}/f.npy",
               "--out", f"u={TMP}/u.npy"])
if st:
    fails.append(f"the kernel of CUDA-only functions failed:\n{out[:2000]}")
else:
    d, f, u = (np.load(f"{TMP}/{n}.npy") for n in "dfu")

    def close(what, got, want, rel):
        if not abs(got - want) <= rel * abs(want):
            fails.append(f"{what}: {got!r}, want {want!r} (within {rel:g})")

    for y, v in zip([-0.999, -0.5, -1e-8, 0.25, 0.75, 0.9999], d[0:6]):
        close(f"erf(erfinv({y}))", math.erf(v), y, 4e-16 / (1 - abs(y)) + 2e-16)
    for y, v in zip([1e-300, 1e-12, 0.01, 0.7, 1.5, 1.999], d[6:12]):
        close(f"erfc(erfcinv({y}))", math.erfc(v), y, 1e-13)
    for x, v in zip([-3.0, 0.0, 1.0, 5.0, 26.0], d[12:17]):
        close(f"erfcx({x})", v, math.exp(x * x) * math.erfc(x), 1e-13)
    series = sum(math.prod(-(2 * j - 1) / (2 * 900) for j in range(1, k + 1)) for k in range(8))
    close("erfcx(30)", d[17], series / (30 * math.sqrt(math.pi)), 1e-15)
    for p, v in zip([1e-10, 0.025, 0.5, 0.8, 0.975, 0.999999], d[18:24]):
        close(f"normcdf(normcdfinv({p}))", 0.5 * math.erfc(-v / math.sqrt(2)), p, 1e-12)

    def bessel_i(nu, x):
        return sum((x / 2) ** (2 * k + nu) / (math.factorial(k) * math.factorial(k + nu))
                   for k in range(60))
    for x, v0, v1 in zip([-2.0, 0.0, 0.5, 1.0, 4.0, 9.0], d[24:30], d[30:36]):
        close(f"cyl_bessel_i0({x})", v0, bessel_i(0, x), 1e-14)
        close(f"cyl_bessel_i1({x})", v1, bessel_i(1, x), 1e-14)

    def rounded(exact, mode, t):                 # the float of type T next to EXACT
        r = t(float(exact))
        if mode == "d" and Fraction(float(r)) > exact:
            r = np.nextafter(r, t(-np.inf))
        if mode == "u" and Fraction(float(r)) < exact:
            r = np.nextafter(r, t(np.inf))
        if mode == "z" and abs(Fraction(float(r))) > abs(exact):
            r = np.nextafter(r, t(0))
        return r
    F = lambda v: Fraction(float(np.float32(v)))
    a, b, c = F(1.1), F(3.3), F(-0.7)
    sq = lambda v, mode: [r for r in [np.float32(math.sqrt(float(v)))] +
                          [np.nextafter(np.float32(math.sqrt(float(v))), np.float32(s))
                           for s in (-np.inf, np.inf)]
                          if (Fraction(float(r)) ** 2 <= v) == (mode == "d")]
    fwant = [rounded(a + b, "d", np.float32), rounded(a + b, "u", np.float32),
             rounded(c - b, "z", np.float32), rounded(a * b, "d", np.float32),
             rounded(a * b, "u", np.float32), rounded(a / b, "d", np.float32),
             rounded(a / b, "u", np.float32), max(sq(a, "d")), min(sq(a, "u")),
             rounded(a * b + c, "d", np.float32), rounded(a * b + c, "u", np.float32),
             rounded(1 / b, "z", np.float32)]
    for k, (g, w) in enumerate(zip(f, fwant)):
        if g != w:
            fails.append(f"directed rounding f[{k}]: {g!r}, want {w!r}")
    x, y = Fraction(1.1), Fraction(3.3)
    dwant = [rounded(x + y, "d", np.float64), rounded(x + y, "u", np.float64),
             rounded(x / y, "z", np.float64), rounded(x / y, "u", np.float64)]
    for k, (g, w) in enumerate(zip(d[36:40], dwant)):
        if g != w:
            fails.append(f"directed rounding d[{36 + k}]: {g!r}, want {w!r}")
    if not (Fraction(d[40]) ** 2 <= x < Fraction(d[41]) ** 2 and np.nextafter(d[40], 2) == d[41]):
        fails.append(f"__dsqrt_rd/ru(1.1): {d[40]!r}, {d[41]!r}")
    e = x * y + Fraction(0.1)
    if not (Fraction(d[42]) <= e <= Fraction(d[43]) and np.nextafter(d[42], 9) == d[43]):
        fails.append(f"__fma_rd/ru: {d[42]!r}, {d[43]!r}")
    close("rnorm4d(3, 4, 12, 84)", d[44], 1 / 85, 2e-16)
    close("norm(2, {3e200, 4e200})", d[45], 5e200, 2e-16)
    close("rhypot(3, 4)", d[46], 0.2, 2e-16)
    if d[47] != 2.5:
        fails.append(f"__hiloint2double(hi, lo of 2.5): {d[47]!r}")
    uwant = [0x80000003, 0x7fff0003, 0x00020000, 0x01020001, 0x00ff0000, 0x00010000,
             0xfffe0002, 8, 0x7f007f01, 0xffff8000, 0x7fff0002, 7, 0xfffffffe, 0, 0x00050006]
    for k, (g, w) in enumerate(zip(u, uwant)):
        if int(g) != w:
            fails.append(f"integer intrinsic u[{k}]: {int(g):#010x}, want {w:#010x}")

for f in fails:
    print("FAIL", f)
print(f"cuda_math: {len(ROWS)} functions declared, {len(cases)} compared with libm, "
      f"{len(fails)} failures")
sys.exit(1 if fails else 0)
