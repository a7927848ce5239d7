"""Kernel text built at run time (issue 19 §4), through the Python package: the constructors
receive the final text, whatever built it. NumPy arrays on the CPU backend; NumPy computes
every expected value.

    python3 tests/python/test_runtime_text.py        (after `make python`)

Each of pykc.ElementwiseKernel, ReductionKernel, RawKernel and RawModule(code=...) with
text from string.Template.substitute, str.format, an f-string of a factory's parameters,
a .cu file read at run time, and #defines prepended to the code.
"""
from __future__ import annotations

import os
import string
import sys
import tempfile
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "python"))
os.environ["PYKC_CPU"] = "1"

import numpy as np  # noqa: E402

import pykc  # noqa: E402

X = np.linspace(-3, 3.5, 37)                     # float64
XF = X.astype(np.float32)

AXPB = string.Template("y = x * ${a} + ${b}")
RAW_TPL = string.Template('''
extern "C" __global__ void ${name}(const ${T} *x, ${T} *y, int n) {
    int i = blockDim.x * blockIdx.x + threadIdx.x;
    if (i < n) y[i] = x[i] * ${scale} - ${shift};
}
''')
RAW_FMT = '''
extern "C" __global__ void {name}(const {T} *x, {T} *y, int n) {{
    int i = blockDim.x * blockIdx.x + threadIdx.x;
    if (i < n) y[i] = x[i] * {scale} - {shift};
}}
'''
CU_FILE = '''
extern "C" __global__ void poly(const double *x, double *y, int n) {
    int i = blockDim.x * blockIdx.x + threadIdx.x;
    if (i < n) y[i] = C0 + x[i] * (C1 + x[i] * C2);
}
'''


def raw_launch(f, x):
    y = np.zeros_like(x)
    f((1,), (64,), (x, y, np.int32(x.size)))
    return y


class Elementwise(unittest.TestCase):

    def test_template(self):
        k = pykc.ElementwiseKernel("T x", "T y", AXPB.substitute(a=3, b="(T)1"), "axpb_t")
        np.testing.assert_allclose(k(X), X * 3 + 1, rtol=1e-15)

    def test_format(self):
        k = pykc.ElementwiseKernel("T x", "T y", "y = x * {} + {}".format(2.5, -1), "axpb_f")
        np.testing.assert_allclose(k(X), X * 2.5 - 1, rtol=1e-15, atol=1e-15)

    def test_format_specs_views(self):
        # gravitation's n-body step (pleiszenburg/gravitation, cp2.py): parameter lists
        # and body made by str.format with {dtype:s} and {G:e}, one mass as 0-d arrays
        # against column views of the others, six outputs assigned into column views
        G = 6.67408e-11 * 1e10
        for dtype, ctype in (("float64", "double"), ("float32", "float")):
            k = pykc.ElementwiseKernel(
                in_params=("{dtype:s} r1x, {dtype:s} r1y, {dtype:s} m1, "
                           "{dtype:s} r2x, {dtype:s} r2y, {dtype:s} m2").format(dtype=dtype),
                out_params="{dtype:s} a1x, {dtype:s} a1y, {dtype:s} a2x, {dtype:s} a2y".format(
                    dtype=dtype),
                operation="""
                    {t:s} rx = r1x - r2x;
                    {t:s} ry = r1y - r2y;
                    {t:s} d2 = rx * rx + ry * ry;
                    {t:s} f = {G:e} / (d2 * sqrt(d2));
                    a1x = rx * f * m2; a1y = ry * f * m2;
                    a2x = rx * f * m1; a2y = ry * f * m1;
                """.format(t=ctype, G=G),
                name="update_pair")
            r = np.random.default_rng(3).standard_normal((6, 2)).astype(dtype)
            m = np.linspace(0.5, 2.0, 6).astype(dtype)
            a1 = np.zeros((5, 2), dtype)
            a2 = np.zeros((5, 2), dtype)
            r0 = [r[0, j:j + 1].reshape(()) for j in (0, 1)]   # 0-d views, as CuPy's
            a1[:, 0], a1[:, 1], a2[:, 0], a2[:, 1] = k(r0[0], r0[1], m[:1].reshape(()),
                                                       r[1:, 0], r[1:, 1], m[1:])
            rel = (r[0] - r[1:]).astype(np.float64)
            f = float("%e" % G) / np.hypot(rel[:, 0], rel[:, 1]) ** 3
            tol = 1e-12 if dtype == "float64" else 1e-5
            np.testing.assert_allclose(a1, rel * (f * m[1:])[:, None], rtol=tol)
            np.testing.assert_allclose(a2, rel * (f * m[0])[:, None], rtol=tol)

    def test_fstring_factory(self):
        def make(op, n, name):
            return pykc.ElementwiseKernel("T x", "T y", f"y = x {op} {n}", f"{name}_{n}")
        for op, n, ref in (("*", 4, X * 4), ("-", 7, X - 7)):
            np.testing.assert_array_equal(make(op, n, "fac")(X), ref)

    def test_file_and_defines(self):
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "helpers.cuh")
            with open(path, "w") as f:
                f.write("__device__ double squash(double v) { return v / (1 + v * v); }\n")
            with open(path) as f:
                pre = "#define GAIN %d\n#define BIAS 0.25\n" % 3 + f.read()
        k = pykc.ElementwiseKernel("float64 x", "float64 y", "y = GAIN * squash(x) + BIAS",
                                   "squash_k", preamble=pre)
        np.testing.assert_allclose(k(X), 3 * (X / (1 + X * X)) + 0.25, rtol=1e-15)


    def test_define_options(self):
        def make(n):
            return pykc.ElementwiseKernel("T x", "T y", "y = x * N + OFF", f"opt_{n}",
                                          options=(f"-DN={n}", "-D", "OFF=0.5"))
        for n in (2, 3):
            np.testing.assert_allclose(make(n)(X), X * n + 0.5, rtol=1e-15, atol=1e-15)
        plain = pykc.ElementwiseKernel("T x", "T y", "y = x + OFF", "no_off",
                                       preamble="#ifndef OFF\n#define OFF 7\n#endif\n")
        np.testing.assert_array_equal(plain(X), X + 7)        # no other form sees them


class Reduction(unittest.TestCase):

    def test_template_and_format(self):
        tpl = string.Template("x * ${w}")
        r = pykc.ReductionKernel("T x", "T y", tpl.substitute(w=2), "a + b",
                                 "y = a + {}".format(1), "0", "wsum_t")
        self.assertAlmostEqual(float(r(X)), float((X * 2).sum() + 1), delta=1e-13)

    def test_fstring_factory_and_defines(self):
        def make(p):
            return pykc.ReductionKernel("T x", "T y", f"POW(x, {p})", "a + b", "y = a",
                                        "0", f"psum_{p}",
                                        preamble=f"#define POW(v, e) pow((double)(v), {p}.0)\n")
        x2 = X.reshape(37, 1) * np.ones((1, 3))
        for p in (2, 3):
            np.testing.assert_allclose(make(p)(x2, axis=0), (x2 ** p).sum(0), rtol=1e-13)


    def test_define_options(self):
        r = pykc.ReductionKernel("T x", "T y", "x * W", "a + b", "y = a", "0", "wopt",
                                 options=("--define-macro=W=%d" % 2,))
        self.assertAlmostEqual(float(r(X)), float((X * 2).sum()), delta=1e-13)


class Raw(unittest.TestCase):

    def test_rawkernel_template(self):
        code = RAW_TPL.substitute(name="affine_t", T="float", scale="2.0f", shift="0.5f")
        f = pykc.RawKernel(code, "affine_t")
        np.testing.assert_allclose(raw_launch(f, XF), XF * np.float32(2) - np.float32(0.5),
                                   rtol=1e-7, atol=1e-7)

    def test_rawkernel_format_and_fstring(self):
        code = RAW_FMT.format(name="affine_f", T="double", scale=3, shift=1)
        np.testing.assert_allclose(raw_launch(pykc.RawKernel(code, "affine_f"), X), X * 3 - 1,
                                   rtol=1e-15, atol=1e-15)
        for scale in (2, 4):
            code = f'extern "C" __global__ void sc{scale}(const double *x, double *y, int n)' \
                   f' {{ int i = threadIdx.x; if (i < n) y[i] = x[i] * {scale}; }}'
            np.testing.assert_array_equal(raw_launch(pykc.RawKernel(code, f"sc{scale}"), X),
                                          X * scale)

    def test_rawmodule_file_and_defines(self):
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "poly.cu")
            with open(path, "w") as f:
                f.write(CU_FILE)
            with open(path) as f:
                code = "#define C0 1.0\n#define C1 {}\n#define C2 -0.5\n".format(2.0) + f.read()
        m = pykc.RawModule(code=code)
        np.testing.assert_allclose(raw_launch(m.get_function("poly"), X),
                                   1.0 + X * (2.0 + X * -0.5), rtol=1e-14, atol=1e-14)

    def test_rawmodule_template_name_expressions(self):
        code = string.Template('''
template <typename T> __global__ void scale_by(const T *x, T *y, int n) {
    int i = threadIdx.x;
    if (i < n) y[i] = x[i] * (T)${k};
}''').substitute(k=5)
        m = pykc.RawModule(code=code, name_expressions=("scale_by<double>", "scale_by<float>"))
        np.testing.assert_array_equal(raw_launch(m.get_function("scale_by<double>"), X), X * 5)
        np.testing.assert_array_equal(raw_launch(m.get_function("scale_by<float>"), XF),
                                      XF * np.float32(5))


if __name__ == "__main__":
    unittest.main(verbosity=1)
